"""The ruling: what the audit says to people, as text to read aloud or as a page to show.

It knows findings and results (:mod:`auditor.results`), never the
rules that produced them.  ``words`` says things in the players' names,
``text`` writes the ruling for a terminal, ``page`` the HTML page (with
``table``, the cards of a hand as the page lays them out), and ``summary``
counts what several games come to.
"""
