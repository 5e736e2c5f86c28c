#!/usr/bin/env python3
"""The audit's time per MB for each kind of hostile file, at two sizes: linear means the same figure at both.

    python3 bench/linear_time.py                  # 256 KB and 1 MB of each kind
    python3 bench/linear_time.py --sizes 1 4      # 1 MB and 4 MB

Each kind is a file made of one piece repeated to the size: clean games, hands whose every line is
broken, hands with gaps the slip reading reads every way, lines of 4,000 blanks or digits, lines far
past the reader's limit, mangled hands, comments only, tag blocks of junk.  Each file is audited in a
process of its own (``--jobs 1 --format lint``) and timed in processor time (user + system, so that a
machine busy with other work does not change the figure), then the worst kind is named.  Figures go
to docs/robustness.md with their commit and date.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MB = 1024 * 1024


def _hand(number: int) -> str:
    return (f"hand {number} dealer N\n"
            "deal E: 9S TS JS QS KS  S: 9H TH JH QH KH  W: 9D TD JD QD KD  N: 9C TC JC QC KC\n"
            "up AS\nbid E order\ndiscard 9S\n"
            "trick E:TS S:9H W:9D N:9C\ntrick E:JS S:TH W:TD N:TC\ntrick E:QS S:JH W:JD N:JC\n"
            "trick E:KS S:QH W:QD N:QC\ntrick E:AS S:KH W:KD N:KC\nscore NS 0 EW 2\n")


KINDS = {
    "clean games": lambda: (ROOT / "samples" / "club-night.txt").read_text(encoding="utf-8") + "\n",
    "every line broken": lambda: "hand 1 dealer N\n" + "".join(f"{w} ]] ??\n" for w in ("deal", "up", "bid", "trick", "trick", "score")),
    "hands with gaps": lambda: _hand(1).replace("up AS\n", "up ?\n").replace("trick E:JS S:TH W:TD N:TC\n", "trick E:JS ?? W:TD\n")
    .replace("bid E order\n", "bid ]]\n"),
    # the slowest kinds the fuzzer has made: small games, each a hand with tricks missing and a card
    # written wrong, whose readings the slip search weighs every way the missing tricks can stand
    "one-hand games, tricks missing": lambda: (
        '[Event "x"]\n\nhand 1 dealer E\n'
        "deal S: 9H AS JS KC QC  W: AH JD JH KD TD  N: AC AD JC KH TS  E: 9D KS QH QS TC\n"
        "up TH\nbid S pass, W pass, N pass, E order\ndiscard 9D\n"
        "trick S:JS W:JD N:TS E:QS\ntrick W:TD N:AD E:TH S:AS\ntrick E:9D S:TC W:JD N:9H\n"),
    "a 24-card deal, euchre32": lambda: (
        '[Event "x"]\n[Rules "euchre32"]\n\nhand 1 dealer S\n'
        "deal W: 9S AC KD KS TS  N: 9D JC KC TC TH  E: 9C 9H AS JD KH  S: JS QC QH QS TD\n"
        "up QD\nbid W order alone\ndiscard QD\n"
        "trick N:TH S:QH W:KD\ntrick W:TS N:JC S:QS\ntrick S:QC W:AC N:KC\ntrick W:KS N:TC S:JS\n"),
    "lines of 4,000 blanks": lambda: "hand 1 dealer N\n" + ("\t \f" * 1320 + "-dealer\"]\n") * 3,
    "lines of 4,000 nines": lambda: "hand 1 dealer N\n" + ("9" * 4000 + "\n") * 3,
    "lines of 100 KB": lambda: "hand 1 dealer N\n" + "score " + " 1" * 50_000 + "\n",
    "mangled hands": lambda: "hand \nbidEorder\n]\ntrickw:9D E:AH N:QH w:A\u2660\n",
    "comments only": lambda: "# a comment that goes on: N:9D E:AH score NS 1 EW 2 \u00a0\u2003 hand 1 dealer N\n",
    "tag blocks of junk": lambda: '[Event "x"]\n[Set "target=x"]\n[Rules "' + "\\\"" * 300 + '"]\n[' + "\t" * 2000 + "\n",
}


def _file(kind: str, size: int, folder: Path) -> Path:
    piece = KINDS[kind]()
    path = folder / f"{kind.replace(' ', '-').replace(',', '')}-{size}.txt"
    path.write_text(piece * max(1, size // len(piece.encode("utf-8"))), encoding="utf-8")
    return path


def _cpu_seconds(path: Path) -> tuple[float, int]:
    """Processor time of auditing ``path`` in a process of its own, and its exit status."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "auditor", str(path), "--jobs", "1", "--format", "lint"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if "Traceback" in done.stderr:
        raise SystemExit(f"{path}: a traceback\n{done.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.returncode


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", type=float, nargs=2, default=(0.25, 1.0), metavar=("SMALL", "LARGE"), help="file sizes in MB")
    p.add_argument("--kind", action="append", choices=sorted(KINDS), help="only these kinds (default: all)")
    args = p.parse_args(argv)
    startup, _ = _cpu_seconds(ROOT / "samples" / "clean-game.txt")  # the fixed cost of a run, taken off every figure
    print(f"start-up (a small clean file): {startup:.2f} s of processor time")
    print(f"{'kind':<24} {'exit':>4} " + " ".join(f"{f'{s:g} MB: s/MB':>14}" for s in args.sizes) + "   growth")
    worst = (0.0, "")
    with tempfile.TemporaryDirectory() as tmp:
        for kind in args.kind or KINDS:
            per_mb = []
            status = 0
            for size in args.sizes:
                path = _file(kind, int(size * MB), Path(tmp))
                seconds, status = _cpu_seconds(path)
                per_mb.append(max(0.0, seconds - startup) / (path.stat().st_size / MB))
                path.unlink()
            growth = f"{per_mb[1] / per_mb[0]:6.2f}x" if per_mb[0] >= 0.05 else "     -"  # too small to compare
            print(f"{kind:<24} {status:>4} " + " ".join(f"{v:>14.2f}" for v in per_mb) + f"   {growth}", flush=True)
            worst = max(worst, (per_mb[1], kind))
    print(f"worst: {worst[1]}, {worst[0]:.2f} s of processor time per MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
