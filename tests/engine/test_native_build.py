"""The native core is built wherever it can be, and `REVERSI_ENGINE` chooses the engine: a
machine with a C compiler that ends up with the pure-Python engine fails here rather than
running slowly unnoticed."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bot.__main__ import log_engine
from bot.config import Settings, SettingsError
from bot.engine import native

CHECKOUT = Path(__file__).resolve().parents[2]


def _compiler() -> str | None:
    """The C compiler Python's own build used, if this machine has it."""
    command = (sysconfig.get_config_var("CC") or "").split()
    return shutil.which(command[0]) if command else None


def test_the_native_core_is_built_where_a_compiler_is() -> None:
    compiler = _compiler()
    if compiler is None:
        pytest.skip("no C compiler here: the pure-Python engine is the one to install")
    assert native.built() is not None, (
        f"{compiler} is here but the native core is not built: `pip install -e .` (`make "
        "test` does it) compiles bot/engine/native/; its output says what failed"
    )


def _engine_in_a_process(**environment: str) -> str:
    """Which engine a fresh process runs, as its start-up line says."""
    env = {k: v for k, v in os.environ.items() if k != native.ENVIRONMENT}
    env.update(environment, PYTHONPATH=str(CHECKOUT))
    return subprocess.run(
        [sys.executable, "-c", "from bot.engine import native; print(native.description)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_the_environment_can_ask_for_the_pure_python_engine() -> None:
    assert _engine_in_a_process(REVERSI_ENGINE="python") == (
        "the pure-Python engine, as REVERSI_ENGINE=python asks"
    )
    if native.built() is not None:
        assert _engine_in_a_process() == "the native engine core"
        assert _engine_in_a_process(REVERSI_ENGINE="native") == "the native engine core"


def test_select_switches_the_engine_here_and_for_the_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(native.ENVIRONMENT, "native")
    monkeypatch.setattr(native, "core", native.core)
    monkeypatch.setattr(native, "description", native.description)
    native.select("python")
    assert native.core is None
    assert os.environ[native.ENVIRONMENT] == "python"  # spawned workers read it
    native.select("native")
    assert native.core is native.built()
    with pytest.raises(ValueError):
        native.select("fast")


def test_the_setting_takes_native_or_python_only() -> None:
    assert Settings.from_mapping({}).engine == "native"
    assert Settings.from_mapping({"REVERSI_ENGINE": " Python "}).engine == "python"
    with pytest.raises(SettingsError, match="REVERSI_ENGINE must be native or python"):
        Settings.from_mapping({"REVERSI_ENGINE": "c"})


def test_a_missing_native_core_is_a_warning_at_start_up(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(native, "built", lambda: None)
    monkeypatch.setenv(native.ENVIRONMENT, "native")
    monkeypatch.setattr(native, "core", None)
    monkeypatch.setattr(native, "description", native.description)
    native.select("native")
    with caplog.at_level(logging.INFO, logger="bot"):
        log_engine()
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (
            logging.WARNING,
            "Engine: the pure-Python engine: the native core is not built (no C compiler at "
            "install?), so the computer plays more slowly",
        )
    ]


def test_the_pure_python_engine_asked_for_is_no_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(native.ENVIRONMENT, "python")
    monkeypatch.setattr(native, "core", native.core)
    monkeypatch.setattr(native, "description", native.description)
    native.select("python")
    with caplog.at_level(logging.INFO, logger="bot"):
        log_engine()
    assert [(r.levelno, r.getMessage()) for r in caplog.records] == [
        (logging.INFO, "Engine: the pure-Python engine, as REVERSI_ENGINE=python asks")
    ]
