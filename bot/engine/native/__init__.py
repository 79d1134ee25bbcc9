"""The native engine core: the one place that decides whether the engine runs its C twin.

The C sources beside this file (`board.h`, `perft.c`, `endgame.c`) are built by `pip install`
into the extension `_core`, when the machine has a C compiler. `core` is that extension, or None
when it is not built or `REVERSI_ENGINE=python` asks for the pure-Python engine; the Python
engine then does the work itself. Both give the same answers (tests/engine/test_native_*.py):
the Python code is the readable reference, the C code the fast one. Callers read `native.core`
when they need it, so that `select` takes effect everywhere.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Protocol

ENVIRONMENT = "REVERSI_ENGINE"
"""`python` runs the pure-Python engine even where the native core is built; `native` (the
default) runs the native core where it is built."""
ENGINES = ("native", "python")


class Endgame(Protocol):
    """One exact endgame search (bot/engine/ai/endgame.py's `EndgameSearch` in C)."""

    @property
    def nodes(self) -> int: ...

    def score(
        self,
        player: int,
        opponent: int,
        alpha: int,
        beta: int,
        seconds: float | None,
        nodes_left: int | None,
        /,
    ) -> tuple[int | None, int | None]: ...


class Core(Protocol):
    """What the extension offers (its stub, `_core.pyi`, says the same for the type checker)."""

    def legal_moves(self, player: int, opponent: int, /) -> int: ...

    def flips(self, player: int, opponent: int, square: int, /) -> int: ...

    def perft(self, player: int, opponent: int, depth: int, /) -> int: ...

    def configure_evaluation(
        self,
        instances: Sequence[tuple[int, Sequence[int]]],
        sizes: Sequence[int],
        stage_width: int,
        weights: bytes,
        /,
    ) -> None: ...

    def evaluate(self, player: int, opponent: int, /) -> int: ...

    def configure_probcut(self, margins: Sequence[int], shallows: Sequence[int], /) -> None: ...

    def new_search(self, probcut: bool, /) -> object: ...

    def search_value(
        self,
        search: object,
        player: int,
        opponent: int,
        depth: int,
        alpha: int,
        beta: int,
        seconds: float | None,
        nodes_left: int | None,
        /,
    ) -> tuple[int | None, int, int | None]: ...

    def Endgame(self) -> Endgame: ...  # the extension's class


def built() -> Core | None:
    """The native core if it is built and loads here, whatever the environment asks."""
    return _import()[0]


def _import() -> tuple[Core | None, str]:
    """The extension, or None and why not: it was not built (no C compiler at install), or it
    was built for a processor feature this one lacks (its own ImportError says which)."""
    try:
        from bot.engine.native import _core
    except ImportError as error:
        if isinstance(error, ModuleNotFoundError) or error.name == __name__:  # none here
            return None, "the native core is not built (no C compiler at install?)"
        return None, f"the native core does not load here ({error})"
    return _core, ""


def _load() -> tuple[Core | None, str]:
    if os.environ.get(ENVIRONMENT, "").strip().lower() == "python":
        return None, f"the pure-Python engine, as {ENVIRONMENT}=python asks"
    extension, why_not = _import()
    if extension is None:
        return None, f"the pure-Python engine: {why_not}, so the computer plays more slowly"
    return extension, "the native engine core"


core, description = _load()
"""The native core or None, and a line saying which engine runs, for the bot's start-up log."""


def select(engine: str) -> None:
    """Run `engine` (one of `ENGINES`) from now on, here and in the worker processes started
    from here, which read the environment."""
    global core, description
    if engine not in ENGINES:
        raise ValueError(f"the engine is one of {', '.join(ENGINES)}, not {engine!r}")
    os.environ[ENVIRONMENT] = engine
    core, description = _load()
