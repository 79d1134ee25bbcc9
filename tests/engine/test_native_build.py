"""The native core is built wherever it can be, and `REVERSI_ENGINE` chooses the engine: a
machine with a C compiler that ends up with the pure-Python engine fails here rather than
running slowly unnoticed."""

from __future__ import annotations

import importlib.abc
import logging
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from bot.__main__ import log_engine
from bot.config import Config, ConfigError
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
    assert Config.from_mapping({}).engine == "native"
    assert Config.from_mapping({"REVERSI_ENGINE": " Python "}).engine == "python"
    with pytest.raises(ConfigError, match="REVERSI_ENGINE must be native or python"):
        Config.from_mapping({"REVERSI_ENGINE": "c"})


def _without_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a process where `bot.engine.native._core` was never imported."""
    monkeypatch.delattr(native, "_core", raising=False)
    monkeypatch.delitem(sys.modules, f"{native.__name__}._core", raising=False)
    monkeypatch.setenv(native.ENVIRONMENT, "native")
    monkeypatch.setattr(native, "core", None)
    monkeypatch.setattr(native, "description", native.description)


def _start_up_log(caplog: pytest.LogCaptureFixture) -> list[tuple[int, str]]:
    native.select("native")
    with caplog.at_level(logging.INFO, logger="bot"):
        log_engine()
    return [(r.levelno, r.getMessage()) for r in caplog.records]


def test_a_missing_native_core_is_a_warning_at_start_up(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _without_the_core(monkeypatch)
    monkeypatch.setitem(sys.modules, f"{native.__name__}._core", None)  # not importable
    assert native.built() is None
    assert _start_up_log(caplog) == [
        (
            logging.WARNING,
            "Engine: the pure-Python engine: the native core is not built (no C compiler at "
            "install?), so the computer plays more slowly",
        )
    ]


class _Refusing(importlib.abc.MetaPathFinder):
    """Loads the native core as a processor without popcnt would: its init refuses."""

    def find_spec(self, name: str, path: object, target: object = None) -> None:
        if name == f"{native.__name__}._core":
            raise ImportError(
                "the native core needs the popcnt instruction, which this processor lacks"
            )


def test_a_core_this_processor_cannot_run_says_why_at_start_up(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    _without_the_core(monkeypatch)
    monkeypatch.setattr(sys, "meta_path", [_Refusing(), *sys.meta_path])
    assert native.built() is None
    assert _start_up_log(caplog) == [
        (
            logging.WARNING,
            "Engine: the pure-Python engine: the native core does not load here (the native "
            "core needs the popcnt instruction, which this processor lacks), so the computer "
            "plays more slowly",
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
