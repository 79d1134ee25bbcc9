"""The native core for the differential tests: skipped, with the reason, where it is not built
(tests/engine/test_native_build.py fails instead if it should have been)."""

from __future__ import annotations

import pytest

from bot.engine import native
from bot.engine.native import Core


def native_core() -> Core:
    """The built extension, whatever `REVERSI_ENGINE` says, or skip the test."""
    extension = native.built()
    if extension is None:
        pytest.skip("the native core is not built (no C compiler at install)")
    return extension
