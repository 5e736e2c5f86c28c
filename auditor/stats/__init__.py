"""Statistics over audited games: polars tables, Parquet folders and summary views."""

from .tables import SCHEMAS, TABLES, TableBatch, scan_tables
from .views import VIEWS, view, view_lazy

__all__ = ["SCHEMAS", "TABLES", "VIEWS", "TableBatch", "scan_tables", "view", "view_lazy"]
