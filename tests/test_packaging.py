"""The grammar and bundled rulesets are found from a built wheel, from any directory."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

from conftest import ROOT, SAMPLES


def test_wheel_carries_grammar_and_rulesets(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(dist)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = dist.glob("euchre_audit-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
        check=True, capture_output=True, text=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run(
        [str(python), "-c", "import auditor, auditor.resources as r; print(auditor.__file__); print(r.grammar_path())"],
        cwd=elsewhere, check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    assert str(env_dir) in where[0], "the wheel's package, not the source tree, must be imported"
    assert str(env_dir) in where[1]
    # a bundled name, the path as the README writes it (from a directory without rulesets/), an absolute path
    for rules in ("hoyle", "rulesets/hoyle.yaml", str(ROOT / "rulesets" / "hoyle.yaml")):
        run = subprocess.run(
            [str(env_dir / "bin" / "euchre-audit"), str(SAMPLES / "club-night.txt"), "--rules", rules, "--format", "lint"],
            cwd=elsewhere, capture_output=True, text=True,
        )
        assert run.returncode == 1, run.stderr
        assert [line.split()[1] for line in run.stdout.splitlines()] == ["R501", "P701", "L603"]
    listing = subprocess.run([str(env_dir / "bin" / "euchre-audit"), "rules"], cwd=elsewhere, capture_output=True, text=True)
    assert listing.returncode == 0 and "hoyle" in listing.stdout
