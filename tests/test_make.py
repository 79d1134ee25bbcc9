"""`make test` prints what its reader acts on: the import contracts' results without their logo,
and no warning about discord.py's voice support, which the bot does not use."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_are_checked_without_the_logo() -> None:
    planned = subprocess.run(
        ["make", "--dry-run", "lint"], cwd=CHECKOUT, capture_output=True, text=True, check=True
    )
    (command,) = [line for line in planned.stdout.splitlines() if "lint-imports" in line]
    done = subprocess.run(
        command, shell=True, cwd=CHECKOUT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "kept, 0 broken" in done.stdout
    assert not any(char in done.stdout for char in "╔╚║═"), done.stdout


def test_the_tests_show_no_warning_from_discord_voice(tmp_path: Path) -> None:
    """discord.py imports the standard library's audioop for voice; Python 3.12 warns that it
    is going. The project's pytest settings silence that one warning, and no other."""
    (tmp_path / "test_imports.py").write_text(
        "import warnings\n"
        "import discord\n\n"
        "def test_imports() -> None:\n"
        "    warnings.warn('another', DeprecationWarning)\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-c",
            str(CHECKOUT / "pyproject.toml"),
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            str(tmp_path),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout
    assert "audioop" not in done.stdout and "another" in done.stdout, done.stdout


def test_the_readme_s_way_to_run_some_of_the_tests_passes_them_to_pytest() -> None:
    readme = (CHECKOUT / "README.md").read_text()
    found = re.search(r'`make test PYTEST_ARGS="([^"]+)"`', readme)
    assert found is not None, "the README says how to run some of the tests"
    planned = subprocess.run(
        ["make", "--dry-run", "test", f"PYTEST_ARGS={found[1]}"],
        cwd=CHECKOUT,
        capture_output=True,
        text=True,
        check=True,
    )
    (command,) = [line for line in planned.stdout.splitlines() if " -m pytest" in line]
    asked = shlex.split(found[1])
    assert shlex.split(command)[-len(asked) :] == asked
