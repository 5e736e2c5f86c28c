"""The season's site in a real browser (Debian's headless Chromium, driven by Playwright, as
tests/test_ruling_browser.py drives it): the index sorted and filtered, a game page, a hand stepped
through with the buttons and the arrow keys, both without JavaScript, at 1200 px and on a 400 px
phone; and the standings chart's labels whole at both widths.  Screenshots go to tests/out/ (ignored
by git).  Every request but the site's own files is refused and recorded."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from auditor.cli import main
from conftest import SAMPLES
from ruling_files import SCRIPT, every_finding_files, hostile_tags_file
from test_ruling_browser import BROWSER_WAIT_MS, OUT, browser  # noqa: F401  (the fixture)

WIDTHS = (1200, 400)


class Site:
    """A page of the site loaded from disk, with the requests it made and what it said."""

    def __init__(self, browser: Any, folder: Path, page: str, width: int, script: bool = True) -> None:  # noqa: F811
        self.context = browser.new_context(viewport={"width": width, "height": 900}, java_script_enabled=script)
        self.context.set_default_timeout(BROWSER_WAIT_MS)  # (a bound on waiting, not a measure of speed)
        self.root = folder.resolve().as_uri() + "/"
        self.requests: list[str] = []
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.goto(self.root + page, wait_until="load")

    def _route(self, route: Any) -> None:
        url = route.request.url
        self.requests.append(url)
        if url.startswith(self.root) and url.endswith(".html"):
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()

    def clean(self) -> None:
        assert self.errors == [] and self.refused == [], (self.errors, self.refused)

    def overflow(self) -> int:
        return int(self.page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))

    def shown_rows(self) -> list[str]:
        return list(self.page.locator("#games tbody tr:visible td:first-child").all_inner_texts())

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club night, the league night, a file with every finding code and one whose tags try markup."""
    tmp = tmp_path_factory.mktemp("season")
    folder = tmp / "site"
    files = [SAMPLES / "club-night.txt", SAMPLES / "league-night.txt", *every_finding_files(tmp), hostile_tags_file(tmp)]
    err = io.StringIO()
    assert main([*map(str, files), "-o", f"{folder}/", "--isolated", "--jobs", "1"], io.StringIO(), err) in (0, 1), err.getvalue()
    return folder


def _page_of(folder: Path, file_name: str) -> str:
    (page,) = [p.name for p in (folder / "games").iterdir() if file_name in p.name]
    return f"games/{page}"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_index_sorts_and_filters_without_a_server(browser: Any, season: Path, width: int) -> None:  # noqa: F811
    site = Site(browser, season, "index.html", width)
    try:
        site.clean()
        total = site.page.locator("#games tbody tr").count()
        assert total == len(list((season / "games").iterdir())) > 5
        assert site.page.locator("#filters").is_visible()
        assert site.page.locator(".shown").inner_text() == f"{total} of {total} games shown"
        site.page.locator("input[name=player]").fill("dan")  # any case, part of a name
        with_dan = site.shown_rows()
        assert with_dan and len(with_dan) < total
        for row in site.page.locator("#games tbody tr:visible").all():
            assert "dan" in (row.get_attribute("data-players") or "").lower()
        site.page.locator("input[name=player]").fill("")
        site.page.locator("select[name=code]").select_option("R501")
        reneges = site.page.locator("#games tbody tr:visible")
        assert 0 < reneges.count() < total
        assert all("R501" in (r.get_attribute("data-codes") or "").split() for r in reneges.all())
        assert site.page.locator(".shown").inner_text() == f"{reneges.count()} of {total} games shown"
        site.page.locator("select[name=code]").select_option("-")
        assert all(r.get_attribute("data-codes") == "" for r in site.page.locator("#games tbody tr:visible").all())
        site.page.locator("select[name=code]").select_option("")
        def errors() -> list[int]:
            return [int(r.get_attribute("data-errors") or "") for r in site.page.locator("#games tbody tr").all()]

        if width >= 800:  # the column heads sort (on a phone the table is a list of blocks, without heads)
            site.page.locator("th[data-key=errors] button").click()
            assert errors() == sorted(errors()) and errors()[0] < errors()[-1]
            site.page.locator("th[data-key=errors] button").click()
            assert site.page.locator("th[data-key=errors]").get_attribute("aria-sort") == "descending"
        else:
            site.page.locator("select[name=sort]").select_option("errors-")
        assert errors() == sorted(errors(), reverse=True) and errors()[0] > errors()[-1]
        site.page.locator("select[name=sort]").select_option("date")
        dates = [r.get_attribute("data-date") for r in site.page.locator("#games tbody tr").all()]
        assert dates == sorted(dates)  # type: ignore[type-var]
        # a tag that is a script is text, and never ran
        assert site.page.get_by_text(SCRIPT).first.is_visible() and site.page.locator("script").count() == 1
        assert site.overflow() <= 0, f"the index is wider than {width}px"
        site.page.screenshot(path=str(OUT / f"site-index-{width}.png"), full_page=True)
        site.page.locator("input[name=player]").fill("alice")
        site.page.locator("#games tbody tr:visible a").first.click()  # to a game's page, from the disk
        site.page.wait_for_load_state("load")
        assert site.page.url.startswith(site.root + "games/") and site.page.locator("section.game").count() == 1
        site.clean()
    finally:
        site.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_hand_steps_through_trick_by_trick(browser: Any, season: Path, width: int) -> None:  # noqa: F811
    site = Site(browser, season, _page_of(season, "club-night"), width)
    try:
        site.clean()
        page = site.page
        hand = page.locator("article[data-hand='2']")
        at = hand.locator(".stepper .at")
        assert at.inner_text() == "before the first card (20 to play)"
        assert hand.locator(".deal .seat .card.played").count() == 0
        assert hand.locator("table.tricks tr.future").count() == 5  # no trick played yet
        hand.locator("[data-step=next]").click()
        assert at.inner_text() == "trick 1, S plays JC (card 1 of 20)"
        assert hand.locator(".deal .seat[data-seat=S] [data-card=JC]").evaluate("e => e.classList.contains('played')")
        assert hand.locator(".felt .trick-now [data-card=JC]").is_visible()  # the card on the table
        for _ in range(6):
            page.keyboard.press("ArrowRight")  # the hand has the focus from its button
        assert at.inner_text() == "trick 2, S plays KH (card 7 of 20)"
        assert hand.locator(".stepper .moment").inner_text() == ""
        assert hand.locator("tr[data-trick='2'] td.unplayed [data-card=KD]").count() == 1  # W's card not yet out
        page.keyboard.press("ArrowRight")  # W's KD on the heart lead: the renege, at its moment
        assert at.inner_text() == "trick 2, W plays KD (card 8 of 20)"
        assert hand.locator(".stepper .moment").inner_text().startswith("R501: Dan (West) did not follow hearts in trick 2")
        assert hand.locator(".finding.now[data-code=R501]").count() == 1
        opacity = hand.locator(".deal .seat[data-seat=W] [data-card=KD]").evaluate("e => getComputedStyle(e).opacity")
        assert float(opacity) < 0.5  # it has left Dan's hand
        page.screenshot(path=str(OUT / f"site-game-{width}.png"), full_page=True)
        hand.screenshot(path=str(OUT / f"site-hand-stepped-{width}.png"))
        page.keyboard.press("ArrowRight")
        assert hand.locator(".finding.now").count() == 0 and hand.locator(".stepper .moment").inner_text() == ""
        page.keyboard.press("End")
        assert at.inner_text().endswith("(card 20 of 20)") and hand.locator("[data-step=next]").is_disabled()
        assert hand.locator(".deal .seat .card.played").count() == 20 and hand.locator("tr.future").count() == 0
        page.keyboard.press("Home")
        assert hand.locator(".deal .seat .card.played").count() == 0 and hand.locator("[data-step=back]").is_disabled()
        # a hand without findings, which the static page shows without its diagram, steps too: the
        # cards each seat played drawn around the table, named as the tags name the players
        clean = page.locator("details.hand").first
        clean.locator("summary").click()
        drawn = clean.locator(".deal.drawn")
        assert drawn.locator(".seat").count() == 4 and drawn.locator(".card").count() == 20
        assert drawn.locator(".seat[data-seat=N] .seat-name").inner_text() == "Alice"
        north, south = drawn.locator(".seat[data-seat=N]").bounding_box(), drawn.locator(".seat[data-seat=S]").bounding_box()
        assert north is not None and south is not None and north["y"] < south["y"]
        clean.locator("[data-step=next]").click()
        assert clean.locator(".stepper .at").inner_text().endswith("(card 1 of 20)")
        assert drawn.locator(".card.played").count() == 1
        assert site.overflow() <= 0, f"the game page is wider than {width}px"
        site.clean()
    finally:
        site.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_without_javascript_the_pages_are_the_static_ruling(browser: Any, season: Path, width: int) -> None:  # noqa: F811
    index = Site(browser, season, "index.html", width, script=False)
    try:
        index.clean()
        assert not index.page.locator("#filters").is_visible()  # no control that would do nothing
        assert index.page.locator("#games tbody tr:visible").count() == len(list((season / "games").iterdir()))
        assert index.overflow() <= 0
    finally:
        index.close()
    game = Site(browser, season, _page_of(season, "club-night"), width, script=False)
    try:
        game.clean()
        hand = game.page.locator("article[data-hand='2']")
        assert hand.locator(".stepper").count() == 0
        assert hand.locator(".deal [data-card=KD][data-mark=fault]").is_visible()
        assert hand.locator("table.tricks tr[data-trick='5'] .card").first.is_visible()  # every trick shown
        assert game.page.locator("details.hand .deal").count() == 0  # a hand without findings: one line, as on one page
        assert game.overflow() <= 0
        game.page.screenshot(path=str(OUT / f"site-game-static-{width}.png"), full_page=True)
    finally:
        game.close()


@pytest.mark.parametrize("sample", ["club-night.txt", "league-night.txt", "progressive-night"])
def test_the_standings_chart_labels_are_whole_at_1200_and_400_px(browser: Any, tmp_path: Path, sample: str) -> None:  # noqa: F811
    """Every word of every chart of the standings page (a player's name, a value, an axis label) stays inside its
    chart at a desktop's width and a phone's, and the figures are said in words beside the picture."""
    target = tmp_path / "standings.html"
    assert main(["standings", str(SAMPLES / sample), "--format", "html", "-o", str(target), "--jobs", "1"],
                io.StringIO(), io.StringIO()) in (0, 1)
    for width in WIDTHS:
        site = Site(browser, tmp_path, "standings.html", width)
        try:
            site.clean()
            charts = site.page.locator("svg[data-chart]")
            assert charts.count() >= 2
            for i in range(charts.count()):
                chart = charts.nth(i)
                cut = chart.evaluate("""svg => { const box = svg.getBoundingClientRect();
                    return Array.from(svg.querySelectorAll('text')).filter(t => { const b = t.getBoundingClientRect();
                      return b.width > 0 && (b.right > box.right + 0.5 || b.left < box.left - 0.5); }).map(t => t.textContent); }""")
                assert cut == [], f"cut at {width}px: {cut}"
                assert chart.evaluate("svg => svg.querySelectorAll('text').length") > 0
                assert chart.get_attribute("aria-label")
                name = chart.get_attribute("data-chart")
                chart.screenshot(path=str(OUT / f"standings-{name}-{sample.split('.')[0]}-{width}.png"))
        finally:
            site.close()


def test_every_hand_of_every_game_steps_to_its_end_and_back(browser: Any, season: Path) -> None:  # noqa: F811
    """Each code's odd hands (a deal not written, a seat sitting out, cards seen twice, a trick cut
    short): the viewer runs through every hand of every page without a script error."""
    pages = sorted((season / "games").iterdir())
    site = Site(browser, season, f"games/{pages[0].name}", 1200)
    try:
        stepped = 0
        for page in pages:
            site.page.goto(site.root + f"games/{page.name}", wait_until="load")
            stepped += site.page.evaluate("""() => {
                document.querySelectorAll('details.hand').forEach(d => { d.open = true; });
                const bars = Array.from(document.querySelectorAll('.stepper'));
                for (const bar of bars) {
                  const hand = bar.closest('.hand');
                  bar.querySelector('[data-step=end]').click();
                  const played = hand.querySelectorAll('table.tricks td:not(.unplayed) .card').length;
                  const all = hand.querySelectorAll('table.tricks td .card').length;
                  if (played !== all || !bar.querySelector('[data-step=next]').disabled) { throw new Error('not at the end: ' + hand.id); }
                  bar.querySelector('[data-step=start]').click();
                  if (hand.querySelectorAll('.deal .card.played').length) { throw new Error('not back: ' + hand.id); }
                }
                const withPlay = Array.from(document.querySelectorAll('.hand')).filter(h => h.querySelector('table.tricks .card'));
                if (withPlay.length !== bars.length) { throw new Error(withPlay.length + ' hands played, ' + bars.length + ' viewers'); }
                return bars.length; }""")
        assert stepped > 50
        site.clean()
    finally:
        site.close()
