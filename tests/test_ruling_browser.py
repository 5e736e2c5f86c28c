"""The HTML ruling in a real browser: Debian's headless Chromium, driven by Playwright.

Each page (the samples, a file with every finding code, a file whose tags try markup) is loaded
from disk with every request but the page itself refused and recorded; the test asserts on the
rendered page (the card diagrams, the highlighted cards, the chart, nothing wider than a phone or
a printed page, no console error, no request) and writes screenshots and PDFs under tests/out/
(ignored by git). ``UPDATE_SCREENSHOTS=1`` also rewrites the README's picture,
docs/images/club-night.png.

Without Chromium or Playwright the tests are skipped with a message saying how to install them;
.ci/run installs Chromium when it is missing.
"""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from auditor.cli import main
from auditor.findings import REGISTRY
from conftest import ROOT, SAMPLES
from ruling_files import SCRIPT, every_finding_files, hostile_tags_file

OUT = ROOT / "tests" / "out"
README_PICTURE = ROOT / "docs" / "images" / "club-night.png"
INSTALL = ("install Debian's Chromium (`apt-get install -y chromium`, as root; .ci/run does it) and the test extra "
           "(`pip install -e '.[test]'`, which brings Playwright), or set EUCHRE_CHROMIUM to a Chromium binary")
#: as the machine's notes say: as root, no connection of the browser's own (Playwright adds --headless)
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def _chromium() -> str | None:
    wanted = os.environ.get("EUCHRE_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).exists() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = _chromium()
    if executable is None:
        pytest.skip(f"the browser tests need headless Chromium: {INSTALL}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip(f"the browser tests need Playwright: {INSTALL}")
    with sync_playwright() as p:  # each launch starts Chromium headless on a new, empty profile of its own
        browser = p.chromium.launch(executable_path=executable, args=ARGS, headless=True)
        yield browser
        browser.close()


#: how long a page may take to load, lay out or screenshot before the test gives up (Playwright: 30 s)
BROWSER_WAIT_MS = 180_000


class Loaded:
    """A page loaded from disk, with what it asked for and what it said."""

    def __init__(self, browser: Any, path: Path, width: int = 1100, media: str = "screen") -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 900}, java_script_enabled=True)
        # a bound on waiting for the browser, not a measure of speed: a machine busy with other work can take
        # more than Playwright's 30 s to lay out and screenshot a long page
        self.context.set_default_timeout(BROWSER_WAIT_MS)
        self.page = self.context.new_page()
        self.url = path.resolve().as_uri()
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context.route("**/*", self._route)
        self.page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.emulate_media(media=media)
        self.page.goto(self.url, wait_until="load")

    def _route(self, route: Any) -> None:
        url = route.request.url
        self.requests.append(url)
        if url == self.url:
            route.continue_()
        else:
            route.abort()

    def count(self, selector: str) -> int:
        return int(self.page.locator(selector).count())

    def overflow(self) -> int:
        """How far the page is wider than the window (0: no sideways scrolling)."""
        return int(self.page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth"))

    def close(self) -> None:
        self.context.close()


def _ruling(files: list[Path], name: str) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / f"{name}.html"
    err = io.StringIO()
    status = main([*map(str, files), "--format", "html", "-o", str(target)], io.StringIO(), err)
    assert status in (0, 1) and "Traceback" not in err.getvalue(), err.getvalue()
    return target


def _clean_load(loaded: Loaded) -> None:
    assert loaded.errors == [], loaded.errors
    assert loaded.requests == [loaded.url], loaded.requests  # the page, and nothing else


SAMPLE_PAGES = {"club-night": ["club-night.txt"], "league-night": ["league-night.txt"], "clean-game": ["clean-game.txt"]}


@pytest.mark.parametrize("name", list(SAMPLE_PAGES))
def test_each_sample_renders_with_its_cards_and_chart(browser: Any, name: str) -> None:
    path = _ruling([SAMPLES / f for f in SAMPLE_PAGES[name]], name)
    loaded = Loaded(browser, path)
    try:
        _clean_load(loaded)
        games = loaded.count("section.game")
        assert games >= 1
        assert loaded.count("svg[data-chart=scores] polyline") == 4 * games  # both running scores of each side
        chart = loaded.page.locator("svg[data-chart=scores]").first.bounding_box()
        assert chart is not None and chart["width"] > 300 and chart["height"] > 100
        assert loaded.count(".deal") == loaded.count("article.hand")  # the four hands of every disputed hand
        hands = loaded.count("article.hand") + loaded.count("details.hand")
        thrown_in = loaded.page.locator("details.hand summary", has_text="thrown in").count()
        assert loaded.count("table.tricks") == hands - thrown_in  # the play of every hand played, card by card
        if name == "clean-game":
            assert loaded.count("article.hand") == 0 and loaded.count("[data-mark]") == 0
            details = loaded.page.locator("details.hand").first
            details.locator("summary").click()  # one line, and its cards when opened
            assert details.get_attribute("open") is not None and details.locator(".tricks .card").first.is_visible()
        else:
            fault = loaded.page.locator("article.hand .deal [data-mark=fault]").first
            assert fault.is_visible()
            colour = fault.evaluate("e => getComputedStyle(e).backgroundColor")
            plain = loaded.page.locator(".deal .card:not([data-mark])").first.evaluate("e => getComputedStyle(e).backgroundColor")
            assert colour != plain  # the card at fault stands out
        loaded.page.screenshot(path=str(OUT / f"{name}.png"), full_page=True)
    finally:
        loaded.close()


def test_the_club_night_as_the_table_sees_it(browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the file named as the README's command names it
    path = _ruling([Path("samples") / "club-night.txt"], "club-night")
    loaded = Loaded(browser, path)
    try:
        _clean_load(loaded)
        page = loaded.page
        hand2 = page.locator("article[data-hand='2']")
        # no deal written for hand 2: the cards each seat played, W's KD at fault, QH and TH the proof
        assert "The deal is not written" in hand2.inner_text()
        west = hand2.locator(".deal .seat[data-seat=W]")
        assert west.locator("[data-card=KD][data-mark=fault]").is_visible()
        assert sorted(west.locator("[data-mark=proof]").evaluate_all("es => es.map(e => e.dataset.card)")) == ["QH", "TH"]
        grid = hand2.locator("table.tricks tr[data-trick='2']")
        assert grid.locator("[data-card=KD][data-mark=fault]").count() == 1
        assert "Dan (West) did not follow hearts in trick 2" in hand2.locator(".finding").inner_text()
        # hand 5: the deal written, E's only trump JC proves it, TD at fault; the felt shows trump and the up card
        hand5 = page.locator("article[data-hand='5']")
        assert hand5.locator(".seat[data-seat=E] [data-card=JC][data-mark=proof]").is_visible()
        assert hand5.locator(".felt").inner_text().count("spades") == 1
        assert hand5.locator(".felt [data-card=JS]").is_visible()
        north_box = hand5.locator(".seat[data-seat=N]").bounding_box()
        south_box = hand5.locator(".seat[data-seat=S]").bounding_box()
        assert north_box is not None and south_box is not None and north_box["y"] < south_box["y"]  # N at the top
        assert page.locator("tr[data-first-difference=true]").inner_text().strip().startswith("3")
        red = page.locator(".card.red").first.evaluate("e => getComputedStyle(e).color")
        black = page.locator(".card:not(.red)").first.evaluate("e => getComputedStyle(e).color")
        assert red != black  # suits in their colours
        page.screenshot(path=str(OUT / "club-night-desktop.png"), full_page=True)
        if os.environ.get("UPDATE_SCREENSHOTS"):
            README_PICTURE.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(README_PICTURE), clip=_readme_clip(page), full_page=True)
    finally:
        loaded.close()
    assert README_PICTURE.is_file() and README_PICTURE.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _readme_clip(page: Any) -> dict[str, float]:
    """The page from its top to the end of hand 2 (the renege): what the README shows."""
    end = page.locator("article[data-hand='2']").bounding_box()
    assert end is not None
    return {"x": 0, "y": 0, "width": 1100, "height": end["y"] + end["height"] + 16}


def test_every_finding_code_renders(browser: Any, tmp_path: Path) -> None:
    path = _ruling([*every_finding_files(tmp_path), hostile_tags_file(tmp_path)], "every-finding")
    loaded = Loaded(browser, path)
    try:
        _clean_load(loaded)
        codes = set(loaded.page.locator(".finding[data-code]").evaluate_all("es => es.map(e => e.dataset.code)"))
        assert codes == set(REGISTRY)
        assert loaded.count("article.hand .deal") == loaded.count("article.hand")
        assert loaded.count("[data-mark=fault]") > 10
        # a tag that is a script shows as text, and never ran
        assert loaded.page.locator(f"h2:text-is('{SCRIPT}')").count() == 1
        assert loaded.page.evaluate("typeof window.alert") == "function" and loaded.count("script") == 0
        loaded.page.screenshot(path=str(OUT / "every-finding.png"), full_page=True)
    finally:
        loaded.close()


@pytest.mark.parametrize("width", [390, 360])
def test_readable_on_a_phone(browser: Any, tmp_path: Path, width: int) -> None:
    for name, files in (("club-night", [SAMPLES / "club-night.txt"]), ("every-finding", every_finding_files(tmp_path))):
        loaded = Loaded(browser, _ruling(files, f"{name}-phone"), width=width)
        try:
            _clean_load(loaded)
            assert loaded.overflow() <= 0, f"{name} is wider than a {width}px phone"
            size = loaded.page.locator(".card").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
            assert size >= 11
            if name == "club-night":
                loaded.page.screenshot(path=str(OUT / f"club-night-phone-{width}.png"), full_page=True)
        finally:
            loaded.close()


@pytest.mark.parametrize("paper,width_px", [("A4", 703), ("Letter", 725)])
def test_printable_on_a4_and_letter(browser: Any, paper: str, width_px: int) -> None:
    """The printed page: the width between 12 mm margins, nothing wider; a PDF of it."""
    path = _ruling([SAMPLES / "club-night.txt", SAMPLES / "league-night.txt"], "print")
    loaded = Loaded(browser, path, width=width_px, media="print")
    try:
        _clean_load(loaded)
        assert loaded.overflow() <= 0
        pdf = loaded.page.pdf(format=paper, print_background=True, path=str(OUT / f"ruling-{paper}.pdf"))
        assert pdf.startswith(b"%PDF") and pdf.count(b"/Type /Page") >= 3
    finally:
        loaded.close()
