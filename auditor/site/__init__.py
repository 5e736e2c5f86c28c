"""The HTML ruling of a season as a site: ``--format html -o DIR/``.

``DIR/index.html`` lists every game (its file, event, date, players, the sheet's score against the
corrected one, its findings by kind) with a link to ``DIR/games/NAME.html``, a page a game that a
browser opens at once whatever the size of the season.  The index sorts and filters by player and
finding code in the browser, without a server; each game page steps through a hand trick by trick
(the viewer, ``auditor/ruling/templates/site/stepper.js``).  Without JavaScript both pages are the
static ruling.

Nothing is loaded from anywhere: the style sheet and the two small scripts are in the pages, and
each page's Content-Security-Policy allows its own script by hash and nothing else.  Every value
from a file is escaped by Jinja2, and the scripts only ever set text.

It is a sink of the audit (:class:`auditor.formats.sink.Sink`): each game's page is written where
the game is audited (a worker, with ``--jobs``) and its line of the index goes on to the parent,
which writes the index at the end.  :func:`open_site` gives the stream the audit writes to.
"""

from __future__ import annotations

from .format import SiteFormat
from .writer import SiteError, SiteWriter, open_site

__all__ = ["SiteError", "SiteFormat", "SiteWriter", "open_site"]
