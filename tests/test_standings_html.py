"""The standings on the HTML page: a page of its own and the end of a night's ruling; escaped, self-contained,
with a chart of the totals and of each player's running total; and the same in a real browser."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from auditor.cli import main
from conftest import SAMPLES
from ruling_files import SCRIPT
import test_ruling_browser
from test_ruling_browser import OUT, Loaded, _clean_load
from test_ruling_html import parsed

browser = test_ruling_browser.browser  # the headless Chromium fixture (skips without it)

NIGHT = SAMPLES / "progressive-night"
ROUNDS = sorted(str(p) for p in NIGHT.glob("round-*.txt"))


def html_of(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([*args, "--format", "html"], out, err)
    assert "Traceback" not in err.getvalue(), err.getvalue()
    return status, out.getvalue()


def test_the_standings_page_shows_the_table_the_corrections_and_both_charts() -> None:
    status, html = html_of("standings", str(NIGHT), "--jobs", "1")
    assert status == 1
    doc = parsed(html)
    rows = {a["data-name"]: (a["data-place"], a["data-sheet-place"]) for a in doc.having() if a.get("data-name")}
    assert rows["Mia"] == ("1", "2") and rows["Hank"] == ("2", "1") and rows["Ivy"] == ("3", "4") and rows["Kim"] == ("4=", "3")
    assert len(rows) == 13
    (points,) = doc.having(data_chart="points")
    (race,) = doc.having(data_chart="race")
    (rates,) = doc.having(data_chart="make-rate")
    assert "Mia 33 (sheet 31)" in (points["aria-label"] or "") and "Hank 32;" in (points["aria-label"] or "")
    assert (race["aria-label"] or "").startswith("Running totals after each round: Mia 33; Hank 32; Ivy 31")
    assert (rates["aria-label"] or "").startswith("Calls made by round: ordered up (round 1): ")
    text = "".join(doc.text)
    # the charts come before the corrections, not below them
    assert html.index('data-chart="points"') < html.index("What the corrections did")
    # six players' points were corrected (Alice, Grace, Ivy, Jack, Leo, Mia: the two disputes' sides): each has its
    # sheet's figure beside the corrected one in the chart
    assert sum(1 for t in doc.text if "(sheet " in t and t.strip()[0].isdigit()) == 6
    assert "Ivy: 4th on the sheets, 3rd corrected (games won 2, 1 on the sheets)" in text
    assert "hand 7 of round 5 (table 2): N (Ivy) alone in spades, 5 tricks: lone march, +2 (P701)" in text
    assert "Sat out: Alice: round 1; Bob: round 2; Carol: round 3; Dan: round 4; Erin: round 5" in text  # in the order of the rounds
    assert not {tag for tag, _ in doc.elements} & {"script", "img", "iframe", "link", "form"}


def test_the_ruling_of_the_night_ends_with_its_standings() -> None:
    status, html = html_of(*ROUNDS, "--jobs", "1")
    assert status == 1
    assert html.count('class="game"') == 15 and html.count('id="standings"') == 1
    assert html.index('id="standings"') > html.rindex('class="game"')  # written once every game is
    _, club = html_of(str(SAMPLES / "club-night.txt"))
    assert 'id="standings"' not in club  # a game with no Round tag is no night


def test_names_from_the_tags_show_as_text(tmp_path: Path) -> None:
    text = (NIGHT / "round-1.txt").read_text(encoding="utf-8")
    path = tmp_path / "hostile.txt"
    path.write_text(text.replace('"Bob"', f'"{SCRIPT}"').replace('"Kim"', '"Kim & <b>co</b>"')
                    .replace('"Legion Hall Progressive"', '"<img src=x onerror=alert(1)>"'), encoding="utf-8")
    for args in (["standings", str(path)], [str(path)]):
        _, html = html_of(*args)
        doc = parsed(html)
        assert not {tag for tag, _ in doc.elements} & {"script", "img"}, args
        assert not [(tag, name) for tag, attrs in doc.elements for name in attrs if name.startswith("on")]
        shown = "".join(doc.text)
        assert SCRIPT in shown and "Kim & <b>co</b>" in shown and "<img src=x onerror=alert(1)>" in shown
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_standings_in_a_browser(browser: Any) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / "progressive-night.html"
    assert main([*ROUNDS, "--format", "html", "-o", str(target), "--jobs", "1"], io.StringIO(), io.StringIO()) == 1
    for width in (1100, 390):
        loaded = Loaded(browser, target, width=width)
        try:
            _clean_load(loaded)
            assert loaded.overflow() <= 0, f"the night is wider than {width}px"
            assert loaded.count("section.standings tbody tr") == 13
            for chart in ("points", "race", "make-rate"):
                box = loaded.page.locator(f"svg[data-chart={chart}]").bounding_box()
                assert box is not None and box["width"] > 300 and box["height"] > 100, chart
            moved = loaded.page.locator("tr[data-name=Mia]").evaluate("e => getComputedStyle(e).backgroundColor")
            still = loaded.page.locator("tr[data-name=Bob]").evaluate("e => getComputedStyle(e).backgroundColor")
            assert moved != still  # a place that moved stands out
            loaded.page.locator("section.standings").screenshot(path=str(OUT / f"progressive-night-standings-{width}.png"))
        finally:
            loaded.close()


@pytest.mark.parametrize("paper,width_px", [("A4", 703)])
def test_the_standings_print(browser: Any, paper: str, width_px: int) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / "standings.html"
    assert main(["standings", str(NIGHT), "--format", "html", "-o", str(target), "--jobs", "1"], io.StringIO(), io.StringIO()) == 1
    loaded = Loaded(browser, target, width=width_px, media="print")
    try:
        _clean_load(loaded)
        assert loaded.overflow() <= 0
        pdf = loaded.page.pdf(format=paper, print_background=True, path=str(OUT / f"standings-{paper}.pdf"))
        assert pdf.startswith(b"%PDF")
    finally:
        loaded.close()


def test_the_same_night_page_for_any_number_of_jobs(monkeypatch: pytest.MonkeyPatch) -> None:
    import auditor.parallel as parallel

    monkeypatch.setattr(parallel, "HTML_UNIT_BYTES", 8000)  # a game or two a unit: the standings are summed in the parent
    assert html_of(*ROUNDS, "--jobs", "1") == html_of(*ROUNDS, "--jobs", "2")
