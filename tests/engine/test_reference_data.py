"""Real games and real positions: WTHOR tournament games and the FFO endgame suite."""

import csv
import json
from collections import Counter
from pathlib import Path

from bot.engine import Color, Game, Position, square_name

DATA = Path(__file__).parent.parent / "data"


def read_csv(name: str) -> list[dict[str, str]]:
    with (DATA / "wthor" / name).open(newline="") as handle:
        return list(csv.DictReader(handle))


def test_every_wthor_game_replays_to_its_recorded_result() -> None:
    games = read_csv("wthor_sample_games.csv")
    assert len(games) == 3405
    categories: Counter[str] = Counter()
    for row in games:
        game = Game.from_transcript(row["moves"])
        result = game.result()
        assert result is not None, row["game_id"]
        assert result.black_discs == int(row["final_black"]), row["game_id"]
        assert result.white_discs == int(row["final_white"]), row["game_id"]
        assert result.empties == int(row["empties"]), row["game_id"]
        assert result.black_score == int(row["black_score_wthor"]), row["game_id"]
        passes = [number for number, ply in enumerate(game.plies, start=2) if ply.passed]
        recorded = [int(n) for n in row["pass_before_move"].split()]
        assert passes == recorded, row["game_id"]
        categories[row["category"]] += 1
    assert set(categories) == {
        "regular",
        "has_pass",
        "ends_with_empties",
        "wipeout",
        "draw",
        "draw_with_empties",
    }


def test_unfinished_wthor_games_stop_before_the_end() -> None:
    for row in read_csv("wthor_unfinished_games.csv"):
        game = Game.from_transcript(row["moves"])
        assert not game.is_over(), row["game_id"]
        assert game.position.count(Color.BLACK) == int(row["black_discs_on_board"])
        assert game.position.count(Color.WHITE) == int(row["white_discs_on_board"])


def test_ffo_positions_have_exactly_the_listed_legal_moves() -> None:
    lines = (DATA / "ffo" / "ffo_endgame_1_79.jsonl").read_text().splitlines()
    assert len(lines) == 79
    for line in lines:
        record = json.loads(line)
        position = Position.from_string(f"{record['board']} {record['to_move']}")
        assert position.empties == record["empties"]
        assert position.count(Color.BLACK) == record["n_black"]
        moves = {square_name(square) for square in position.legal_moves()}
        assert moves == set(record["move_scores"]), record["id"]
