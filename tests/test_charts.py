"""The charts: points per player on an axis where the data is, a race that separates the leaders and leaves nobody
out, the make rate by round; as PNG and SVG files from ``stats --charts``, and in the standings page, looked at in
headless Chromium (the pictures are kept under tests/out/charts/)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest

from auditor.charts import RACE_NAMED, Rate, inline_svg, make_rate_chart, points_chart, race_chart
from auditor.cli import main
from auditor.stats.charts_out import CHARTS
import test_ruling_browser
from test_ruling_browser import OUT, Loaded, _clean_load

browser = test_ruling_browser.browser  # the headless Chromium fixture (skips without it)
KEPT = OUT / "charts"


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20 players over 15 rounds of a progressive night (the totals close together, as a real league's are)."""
    root = tmp_path_factory.mktemp("charts")
    assert main(["simulate", "--tables", "5", "--rounds", "15", "--players", "20", "--seed", "8", "-o", str(root / "league.txt")],
                io.StringIO(), io.StringIO()) == 0
    return root / "league.txt"


def test_points_sit_on_an_axis_where_the_data_is() -> None:
    names = [f"Player {i}" for i in range(20)]
    points = [523 - 4 * i for i in range(20)]  # 447 to 523: bars from 0 would all look the same
    fig = points_chart(names, points, [p + (2 if i == 3 else 0) for i, p in enumerate(points)])
    ax = fig.axes[0]
    low, high = ax.get_xlim()
    assert 400 < low < 447 and 523 < high < 620  # the axis spans the points, not 0 to 600
    top_down = [label.get_text() for _, label in sorted(zip(ax.get_yticks(), ax.get_yticklabels()), key=lambda t: -t[0])]
    assert top_down == names  # the first place at the top
    labels = [t.get_text() for t in ax.texts]
    assert "511 (sheet 513)" in labels and len(labels) == 20


def test_the_race_draws_everyone_and_names_the_leaders_apart() -> None:
    rounds = [f"round {i}" for i in range(1, 31)]
    totals = {f"P{k}": [10 * r + k * r // 5 for r in range(1, 31)] for k in range(16)}  # one diagonal, nearly
    order = sorted(totals, key=lambda n: -totals[n][-1])
    fig = race_chart(rounds, totals, order)
    ax = fig.axes[0]
    assert len(ax.lines) == 16 + 1  # every player, and the average's line at 0
    ends = [t for t in ax.texts]
    assert len(ends) == RACE_NAMED and ends and all(t.get_text().split(". ")[1].split()[0] in order[:RACE_NAMED] for t in ends)
    # the leaders are apart: the lines are drawn against the average, which the leader's is well above
    leader = next(line for line in ax.lines if line.get_linewidth() == 2)
    assert leader.get_ydata()[-1] > 20
    fig.canvas.draw()
    ticks = [t for t in ax.get_xticklabels() if t.get_text()]
    assert 3 <= len(ticks) <= 10  # round labels not printed over each other
    boxes = [t.get_window_extent() for t in ticks]
    assert all(a.x1 < b.x0 for a, b in zip(boxes, boxes[1:]))
    labels = [t.get_window_extent() for t in ends]
    assert not any(a.overlaps(b) for i, a in enumerate(labels) for b in labels[i + 1:])


def test_the_make_rate_has_its_calls_and_interval() -> None:
    rates = [Rate("ordered up (round 1)", 2141, 2374), Rate("named (round 2)", 1037, 1175), Rate("alone", 121, 121)]
    fig = make_rate_chart(rates)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.texts] == ["90.2% of 2,374 calls", "88.3% of 1,175 calls", "100.0% of 121 calls"]
    low, high = ax.get_xlim()
    assert 70 < low < 88 and high <= 100.5
    # Wilson's interval: with every call made, from n / (n + z^2) to all of them
    assert rates[2].interval() == (pytest.approx(100 * 121 / (121 + 1.96**2)), pytest.approx(100))


def test_text_in_a_chart_is_escaped_and_never_mathematics() -> None:
    hostile = '<script>alert(1)</script> & $x^2$ "Kim"'
    svg = inline_svg(points_chart([hostile, "Bob"], [10, 12]), f"Points: {hostile}", "points")
    assert "<script" not in svg and "&lt;script&gt;" in svg and "$x^2$" in svg
    assert svg.startswith('<svg class="chart" role="img" aria-label="Points: &lt;script&gt;')
    assert "http://" not in svg.replace("http://www.w3.org/2000/svg", "") and "<metadata" not in svg and "xlink" not in svg


def test_stats_writes_the_charts_as_png_and_svg(league: Path, tmp_path: Path) -> None:
    from PIL import Image

    folder = tmp_path / "charts"
    out, err = io.StringIO(), io.StringIO()
    assert main(["stats", str(league), "--charts", str(folder), "--jobs", "1"], out, err) == 0, err.getvalue()
    assert "player" in out.getvalue()  # the view as well
    KEPT.mkdir(parents=True, exist_ok=True)
    for name in CHARTS:
        with Image.open(folder / f"{name}.png") as image:
            assert image.size[0] >= 900 and image.size[1] >= 300
            assert len(image.convert("L").getcolors(1 << 16) or ()) > 10  # drawn, not blank
        shutil.copy(folder / f"{name}.png", KEPT / f"stats-{name}.png")
        svg = (folder / f"{name}.svg").read_text(encoding="utf-8")
        assert "<svg" in svg and "<script" not in svg
    again = tmp_path / "again"
    assert main(["stats", str(league), "--charts", str(again), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    assert all((folder / f"{n}.svg").read_bytes() == (again / f"{n}.svg").read_bytes() for n in CHARTS)  # the same SVG
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    err = io.StringIO()
    assert main(["stats", str(league), "--charts", str(blocked), "--jobs", "1"], io.StringIO(), err) == 2
    assert "--charts" in err.getvalue() and "Traceback" not in err.getvalue()


def test_the_charts_in_a_browser(browser: Any, league: Path) -> None:
    KEPT.mkdir(parents=True, exist_ok=True)
    target = KEPT / "league-standings.html"
    assert main(["standings", str(league), "--format", "html", "-o", str(target), "--jobs", "1"], io.StringIO(), io.StringIO()) == 0
    for width in (1100, 390):
        loaded = Loaded(browser, target, width=width)
        try:
            _clean_load(loaded)
            assert loaded.overflow() <= 0
            for chart in ("points", "race", "make-rate"):
                element = loaded.page.locator(f"svg[data-chart={chart}]")
                box = element.bounding_box()
                assert box is not None and box["width"] > 300 and box["height"] > 100, chart
                # the player names are drawn as text the browser lays out (not paths), inside the chart
                assert element.locator("text").count() > 5
                element.screenshot(path=str(KEPT / f"page-{chart}-{width}.png"))
            names = loaded.page.locator("svg[data-chart=points] text").all_text_contents()
            assert sum(1 for n in names if n.startswith("Player ") or n.isalpha()) >= 20  # every player on the axis
        finally:
            loaded.close()
