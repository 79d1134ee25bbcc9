"""`python -m bot.engine play | solve | engine` and the engine's line protocol."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bot.engine import Position
from bot.engine.ai.protocol import answer, serve
from bot.engine.cli import main

START = "-" * 27 + "OX------XO" + "-" * 27
FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--"
WHITE_MUST_PASS = "X" * 61 + "O--"


def test_solve_prints_best_move_and_final_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", f"{FFO_1} X"]) == 0
    out = capsys.readouterr().out
    assert "Black to move: best g8, final score +18 for Black" in out
    assert "Perfect play ends Black 41 - White 23" in out


def test_solve_lists_every_best_move(capsys: pytest.CaptureFixture[str]) -> None:
    ffo_4 = "-XXXXXX-X-XXXOO-XOXXXOOXXXOXOOOX-OXOOXXX--OOOXXX--OOXX----XOXXO-"
    assert main(["solve", f"{ffo_4} X"]) == 0
    assert "best a5 h8, final score +0" in capsys.readouterr().out


def test_solve_rejects_bad_input_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "XOXO", "X"]) == 1
    assert capsys.readouterr().err.startswith("error: a position is 64 characters")
    assert main(["solve", "X" * 64, "O"]) == 1
    assert "the game is over" in capsys.readouterr().err


def test_protocol_answers_moves_passes_and_errors() -> None:
    opening = answer(f"position {START} X 100")
    assert opening.split()[0] == "move"
    square = opening.split()[1]
    assert Position.initial().is_legal(square)
    assert answer(f"position {WHITE_MUST_PASS} O 100") == "move pass"
    assert answer(f"position {WHITE_MUST_PASS} X 100") == "move g8"
    assert answer("go").startswith("error expected: position")
    assert answer(f"position {START} X soon").startswith("error the time must be")
    assert answer(f"position {START} X -5").startswith("error the time budget must be")
    assert answer(f"position {START[:60]} X 100").startswith("error a position is 64")
    assert (
        answer(f"position {'X' * 64} O 100") == "error the game is over: there is no move to choose"
    )


def test_protocol_session_stops_at_quit() -> None:
    replies: list[str] = []
    lines = ["", f"position {WHITE_MUST_PASS} X 50", "quit", f"position {START} X 50"]
    serve(lines, replies.append)
    assert replies == ["move g8"]


def test_engine_command_talks_over_stdin_and_stdout() -> None:
    requests = f"position {START} X 200\nposition {WHITE_MUST_PASS} O 50\n"
    done = subprocess.run(
        [sys.executable, "-m", "bot.engine", "engine"],
        input=requests,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    lines = done.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0] in {"move d3", "move c4", "move f5", "move e6"}
    assert lines[1] == "move pass"


def test_play_command_plays_a_game_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("d9\nc3\nf5\nquit\n"))
    assert main(["play", "--level", "1", "--colour", "black"]) == 0
    out = capsys.readouterr().out
    assert "Level 1, Beginner" in out
    assert "d9 is not a square" in out
    assert "c3 is not a legal move now" in out
    assert "Computer plays" in out


def test_play_command_as_white_lets_the_computer_open(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--level", "2", "--colour", "white"]) == 0
    out = capsys.readouterr().out
    assert out.count("Computer plays") == 1
