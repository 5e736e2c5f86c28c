"""The inputs mutations start from: the samples, generated games, EGN files and rulesets.

The corpus is a function of the run's seed alone (the generated games come from
``tests/gen_games.py``, an independent writer of the notation, with a seeded
random source), so that a run is reproduced from its seed.
"""

from __future__ import annotations

import hashlib
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
EGN_EXAMPLES = ROOT / "tests" / "data" / "egn" / "examples"
RULESETS = ROOT / "rulesets"
#: a file at least this big may be cut into pieces by ``--jobs 2`` (two units of 128 KB)
BIG_BYTES = 300 * 1024


@dataclass(frozen=True)
class Seed:
    name: str  # where it came from, for the reproduction's notes
    data: bytes


@dataclass(frozen=True)
class Corpus:
    text: list[Seed]  # the notation
    big_text: list[Seed]  # the notation, big enough for --jobs 2 to cut
    json: list[Seed]  # EGN, EMN, the model's JSON form
    yaml: list[Seed]  # rulesets

    def describe(self) -> str:
        size = sum(len(s.data) for s in [*self.text, *self.big_text, *self.json, *self.yaml])
        return (f"{len(self.text)} notation files, {len(self.big_text)} big ones, {len(self.json)} JSON files, "
                f"{len(self.yaml)} rulesets ({size / 1e6:.1f} MB, digest {self.digest()})")

    def digest(self) -> str:
        """A fingerprint of every seed: an index names the same input only over the same corpus (the
        samples, rulesets and EGN files of the checkout; adding a ruleset changes most inputs)."""
        h = hashlib.sha256()
        for group in (self.text, self.big_text, self.json, self.yaml):
            for seed in group:
                h.update(seed.name.encode() + b"\0" + hashlib.sha256(seed.data).digest())
        return h.hexdigest()[:12]


def _gen_module():  # type: ignore[no-untyped-def]
    tests = str(ROOT / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    import gen_games

    return gen_games


def generated_games(seed: int, count: int) -> list[Seed]:
    """``count`` games played out and written by tests/gen_games.py, in random styles."""
    gen = _gen_module()
    rng = random.Random(f"euchre-fuzz-seeds:{seed}")
    games = []
    for k in range(count):
        game = gen.random_game(rng, max_hands=rng.choice([3, 10, 30, 80]))
        text = gen.game_text(game, gen.Style.random(rng, sparse=True), event=f"Fuzz seed {seed} game {k}")
        games.append(Seed(f"tests/gen_games.py seed {seed} game {k}", text.encode()))
    return games


def big_games(seed: int, count: int) -> list[Seed]:
    """Files of many generated games, each at least :data:`BIG_BYTES`."""
    gen = _gen_module()
    rng = random.Random(f"euchre-fuzz-big:{seed}")
    files = []
    for k in range(count):
        parts: list[str] = []
        size = 0
        while size < BIG_BYTES:
            text = gen.game_text(gen.random_game(rng), gen.Style.random(rng, sparse=True), event=f"Big {k}.{len(parts)}")
            parts.append(text)
            size += len(text)
        files.append(Seed(f"tests/gen_games.py big file {k} of seed {seed}", "\n".join(parts).encode()))
    return files


def _model_json(sample: Path) -> Seed | None:
    """The sample in the model's own JSON form (``convert --to json``), a format the auditor reads too."""
    try:
        from auditor.modeljson import to_json
        from auditor.sources import read_string

        return Seed(f"{sample.name} as the model's JSON", to_json(list(read_string(sample.read_text("utf-8")))).encode())
    except Exception:  # noqa: BLE001 - a broken converter must not stop the fuzzer; its own inputs will show it
        return None


def load_corpus(seed: int, generated: int = 24, big: int = 2) -> Corpus:
    samples = sorted(SAMPLES.glob("*.txt"))
    text = [Seed(f"samples/{p.name}", p.read_bytes()) for p in samples] + generated_games(seed, generated)
    json_files = sorted(p for p in EGN_EXAMPLES.rglob("*") if p.suffix.lower() in {".egn", ".emn", ".json"})
    json_seeds = [Seed(str(p.relative_to(ROOT)), p.read_bytes()) for p in json_files]
    json_seeds += [s for p in samples if (s := _model_json(p)) is not None]
    yaml = [Seed(f"rulesets/{p.name}", p.read_bytes()) for p in sorted(RULESETS.glob("*.yaml"))]
    return Corpus(text, big_games(seed, big), json_seeds, yaml)
