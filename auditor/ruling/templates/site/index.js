/* The index: sort by a column's head, filter by player, finding code and a sheet that differs.
   Reads the rows' data attributes and sets only classes, attributes and text. */
(function () {
  "use strict";
  var form = document.getElementById("filters");
  var table = document.getElementById("games");
  if (!form || !table) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var shown = form.querySelector(".shown");
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

  function filter() {
    var player = form.elements.player.value.trim().toLowerCase();
    var code = form.elements.code.value;
    var differs = form.elements.differs.checked;
    var count = 0;
    rows.forEach(function (row) {
      var codes = row.getAttribute("data-codes");
      var names = row.getAttribute("data-players").toLowerCase().split("|");
      var keep = (!player || names.some(function (n) { return n.indexOf(player) >= 0; })) &&
        (!code || (code === "*" ? codes !== "" : code === "-" ? codes === "" : (" " + codes + " ").indexOf(" " + code + " ") >= 0)) &&
        (!differs || row.getAttribute("data-differs") === "true");
      row.hidden = !keep;
      if (keep) { count += 1; }
    });
    shown.textContent = count + " of " + rows.length + " games shown";
  }

  function sortBy(key, descending) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) {
      if (cell.getAttribute("data-key") === key) { cell.setAttribute("aria-sort", descending ? "descending" : "ascending"); }
      else { cell.removeAttribute("aria-sort"); }
    });
    rows.sort(function (a, b) {
      var order = collator.compare(a.getAttribute("data-" + key), b.getAttribute("data-" + key));
      return (descending ? -order : order) || collator.compare(a.getAttribute("data-n"), b.getAttribute("data-n"));
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th) {
    if (!th.hasAttribute("data-key")) { return; }
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = th.textContent;
    th.textContent = "";
    th.appendChild(button);
    button.addEventListener("click", function () {
      sortBy(th.getAttribute("data-key"), th.getAttribute("aria-sort") === "ascending");
    });
  });
  form.elements.sort.addEventListener("change", function () {
    var value = form.elements.sort.value;
    sortBy(value.replace(/-$/, ""), /-$/.test(value));
  });
  form.addEventListener("input", filter);
  form.addEventListener("change", filter);
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.hidden = false;
  filter();
}());
