"""The storage's invariants with two processes' worth of connections on one database.

`storage` and `other` stand for two bot processes: two SQLite connections to one file, or two
asyncpg pools on one PostgreSQL database. Where a race needs one transaction to be caught midway,
a step inside it is slowed down; the outcome asserted is the same however the race goes.
"""

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

import pytest

from bot.domain import Ending, EndReason, FinishedGame, GameRecord, TimeControl
from bot.engine import Color
from bot.storage import (
    ChallengeClosedError,
    ChannelBusyError,
    GameOverError,
    StaleMoveError,
    Storage,
)
from bot.storage import challenges as challenges_module
from bot.storage import games as games_module
from bot.storage import players as players_module
from bot.storage.games import insert_game
from tests.ids import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.storage.conftest import start_game
from tests.storage.test_leaderboard import assert_ranks_match

PAUSE = 0.05
"""Long enough for the other side of a race to reach the point where it must wait."""


@pytest.fixture
async def other(database_url: str) -> AsyncIterator[Storage]:
    async with await Storage.open(database_url) as opened:
        yield opened


P = ParamSpec("P")
T = TypeVar("T")


def slowed(step: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    async def slow(*args: P.args, **kwargs: P.kwargs) -> T:
        await asyncio.sleep(PAUSE)
        return await step(*args, **kwargs)

    return slow


async def games_played(storage: Storage, user_id: int) -> int:
    record = await storage.players.get(GUILD, user_id)
    return 0 if record is None else record.games


async def test_two_finishes_of_one_game_rate_it_once(
    storage: Storage, other: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A timeout in one process and a resignation in the other, the first one slowed down
    between ending the game and rating it: the second must wait, then find the game over."""
    monkeypatch.setattr(
        games_module, "record_rated_result", slowed(players_module.record_rated_result)
    )
    game = await start_game(storage)

    outcomes = await asyncio.gather(
        storage.games.finish(game.id, 0, Ending(EndReason.TIMEOUT, Color.WHITE, 2, 2), now=5),
        other.games.finish(game.id, 0, Ending(EndReason.RESIGNATION, Color.BLACK, 2, 2), now=5),
        return_exceptions=True,
    )

    finished = [o for o in outcomes if isinstance(o, FinishedGame)]
    assert len(finished) == 1 and sum(isinstance(o, GameOverError) for o in outcomes) == 1
    assert await other.games.get(game.id) == finished[0].game
    assert await games_played(other, ALICE) == await games_played(storage, BOB) == 1


async def test_final_move_and_timeout_in_two_processes_end_the_game_once(
    storage: Storage, other: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        games_module, "record_rated_result", slowed(players_module.record_rated_result)
    )
    game = await start_game(storage)
    game = await storage.games.record_move(game.id, 0, "f5", deadline=None, now=1)

    outcomes = await asyncio.gather(
        storage.games.record_final_move(
            game.id, 1, "d6", Ending(EndReason.NORMAL, Color.WHITE, 20, 44), now=2
        ),
        other.games.finish(game.id, 1, Ending(EndReason.TIMEOUT, Color.BLACK, 3, 1), now=2),
        return_exceptions=True,
    )

    (winner,) = [o for o in outcomes if isinstance(o, FinishedGame)]
    assert sum(isinstance(o, GameOverError | StaleMoveError) for o in outcomes) == 1
    assert await storage.games.get(game.id) == winner.game
    assert await games_played(other, ALICE) == 1


async def test_two_accepts_of_one_challenge_start_one_game(
    storage: Storage, other: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each taker's game would go to a thread of its own, so only the challenge itself can
    refuse the second: the first accept is slowed down after it found the challenge open."""
    monkeypatch.setattr(challenges_module, "load_settings", slowed(challenges_module.load_settings))
    challenge = await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0, in_thread=True)

    outcomes = await asyncio.gather(
        *(
            side.challenges.accept(
                challenge.id,
                taker,
                challenger_color=Color.BLACK,
                now=1,
                deadline=None,
                channel_id=CHANNEL + taker,
            )
            for side, taker in ((storage, BOB), (other, CAROL))
        ),
        return_exceptions=True,
    )

    (accepted,) = [o for o in outcomes if isinstance(o, tuple)]
    (refused,) = [o for o in outcomes if isinstance(o, ChallengeClosedError)]
    assert refused.status == "accepted"
    assert await other.challenges.get(challenge.id) == accepted[0]
    async with storage.database.transaction() as db:
        assert await db.value("SELECT count(*) FROM games") == 1


async def test_a_game_starting_elsewhere_keeps_the_channel(
    storage: Storage, other: Storage
) -> None:
    """A game inserted but not yet committed in one process: the other's game in the same
    channel waits for it, then is refused with its id."""
    async with storage.database.transaction() as db:
        first = await insert_game(
            db, guild_id=GUILD, channel_id=CHANNEL, black_id=ALICE, white_id=BOB, rated=True,
            time_control=TimeControl(per_move=60), deadline=None, now=0,
        )  # fmt: skip
        second = asyncio.create_task(start_game(other, CAROL, BOB))
        await asyncio.sleep(PAUSE)

    with pytest.raises(ChannelBusyError) as busy:
        await second
    assert busy.value.game_id == first.id


async def test_many_games_started_in_one_channel_leave_one(
    storage: Storage, other: Storage
) -> None:
    outcomes = await asyncio.gather(
        *(start_game((storage, other)[i % 2], ALICE, 100 + i) for i in range(20)),
        return_exceptions=True,
    )

    (started,) = [o for o in outcomes if isinstance(o, GameRecord)]
    refused = [o for o in outcomes if isinstance(o, ChannelBusyError)]
    assert len(refused) == 19 and {error.game_id for error in refused} == {started.id}
    assert await other.games.active_in(CHANNEL) == started


async def test_games_ending_together_with_a_player_in_common_all_count(
    storage: Storage, other: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's two games end at once, one in each process; the first is slowed down after it
    read her record. The second must wait for it, or her first game would be lost."""
    monkeypatch.setattr(players_module, "_save", slowed(players_module._save))
    games = [
        await start_game(storage, ALICE, BOB, channel=CHANNEL),
        await start_game(storage, CAROL, ALICE, channel=CHANNEL + 1),
    ]

    await asyncio.gather(
        *(
            side.games.finish(game.id, 0, Ending(EndReason.NORMAL, Color.BLACK, 40, 24), now=5)
            for side, game in zip((storage, other), games, strict=True)
        )
    )

    alice = await storage.players.get(GUILD, ALICE)
    assert alice is not None and (alice.wins, alice.losses, alice.games) == (1, 1, 2)
    assert (await other.players.leaderboard(GUILD)).total == 3


async def test_a_busy_guild_keeps_its_records_and_ranks(storage: Storage, other: Storage) -> None:
    """Thirty rated games between eight players end at once, from both processes: every result
    counts once, and the ranks still follow the ratings."""
    rng = random.Random(7)
    players = [1_000 + n for n in range(8)]
    games = []
    for channel in range(30):
        black, white = rng.sample(players, 2)
        games.append(await start_game(storage, black, white, channel=CHANNEL + channel))
    winners: list[Color | None] = [rng.choice([Color.BLACK, Color.WHITE, None]) for _ in games]

    await asyncio.gather(
        *(
            (storage, other)[i % 2].games.finish(
                game.id, 0, Ending(EndReason.NORMAL, winner, 33, 31), now=10
            )
            for i, (game, winner) in enumerate(zip(games, winners, strict=True))
        )
    )

    records = {p: await storage.players.get(GUILD, p) for p in players}
    played: dict[int, int] = dict.fromkeys(players, 0)
    for game in games:
        played[game.black_id] += 1
        played[game.white_id] += 1
    assert {p: (r.games if r else 0) for p, r in records.items()} == played
    assert sum(r.wins for r in records.values() if r) == sum(w is not None for w in winners)
    ratings = {p: r.rating.rating for p, r in records.items() if r}
    await assert_ranks_match(other, GUILD, ratings)


async def test_settings_changed_together_keep_every_change(
    storage: Storage, other: Storage
) -> None:
    changes: list[Callable[[], Awaitable[Any]]] = [
        lambda: storage.settings.update(GUILD, time_control=TimeControl(per_move=300), now=1),
        lambda: other.settings.update(GUILD, rated=False, now=1),
        lambda: storage.settings.update(GUILD, allowed_channels=[CHANNEL], now=1),
    ]

    await asyncio.gather(*(change() for change in changes))

    settings = await other.settings.get(GUILD)
    assert (settings.time_control.per_move, settings.rated) == (300, False)
    assert settings.allowed_channels == {CHANNEL}
