"""The search itself: alpha-beta over cards as bits, for :class:`~auditor.analysis.solver.Solver`.

Cards are single bits, numbered suit by suit (the trump suit last), each suit
from its lowest card to its highest, so ``b > win`` says whether a card of the
suit led or a trump beats the card winning the trick.  A hand is the integer of
its cards' bits.  The functions are closures over the deal's tables, built
once per solver: their variables are the fastest Python has.

Values are the tricks the counted side takes from the trick in progress on;
the search is fail-soft (a value outside the window ``(alpha, beta)`` is a
bound on the true value, on the side of the window it fell).
"""

from __future__ import annotations

from collections.abc import Callable


class SearchLimit(RuntimeError):
    """The search needed more positions than it is allowed: no answer, rather than unbounded work."""


class Engine:
    """The search over one deal: ``run(p, trick, leader, alpha, beta)`` from the position the hands are in.

    ``hands`` is the solver's list of hands (integers), changed in place as
    cards are tried and put back; ``counted[i]`` says whether seat ``i`` plays
    for the counted side; ``block`` maps a card to the cards of its suit;
    ``owner`` a card to its seat.  ``tt`` and ``endings`` outlive a search:
    they hold what is known of positions of this deal.
    """

    def __init__(self, hands: list[int], counted: tuple[bool, ...], block: dict[int, int], suit_masks: list[int],
                 trump_mask: int, owner: dict[int, int], max_nodes: int) -> None:
        self.nodes = 0
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.endings: dict[int, tuple[int, int]] = {}
        self.run: Callable[[int, list[int], int, int, int], int] = self._build(
            hands, counted, block, suit_masks, trump_mask, owner, max_nodes)

    def _build(self, hands: list[int], counted: tuple[bool, ...], block: dict[int, int], suit_masks: list[int],
               trump_mask: int, owner: dict[int, int], limit: int) -> Callable[[int, list[int], int, int, int], int]:
        engine = self
        n = len(hands)
        nxt = [(i + 1) % n for i in range(n)]
        plain_masks = [m for m in suit_masks if m != trump_mask]
        codes: list[dict[int, int]] = [{} for _ in suit_masks]
        tt, endings = self.tt, self.endings
        above_of = {b: m & ~((b << 1) - 1) for b, m in block.items()}  # the cards of a card's suit above it
        state = [0]  # the cards still in play: in a hand, or in the trick in progress
        nodes = 0

        def key(p: int, live: int) -> tuple[int, ...]:
            """The position at the start of a trick by relative ranks: who holds each suit's cards, top to bottom."""
            out = [p]
            for i, m in enumerate(suit_masks):
                part = live & m
                memo = codes[i]
                code = memo.get(part)
                if code is None:
                    code = 1
                    rest = part
                    while rest:
                        low = rest & -rest
                        code = code * n + owner[low]
                        rest ^= low
                    memo[part] = code
                out.append(code)
            return tuple(out)

        def last_trick(p: int) -> int:
            """Whether the side wins the last trick, which ``p`` leads (every seat holds one card)."""
            win = hands[p]
            winner, beats = p, block[win] | trump_mask
            q = nxt[p]
            while q != p:
                c = hands[q]
                if c & beats and c > win:
                    win, winner = c, q
                q = nxt[q]
            return counted[winner]

        def ending(p: int, alpha: int, beta: int) -> int:
            """The side's tricks of the last two, which ``p`` leads; bounds kept by the exact cards left."""
            k = state[0] * n + p
            entry = endings.get(k)
            if entry is not None:
                lo, hi = entry
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            tl = state[0] & trump_mask
            if tl:  # whoever holds the top trump wins a trick with it, and both with the top two
                top = 1 << (tl.bit_length() - 1)
                x = owner[top]
                sure = 2 if (tl ^ top) and hands[x] & (1 << ((tl ^ top).bit_length() - 1)) else 1
                if counted[x]:
                    if sure >= beta or sure == 2:
                        return sure
                    if sure > alpha:
                        alpha = sure
                else:
                    if 2 - sure <= alpha or sure == 2:
                        return 2 - sure
                    if 2 - sure < beta:
                        beta = 2 - sure
            hand = hands[p]
            mine = counted[p]
            best = -1 if mine else 3
            a, z = alpha, beta
            low = hand & -hand
            q = nxt[p]
            for b in (hand ^ low, low):
                hands[p] = hand ^ b
                blk = block[b]
                v = end_follow(q, blk | trump_mask, blk, b, p, a, z)
                hands[p] = hand
                if mine:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= z:
                                break
                elif v < best:
                    best = v
                    if v < z:
                        z = v
                        if a >= z:
                            break
            lo, hi = endings.get(k, (0, 2))
            if best <= alpha:
                if best < hi:
                    hi = best
            elif best >= beta:
                if best > lo:
                    lo = best
            else:
                lo = hi = best
            endings[k] = (lo, hi)
            return best

        def end_follow(q: int, beats: int, led: int, win: int, winner: int, alpha: int, beta: int) -> int:
            """The rest of the second-last trick from seat ``q`` on, then the last trick."""
            hand = hands[q]
            legal = hand & led or hand
            mine = counted[q]
            best = -1 if mine else 3
            nq = nxt[q]
            more = hands[nq] & (hands[nq] - 1)  # the next seat has not played to this trick yet
            m = legal
            while m:
                b = m & -m
                m ^= b
                hands[q] = hand ^ b
                if b & beats and b > win:
                    v = end_follow(nq, beats, led, b, q, alpha, beta) if more else counted[q] + last_trick(q)
                else:
                    v = end_follow(nq, beats, led, win, winner, alpha, beta) if more else counted[winner] + last_trick(winner)
                hands[q] = hand
                if mine:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            return best

        def lead(p: int, alpha: int, beta: int) -> int:
            """A trick to lead, with three or more to play: the table, sure tricks, then each card."""
            nonlocal nodes
            nodes += 1
            if nodes > limit:
                raise SearchLimit(f"more than {limit} positions")
            live = state[0]
            k = key(p, live)
            entry = tt.get(k)
            first = 0
            if entry is not None:
                lo, hi, first = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            hand = hands[p]
            # sure tricks: whoever holds the top trumps wins a trick with each of them; a leader who
            # holds every trump then cashes the top cards of the other suits
            sure, x = 0, p
            cur = tl = live & trump_mask
            if tl:
                x = owner[1 << (tl.bit_length() - 1)]
                hx = hands[x]
                while cur:
                    top = 1 << (cur.bit_length() - 1)
                    if not top & hx:
                        break
                    sure += 1
                    cur ^= top
            if not cur and x == p:
                for sm in plain_masks:
                    cur = live & sm
                    while cur:
                        top = 1 << (cur.bit_length() - 1)
                        if not top & hand:
                            break
                        sure += 1
                        cur ^= top
            if sure:
                left = bin(hand).count("1")
                if sure > left:
                    sure = left
                if counted[x]:
                    if sure >= beta:
                        return sure
                    if sure > alpha:
                        alpha = sure
                else:
                    if left - sure <= alpha:
                        return left - sure
                    if left - sure < beta:
                        beta = left - sure
            # one card of each run of equivalent cards (its highest); the top cards of their suits first,
            # highest first, then small cards, lowest first; the best card found before goes first of all
            tops: list[int] = []
            small: list[int] = []
            m = hand
            while m:
                b = m & -m
                m ^= b
                above = live & above_of[b]
                if not above:
                    tops.append(b)
                elif not (above & -above) & hand:
                    small.append(b)
            tops.reverse()
            tops += small
            if first and first != tops[0] and first in tops:
                tops.remove(first)
                tops.insert(0, first)
            mine = counted[p]
            best = -1 if mine else 99
            a, z = alpha, beta
            chosen = 0
            q = nxt[p]
            for b in tops:
                hands[p] = hand ^ b
                blk = block[b]
                v = follow(q, 1, blk, blk | trump_mask, b, p, b, a, z)
                hands[p] = hand
                if mine:
                    if v > best:
                        best, chosen = v, b
                        if v > a:
                            a = v
                            if a >= z:
                                break
                elif v < best:
                    best, chosen = v, b
                    if v < z:
                        z = v
                        if a >= z:
                            break
            lo, hi, _ = tt.get(k, (0, 99, 0))
            if best <= alpha:
                if best < hi:
                    hi = best
            elif best >= beta:
                if best > lo:
                    lo = best
            else:
                lo = hi = best
            tt[k] = (lo, hi, chosen)
            return best

        def follow(p: int, count: int, led: int, beats: int, win: int, winner: int, tmask: int, alpha: int, beta: int) -> int:
            """A card to the trick in progress: ``count`` cards are on it, ``win`` is winning it for ``winner``."""
            nonlocal nodes
            nodes += 1
            if nodes > limit:
                raise SearchLimit(f"more than {limit} positions")
            hand = hands[p]
            live = state[0]
            legal = hand & led or hand
            if not legal & (legal - 1):
                over = [legal]  # one legal card
            else:
                over = []  # cards that take the trick from the other side, lowest first
                under: list[int] = []
                taking = counted[winner] != counted[p]
                m = legal
                while m:
                    b = m & -m
                    m ^= b
                    above = live & above_of[b]
                    if above and (above & -above) & hand:
                        continue  # the next card up in play is this seat's too: the same card
                    if taking and b & beats and b > win:
                        over.append(b)
                    else:
                        under.append(b)
                over += under
            mine = counted[p]
            best = -1 if mine else 99
            a, z = alpha, beta
            if count == n - 1:  # the trick's last card
                for b in over:
                    hands[p] = hand ^ b
                    wp = p if b & beats and b > win else winner
                    t = counted[wp]
                    state[0] = live & ~(tmask | b)
                    h = hands[wp]
                    r = h & (h - 1)
                    if not r:
                        v = t + last_trick(wp) if h else t
                    elif not r & (r - 1):
                        v = t + ending(wp, a - t, z - t)
                    else:
                        v = t + lead(wp, a - t, z - t)
                    state[0] = live
                    hands[p] = hand
                    if mine:
                        if v > best:
                            best = v
                            if v > a:
                                a = v
                                if a >= z:
                                    break
                    elif v < best:
                        best = v
                        if v < z:
                            z = v
                            if a >= z:
                                break
                return best
            q = nxt[p]
            for b in over:
                hands[p] = hand ^ b
                if b & beats and b > win:
                    v = follow(q, count + 1, led, beats, b, p, tmask | b, a, z)
                else:
                    v = follow(q, count + 1, led, beats, win, winner, tmask | b, a, z)
                hands[p] = hand
                if mine:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                            if a >= z:
                                break
                elif v < best:
                    best = v
                    if v < z:
                        z = v
                        if a >= z:
                            break
            return best

        def next_trick(p: int, alpha: int, beta: int) -> int:
            """The side's tricks from a trick that ``p`` leads on."""
            hand = hands[p]
            if not hand:
                return 0
            rest = hand & (hand - 1)
            if not rest:
                return last_trick(p)
            if not rest & (rest - 1):
                return ending(p, alpha, beta)
            return lead(p, alpha, beta)

        def run(p: int, trick: list[int], leader: int, alpha: int, beta: int) -> int:
            nonlocal nodes
            live = 0
            for h in hands:
                live |= h
            tmask = 0
            for b in trick:
                tmask |= b
            state[0] = live | tmask
            nodes = engine.nodes
            try:
                if not trick:
                    return next_trick(p, alpha, beta)
                led = block[trick[0]]
                beats = led | trump_mask
                win_at, win = 0, trick[0]
                for i, b in enumerate(trick):
                    if b & beats and b > win:
                        win_at, win = i, b
                return follow(p, len(trick), led, beats, win, (leader + win_at) % n, tmask, alpha, beta)
            finally:
                engine.nodes = nodes

        return run
