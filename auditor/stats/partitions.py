"""Whether ``stats --partition-by event`` made a folder per game rather than per event.

A league whose every game has an Event of its own (``Week 3, table 2``) partitioned by event writes
a folder of small files per game for each of the six tables: 40,117 files and 489 MB for a season
the unpartitioned tables hold in 202 files and 5.9 MB, and a reader opens every one of them.  The
tables are written as asked, and standard error says so.
"""

from __future__ import annotations

from pathlib import Path

#: a partitioned table of more partitions than this, with fewer games than ``FEW_GAMES`` in each on
#: average, is said to be split too finely
MANY_PARTITIONS = 100
FEW_GAMES = 10


def partition_warning(root: Path) -> str | None:
    """A warning for tables under ``root`` partitioned into many small parts, or None."""
    folder = root / "games"
    try:
        partitions = sum(1 for p in folder.iterdir() if p.is_dir() and p.name.startswith("event="))
    except OSError:
        return None
    if partitions <= MANY_PARTITIONS:
        return None
    import polars as pl

    from .tables import scan_tables

    games = int(scan_tables(root)["games"].select(pl.len()).collect().item())
    if games >= FEW_GAMES * partitions:
        return None
    files = size = 0
    for path in root.rglob("*"):
        if path.is_file():
            files += 1
            size += path.stat().st_size
    return (f"--partition-by event wrote {partitions:,} partitions for {games:,} games ({files:,} files, "
            f"{size / 1e6:,.1f} MB): nearly a folder per game, which every reader opens one by one; "
            "leave --partition-by out when the Event tags name games rather than events")
