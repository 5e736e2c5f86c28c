"""Statistics over audited games: polars tables, Parquet folders and summary views.

The names below load polars on first use, so that importing the package (as
the command line does) costs nothing until statistics are computed.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SCHEMAS", "TABLES", "VIEWS", "TableBatch", "scan_tables", "view", "view_lazy"]


def __getattr__(name: str) -> Any:
    if name in ("SCHEMAS", "TABLES", "TableBatch", "scan_tables"):
        from . import tables

        return getattr(tables, name)
    if name in ("VIEWS", "view", "view_lazy"):
        from . import views

        return getattr(views, name)
    raise AttributeError(name)
