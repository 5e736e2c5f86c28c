"""Where the tables live on disk; no polars here, so that the parent process of
``stats`` does not load it (and its memory) until the workers are done."""

from __future__ import annotations

import os
from pathlib import Path

TABLES = ("games", "hands", "plays", "findings", "players", "analysis")  # analysis: rows only with stats --analysis
MARKER = "tables.json"
HIVE_NULL = "__HIVE_DEFAULT_PARTITION__"


def is_tables_dir(path: Path) -> bool:
    return path.is_dir() and (path / MARKER).is_file()


def clear_tables(root: Path) -> None:
    """Remove the parts of an earlier run (only files this package writes)."""
    for table in TABLES:
        folder = root / table
        if not folder.is_dir():
            continue
        for file in sorted([*folder.rglob("part-*.parquet"), *folder.rglob("part-*.csv")]):
            file.unlink()
        for sub in sorted((p for p in folder.rglob("*") if p.is_dir()), key=lambda p: len(p.parts), reverse=True):
            if not any(sub.iterdir()):
                os.rmdir(sub)
    marker = root / MARKER
    if marker.exists():
        marker.unlink()
