"""What the cards could have done: a double-dummy solver and what the audit asks of it.

- :mod:`.position`: a position of a hand whose cards are all known (the seats in
  play in turn order, a side per seat, the hands, the trick in progress), and
  its contract (a trump suit, or no trump high or low);
- :mod:`.solver`: alpha-beta search with a transposition table keyed on
  relative ranks, equivalent cards merged, and move ordering; the value of a
  position, of each legal card, whether a side is sure of every trick, the
  line of best play;
- :mod:`.replayed`: positions taken from a hand's results (the start of the
  play, the moment of a claim, the moment before an offence);
- :mod:`.asked`, :mod:`.ruling`: what the replay asks (a hand as a frozen
  value) and what it is answered; :mod:`.claims`, :mod:`.gains`: what the
  audit rules on a claim, and what a renege or an illegal left-bower follow
  gained;
- :mod:`.quality`, :mod:`.par`: the play-quality and par figures of
  ``stats --analysis``.

The analysis imports nothing of the replay: it works on positions and
results.  The replay asks it only for a hand with a claim or an offence, so a
record that needs no analysis pays nothing but the import.
"""
