"""The import contracts (`[tool.importlinter]` in pyproject.toml) hold, and would catch an arrow
pointing back up: run on a copy of the tree with one such import added."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """The project's packages and settings, copied."""
    for package in ("bot", "cogs", "rendering", "web"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path


def test_the_layers_are_kept() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("bot/storage/games.py", "from bot.i18n import _", "Storage is persistence only"),
        ("bot/domain/games.py", "import bot.storage", "The domain core has no I/O"),
        ("bot/engine/game.py", "import bot.domain", "The engine is the pure game"),
        ("bot/services/bus.py", "import cogs.core", "The services know no Discord"),
        ("rendering/board.py", "from bot.i18n import _", "Rendering draws what it is given"),
        ("cogs/records/stats.py", "import bot.storage", "Only the services touch storage"),
        ("cogs/core.py", "from bot.app import FEATURES", "The composition root wires"),
        ("bot/client.py", "import bot.app", "The composition root wires"),
    ],
)
def test_an_import_back_up_breaks_a_contract(
    tree: Path, module: str, line: str, contract: str
) -> None:
    path = tree / module
    path.write_text(path.read_text() + f"\n{line}  # noqa\n")

    result = lint_imports(tree)

    assert result.returncode == 1
    broken = [line for line in result.stdout.splitlines() if line.endswith(" BROKEN")]
    assert any(line.startswith(contract) for line in broken), result.stdout
