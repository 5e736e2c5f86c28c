"""The JSON Schema of a ruleset file (``euchre-audit rules --schema``), from the pydantic model.

Editors use it to check and complete the YAML (with the YAML language server, a first line
``# yaml-language-server: $schema=ruleset.schema.json``).  Every key is optional, since a file
changes the ruleset it ``extends``; unknown keys are refused, as the loader refuses them.
"""

from __future__ import annotations

import json

from .. import __version__
from .schema import Ruleset

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def ruleset_schema() -> str:
    schema = Ruleset.model_json_schema(mode="validation")
    document = {
        "$schema": DIALECT,
        "title": f"euchre-audit ruleset ({__version__})",
        "description": "A ruleset for euchre-audit: every rule that varies between clubs. "
        "See docs/rulesets.md for each key.",
        **{k: v for k, v in schema.items() if k != "title"},
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
