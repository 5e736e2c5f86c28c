"""The tables as CSV (``stats --out DIR --table-format csv``), for people who live in spreadsheets.

The same folders, parts and columns as the Parquet tables, one ``part-….csv`` file each, with a
header row.  What CSV cannot type is written as text: the typed columns (seats, cards, codes …)
as their values, ``date`` as ``2026-11-24``, and ``tags`` as a JSON array of
``{"name": …, "value": …}`` objects.  Read back (``stats DIR``), every column has its type again.
"""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path
from typing import Any

import polars as pl

from .layout import HIVE_NULL


def csv_frame(frame: pl.DataFrame) -> pl.DataFrame:
    """``frame`` with what CSV cannot hold as text (the tags)."""
    if "tags" not in frame.columns:
        return frame
    tags = [json.dumps(v, ensure_ascii=False) if v is not None else None for v in frame["tags"].to_list()]
    return frame.with_columns(pl.Series("tags", tags, dtype=pl.String))


def _text_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """How the columns are read from CSV before they get their types."""
    return {name: pl.String if isinstance(dtype, (pl.Enum, pl.List)) else dtype for name, dtype in schema.items()}


def _typed(lf: pl.LazyFrame, schema: dict[str, Any]) -> pl.LazyFrame:
    return lf.with_columns(
        pl.col(name).str.json_decode(dtype) if isinstance(dtype, pl.List) else pl.col(name).cast(dtype)
        for name, dtype in schema.items() if isinstance(dtype, (pl.Enum, pl.List))
    )


def scan_csv_table(folder: Path, schema: dict[str, Any], partitioned: bool) -> pl.LazyFrame:
    """A lazy frame over the CSV parts of one table, with the columns typed as in Parquet."""
    parts = sorted(folder.rglob("part-*.csv"))
    if not partitioned:
        return _typed(pl.scan_csv([str(p) for p in parts], schema=_text_schema(schema)), schema).select(list(schema))
    without_event = _text_schema({k: v for k, v in schema.items() if k != "event"})
    frames = []
    for part in parts:
        value = urllib.parse.unquote(part.parent.name.removeprefix("event="))
        event = None if value == HIVE_NULL else value
        frames.append(pl.scan_csv(str(part), schema=without_event).with_columns(pl.lit(event, pl.String).alias("event")))
    return _typed(pl.concat(frames), schema).select(list(schema))
