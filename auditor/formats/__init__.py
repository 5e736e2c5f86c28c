"""The formats of the audit's report, each a sink (:class:`auditor.formats.sink.Sink`) registered by name.

The audit's loop asks :func:`sink_for` for the sink of ``--format`` and knows none of them: a
sink's module is imported by its name here only when it is chosen.  A new format is one module
with its sink, and a line in :data:`SINKS` (and in :data:`FORMATS` if ``--format`` names it).
"""

from __future__ import annotations

from importlib import import_module

from .sink import Ending, Shown, Sink

#: every format of the audit's report, as ``--format`` and the configuration file name them
FORMATS = ("text", "lint", "json", "jsonl", "github", "sarif", "html")

#: each format's sink: its module (relative to this package, or absolute) and its class; ``site``
#: is ``--format html`` written as a folder of pages (``-o DIR/``)
SINKS: dict[str, tuple[str, str]] = {
    "text": (".text", "TextRuling"),
    "lint": (".lint", "LintLines"),
    "json": (".document", "JsonDocument"),
    "jsonl": (".jsonl", "JsonLines"),
    "github": (".github", "GitHubAnnotations"),
    "sarif": (".sarif", "Sarif"),
    "html": (".html", "HtmlRuling"),
    "site": ("auditor.site.format", "SiteFormat"),
}


def sink_for(name: str, shown: Shown = Shown()) -> Sink:
    """The sink of the format called ``name``, shown as ``shown`` says."""
    module, cls = SINKS[name]
    made: Sink = getattr(import_module(module, __name__), cls)(shown)
    return made


__all__ = ["Ending", "FORMATS", "SINKS", "Shown", "Sink", "sink_for"]
