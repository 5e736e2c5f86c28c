/* A hand's viewer: step through the play card by card (buttons, or the arrow keys once the hand has
   the focus). Reads only the page's own markup and sets only text and classes: the static page is
   the ruling, this shows it in time. */
(function () {
  "use strict";
  function text(node) { return node ? node.textContent.replace(/\s+/g, " ").trim() : ""; }

  var WORDS = { N: "North", E: "East", S: "South", W: "West" };

  /* A hand without a finding has no diagram on the static page: draw the cards each seat played,
     named as the game's tags name the players. */
  function drawnDeal(hand, table, columns, plays) {
    var names = {};
    var game = hand.closest(".game");
    Array.prototype.forEach.call(game ? game.querySelectorAll("dl.tags div") : [], function (pair) {
      var seat = Object.keys(WORDS).filter(function (s) { return WORDS[s] === text(pair.querySelector("dt")); })[0];
      if (seat) { names[seat] = text(pair.querySelector("dd")); }
    });
    var deal = document.createElement("div");
    deal.className = "deal drawn";
    deal.setAttribute("role", "group");
    deal.setAttribute("aria-label", "the cards each seat played, North at the top");
    columns.forEach(function (seat) {
      var box = document.createElement("div");
      box.className = "seat " + seat.toLowerCase();
      box.setAttribute("data-seat", seat);
      var name = document.createElement("div");
      name.className = "seat-name";
      var who = document.createElement("b");
      who.textContent = names[seat] || WORDS[seat] || seat;
      name.appendChild(who);
      var cards = document.createElement("div");
      cards.className = "cards";
      plays.forEach(function (p) { if (p.seat === seat) { cards.appendChild(p.td.querySelector(".card").cloneNode(true)); } });
      box.appendChild(name);
      box.appendChild(cards);
      deal.appendChild(box);
    });
    var felt = document.createElement("div");
    felt.className = "felt";
    deal.appendChild(felt);
    var body = table.closest(".hand-body") || hand;
    body.insertBefore(deal, body.firstChild);
    return deal;
  }

  function viewer(hand) {
    var deal = hand.querySelector(".deal");
    var table = hand.querySelector("table.tricks");
    if (!table) { return; }
    var columns = Array.prototype.map.call(table.querySelectorAll("thead th"), text).slice(1, -1);
    var plays = [];
    Array.prototype.forEach.call(table.querySelectorAll("tbody tr[data-trick]"), function (row) {
      var trick = row.getAttribute("data-trick");
      var cells = Array.prototype.slice.call(row.querySelectorAll("td")).slice(0, columns.length);
      var these = [];
      cells.forEach(function (td, i) {
        var card = td.querySelector(".card");
        if (!card) { return; }
        these.push({ trick: trick, seat: columns[i], card: card.getAttribute("data-card"), td: td, row: row,
                     fault: card.getAttribute("data-mark") === "fault", order: parseInt(text(td.querySelector(".ord")), 10) || 0 });
      });
      these.sort(function (a, b) { return a.order - b.order; });
      plays = plays.concat(these);
    });
    if (!plays.length) { return; }
    deal = deal || drawnDeal(hand, table, columns, plays);
    var held = {};
    Array.prototype.forEach.call(deal.querySelectorAll(".seat[data-seat]"), function (seat) {
      Array.prototype.forEach.call(seat.querySelectorAll(".card[data-card]"), function (card) {
        held[seat.getAttribute("data-seat") + " " + card.getAttribute("data-card")] = card;
      });
    });
    var bar = document.createElement("div");
    bar.className = "stepper";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "step through the play");
    function button(label, name, title) {
      var b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.setAttribute("data-step", name); b.title = title;
      bar.appendChild(b);
      return b;
    }
    var first = button("\u00AB start", "start", "before the first card (Home)");
    var back = button("\u25C0 back", "back", "one card back (left arrow)");
    var next = button("next \u25B6", "next", "the next card (right arrow)");
    var last = button("end \u00BB", "end", "after the last card (End)");
    var at = document.createElement("span");
    at.className = "at"; at.setAttribute("aria-live", "polite");
    bar.appendChild(at);
    var moment = document.createElement("div");
    moment.className = "moment"; moment.setAttribute("role", "status");
    bar.appendChild(moment);
    deal.parentNode.insertBefore(bar, deal);
    var now = document.createElement("div");
    now.className = "trick-now";
    var felt = deal.querySelector(".felt");
    if (felt) { felt.appendChild(now); }
    var findings = hand.querySelectorAll(".finding[data-trick]");
    var step = 0;

    function show(k) {
      step = Math.max(0, Math.min(plays.length, k));
      var current = step ? plays[step - 1] : null;
      plays.forEach(function (p, i) {
        var card = held[p.seat + " " + p.card];
        if (card) { card.classList.toggle("played", i < step); }
        p.td.classList.toggle("unplayed", i >= step);
      });
      Array.prototype.forEach.call(table.querySelectorAll("tbody tr[data-trick]"), function (row) {
        var trick = row.getAttribute("data-trick");
        var started = plays.some(function (p, i) { return i < step && p.trick === trick; });
        var open = plays.some(function (p, i) { return i >= step && p.trick === trick; });
        row.classList.toggle("future", !started);
        row.classList.toggle("open", open);
        row.classList.toggle("now", !!current && current.trick === trick);
      });
      while (now.firstChild) { now.removeChild(now.firstChild); }
      if (current) {
        plays.forEach(function (p, i) {
          if (i >= step || p.trick !== current.trick) { return; }
          var who = document.createElement("span");
          who.className = "who"; who.textContent = p.seat;
          now.appendChild(who);
          now.appendChild(p.td.querySelector(".card").cloneNode(true));
        });
      }
      moment.textContent = "";
      Array.prototype.forEach.call(findings, function (f) {
        var here = !!current && current.fault && f.getAttribute("data-trick") === current.trick &&
          f.getAttribute("data-fault") === current.card;
        f.classList.toggle("now", here);
        if (here) { moment.textContent = f.getAttribute("data-code") + ": " + text(f.querySelector(".sentence")); }
      });
      at.textContent = current ? "trick " + current.trick + ", " + current.seat + " plays " + current.card +
        " (card " + step + " of " + plays.length + ")" : "before the first card (" + plays.length + " to play)";
      var focused = document.activeElement;
      var inBar = bar.contains(focused);
      first.disabled = back.disabled = step === 0;
      next.disabled = last.disabled = step === plays.length;
      if (inBar && (focused.disabled || document.activeElement !== focused)) { hand.focus(); }  // the keys still step
    }
    bar.addEventListener("click", function (event) {
      var name = event.target.getAttribute && event.target.getAttribute("data-step");
      if (name === "start") { show(0); } else if (name === "back") { show(step - 1); }
      else if (name === "next") { show(step + 1); } else if (name === "end") { show(plays.length); }
    });
    hand.setAttribute("tabindex", "0");
    hand.addEventListener("keydown", function (event) {
      var keys = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: plays.length };
      if (event.target.tagName === "SUMMARY" || !(event.key in keys)) { return; }
      event.preventDefault();
      show(keys[event.key]);
    });
    hand.classList.add("stepping");
    show(0);
  }
  Array.prototype.forEach.call(document.querySelectorAll(".hand"), viewer);
}());
