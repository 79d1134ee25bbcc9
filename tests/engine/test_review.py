"""Post-game reviews in the engine: exact values against the solver and the FFO suite, marks,
accuracy, the turning point, openings, determinism, and `python -m bot.engine review`."""

from __future__ import annotations

import csv
import json
import math
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Color, Game, Position, parse_transcript, square_name
from bot.engine.ai import solve
from bot.engine.ai.analysis import PositionAnalysis, ReviewBudget, analyse_position
from bot.engine.cli import main
from bot.engine.openings import SYMMETRIES, normalise, opening_of, openings
from bot.engine.review import (
    Mark,
    accuracy,
    build_review,
    margin_for,
    mark_for,
    positions_of,
    review_game,
    turning_point,
)

DATA = Path(__file__).parents[1] / "data"
SMALL = 100  # nodes of midgame search a position: the midgame is not what these tests check

# WTH_1977#2's first 48 moves, then the solver's best moves but one: Black, winning by 12 with
# 10 empties at move 51, plays g2 and loses by 10 (White wins 37-27).
BLUNDERED = (
    "f5f6e6f4f3d6c6d3g6e7g5d7c7h5c3h6e3b6c5d8c8b8a6b5g4d2e1c1f2h4a5e2f8b3f7g1h3h2g3a4c4b4"
    "c2b1a3a7a8e8d1f1g2h1h7h8b7a2b2a1g8g7"
)


def wthor(index: int) -> str:
    with (DATA / "wthor" / "wthor_sample_games.csv").open(newline="") as handle:
        return str(list(csv.DictReader(handle))[index]["moves"])


def ffo(number: int) -> dict[str, Any]:
    with (DATA / "ffo" / "ffo_endgame_1_79.jsonl").open() as handle:
        entries = [json.loads(line) for line in handle]
    return next(entry for entry in entries if entry["id"] == number)


def for_black(position: Position, score: float) -> float:
    return score if position.turn is Color.BLACK else -score


def test_best_play_from_14_empties_has_no_mistake_and_the_solver_s_values() -> None:
    game = Game.from_transcript(wthor(2)[: 2 * 46])
    assert game.position.empties == 14
    while not game.is_over():
        game.play(solve(game.position).moves[0])

    review = review_game(game, ReviewBudget(SMALL, exact_empties=14, attempt_empties=14))

    endgame = review.moves[46:]
    assert endgame and all(move.exact for move in endgame) and review.exact_from == 47
    for move in endgame:
        assert move.mark is Mark.BEST and move.loss == 0 and move.best_move == move.square
        assert (
            move.best_value == move.played_value == for_black(move.before, solve(move.before).score)
        )
    result = game.result()
    assert result is not None
    assert review.values[-1] == result.black_score - result.white_score
    assert review.move(47).depth == 14  # exact values are as deep as the empties


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6, 7])
def test_ffo_positions_agree_with_the_published_best_move_and_scores(number: int) -> None:
    entry = ffo(number)
    scores: dict[str, int] = entry["move_scores"]
    worst = min(scores, key=scores.__getitem__)

    analysis = analyse_position(f"{entry['board']} {entry['to_move']}", parse_transcript(worst)[0])

    assert analysis.exact
    assert square_name(analysis.best_move) in entry["best_moves"]
    assert analysis.best_score == entry["best_score"]
    assert analysis.played_score == scores[worst]
    assert analysis.loss == entry["best_score"] - scores[worst] > 8
    assert mark_for(analysis.loss) is Mark.BLUNDER


def test_a_known_blunder_is_marked_as_one() -> None:
    """FFO #1: g8 keeps Black 18 ahead with best play; a4 ends 22 behind, a 40-disc blunder."""
    entry = ffo(1)
    analysis = analyse_position(f"{entry['board']} X", parse_transcript("a4")[0])
    assert (analysis.best_score, analysis.played_score, analysis.loss) == (18, -22, 40)
    assert mark_for(analysis.loss) is Mark.BLUNDER
    assert square_name(analysis.best_move) == "g8"
    best = analyse_position(f"{entry['board']} X", parse_transcript("g8")[0])
    assert best.loss == 0 and mark_for(best.loss) is Mark.BEST


def test_the_turning_point_of_a_constructed_game_is_its_blunder() -> None:
    review = review_game(BLUNDERED, ReviewBudget(SMALL, exact_empties=12, attempt_empties=12))

    assert review.outcome == -1 and review.turning_point == 51
    blunder = review.move(51)
    assert (blunder.color, square_name(blunder.square), blunder.mark) == (
        Color.BLACK,
        "g2",
        Mark.BLUNDER,
    )
    assert (blunder.best_value, blunder.played_value, blunder.loss) == (12, -10, 22)
    assert all(move.mark is Mark.BEST for move in review.moves[48:] if move.number != 51)
    assert review.black.worst == blunder and review.black.marks[Mark.BLUNDER] >= 1


def test_the_turning_point_follows_its_definition() -> None:
    exact = [True] * 6
    # Black ahead, then behind for good from move 3: the turning point is move 3.
    assert turning_point([4, 2, 2, -2, -4, -4], exact, -1) == 3
    # Behind, ahead for a move, behind again: only the last change counts.
    assert turning_point([-2, 2, -2, -2, -2, -2], exact, -1) == 2
    assert turning_point([2, 2, 2, 2, 2, 2], exact, 1) is None  # never in doubt
    assert turning_point([2, 2, 2, 2, 2, -2], exact, 1) is None  # decided off the board
    assert turning_point([2, 2, 2, 2, 2, 2], exact, None) is None  # no result
    assert turning_point([2, 2, 0, 0, 0, 0], exact, 0) == 2  # a draw, secured at move 2
    # An estimate within 2 discs calls the game even.
    estimates = [False] * 4 + [True] * 2
    assert turning_point([1.5, 1.9, 3.5, 2.5, 2, 2], estimates, 1) == 2


def test_marks_and_accuracy() -> None:
    assert [mark_for(loss) for loss in (0, 0.04, 0.05, 2, 2.1, 4, 4.5, 8, 8.1, 40)] == [
        Mark.BEST,
        Mark.BEST,
        Mark.GOOD,
        Mark.GOOD,
        Mark.INACCURACY,
        Mark.INACCURACY,
        Mark.MISTAKE,
        Mark.MISTAKE,
        Mark.BLUNDER,
        Mark.BLUNDER,
    ]
    assert accuracy(0) == 100
    assert accuracy(1) == pytest.approx(90.48, abs=0.01)
    assert accuracy(10) == pytest.approx(100 / math.e)


def test_an_estimated_loss_earns_a_mistake_or_a_blunder_only_beyond_its_margin() -> None:
    game = Game.from_transcript(wthor(0)[: 2 * 24])
    losses = {  # move: (loss, exact, mark)
        1: (7.9, False, Mark.INACCURACY),  # moves 1-20: 4 discs of margin
        2: (7.9, True, Mark.MISTAKE),  # none for an exact loss
        3: (8.1, False, Mark.MISTAKE),
        4: (11.9, False, Mark.MISTAKE),
        5: (12.1, False, Mark.BLUNDER),
        6: (3.0, False, Mark.INACCURACY),  # the inaccuracy's own limit keeps no margin
        20: (7.9, False, Mark.INACCURACY),  # 41 empty squares
        21: (6.1, False, Mark.MISTAKE),  # 40: 2 discs of margin
        22: (5.9, False, Mark.INACCURACY),
        23: (10.1, False, Mark.BLUNDER),
        24: (9.9, False, Mark.MISTAKE),
    }
    analyses = [
        PositionAnalysis(
            ply.square,
            0.0,
            ply.square,
            -losses.get(number, (0.0,))[0],
            losses.get(number, (0.0, False))[1],
            10,
            1,
        )
        for number, ply in enumerate(game.plies, start=1)
    ]
    review = build_review(game, analyses, None)
    assert {number: review.move(number).mark for number in losses} == {
        number: mark for number, (_, _, mark) in losses.items()
    }
    assert review.move(20).before.empties == 41 and review.move(21).before.empties == 40
    assert mark_for(7.9, margin_for(41, False)) is Mark.INACCURACY
    assert mark_for(7.9, margin_for(41, True)) is Mark.MISTAKE


def test_summaries_count_marks_and_leave_forced_moves_out() -> None:
    game = Game.from_transcript("f5d6c3")
    analyses = [
        PositionAnalysis(square, 1.0, square, played, True, 3, 10)
        for square, played in zip(game.moves, (1.0, -4.0, -9.0), strict=True)
    ]
    review = build_review(game, analyses, None)
    black, white = review.black, review.white
    assert [move.mark for move in review.moves] == [Mark.BEST, Mark.MISTAKE, Mark.BLUNDER]
    # White's d6: Black's value goes from -1 to 4 (White's side: 1 to -4), a loss of 5.
    assert review.moves[1].best_value == -1 and review.moves[1].played_value == 4
    assert review.moves[1].loss == 5
    assert black.moves == 2 and black.average_loss == pytest.approx(5)
    assert white.worst == review.moves[1] and black.worst == review.moves[2]
    # The value after each move is the one it was judged by: its played value.
    assert review.values == (1.0, 1.0, 4.0, -9.0) and review.turning_point is None


def test_analysis_is_deterministic_and_survives_a_round_trip() -> None:
    position = Game.from_transcript(wthor(3)[:40]).position.to_string()
    budget = ReviewBudget(300)
    first = analyse_position(position, None, budget)
    assert first == analyse_position(position, None, budget) and not first.exact
    assert PositionAnalysis.from_dict(first.to_dict()) == first
    played = analyse_position(position, first.best_move, budget)
    assert played.loss == 0 and played.best_move == first.best_move


def test_bad_analyses_are_refused() -> None:
    start = Position.initial().to_string()
    with pytest.raises(ValueError, match="not a legal move"):
        analyse_position(start, 0)
    with pytest.raises(ValueError, match="nothing to analyse"):
        analyse_position("X" * 61 + "O-- O")  # White must pass
    with pytest.raises(ValueError):
        ReviewBudget(0)
    game = Game.from_transcript("f5d6")
    with pytest.raises(ValueError, match="2 analyses for a game of 1 moves"):
        build_review(
            Game.from_transcript("f5"),
            [analyse_position(p, m, ReviewBudget(10)) for p, m in positions_of(game)],
            None,
        )


def name_of(transcript: str) -> str | None:
    found = opening_of(parse_transcript(transcript))
    return None if found is None else found.name


def test_openings_are_named_in_every_orientation() -> None:
    tiger = parse_transcript("f5d6c3d3c4f4")
    for symmetry in SYMMETRIES:
        moves = [symmetry(square) for square in tiger]
        found = opening_of(moves)
        assert found is not None and found.name == "Tiger" and found.length == 5
        assert normalise(moves) == tuple(tiger)
    assert name_of("e6f4c3c4d3") == "Tiger"
    found = opening_of(parse_transcript("f5d6c3d3c4f4c5b3c2e6c6"))
    assert found is not None and found.name == "Tamenori" and found.length == 10
    assert name_of("f5f6e6f4e3") == "Cow"
    assert name_of("f5f6e6f4g5") == "Heath (Tobidashi)"
    assert name_of("c4e3") == "Perpendicular Opening" and name_of("f5") is None
    assert opening_of([]) is None


def test_the_opening_table_is_sound() -> None:
    table = openings()
    names = set(table.values())
    for expected in ("Tiger", "Rose", "Buffalo (Kenichi Variation)", "Heath (Tobidashi)", "Cow",
                     "Chimney", "Snake (Peasant)", "Stephenson", "No-Kung", "Aubrey (Tanaka)",
                     "Mimura", "Brightwell", "Ishii", "Leader's Tiger", "Rose-v-Toth",
                     "Parallel Opening", "Perpendicular Opening", "Diagonal Opening"):  # fmt: skip
        assert expected in names
    for moves in table:
        assert moves[0] == parse_transcript("f5")[0]
        Game(moves)  # every line is legal
        # Every line extends a shorter named one or one of the three second moves.
        assert any(moves[:n] in table for n in range(2, len(moves))) or len(moves) == 2


def test_cli_review_prints_the_table_and_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "f5d6c3d3c4f4c5b3c2", "--nodes", "50", "--exact-empties", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["#", "Side", "Played", "Best", "Loss", "Mark", "Values"]
    assert out[2].startswith("  1  Black  f5 ")
    assert out[10].startswith("  9  Black  c2 ")
    assert "Opening: Rose-Bill (f5 d6 c3 d3 c4 f4 c5 b3 c2)" in out
    assert any(line.startswith("Black: accuracy ") for line in out)
    assert "Turning point: none (no result)" in out
    assert "Values: estimates of a midgame search (≈), none solved exactly" in out


def test_cli_review_refuses_bad_transcripts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", "f5f5"]) == 1
    assert "not a legal move" in capsys.readouterr().err
