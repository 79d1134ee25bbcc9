import pytest

from bot.domain.glicko2 import PROVISIONAL_DEVIATION, Rating, rate


def test_glickman_worked_example() -> None:
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]

    after = rate(player, results)

    # The paper rounds its intermediate values; exact arithmetic lands within 0.01 of 1464.06.
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_two_new_players_move_symmetrically() -> None:
    winner = rate(Rating(), [(Rating(), 1.0)])
    loser = rate(Rating(), [(Rating(), 0.0)])

    assert round(winner.rating) == 1662
    assert round(loser.rating) == 1338
    assert winner.deviation == pytest.approx(loser.deviation)
    assert winner.deviation < 350


def test_draw_between_equals_keeps_rating_and_narrows_deviation() -> None:
    after = rate(Rating(1600, 80), [(Rating(1600, 80), 0.5)])

    assert after.rating == pytest.approx(1600)
    assert after.deviation < 80


def test_draw_against_stronger_player_gains() -> None:
    assert rate(Rating(1500, 80), [(Rating(1800, 80), 0.5)]).rating > 1500


def test_upset_moves_more_than_expected_win() -> None:
    upset = rate(Rating(1400, 80), [(Rating(1800, 80), 1.0)]).rating - 1400
    expected = rate(Rating(1800, 80), [(Rating(1400, 80), 1.0)]).rating - 1800

    assert upset > 5 * expected > 0


def test_provisional_threshold() -> None:
    assert Rating().provisional
    assert not Rating(deviation=PROVISIONAL_DEVIATION).provisional
    assert Rating(deviation=PROVISIONAL_DEVIATION + 0.1).provisional


def test_new_player_leaves_provisional_after_a_dozen_games() -> None:
    player, games = Rating(), 0
    while player.provisional:
        player = rate(player, [(Rating(1500, 60), games % 2)])
        games += 1

    assert 8 <= games <= 16


def test_empty_period_is_refused() -> None:
    with pytest.raises(ValueError):
        rate(Rating(), [])
