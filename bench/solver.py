#!/usr/bin/env python3
"""Benchmark the double-dummy solver against a plain alpha-beta on the same deals (run by hand, not by CI).

    python3 bench/solver.py                          # 20,000 deals; the baseline on the first 200
    python3 bench/solver.py --deals 2000 --baseline-deals 100 --seed 3

Deals are dealt at random (seeded) from the 24-card deck, with a random trump
and first leader, as the four-handed game plays them; lone hands (three seats)
are timed apart.  For each deal, in one process and CPU time:

- a full deal solved from the first lead (the makers' tricks with best play);
- every legal card of the first lead valued (what the per-card view of a hand shows);

and for each, the median, 95th percentile and worst time, and the positions
searched (nodes), which do not depend on the machine.

The baseline, in the same run and on the first ``--baseline-deals`` of the same
deals, is the textbook search the solver is built up from: alpha-beta over
every legal card in hand order, on the same cards-as-bits tables, with no
transposition table, no merging of equivalent cards, no move ordering and no
sure tricks.  Its value must equal the solver's on every deal (the run stops
otherwise), so the comparison is also a check.  Memory is each search's peak of
Python allocations (``tracemalloc``, in a pass of its own, untimed, on the
baseline's deals), and the transposition table's entries.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from auditor.analysis.position import Contract, Position  # noqa: E402
from auditor.analysis.solver import Solver, _bits  # noqa: E402  (the set bits of a mask, as the solver splits them)
from auditor.cards import SUITS, Rank, deck  # noqa: E402

DECK = sorted(deck((Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)), key=str)
SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW", "NS", "EW")
Case = tuple[Position, str]


def deals(count: int, seed: int, alone: bool) -> list[Case]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = list(DECK)
        rng.shuffle(cards)
        hands = [frozenset(cards[i * 5:(i + 1) * 5]) for i in range(4)]
        contract = Contract(rng.choice(SUITS))
        if alone:  # N alone: S sits out; the defenders are E and W
            seats, sides, held = ("N", "E", "W"), ("NS", "EW", "EW"), (hands[0], hands[1], hands[3])
        else:
            seats, sides, held = SEATS, TEAMS, tuple(hands)
        out.append((Position(seats, sides, held, contract, rng.randrange(len(seats))), "NS"))
    return out


# ---------------------------------------------------------------------- the two searches
class Plain:
    """The baseline: alpha-beta over every legal card, nothing else (the solver's bit tables, for a fair race)."""

    def __init__(self, position: Position, side: str) -> None:
        layout = Solver(position, side)  # only its tables: which bit is which card, the suits, the seats
        self.hands, self.counted, self.block, self.trump = list(layout.hands), layout.counted, layout.block, layout.trump_mask
        self.n, self.leader, self.nodes = layout.n, layout.leader, 0

    def value(self) -> int:
        return self._search(self.leader, [], self.leader, -1, 99)

    def card_values(self) -> dict[int, int]:
        p, hand, out = self.leader, self.hands[self.leader], {}
        for b in _bits(hand):
            self.hands[p] = hand ^ b
            out[b] = self._search((p + 1) % self.n, [b], p, -1, 99)
            self.hands[p] = hand
        return out

    def _search(self, p: int, trick: list[int], leader: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        hands, n = self.hands, self.n
        hand = hands[p]
        if not trick and not hand:
            return 0
        legal = (hand & self.block[trick[0]]) or hand if trick else hand
        mine = self.counted[p]
        best = -1 if mine else 99
        for b in _bits(legal):
            hands[p] = hand ^ b
            played = [*trick, b]
            if len(played) == n:
                beats, win, at = self.block[played[0]] | self.trump, played[0], 0
                for i, c in enumerate(played):
                    if c & beats and c > win:
                        win, at = c, i
                w = (leader + at) % n
                v = self.counted[w] + self._search(w, [], w, alpha - self.counted[w], beta - self.counted[w])
            else:
                v = self._search((p + 1) % n, played, leader, alpha, beta)
            hands[p] = hand
            if mine:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


def solver_run(what: str) -> Callable[[Case], tuple[object, int, int]]:
    def run(case: Case) -> tuple[object, int, int]:
        solver = Solver(*case)
        answer = solver.value() if what == "solve" else sorted(solver.card_values().values())
        return answer, solver.nodes, len(solver._engine.tt)
    return run


def plain_run(what: str) -> Callable[[Case], tuple[object, int, int]]:
    def run(case: Case) -> tuple[object, int, int]:
        plain = Plain(*case)
        answer = plain.value() if what == "solve" else sorted(plain.card_values().values())
        return answer, plain.nodes, 0
    return run


# ---------------------------------------------------------------------- measuring
def measure(cases: list[Case], run: Callable[[Case], tuple[object, int, int]]) -> tuple[list[float], list[int], list[object], list[int]]:
    times, nodes, answers, entries = [], [], [], []
    for case in cases:
        start = time.process_time()
        answer, searched, table = run(case)
        times.append(time.process_time() - start)
        nodes.append(searched)
        answers.append(answer)
        entries.append(table)
    return times, nodes, answers, entries


def peaks(cases: list[Case], run: Callable[[Case], tuple[object, int, int]]) -> list[int]:
    """Each search's peak of Python allocations, in bytes (tracemalloc slows everything: not timed)."""
    out = []
    tracemalloc.start()
    for case in cases:
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        run(case)
        out.append(tracemalloc.get_traced_memory()[1] - base)
    tracemalloc.stop()
    return out


def pct(values: list[float] | list[int], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def row(name: str, times: list[float], nodes: list[int]) -> str:
    return (f"{name:46} {statistics.median(times) * 1e3:8.3f} {pct(times, 0.95) * 1e3:8.3f} {max(times) * 1e3:8.3f}   "
            f"{statistics.median(nodes):7.0f} {pct(nodes, 0.95):7.0f} {max(nodes):7d}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=20_000)
    p.add_argument("--baseline-deals", type=int, default=200, help="deals (the first of the same ones) for the baseline and memory")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    few = min(args.baseline_deals, args.deals)
    print(f"Python {platform.python_version()}, one process, CPU time; {args.deals:,} deals of each kind (seed {args.seed}), "
          f"the baseline on the first {few:,}")
    print(f"{'':46} {'ms median':>8} {'p95':>8} {'worst':>8}   {'nodes':>7} {'p95':>7} {'worst':>7}")
    kinds = [
        ("full deal, four hands, from the first lead", deals(args.deals, args.seed, alone=False), "solve"),
        ("full deal, a lone hand (three seats)", deals(args.deals, args.seed + 1, alone=True), "solve"),
        ("every card of the first lead valued", deals(args.deals, args.seed, alone=False), "cards"),
    ]
    memory = []
    for name, cases, what in kinds:
        times, nodes, answers, entries = measure(cases, solver_run(what))
        print(row(name, times, nodes))
        b_times, b_nodes, b_answers, _ = measure(cases[:few], plain_run(what))
        if b_answers != answers[:few]:
            bad = next(i for i, (x, y) in enumerate(zip(answers, b_answers)) if x != y)
            print(f"deal {bad}: the solver says {answers[bad]}, the baseline {b_answers[bad]}", file=sys.stderr)
            return 1
        print(row("  baseline: plain alpha-beta", b_times, b_nodes))
        s_times = times[:few]
        print(f"  {'on the same deals: solver':44} {statistics.median(s_times) * 1e3:8.3f} {pct(s_times, 0.95) * 1e3:8.3f} "
              f"{max(s_times) * 1e3:8.3f}   (median {statistics.median(b_times) / statistics.median(s_times):.0f}x faster, "
              f"total {sum(b_times) / sum(s_times):.0f}x; same values on all {few:,})")
        memory.append((name, peaks(cases[:few], solver_run(what)), peaks(cases[:few], plain_run(what)), entries[:few]))
    print(f"\npeak Python allocations per search, KB (tracemalloc), on the first {few:,} deals; table entries")
    print(f"{'':46} {'solver':>17} {'baseline':>17}   {'entries':>15}")
    print(f"{'':46} {'median':>8} {'worst':>8} {'median':>8} {'worst':>8}   {'median':>7} {'worst':>7}")
    for name, solver_peaks, plain_peaks, entries in memory:
        print(f"{name:46} {statistics.median(solver_peaks) / 1024:8.1f} {max(solver_peaks) / 1024:8.1f} "
              f"{statistics.median(plain_peaks) / 1024:8.1f} {max(plain_peaks) / 1024:8.1f}   "
              f"{statistics.median(entries):7.0f} {max(entries):7d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
