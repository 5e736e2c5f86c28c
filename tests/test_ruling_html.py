"""The HTML ruling as a document: everything from a file escaped, nothing that leaves the page, the
cards of every hand with a finding, the same page for any --jobs, written game by game.

(What a browser makes of it is tests/test_ruling_browser.py.)
"""

from __future__ import annotations

import io
from html.parser import HTMLParser
from pathlib import Path

import pytest

import auditor.parallel as parallel
import auditor.units as cutting
from auditor.cli import main
from auditor.findings import REGISTRY
from auditor.rules.loader import load_ruleset
from auditor.simulate import simulate, write_games
from conftest import SAMPLES
from ruling_files import SCRIPT, every_finding_files, hostile_tags_file


def page(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([*args, "--format", "html"], out, err)
    assert "Traceback" not in err.getvalue(), err.getvalue()
    return status, out.getvalue()


class Elements(HTMLParser):
    """Every element of a page with its attributes, and the text of its style and script elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def having(self, **wanted: str) -> list[dict[str, str | None]]:
        return [attrs for _, attrs in self.elements if all(attrs.get(k.rstrip("_").replace("_", "-")) == v for k, v in wanted.items())]


def parsed(html: str) -> Elements:
    parser = Elements()
    parser.feed(html)
    parser.close()
    return parser


def test_every_value_from_a_file_shows_as_text(tmp_path: Path) -> None:
    status, html = page(str(hostile_tags_file(tmp_path)))
    assert status == 1  # the sheet's 1 for a march: a finding that names the players too
    doc = parsed(html)
    tags = {tag for tag, _ in doc.elements}
    assert not tags & {"script", "img", "iframe", "object", "embed", "link", "base", "form"}
    assert not [(tag, name) for tag, attrs in doc.elements for name in attrs if name.startswith("on")]
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 3  # the title, the event, North's name...
    text = "".join(doc.text)
    assert SCRIPT in text and "<img src=x onerror=alert(3)>" in text and "Carol & <b>co</b>" in text
    assert '2026-11-24" onload="alert(2)' in text


def test_nothing_on_the_page_leaves_it(tmp_path: Path) -> None:
    _, html = page(str(SAMPLES / "club-night.txt"), str(hostile_tags_file(tmp_path)))
    doc = parsed(html)
    for tag, attrs in doc.elements:
        assert "src" not in attrs and "srcset" not in attrs, tag
        href = attrs.get("href")
        assert href is None or href.startswith("#"), href
    style = html[html.index("<style>"):html.index("</style>")]
    assert "url(" not in style and "@import" not in style and "@font-face" not in style
    (csp,) = doc.having(http_equiv="Content-Security-Policy")
    assert "default-src 'none'" in (csp["content"] or "")
    assert "http://" not in html.replace("http://www.w3.org/2000/svg", "") and "https://" not in html


def test_the_club_night_shows_the_cards_of_each_disputed_hand() -> None:
    status, html = page(str(SAMPLES / "club-night.txt"))
    assert status == 1
    doc = parsed(html)
    disputed = [attrs["data-hand"] for tag, attrs in doc.elements if tag == "article"]
    assert disputed == ["2", "3", "5"]  # the renege, the sheet's error, the called left bower
    assert [attrs["data-hand"] for tag, attrs in doc.elements if tag == "details"] == ["1", "4"]
    assert len(doc.having(class_="deal")) == 3  # the four hands around the table, for each disputed hand
    assert len(doc.having(class_="tricks")) == 4  # and the play of every hand played (not the thrown-in 4)
    faults = sorted({a["data-card"] for a in doc.having(data_mark="fault")})
    proofs = sorted({a["data-card"] for a in doc.having(data_mark="proof")})
    assert faults == ["KD", "TD"] and proofs == ["JC", "QH", "TH"]
    assert len(doc.having(data_first_difference="true")) == 1  # hand 3, where the sheet and the rules part
    assert len(doc.having(data_chart="scores")) == 1
    assert "Dan (West) did not follow hearts in trick 2 although holding" in "".join(doc.text)


def test_a_page_for_every_finding_code(tmp_path: Path) -> None:
    files = [str(p) for p in every_finding_files(tmp_path)]
    status, html = page(*files)
    assert status == 1
    shown = {attrs["data-code"] for attrs in parsed(html).having() if attrs.get("data-code")}
    assert shown == set(REGISTRY)


def _games(path: Path, games: int, seed: int = 3) -> Path:
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        write_games(simulate(load_ruleset("hoyle"), games, seed, 0.2), fh)
    return path


def test_the_same_page_for_any_number_of_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cutting, "UNIT_BYTES", 3000)  # a few games per unit: many units
    path = _games(tmp_path / "games.txt", 12)
    one = page(str(path), str(SAMPLES / "club-night.txt"), "--jobs", "1")
    two = page(str(path), str(SAMPLES / "club-night.txt"), "--jobs", "2")
    assert one == two and one[1].count('class="game"') == 13


class Watching(io.StringIO):
    """Output that notes, at each game's section, how many games had been audited by then."""

    def __init__(self, audited: list[int]) -> None:
        super().__init__()
        self.audited = audited
        self.seen: list[int] = []

    def write(self, text: str) -> int:
        if 'class="game"' in text:
            self.seen.append(self.audited[0])
        return super().write(text)


def test_each_game_is_written_before_the_next_is_audited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bounded memory: the page is streamed, never built whole."""
    path = _games(tmp_path / "games.txt", 6)
    audited = [0]
    real = parallel.audit_games

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        for game in real(*args, **kwargs):
            audited[0] += 1
            yield game

    monkeypatch.setattr(parallel, "audit_games", counting)
    out = Watching(audited)
    assert main([str(path), "--format", "html", "--jobs", "1"], out, io.StringIO()) in (0, 1)
    assert out.seen == [1, 2, 3, 4, 5, 6]


def test_the_samples_render_well_under_a_second() -> None:
    import time

    files = [str(SAMPLES / name) for name in ("club-night.txt", "league-night.txt", "clean-game.txt")]
    page(files[0])  # the templates are compiled once per process
    start = time.perf_counter()
    status, html = page(*files, "--jobs", "1")
    elapsed = time.perf_counter() - start
    assert status == 1 and html.count('class="game"') == 5
    assert elapsed < 1.0, f"the samples' ruling took {elapsed:.2f} s"
