"""The ruling of a season as a site (-o DIR/): an index of every game and a page a game, each page
holding all it needs, every value from a file escaped, its one script allowed by hash."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
from pathlib import Path

import pytest

from auditor.cli import main
from conftest import SAMPLES
from ruling_files import SCRIPT, every_finding_files, hostile_tags_file
from test_ruling_html import parsed

CLUB = SAMPLES / "club-night.txt"
LEAGUE = SAMPLES / "league-night.txt"


def site(*args: str | Path, jobs: str = "1") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main([*map(str, args), "--isolated", "--jobs", jobs], out, err)
    return status, out.getvalue(), err.getvalue()


def rows(index: str) -> list[dict[str, str | None]]:
    return [attrs for tag, attrs in parsed(index).elements if tag == "tr" and "data-n" in attrs]


def test_an_index_of_every_game_and_a_page_a_game(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    status, out, err = site(CLUB, LEAGUE, "--format", "html", "-o", f"{folder}/")
    assert (status, out, err) == (1, "", "")
    pages = sorted(p.name for p in (folder / "games").iterdir())
    assert len(pages) == 4 and all(p.endswith(".html") for p in pages)
    index = (folder / "index.html").read_text(encoding="utf-8")
    listed = rows(index)
    assert [r["data-event"] for r in listed] == ["Legion Hall Tuesday Euchre"] + ["Legion Hall League Night"] * 3
    club = listed[0]
    assert club["data-date"] == "2026-11-24" and club["data-players"] == "Alice|Bob|Carol|Dan"
    assert club["data-sheet"] == "NS 8, EW 0" and club["data-corrected"] == "NS 10, EW 0" and club["data-differs"] == "true"
    assert club["data-codes"] == "R501 L603 P701" and club["data-errors"] == "3"
    links = [attrs["href"] for tag, attrs in parsed(index).elements if tag == "a"]
    assert sorted(links) == sorted(f"games/{p}" for p in pages)  # every game linked, nothing else
    assert "renege 1" in index and "left-bower 1" in index and "score 1" in index  # the findings by kind
    page = (folder / links[0]).read_text(encoding="utf-8")  # type: ignore[operator]
    assert page.count('<section class="game"') == 1 and 'href="../index.html"' in page
    assert page.count('<article class="hand') == page.count('class="deal"') == 3  # the disputed hands' diagrams, as on one page


def test_the_format_comes_from_a_folder_and_nothing_else_writes_one(tmp_path: Path) -> None:
    assert site(CLUB, "-o", f"{tmp_path / 'a'}/")[0] == 1
    assert (tmp_path / "a" / "index.html").is_file()
    (tmp_path / "b").mkdir()
    assert site(CLUB, "-o", str(tmp_path / "b"))[0] == 1  # an existing folder, without the slash
    assert (tmp_path / "b" / "index.html").is_file()
    status, out, err = site(CLUB, "--format", "lint", "-o", f"{tmp_path / 'c'}/")
    assert (status, out) == (2, "") and "a folder is written as a site of HTML pages (--format html), not as lint" in err
    assert not (tmp_path / "c").exists()


def test_a_folder_holding_something_else_is_not_written_into(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    status, out, err = site(CLUB, "-o", f"{tmp_path}/")
    assert (status, out) == (2, "")
    assert err == f"euchre-audit: cannot write the site: {tmp_path}: the folder is not empty and holds no site written by euchre-audit; choose another\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_site_written_again_drops_the_pages_of_games_gone(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    site(CLUB, LEAGUE, "-o", f"{folder}/")
    assert len(list((folder / "games").iterdir())) == 4
    site(CLUB, "-o", f"{folder}/")
    assert len(list((folder / "games").iterdir())) == 1
    assert len(rows((folder / "index.html").read_text(encoding="utf-8"))) == 1


def test_two_files_whose_names_make_one_slug_get_pages_of_their_own(tmp_path: Path) -> None:
    (tmp_path / "a b").mkdir()
    (tmp_path / "a_b").mkdir()
    for name in ("a b", "a_b"):
        (tmp_path / name / "night.txt").write_text(CLUB.read_text(encoding="utf-8"), encoding="utf-8")
    folder = tmp_path / "season"
    site(tmp_path / "a b" / "night.txt", tmp_path / "a_b" / "night.txt", "-o", f"{folder}/")
    links = [r for r in re.findall(r'href="(games/[^"]+)"', (folder / "index.html").read_text(encoding="utf-8"))]
    assert len(set(links)) == 2 and all((folder / link).is_file() for link in links)


def _script_allowed(html: str) -> None:
    """The page's one script is the one its Content-Security-Policy allows, by its hash."""
    scripts = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    assert len(scripts) == 1
    digest = "sha256-" + base64.b64encode(hashlib.sha256(scripts[0].encode("utf-8")).digest()).decode("ascii")
    (csp,) = parsed(html).having(http_equiv="Content-Security-Policy")
    assert f"script-src '{digest}'" in (csp["content"] or "") and "default-src 'none'" in (csp["content"] or "")


def test_every_value_from_a_file_is_text_and_nothing_leaves_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    site(*every_finding_files(tmp_path), hostile_tags_file(tmp_path), "-o", f"{folder}/")
    for path in [folder / "index.html", *(folder / "games").iterdir()]:
        html = path.read_text(encoding="utf-8")
        _script_allowed(html)
        doc = parsed(html)
        tags = [tag for tag, _ in doc.elements]
        assert tags.count("script") == 1 and not set(tags) & {"img", "iframe", "object", "embed", "link", "base"}
        assert not [(tag, name) for tag, attrs in doc.elements for name in attrs if name.startswith("on")], path
        for tag, attrs in doc.elements:
            assert "src" not in attrs, (path, tag)
            href = attrs.get("href")
            assert href is None or re.fullmatch(r"#[\w-]+|games/[\w-]+\.html|\.\./index\.html", href), (path, href)
        assert "https://" not in html and "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert SCRIPT not in index and "&lt;script&gt;alert(1)&lt;/script&gt;" in index
    assert SCRIPT in "".join(parsed(index).text)


def test_the_same_site_for_any_number_of_jobs(tmp_path: Path) -> None:
    files = [CLUB, LEAGUE, *every_finding_files(tmp_path)]
    site(*files, "-o", f"{tmp_path / 'one'}/", jobs="1")
    site(*files, "-o", f"{tmp_path / 'two'}/", jobs="2")
    one = {p.relative_to(tmp_path / "one"): p.read_bytes() for p in (tmp_path / "one").rglob("*.html")}
    two = {p.relative_to(tmp_path / "two"): p.read_bytes() for p in (tmp_path / "two").rglob("*.html")}
    assert one == two and len(one) > 5


def test_a_file_that_cannot_be_read_is_said_on_the_index(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    status, _, err = site(CLUB, tmp_path / "missing.txt", "-o", f"{folder}/")
    assert status == 2 and "missing.txt" in err
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert "Could not audit:" in index and "missing.txt" in index and len(rows(index)) == 1


def test_game_records_survive_any_text() -> None:
    """A game's line of the index is read back whatever it holds (the mark, digits, colons)."""
    from auditor.site.format import MARK, record, records

    texts = ["{}", MARK * 3, f"{MARK}9:{MARK}", "", json.dumps({"a": MARK}), "x" * 1000]
    assert records("".join(record(t) for t in texts)) == texts
    with pytest.raises(ValueError):
        records("junk")
