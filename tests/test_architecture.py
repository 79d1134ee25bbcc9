"""ARCHITECTURE.md names only what exists: each file or folder it puts in backticks, and each
module (or a module's attribute) it names by its dotted name. The map is read when the test runs,
so it checks whatever the map says now."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "ARCHITECTURE.md"
QUOTED = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"[\w.-]*(/[\w.-]*)*(/|\.(py|pyi|toml|md|c|h|sql))")
DOTTED = re.compile(r"(?:python -m )?((?:bot|rendering|cogs|tests)(?:\.\w+)+)")


def quoted(line: str) -> list[str]:
    return QUOTED.findall(line)


def named_paths(text: str) -> list[tuple[str, tuple[Path, ...]]]:
    """Each path with the folders it may be under: the root for a path with a folder in it
    (`bot/domain/events.py`); the root or, in a table row, anywhere under the folders of the
    row's first cell for a bare name (`events.py` in the row of `bot/domain/`)."""
    named = []
    for line in text.splitlines():
        cells = line.split("|")[1:-1] if line.startswith("|") else []
        bases = tuple(ROOT / p for p in quoted(cells[0]) if p.endswith("/")) if cells else ()
        for path in filter(PATH.fullmatch, quoted(line)):
            named.append((path, (ROOT,) if "/" in path.rstrip("/") else (ROOT, *bases)))
    return named


def exists(path: str, places: tuple[Path, ...]) -> bool:
    root, *bases = places
    found = (next(base.rglob(path.rstrip("/")), None) for base in bases)
    return (root / path).exists() or any(found)


def test_every_path_the_map_names_exists() -> None:
    named = named_paths(ARCHITECTURE.read_text(encoding="utf-8"))
    assert ("bot/services/", (ROOT,)) in named  # the map is read as meant, not found empty
    missing = [path for path, bases in named if not exists(path, bases)]
    assert missing == []


def test_a_bare_file_name_is_looked_for_under_its_rows_folder() -> None:
    row = "| `bot/domain/` | the events (`events.py`) | `nowhere.py` |"
    named = dict(named_paths(row))
    assert named["events.py"] == (ROOT, ROOT / "bot/domain")
    assert exists("events.py", named["events.py"])
    assert not exists("nowhere.py", named["nowhere.py"])
    assert not exists("games.py", (ROOT, ROOT / "rendering"))  # the row's folder, not anywhere


@pytest.mark.parametrize(
    "name",
    sorted(
        {
            match.group(1)
            for code in quoted(ARCHITECTURE.read_text(encoding="utf-8"))
            if (match := DOTTED.fullmatch(code))
        }
    ),
)
def test_every_dotted_name_the_map_names_imports(name: str) -> None:
    module, _, attribute = name.rpartition(".")
    try:
        importlib.import_module(name)
    except ModuleNotFoundError:
        assert hasattr(importlib.import_module(module), attribute), name
