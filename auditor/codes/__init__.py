"""The finding codes, in modules by the part of the game they judge; :mod:`auditor.findings` re-exports them."""
