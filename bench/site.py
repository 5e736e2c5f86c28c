#!/usr/bin/env python3
"""Time a season's ruling as a site, written and opened in headless Chromium (run by hand, not by CI).

    python3 bench/site.py                         # 1,000 simulated games, errors at 2%
    python3 bench/site.py --games 1000 --single   # also the one-page ruling of the same games (minutes)

It simulates the games once (``euchre-audit simulate``, kept in the work folder), then times in
fresh processes: ``euchre-audit GAMES -o DIR/`` (the site: an index and a page a game), and in
Chromium (driven by Playwright, every request but the site's files refused) the load of the index
until its script has run, a filter by player and by finding code, and the load of the largest game
page with a hand stepped to its end.  ``--single`` also writes ``--format html -o one.html`` and
times Chromium opening it.  It prints one line per measure and the size of what was written.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "auditor"]
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)}: exit {proc.returncode}\n{proc.stderr.decode(errors='replace')[-2000:]}")
    return time.perf_counter() - start


def size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path]
    return len(files), sum(p.stat().st_size for p in files)


def open_in_chromium(site: Path, single: Path | None, chromium: str) -> list[tuple[str, float]]:
    from playwright.sync_api import sync_playwright

    root = site.resolve().as_uri() + "/"
    found: list[tuple[str, float]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=ARGS, headless=True)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file://") else route.abort())
        page = context.new_page()
        start = time.perf_counter()
        page.goto(root + "index.html", wait_until="load")
        page.wait_for_selector("#filters:not([hidden])")
        found.append(("index: loaded, its script run", time.perf_counter() - start))
        start = time.perf_counter()
        page.locator("input[name=player]").fill("Alice")
        page.locator("select[name=code]").select_option(index=3)
        shown = page.locator(".shown").inner_text()
        found.append((f"index: filtered by player and code ({shown})", time.perf_counter() - start))
        biggest = max((site / "games").iterdir(), key=lambda p: p.stat().st_size)
        start = time.perf_counter()
        page.goto(root + f"games/{biggest.name}", wait_until="load")
        page.evaluate("document.querySelectorAll('details.hand').forEach(d => { d.open = true; })")
        page.locator(".hand [data-step=end]").first.click()
        found.append((f"largest game page ({biggest.stat().st_size / 1e3:.0f} KB): loaded, a hand stepped to its end",
                      time.perf_counter() - start))
        if single is not None:
            start = time.perf_counter()
            page.goto(single.resolve().as_uri(), wait_until="load", timeout=600_000)
            found.append((f"the one page ({single.stat().st_size / 1e6:.0f} MB): loaded", time.perf_counter() - start))
        browser.close()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--errors", default="0.02")
    parser.add_argument("--jobs", default="2")
    parser.add_argument("--work", type=Path, default=ROOT / "bench" / "out" / "site")
    parser.add_argument("--single", action="store_true", help="also the one-page ruling (Chromium takes minutes)")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    games = args.work / f"season-{args.games}.txt"
    if not games.exists():
        subprocess.run([*CLI, "simulate", "--games", str(args.games), "--errors", args.errors, "-o", str(games)],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL)  # its manifest of planted errors is not a measure
    site = args.work / "site"
    seconds = timed([*CLI, str(games), "-o", f"{site}/", "--isolated", "--jobs", args.jobs])
    files, written = size(site)
    print(f"site written: {seconds:.2f} s ({files} files, {written / 1e6:.1f} MB; index {size(site / 'index.html')[1] / 1e3:.0f} KB)")
    single = None
    if args.single:
        single = args.work / "one.html"
        seconds = timed([*CLI, str(games), "--format", "html", "-o", str(single), "--isolated", "--jobs", args.jobs])
        print(f"one page written: {seconds:.2f} s ({single.stat().st_size / 1e6:.1f} MB)")
    for what, seconds in open_in_chromium(site, single, args.chromium):
        print(f"{what}: {seconds:.2f} s")


if __name__ == "__main__":
    main()
