"""The native engine core: the one place that decides whether the engine runs its C twin.

The C sources beside this file (`board.h`, `perft.c`, ...) are built by `pip install` into the
extension `_core`, when the machine has a C compiler. `core` is that extension, or None when it
is not built or the environment sets `REVERSI_ENGINE=python`; the Python engine then does the
work itself. Both give the same answers (tests/engine/test_native_*.py): the Python code is the
readable reference, the C code the fast one.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Protocol

ENVIRONMENT = "REVERSI_ENGINE"
"""Set to `python` to run the pure-Python engine even where the native core is built."""


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

    def new_search(self) -> object: ...

    def search_value(
        self,
        search: object,
        player: int,
        opponent: int,
        depth: int,
        alpha: int,
        beta: int,
        seconds: float,
        checks: int,
        /,
    ) -> tuple[int | None, int, int]: ...


def _load() -> tuple[Core | None, str]:
    if os.environ.get(ENVIRONMENT, "").strip().lower() == "python":
        return None, f"the pure-Python engine, as {ENVIRONMENT}=python asks"
    try:
        from bot.engine.native import _core
    except ImportError:
        return None, (
            "the pure-Python engine: the native core is not built (no C compiler at install?), "
            "so the computer plays slower"
        )
    return _core, "the native engine core"


core, DESCRIPTION = _load()
"""The native core or None, and a line saying which engine runs, for the bot's start-up log."""
