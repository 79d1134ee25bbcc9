"""What a tournament round's end costs the storage: the transactions from the click that ends a
round's last game to the next round's boards stored and announced, counted on the real path so
that they can't grow again unseen."""

from __future__ import annotations

import pytest

from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import past_abort_window
from .test_hot_path import Costs
from .test_tournaments import SWISS_SEED, create, games_of_round, lose, users_of, view

BOARDS = 8


async def test_the_end_of_a_round_of_eight_boards_costs_fifty_three_transactions(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot_harness.bot.services.context.rng.seed(SWISS_SEED)
    players = [fake.add_user(f"p{index}") for index in range(2 * BOARDS)]
    users = {user.id: user for user in players}
    signup = await create(fake, "swiss", rounds=3)
    for user in players:
        await fake.click(user, signup, label="Join")
    await fake.advance(hours=1)
    *first, (last, board, thread) = await games_of_round(fake, bot_harness)
    assert len(first) == BOARDS - 1
    for record, first_board, first_thread in first:
        await lose(fake, users, record, first_thread, first_board, max(users_of(record)))
    await past_abort_window(fake, board, users[last.black_id], users[last.white_id])
    loser = users[max(users_of(last))]
    asked = await fake.slash(loser, "reversi resign", channel=thread)
    assert asked.message is not None
    costs = Costs(monkeypatch, bot_harness.bot.storage.database)

    await fake.click(loser, asked.message, label="Yes, resign")

    counted = costs.take()
    second = await view(bot_harness)
    assert second.tournament.round == 2
    assert all(b.game_id is not None for b in second.round_boards(2))
    assert len(second.round_boards(2)) == BOARDS
    announced = [m for m in fake.messages(fake.games) if "round 2 of 3" in m.content]
    assert len(announced) == 1
    # The click: the game read and its end written (2). The ended game: its board shown, its
    # turn notice taken, its end announced (one read of each player's notice choice) (6). The
    # round: the board's tournament, the view read, the round paired, the view read again, and
    # once more for its post (5). Each of the 8 boards: the tournament read, the game started,
    # each player's notice choice read, the board shown (5 x 8).
    assert counted == {"reads": 32, "writes": 21, "replays": 9}
