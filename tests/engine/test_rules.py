"""Each rule of RULES.md on a hand-built position."""

import pytest

from bot.engine import Color, Game, IllegalMoveError, Position, Result, parse_square

from .boards import board


def squares(*names: str) -> int:
    mask = 0
    for name in names:
        mask |= 1 << parse_square(name)
    return mask


def test_start_position_and_black_moves_first() -> None:
    start = Position.initial()
    assert start.turn is Color.BLACK
    assert start.piece_at("d4") is start.piece_at("e5") is Color.WHITE
    assert start.piece_at("d5") is start.piece_at("e4") is Color.BLACK
    assert [name for name in ("d3", "c4", "f5", "e6") if start.is_legal(name)] == [
        "d3",
        "c4",
        "f5",
        "e6",
    ]
    assert len(start.legal_moves()) == 4


def test_a_move_flips_every_outflanked_line_in_all_eight_directions() -> None:
    position = board(
        """
        ........
        .X.X.X..
        ..OOO...
        .XO.OX..
        ..OOO...
        .X.X.X..
        """
    )
    outflanked = squares("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")
    assert position.flips("d4") == outflanked
    after = position.play("d4")
    assert after.white == 0
    assert after.black == position.black | outflanked | squares("d4")
    assert after.turn is Color.WHITE


def test_nothing_flips_across_an_empty_square() -> None:
    position = board(
        """
        X.O.....
        ...O....
        ...X....
        """
    )
    after = position.play("d1")
    assert after.piece_at("d2") is Color.BLACK
    assert after.piece_at("c1") is Color.WHITE


def test_a_line_stops_at_the_movers_first_own_disc() -> None:
    position = board("XOXOO...")
    after = position.play("f1")
    assert after.piece_at("e1") is after.piece_at("d1") is Color.BLACK
    assert after.piece_at("b1") is Color.WHITE


def test_only_lines_from_the_new_disc_flip_no_chain_reaction() -> None:
    position = board(
        """
        ........
        .XOO....
        ...X....
        """
    )
    after = position.play("d1")
    assert after.piece_at("d2") is Color.BLACK
    # d2 turned black and now flanks c2 with b2, but flips do not chain.
    assert after.piece_at("c2") is Color.WHITE


def test_a_move_that_flips_nothing_or_lands_on_a_disc_is_illegal() -> None:
    start = Position.initial()
    with pytest.raises(IllegalMoveError, match=r"^a1 is not a legal move now: it flips no disc$"):
        start.play("a1")
    with pytest.raises(IllegalMoveError) as caught:
        start.play("d4")
    assert str(caught.value) == "d4 is not a legal move now: the square is taken"


def test_forced_pass_is_made_and_recorded_and_the_turn_returns() -> None:
    position = board(
        """
        XO......
        ........
        ........
        ........
        ........
        ........
        ........
        XO......
        """
    )
    after_c1 = position.play("c1")
    assert after_c1.turn is Color.WHITE
    assert after_c1.must_pass()
    assert not after_c1.is_game_over()
    assert after_c1.pass_turn().turn is Color.BLACK

    game = Game()
    game.position = position
    ply = game.play("c1")
    assert ply.passed is Color.WHITE
    assert game.turn is Color.BLACK
    assert game.position.is_legal("c8")


def test_no_pass_while_a_move_exists() -> None:
    start = Position.initial()
    assert not start.must_pass()
    with pytest.raises(IllegalMoveError, match="you have a legal move"):
        start.pass_turn()


def test_game_ends_when_neither_side_can_move_even_with_empty_squares() -> None:
    position = board("XO......")
    after = position.play("c1")
    assert after.is_game_over()
    assert after.empties == 61
    result = after.result()
    assert result is not None
    assert result.winner is Color.BLACK
    assert (result.black_discs, result.white_discs) == (3, 0)
    assert (result.black_score, result.white_score) == (64, 0)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        after.pass_turn()
    with pytest.raises(IllegalMoveError, match="the game is over"):
        after.play("d1")


def test_full_board_draw() -> None:
    position = Position.from_string("X" * 32 + "O" * 32 + " O")
    result = position.result()
    assert result is not None and result.winner is None
    assert (result.black_score, result.white_score) == (32, 32)
    assert str(result) == "Draw 32-32"


def test_draw_with_empty_squares_stays_32_32() -> None:
    position = board(
        """
        X.......
        ........
        ........
        ........
        ........
        ........
        ........
        .......O
        """
    )
    result = position.result()
    assert result is not None and result.winner is None
    assert (result.black_discs, result.white_discs) == (1, 1)
    assert (result.black_score, result.white_score) == (32, 32)


def test_win_with_empties_gives_them_to_the_winner_in_the_official_score() -> None:
    position = board("OOOOOOOO\n" * 2 + "........\n" * 5 + ".......X")
    result = position.result()
    assert result is not None
    assert result.winner is Color.WHITE
    assert (result.black_discs, result.white_discs) == (1, 16)
    assert (result.black_score, result.white_score) == (1, 63)
    assert str(result) == "White wins 16-1"


@pytest.mark.parametrize(
    ("discs", "forfeited_by", "official"),
    [
        # The empties go to the winner, who then leads: the usual count.
        ((30, 12), Color.BLACK, (30, 34)),
        ((12, 30), Color.WHITE, (34, 30)),
        ((20, 20), Color.WHITE, (44, 20)),
        # The winner would still not lead (or only tie): 33-31 for the winner.
        ((40, 10), Color.BLACK, (31, 33)),
        ((32, 20), Color.BLACK, (31, 33)),
        ((10, 44), Color.WHITE, (33, 31)),
        ((30, 34), Color.WHITE, (33, 31)),
        # The winner leads without the empties: nothing to add but them.
        ((36, 20), Color.WHITE, (44, 20)),
        ((33, 31), Color.WHITE, (33, 31)),
        ((34, 30), Color.WHITE, (34, 30)),
    ],
)
def test_a_game_won_off_the_board_gives_the_empties_to_the_winner_or_33_31(
    discs: tuple[int, int], forfeited_by: Color, official: tuple[int, int]
) -> None:
    result = Result(*discs, forfeited_by=forfeited_by)
    assert result.winner is forfeited_by.opponent
    assert result.forfeited_by is not None
    assert result.official_score == (result.black_score, result.white_score) == official
    assert sum(official) == 64


def test_a_game_decided_on_the_board_is_not_changed_by_the_forfeit_rule() -> None:
    for black, white in ((34, 30), (40, 23), (1, 16), (20, 20), (0, 0)):
        result = Result(black, white)
        assert result.forfeited_by is None
        winner = result.winner
        if winner is None:
            assert result.official_score == (32, 32)
        else:
            own = (black if winner is Color.BLACK else white) + result.empties
            assert max(result.official_score) == own


def test_forfeit_text_and_bad_counts() -> None:
    assert str(Result(30, 12, forfeited_by=Color.BLACK)) == "White wins by forfeit (discs 30-12)"
    with pytest.raises(ValueError, match=r"^disc counts must be 0 or more and at most 64"):
        Result(40, 30)
    with pytest.raises(ValueError, match=r"^disc counts"):
        Result(-1, 3)


def test_result_is_none_while_the_game_goes_on() -> None:
    assert Position.initial().result() is None


def test_positions_are_immutable_values() -> None:
    start = Position.initial()
    with pytest.raises(AttributeError):
        start.turn = Color.WHITE  # type: ignore[misc]
    assert start == Position.initial()
    assert len({start, Position.initial()}) == 1
    with pytest.raises(ValueError, match="both"):
        Position(1, 1)
