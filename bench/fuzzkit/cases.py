"""One fuzz input from its index: the files to write and the command line to run on them.

``make_case(index, seed, corpus)`` is deterministic: the random source of an input
is seeded with the run's seed and the input's index only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import mutators as m
from .seeds import Corpus, Seed
from .structured import mutate_json, mutate_yaml, set_override

#: stands for the input's folder in a command line
DIR = "{dir}"
RULES_FILE = "fuzz-rules.yaml"

#: how often an input gets a line of about 1 MB; how often a small file is audited with --jobs 2
HUGE_LINE_RATE = 0.003
SMALL_JOBS2_RATE = 0.002
BIG_TEXT_RATE = 0.002
#: no input file is bigger (the 50 MB line is one of the special files)
MAX_FILE_BYTES = 8 * 1024 * 1024
STATS_RATE = 0.002  # each imports polars anew (in a forked child): about 0.5 s


@dataclass
class Case:
    index: int
    files: dict[str, bytes]  # file name (in the input's folder) -> content
    argv: list[str]  # the command line, with DIR for the folder
    kind: str  # text, json, yaml or set: what was mutated
    main_file: str  # the file a minimization shrinks
    steps: list[str] = field(default_factory=list)  # the seed and every mutation, in order

    def args(self, folder: str) -> list[str]:
        return [a.replace(DIR, folder) for a in self.argv]

    @property
    def command(self) -> str:
        """The command and its format or target, for grouping failures (``audit --format lint``)."""
        words = [a for a in self.argv if DIR not in a]
        name = words[0] if words and words[0] in {"fmt", "convert", "stats", "rules"} else "audit"
        detail = [w for w in words if w in {"json", "lint", "text", "egn", "--check", "--write"}]
        jobs = ["--jobs 2"] if "2" in words and "--jobs" in words else []
        return " ".join([name, *detail[:1], *jobs])

    @property
    def size(self) -> int:
        return sum(len(d) for d in self.files.values())


def _window(rng: random.Random, data: bytes, steps: list[str]) -> bytes:
    """Half the time, a run of 20 to 200 lines of a long seed (smaller inputs run faster)."""
    lines = data.splitlines(keepends=True)
    if len(lines) <= 60 or rng.random() < 0.5:
        return data
    length = rng.randint(20, 200)
    start = rng.randrange(max(1, len(lines) - length))
    steps.append(f"lines {start + 1}-{start + length}")
    return b"".join(lines[start:start + length])


def _seed(rng: random.Random, seeds: list[Seed], steps: list[str]) -> bytes:
    seed = rng.choice(seeds)
    steps.append(f"seed {seed.name}")
    return seed.data


def _game_command(rng: random.Random, game: str, big: bool, json_input: bool) -> list[str]:
    """A command that reads a game file: an audit in some format, fmt, convert or stats."""
    choices = [
        (["--format", "text"], 30), (["--format", "json"], 14), (["--format", "lint"], 16),
        (["fmt", "--check"], 4 if json_input else 14), (["fmt", "--write"], 1),
        (["convert", "--to", "egn"], 9), (["convert", "--to", "text"], 7), (["convert", "--to", "json"], 5),
        (["convert", "--to", "egn", "-o", f"{DIR}/out.egn"], 1),
    ]
    if rng.random() < STATS_RATE:
        return ["stats", game, "--jobs", "1", "--by", rng.choice(["player", "team", "seat", "trump-round", "event"])]
    words = rng.choices([c for c, _ in choices], weights=[w for _, w in choices])[0]
    if words[0] == "fmt":
        return [*words, game]
    if words[0] == "convert":
        return ["convert", game, *words[1:]]
    jobs = "2" if big and rng.random() < 0.5 or rng.random() < SMALL_JOBS2_RATE else "1"
    argv = [game, *words, "--jobs", jobs]
    if rng.random() < 0.02:
        argv.insert(1, game)  # the same file twice
    if rng.random() < 0.1:
        argv += ["--rules", rng.choice(["hoyle", "bicycle", "drinking", "euchre32", "australian", "redeal", "rulesets/casual.yaml"])]
    if rng.random() < 0.05:
        argv += ["--set", set_override(rng)]
    return argv


def _text_case(rng: random.Random, index: int, corpus: Corpus, steps: list[str]) -> Case:
    big = rng.random() < BIG_TEXT_RATE
    data = _seed(rng, corpus.big_text if big else corpus.text, steps)
    data = data if big else _window(rng, data, steps)
    data = m.mutate(rng, data, steps)
    if rng.random() < HUGE_LINE_RATE:
        data = m.huge_line(rng, data)
        steps.append("huge_line")
        big = True
    if rng.random() < 0.25:
        data = m.transform(rng, data, steps)
    name = rng.choices(["game.txt", "game.euchre", "game.egn", "game"], weights=[85, 5, 5, 5])[0]
    argv = _game_command(rng, f"{DIR}/{name}", big, json_input=False)
    return Case(index, {name: data}, argv, "text", name, steps)


def _json_case(rng: random.Random, index: int, corpus: Corpus, steps: list[str]) -> Case:
    data = _seed(rng, corpus.json, steps)
    if rng.random() < 0.85:
        data = mutate_json(rng, data, steps)
    if rng.random() < 0.35:
        data = m.mutate(rng, data, steps, max_mutations=3)
    if rng.random() < 0.1:
        data = m.transform(rng, data, steps)
    name = rng.choices(["game.egn", "game.emn", "game.json", "game.txt"], weights=[70, 10, 10, 10])[0]
    argv = _game_command(rng, f"{DIR}/{name}", big=False, json_input=True)
    return Case(index, {name: data}, argv, "json", name, steps)


def _plain_game(rng: random.Random, corpus: Corpus, steps: list[str]) -> bytes:
    return _window(rng, _seed(rng, corpus.text, steps), steps)


def _yaml_case(rng: random.Random, index: int, corpus: Corpus, steps: list[str]) -> Case:
    data = _seed(rng, corpus.yaml, steps)
    if rng.random() < 0.7:
        data = mutate_yaml(rng, data, steps)
    if rng.random() < 0.5:
        data = m.mutate(rng, data, steps, max_mutations=3)
    if rng.random() < 0.1:
        data = m.transform(rng, data, steps)
    game = _plain_game(rng, corpus, steps)
    rules = f"{DIR}/{RULES_FILE}"
    way = rng.choices(["--rules", "tag", "rules", "convert", "stats"], weights=[55, 20, 15, 10, 100 * STATS_RATE])[0]
    if way == "tag":  # the game names the ruleset, relative to its own folder
        game = b"".join(b'[Rules "' + RULES_FILE.encode() + b'"]\n' if line.startswith(b"[Rules") else line
                        for line in game.splitlines(keepends=True))
        if b"[Rules" not in game:
            game = b'[Event "Fuzz"]\n[Rules "' + RULES_FILE.encode() + b'"]\n\n' + game
        argv = [f"{DIR}/game.txt", "--format", rng.choice(["text", "lint", "json"]), "--jobs", "1"]
    elif way == "rules":
        argv = ["rules", rules]
    elif way == "convert":
        argv = ["convert", f"{DIR}/game.txt", "--to", "egn", "--rules", rules]
    elif way == "stats":
        argv = ["stats", f"{DIR}/game.txt", "--jobs", "1", "--rules", rules]
    else:
        argv = [f"{DIR}/game.txt", "--rules", rules, "--format", rng.choice(["text", "lint", "json"]), "--jobs", "1"]
    if rng.random() < 0.1 and way != "tag":
        argv += ["--set", set_override(rng)]
    return Case(index, {RULES_FILE: data, "game.txt": game}, argv, "yaml", RULES_FILE, steps)


def _set_case(rng: random.Random, index: int, corpus: Corpus, steps: list[str]) -> Case:
    game = _plain_game(rng, corpus, steps)
    overrides = [set_override(rng) for _ in range(rng.choice([1, 1, 2, 3]))]
    steps.append("overrides " + " ".join(repr(o) for o in overrides))
    if rng.random() < 0.4:  # a game's own house rules: [Set "a=b; c=d"]
        value = "; ".join(overrides).replace("\\", "\\\\").replace('"', '\\"')
        game = b'[Event "Fuzz"]\n[Set "' + value.encode("utf-8", errors="surrogateescape") + b'"]\n\n' + game
        argv = [f"{DIR}/game.txt", "--format", rng.choice(["text", "lint", "json"]), "--jobs", "1"]
        if rng.random() < 0.3:
            argv = ["convert", f"{DIR}/game.txt", "--to", "egn"]
    else:
        argv = [f"{DIR}/game.txt", "--jobs", "1", "--format", rng.choice(["text", "lint", "json"])]
        for override in overrides:
            argv += ["--set", override]
        if rng.random() < 0.2:
            argv = ["rules", rng.choice(["hoyle", "drinking"]), *argv[5:]]  # only its --set words
    return Case(index, {"game.txt": game}, argv, "set", "game.txt", steps)


#: (kind, weight, builder)
KINDS = [("text", 56, _text_case), ("json", 26, _json_case), ("yaml", 12, _yaml_case), ("set", 6, _set_case)]


def make_case(index: int, seed: int, corpus: Corpus) -> Case:
    """The input number ``index`` of the run with ``seed``."""
    rng = random.Random(f"euchre-fuzz:{seed}:{index}")
    kind, _, build = rng.choices(KINDS, weights=[w for _, w, _ in KINDS])[0]
    case = build(rng, index, corpus, [])
    for name, data in case.files.items():  # a backstop: no mutation should make a file this big
        if len(data) > MAX_FILE_BYTES:
            case.files[name] = data[:MAX_FILE_BYTES]
            case.steps.append(f"{name} cut to {MAX_FILE_BYTES} bytes")
    return case
