"""Square names, transcripts and position strings: round trips and messages for bad input."""

import pytest

from bot.engine import (
    SQUARE_NAMES,
    Color,
    Game,
    InvalidMoveError,
    Position,
    format_transcript,
    parse_square,
    parse_transcript,
    square_name,
)


def test_square_names_round_trip_and_follow_the_rules_sheet() -> None:
    assert square_name(0) == "a1" and square_name(7) == "h1" and square_name(63) == "h8"
    assert parse_square("d3") == 2 * 8 + 3
    for index, name in enumerate(SQUARE_NAMES):
        assert parse_square(name) == index
        assert parse_square(f"  {name.upper()} ") == index


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("d9", "d9 is not a square: use a letter a-h and a number 1-8"),
        ("i1", "i1 is not a square: use a letter a-h and a number 1-8"),
        ("hello", "hello is not a square: use a letter a-h and a number 1-8"),
        ("  ", "an empty move is not a square: use a letter a-h and a number 1-8"),
    ],
)
def test_bad_square_messages(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError) as caught:
        parse_square(text)
    assert str(caught.value) == message
    assert isinstance(caught.value, ValueError)


def test_transcripts_round_trip_tolerating_spaces_and_case() -> None:
    moves = parse_transcript("F5 d6, C3d3 c4")
    assert format_transcript(moves) == "f5d6c3d3c4"
    assert Game.from_transcript("f5d6c3d3c4").transcript() == "f5d6c3d3c4"
    assert parse_transcript("") == []


def test_bad_transcripts() -> None:
    with pytest.raises(InvalidMoveError, match="f5d is not a transcript"):
        parse_transcript("f5d")
    with pytest.raises(InvalidMoveError, match="z9 is not a square"):
        parse_transcript("f5z9")


def test_position_strings_round_trip() -> None:
    text = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
    position = Position.from_string(text)
    assert position.to_string() == text
    assert position.turn is Color.BLACK
    assert position.piece_at("c1") is Color.BLACK and position.piece_at("b2") is Color.WHITE
    assert Position.from_string(Position.initial().to_string()) == Position.initial()
    assert Position.from_string(text.lower()) == position
    white = Position.from_string(text[:-1] + "O")
    assert white.turn is Color.WHITE and Position.from_string(white.to_string()) == white


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X" * 63, "64 characters"),
        ("X" * 64 + " Z", "must be X or O"),
        ("X" * 63 + "Q X", "unexpected 'Q' at h8"),
    ],
)
def test_bad_position_strings(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Position.from_string(text)


def test_diagram_shows_coordinates_discs_and_moves() -> None:
    lines = Position.initial().diagram().splitlines()
    assert lines[0] == "  a b c d e f g h"
    assert lines[3] == "3 . . . * . . . ."
    assert lines[4] == "4 . . * O X . . ."
    assert lines[5] == "5 . . . X O * . ."
