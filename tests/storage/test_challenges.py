import asyncio
import random
from pathlib import Path

import pytest

from bot.storage import (
    ChallengeClosedError,
    ChallengeNotFoundError,
    ChallengeStatus,
    ChannelBusyError,
    Colour,
    InvalidInputError,
    NotAllowedError,
    Storage,
)
from tests.storage.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, start_game

THREAD = CHANNEL + 500


async def test_challenge_reads_back(storage: Storage) -> None:
    challenge = await storage.create_challenge(
        GUILD, CHANNEL, ALICE, BOB, now=100.0, colour="white", time_per_move=300
    )

    assert challenge.status is ChallengeStatus.PENDING
    assert (challenge.challenger_id, challenge.opponent_id, challenge.colour) == (
        ALICE,
        BOB,
        Colour.WHITE,
    )
    assert (challenge.time_per_move, challenge.created_at, challenge.expires_at) == (
        300.0,
        100.0,
        1000.0,
    )
    assert challenge.game_id is None and challenge.message_id is None
    assert await storage.get_challenge(challenge.id) == challenge
    with_message = await storage.set_challenge_message(challenge.id, 4242)
    assert with_message.message_id == 4242


async def test_default_time_per_move_comes_from_the_guild(storage: Storage) -> None:
    assert (await storage.create_challenge(GUILD, CHANNEL, ALICE, now=0)).time_per_move == 86400
    await storage.update_guild_settings(GUILD, time_per_move=600, now=0)
    assert (await storage.create_challenge(GUILD, CHANNEL, ALICE, now=0)).time_per_move == 600


async def test_accept_starts_the_game_with_the_chosen_colours(storage: Storage) -> None:
    challenge = await storage.create_challenge(
        GUILD, CHANNEL, ALICE, BOB, now=0, colour="white", time_per_move=120
    )

    accepted, game = await storage.accept_challenge(challenge.id, BOB, now=10)

    assert accepted.status is ChallengeStatus.ACCEPTED and accepted.game_id == game.id
    assert (game.black_id, game.white_id, game.channel_id) == (BOB, ALICE, CHANNEL)
    assert (game.time_per_move, game.deadline, game.rated) == (120, 130, True)
    assert await storage.active_game(CHANNEL) == game


async def test_random_colour_uses_the_given_rng(storage: Storage) -> None:
    colours = set()
    for seed in range(8):
        challenge = await storage.create_challenge(GUILD, CHANNEL + seed, ALICE, now=0)
        _, game = await storage.accept_challenge(challenge.id, BOB, now=1, rng=random.Random(seed))
        expected = random.Random(seed).choice([Colour.BLACK, Colour.WHITE])
        assert (game.black_id == ALICE) == (expected is Colour.BLACK)
        colours.add(game.black_id)
    assert colours == {ALICE, BOB}


async def test_thread_game_is_played_in_the_thread(storage: Storage) -> None:
    await start_game(storage)  # the channel is busy, but the game will get its own thread
    challenge = await storage.create_challenge(GUILD, CHANNEL, CAROL, now=0, in_thread=True)

    _, game = await storage.accept_challenge(challenge.id, BOB, now=1, channel_id=THREAD)

    assert challenge.in_thread and game.channel_id == THREAD


async def test_challenge_in_busy_channel_is_refused(storage: Storage) -> None:
    game = await start_game(storage)

    with pytest.raises(ChannelBusyError) as busy:
        await storage.create_challenge(GUILD, CHANNEL, CAROL, now=0)

    assert busy.value.game_id == game.id


async def test_rated_follows_the_guild_setting(storage: Storage) -> None:
    await storage.update_guild_settings(GUILD, rated=False, now=0)
    challenge = await storage.create_challenge(GUILD, CHANNEL, ALICE, now=0)

    _, game = await storage.accept_challenge(challenge.id, BOB, now=1)

    assert not game.rated


async def test_who_may_answer(storage: Storage) -> None:
    challenge = await storage.create_challenge(GUILD, CHANNEL, ALICE, BOB, now=0)

    with pytest.raises(NotAllowedError, match="your own"):
        await storage.accept_challenge(challenge.id, ALICE, now=1)
    with pytest.raises(NotAllowedError, match="someone else"):
        await storage.accept_challenge(challenge.id, CAROL, now=1)
    with pytest.raises(NotAllowedError, match="challenged player"):
        await storage.decline_challenge(challenge.id, CAROL, now=1)
    with pytest.raises(NotAllowedError, match="challenger"):
        await storage.cancel_challenge(challenge.id, BOB, now=1)
    assert (await storage.get_challenge(challenge.id)).status is ChallengeStatus.PENDING


async def test_open_challenge_goes_to_the_first_taker(storage: Storage) -> None:
    challenge = await storage.create_challenge(GUILD, CHANNEL, ALICE, now=0, colour="black")

    _, game = await storage.accept_challenge(challenge.id, CAROL, now=1)

    assert (game.black_id, game.white_id) == (ALICE, CAROL)
    with pytest.raises(ChallengeClosedError, match="already been accepted"):
        await storage.accept_challenge(challenge.id, BOB, now=2)


async def test_decline_and_cancel_close_the_challenge(storage: Storage) -> None:
    declined = await storage.create_challenge(GUILD, CHANNEL, ALICE, BOB, now=0)
    cancelled = await storage.create_challenge(GUILD, CHANNEL, ALICE, BOB, now=0)

    assert (await storage.decline_challenge(declined.id, BOB, now=5)).status == "declined"
    assert (await storage.cancel_challenge(cancelled.id, ALICE, now=5)).status == "cancelled"
    with pytest.raises(ChallengeClosedError, match="already been declined"):
        await storage.accept_challenge(declined.id, BOB, now=6)
    with pytest.raises(ChallengeClosedError, match="already been cancelled"):
        await storage.decline_challenge(cancelled.id, BOB, now=6)
    assert await storage.active_game(CHANNEL) is None


async def test_expiry(storage: Storage) -> None:
    soon = await storage.create_challenge(GUILD, CHANNEL, ALICE, BOB, now=0, expires_in=60)
    later = await storage.create_challenge(GUILD, CHANNEL, ALICE, CAROL, now=0)

    with pytest.raises(ChallengeClosedError, match="expired"):
        await storage.accept_challenge(soon.id, BOB, now=60)
    assert await storage.expire_challenges(now=59) == []
    assert [c.id for c in await storage.pending_challenges()] == [soon.id, later.id]

    expired = await storage.expire_challenges(now=60)

    assert [(c.id, c.status) for c in expired] == [(soon.id, ChallengeStatus.EXPIRED)]
    assert [c.id for c in await storage.pending_challenges()] == [later.id]
    assert await storage.expire_challenges(now=60) == []


async def test_bad_challenges_are_refused(storage: Storage) -> None:
    with pytest.raises(InvalidInputError, match="challenge yourself"):
        await storage.create_challenge(GUILD, CHANNEL, ALICE, ALICE, now=0)
    with pytest.raises(InvalidInputError, match="black, white, random"):
        await storage.create_challenge(GUILD, CHANNEL, ALICE, now=0, colour="green")
    with pytest.raises(InvalidInputError, match="time per move"):
        await storage.create_challenge(GUILD, CHANNEL, ALICE, now=0, time_per_move=0)
    with pytest.raises(ChallengeNotFoundError):
        await storage.accept_challenge(999, BOB, now=0)
    assert await storage.pending_challenges() == []


async def test_concurrent_accepts_in_one_channel_make_one_game(storage: Storage) -> None:
    challenges = [
        await storage.create_challenge(GUILD, CHANNEL, challenger, now=0)
        for challenger in (ALICE, BOB)
    ]

    outcomes = await asyncio.gather(
        storage.accept_challenge(challenges[0].id, CAROL, now=1),
        storage.accept_challenge(challenges[1].id, CAROL, now=1),
        return_exceptions=True,
    )

    winners = [o for o in outcomes if isinstance(o, tuple)]
    losers = [o for o in outcomes if isinstance(o, ChannelBusyError)]
    assert len(winners) == 1 and len(losers) == 1
    assert losers[0].game_id == winners[0][1].id
    async with storage.transaction() as db:
        assert await db.value("SELECT count(*) FROM games") == 1
    pending = await storage.pending_challenges()
    assert len(pending) == 1 and pending[0].id != winners[0][0].id


async def test_concurrent_accepts_across_connections(db_path: Path) -> None:
    stores = [await Storage.open(db_path) for _ in range(4)]
    try:
        open_challenge = await stores[0].create_challenge(GUILD, CHANNEL, ALICE, now=0)
        direct = await stores[0].create_challenge(GUILD, CHANNEL, BOB, CAROL, now=0)
        takers = [1_000 + i for i in range(10)]

        outcomes = await asyncio.gather(
            *(
                stores[i % 4].accept_challenge(open_challenge.id, taker, now=1)
                for i, taker in enumerate(takers)
            ),
            stores[3].accept_challenge(direct.id, CAROL, now=1),
            return_exceptions=True,
        )

        assert sum(isinstance(o, tuple) for o in outcomes) == 1
        assert all(isinstance(o, tuple | ChallengeClosedError | ChannelBusyError) for o in outcomes)
        async with stores[2].transaction() as db:
            assert await db.value("SELECT count(*) FROM games") == 1
    finally:
        for store in stores:
            await store.close()
