"""GGF records, read back by a small reader of this test's own: the real games of the WTHOR
database and of the GGS archive keep their moves, passes and results."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.engine import Color, Game, Position, parse_square, square_name
from bot.engine.ggf import GgfGame, WonBy, clock_time, ggf, name
from bot.engine.position import Result
from tests.engine.test_reference_data import read_csv

GGS_GAME = (
    "(;GM[Othello]PC[GGS/os]DT[2000-4-16 11:13 EST]PB[fangr]PW[patzer]RB[1457.12]RW[1631.74]"
    "TI[15:00//02:00]TY[8]RE[-40.00]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- "
    "-------- -------- *]B[E6//4.09]W[F4/-48.50/0.93]B[C3//5.52]W[C4/-42.50/0.43]B[D3//1.70]"
    "W[D6/-39.50/0.28]B[F6//4.31]W[C6/-28.55/0.13]B[F5//2.17]W[G5/0.55/0.10]B[G6//2.21]"
    "W[E3/-30.57/0.02]B[F2//1.65]W[F7/-43.63/0.01]B[E7//4.71]W[F3/-43.63]B[H5//1.80]"
    "W[E2/-43.63]B[C5//5.10]W[B6/0.63]B[B4//6.88]W[B5/2.82]B[B3//8.30]W[A4/2.04]B[A3//3.06]"
    "W[H4/-2.55]B[H3//8.17]W[D8/-5.22/0.01]B[C7//9.61]W[D7/-2.40]B[C8//51.08]W[E8/0.90]"
    "B[C2//17.00]W[G4/4.05]B[F1//16.62]W[H6/6.88/0.01]B[G3//11.69]W[H2/12.51/0.01]"
    "B[A5//33.91]W[D2/15.19/0.01]B[E1//2.67]W[B2/13.64/0.01]B[B7//7.38]W[D1/15.94/0.01]"
    "B[G2//5.81]W[A6/15.89/0.01]B[A7//3.84]W[H1/27.21/0.01]B[F8//6.78]W[A8/29.49/0.01]"
    "B[B8//3.80]W[A2/29.39/0.01]B[A1//2.96]W[G1/30.62/0.01]B[C1//3.05]W[B1/30.46/0.01]"
    "B[H7//5.06]W[H8/40.00/0.01]B[pass//1.67]W[G7/40.00/0.01]B[pass//2.10]W[G8];)"
)
"""The first game of GGS's archive `Othello.01e4.ggf` (skatgame.net/mburo/ggs/game-archive),
as a Rust GGF reader's test quotes it: Black passes twice at the end, and loses by 40."""

PROPERTY = re.compile(r"([A-Z]+)\[([^\]]*)\]")
MARKS = {"*": Color.BLACK, "O": Color.WHITE}


@dataclass
class Read:
    properties: dict[str, str]
    squares: list[int]
    passes: list[int]
    """The number of the move each pass came before, counting moves alone (WTHOR's way)."""
    position: Position


def read(text: str) -> Read:
    """A GGF game: its properties, its moves replayed from `BO` (each by the side the record
    names, each pass by a side that had no move), and the passes."""
    text = text.strip()
    assert text.startswith("(;") and text.endswith(";)"), text
    body = text[2:-2]
    pairs = PROPERTY.findall(body)
    assert PROPERTY.sub("", body) == "", "nothing outside the properties"
    properties = {key: value for key, value in pairs if key not in ("B", "W")}
    size, *rows, turn = properties["BO"].split()
    assert size == "8" and len(rows) == 8
    black = white = 0
    for index, mark in enumerate("".join(rows)):
        if mark in MARKS:
            if MARKS[mark] is Color.BLACK:
                black |= 1 << index
            else:
                white |= 1 << index
    position = Position(black, white, MARKS[turn])
    squares: list[int] = []
    passes: list[int] = []
    for key, value in pairs:
        if key not in ("B", "W"):
            continue
        mover = Color.BLACK if key == "B" else Color.WHITE
        assert position.turn is mover, (key, value)
        move = value.split("/")[0]
        if move.upper().startswith("PA"):
            assert not position.has_legal_move() and not position.is_game_over()
            position = position.pass_turn()
            passes.append(len(squares) + 1)
        else:
            square = parse_square(move)
            squares.append(square)
            position = position.play(square)
    return Read(properties, squares, passes, position)


def written(game: Game, result: Result | None, **given: object) -> str:
    fields: dict[str, object] = {"black": "Ann", "white": "Bo", "started": 0.0, **given}
    return ggf(GgfGame(game.moves, result=result, **fields))  # type: ignore[arg-type]


def test_wthor_games_read_back_with_their_moves_passes_and_results() -> None:
    """Every game with a pass, empties left, a wipeout or a draw, and one in ten of the others."""
    rows = read_csv("wthor_sample_games.csv")
    regular = [row for row in rows if row["category"] == "regular"]
    for row in [row for row in rows if row["category"] != "regular"] + regular[::10]:
        game = Game.from_transcript(row["moves"])
        back = read(written(game, game.result()))
        assert "".join(square_name(s) for s in back.squares) == row["moves"], row["game_id"]
        assert back.passes == [int(n) for n in row["pass_before_move"].split()], row["game_id"]
        assert back.position.is_game_over(), row["game_id"]
        assert float(back.properties["RE"]) == int(row["disc_diff_black_minus_white"])


def test_a_ggs_archive_game_keeps_its_result_and_passes_written_again() -> None:
    original = read(GGS_GAME)
    assert original.passes == [59, 60]
    game = Game(original.squares)
    result = game.result()
    assert result is not None
    black, white = result.official_score
    assert black - white == float(original.properties["RE"]) == -40
    again = read(written(game, result))
    assert again.squares == original.squares and again.passes == original.passes
    assert again.properties["RE"] == "-40.00"
    # GGS's own properties, in its order, with its board and its date's shape
    ours = [key for key, _value in PROPERTY.findall(written(game, result, clock=(900, 0)))]
    theirs = [key for key, _value in PROPERTY.findall(GGS_GAME) if key not in ("RB", "RW")]
    assert ours == theirs
    assert again.properties["BO"] == original.properties["BO"]
    assert again.properties["GM"] == "Othello" and again.properties["TY"] == "8"


def test_the_header_says_when_where_who_and_how() -> None:
    game = Game.from_transcript("f5d6c3d3c4")
    text = written(
        game, None, black="Ann [the] \\best\\", white="B\no", started=1_700_000_000, clock=(180, 2)
    )
    back = read(text)
    assert back.properties["PB"] == "Ann (the) /best/" and back.properties["PW"] == "B o"
    assert back.properties["DT"] == "2023.11.14_22:13:20.UTC"
    assert back.properties["TI"] == "03:00/00:02/00:00"
    assert back.properties["RE"] == "?"
    assert text.endswith(";)\n") and text.count("\n") == 1


def test_a_game_won_off_the_board_is_flagged() -> None:
    game = Game.from_transcript("f5d6c3d3c4")
    resigned = Result(3, 6, forfeited_by=Color.WHITE)
    assert read(written(game, resigned, won_by=WonBy.RESIGNATION)).properties["RE"] == "+52.00:r"
    on_time = Result(3, 6, forfeited_by=Color.BLACK)
    assert read(written(game, on_time, won_by=WonBy.TIME)).properties["RE"] == "-58.00:t"
    assert read(written(game, Result(32, 32))).properties["RE"] == "+0.00"


def test_clock_times_and_names() -> None:
    assert clock_time(5) == "00:05" and clock_time(600) == "10:00"
    assert clock_time(10_800) == "03:00:00"
    assert name("  x]y[z\\ ") == "x)y(z/"
