"""The grammar and bundled rulesets are found from a built wheel, from any directory.

The wheel goes into a new venv of its own (no system site-packages: the base
interpreter may lack the dependencies, as CI's does). Its dependencies are
reached through a ``.pth`` file naming the site-packages of the interpreter
running these tests, which has them (the README's test command installs them),
so the wheel's CLI really runs and its output can be checked.
"""

from __future__ import annotations

import site
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

from conftest import ROOT, SAMPLES


def _site_dirs_of_this_interpreter() -> list[str]:
    """Where this interpreter finds lark, polars, pydantic and pyyaml."""
    dirs = [*site.getsitepackages(), sysconfig.get_path("purelib"), sysconfig.get_path("platlib")]
    if site.ENABLE_USER_SITE:
        dirs.append(site.getusersitepackages())
    return list(dict.fromkeys(d for d in dirs if Path(d).is_dir()))


def test_wheel_carries_grammar_and_rulesets(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(dist)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = dist.glob("euchre_audit-*.whl")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=False, with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
        check=True, capture_output=True, text=True,
    )
    env_site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    # plain path lines: the .pth files of those folders (an editable install's among them) are not run,
    # and they come after the venv's own site-packages, so the wheel's package is the one imported
    (Path(env_site) / "_test_dependencies.pth").write_text("\n".join(_site_dirs_of_this_interpreter()) + "\n")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run(
        [str(python), "-c", "import auditor, auditor.resources as r, lark; print(auditor.__file__); print(r.grammar_path())"],
        cwd=elsewhere, check=True, capture_output=True, text=True,
    ).stdout.splitlines()
    assert str(env_dir) in where[0], "the wheel's package, not the source tree, must be imported"
    assert str(env_dir) in where[1]
    cli = str(env_dir / "bin" / "euchre-audit")
    # a bundled name, the path as the README writes it (from a directory without rulesets/), an absolute path
    for rules in ("hoyle", "rulesets/hoyle.yaml", str(ROOT / "rulesets" / "hoyle.yaml")):
        run = subprocess.run(
            [cli, str(SAMPLES / "club-night.txt"), "--rules", rules, "--format", "lint"],
            cwd=elsewhere, capture_output=True, text=True,
        )
        assert "Traceback" not in run.stderr, run.stderr
        lines = run.stdout.splitlines()
        assert [line.split()[1] for line in lines] == ["R501", "P701", "L603"], (run.stdout, run.stderr)
        assert lines[0].startswith(f"{SAMPLES / 'club-night.txt'}:26:22: R501 ")
        assert run.returncode == 1, run.stderr  # the sample's findings are errors
    # the ruling's templates and style sheet travel in the wheel
    page = subprocess.run([cli, str(SAMPLES / "club-night.txt"), "--format", "html"], cwd=elsewhere, capture_output=True, text=True)
    assert "Traceback" not in page.stderr, page.stderr
    assert page.stdout.count('<section class="game"') == 1 and ".card.fault" in page.stdout
    listing = subprocess.run([cli, "rules"], cwd=elsewhere, capture_output=True, text=True)
    assert "Traceback" not in listing.stderr, listing.stderr
    assert listing.returncode == 0
    listed = [line.split()[0] for line in listing.stdout.splitlines()]
    assert sorted(listed) == sorted(p.stem for p in (ROOT / "rulesets").glob("*.yaml"))
