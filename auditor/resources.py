"""Find the grammar and the bundled rulesets, installed editable or from a wheel.

A wheel carries them inside the package (``auditor/grammar``,
``auditor/rulesets``); a source checkout or an editable install finds them at
the top of the project.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"the {name}/ folder is missing from this installation")


def grammar_path() -> Path:
    return _data_dir("grammar") / "euchre.lark"


@lru_cache(maxsize=1)
def grammar_text() -> str:
    return grammar_path().read_text(encoding="utf-8")


def rulesets_dir() -> Path:
    return _data_dir("rulesets")


def bundled_rulesets() -> dict[str, Path]:
    """Bundled ruleset names mapped to their files, sorted by name."""
    return {p.stem: p for p in sorted(rulesets_dir().glob("*.yaml"))}
