"""Standings: a night's or a season's players ranked, as the score sheets had them and as corrected.

``box`` makes a player's line of each game (the ``players`` table of the
statistics), ``compute`` (with :mod:`auditor.night`, which checks that nobody
sat at two tables in one round) sums the lines with polars (lazily, over Parquet), ``rank`` ranks
the totals and says what each correction did, ``render`` writes text, CSV and
JSON, and ``command`` is ``euchre-audit standings``.
"""
