"""`python -m bot.engine`: perft, replay and show, with their output and exit status."""

import subprocess
import sys

import pytest

from bot.engine.cli import main


def test_perft_prints_count_and_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("perft(5) = 1396 ")
    assert "leaves/s" in out


def test_replay_of_a_finished_game_prints_board_counts_and_result(
    capsys: pytest.CaptureFixture[str],
) -> None:
    moves = (
        "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6"
        "a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"
    )
    assert main(["replay", moves]) == 0
    out = capsys.readouterr().out
    assert "Black 34  White 30" in out
    assert "Black wins 34-30" in out


def test_replay_of_an_illegal_transcript_names_the_ply_and_fails(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", "f5", "f5"]) == 1
    err = capsys.readouterr().err
    assert "ply 2" in err and "f5 is not a legal move now: the square is taken" in err


def test_replay_of_malformed_text_fails_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "f5d9"]) == 1
    assert "d9 is not a square" in capsys.readouterr().err


def test_show_prints_board_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "-" * 27 + "OX------XO" + "-" * 27 + " X"]) == 0
    out = capsys.readouterr().out
    assert "Black to move: d3 c4 f5 e6" in out


def test_show_rejects_a_bad_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "XO"]) == 1
    assert "64 characters" in capsys.readouterr().err


def test_module_entry_point_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.engine", "perft", "3"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "perft(3) = 56" in done.stdout


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["perft", "-1"], "argument depth: '-1' is not a whole number from 0 to 60"),
        (["perft", "9" * 23], f"argument depth: '{'9' * 23}' is not a whole number from 0 to 60"),
        (["perft", "61"], "argument depth: '61' is not a whole number from 0 to 60"),
        (["perft", "two"], "argument depth: 'two' is not a whole number from 0 to 60"),
        (["review", "f5", "--nodes", "9" * 23], "argument --nodes: "),
        (["review", "f5", "--nodes", "0"], "argument --nodes: '0' is not a whole number from 1"),
        (["review", "f5", "--exact-empties", "-3"], "argument --exact-empties: '-3' is not"),
        (["review", "f5", "--attempt", "99"], "argument --attempt: '99' is not"),
        (["play", "--level", "9"], "argument --level: invalid choice: 9"),
        ([], "the following arguments are required: command"),
    ],
)
def test_a_bad_command_line_gets_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    captured = capsys.readouterr()
    (line,) = captured.err.splitlines()
    assert (
        line.startswith("python -m bot.engine") and says in line and line.endswith("(see --help)")
    )
    assert captured.out == ""


def test_a_negative_perft_from_the_shell_gets_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot.engine", "perft", "-1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        "python -m bot.engine perft: error: argument depth: '-1' is not a whole number from 0 to"
        " 60 (see --help)\n"
    )
