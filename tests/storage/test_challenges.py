import asyncio

import pytest

from bot.domain import ChallengeStatus, InvalidInputError, TimeControl
from bot.domain.refusals import Refused
from bot.engine import Color
from bot.storage import (
    ChallengeClosedError,
    ChallengeNotFoundError,
    ChannelBusyError,
    RematchOpenError,
    Storage,
)
from tests.ids import ALICE, BOB, CAROL, CHANNEL, GUILD, OTHER_GUILD
from tests.refused import refused
from tests.storage.conftest import start_game

THREAD = CHANNEL + 500


async def test_challenge_reads_back(storage: Storage) -> None:
    challenge = await storage.challenges.create(
        GUILD,
        CHANNEL,
        ALICE,
        BOB,
        now=100.0,
        color=Color.WHITE,
        time_control=TimeControl(per_move=300),
    )

    assert challenge.status is ChallengeStatus.PENDING
    assert (challenge.challenger_id, challenge.opponent_id, challenge.color) == (
        ALICE,
        BOB,
        Color.WHITE,
    )
    assert (challenge.time_control.per_move, challenge.created_at, challenge.expires_at) == (
        300.0,
        100.0,
        1000.0,
    )
    assert challenge.game_id is None and challenge.message_id is None
    assert await storage.challenges.get(challenge.id) == challenge
    with_message = await storage.challenges.set_message(challenge.id, 4242)
    assert with_message.message_id == 4242


async def test_default_time_per_move_comes_from_the_guild(storage: Storage) -> None:
    assert (
        await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0)
    ).time_control.per_move == 86400
    await storage.settings.update(GUILD, time_control=TimeControl(per_move=600), now=0)
    assert (
        await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0)
    ).time_control.per_move == 600


async def test_accept_starts_the_game_with_the_chosen_colors(storage: Storage) -> None:
    challenge = await storage.challenges.create(
        GUILD, CHANNEL, ALICE, BOB, now=0, color=Color.WHITE, time_control=TimeControl(per_move=120)
    )

    accepted, game = await storage.challenges.accept(
        challenge.id, BOB, challenger_color=Color.WHITE, now=10, deadline=130
    )

    assert accepted.status is ChallengeStatus.ACCEPTED and accepted.game_id == game.id
    assert (game.black_id, game.white_id, game.channel_id) == (BOB, ALICE, CHANNEL)
    assert (game.time_control.per_move, game.deadline, game.rated) == (120, 130, True)
    assert await storage.games.active_in(CHANNEL) == game


@pytest.mark.parametrize("color", [Color.BLACK, Color.WHITE])
async def test_challenger_color_places_the_players(storage: Storage, color: Color) -> None:
    """A random-colour challenge: the colour drawn by the caller decides who plays Black."""
    challenge = await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0)
    assert challenge.color is None

    _, game = await storage.challenges.accept(
        challenge.id, BOB, challenger_color=color, now=1, deadline=None
    )

    assert (game.player(color), game.player(color.opponent)) == (ALICE, BOB)
    assert (game.color_of(ALICE), game.color_of(BOB), game.color_of(CAROL)) == (
        color,
        color.opponent,
        None,
    )
    assert game.deadline is None
    assert await storage.games.get(game.id) == game


async def test_challenger_color_must_agree_with_the_chosen_one(storage: Storage) -> None:
    challenge = await storage.challenges.create(
        GUILD, CHANNEL, ALICE, BOB, now=0, color=Color.BLACK
    )

    with refused(Refused.COLOR_TAKEN):
        await storage.challenges.accept(
            challenge.id, BOB, challenger_color=Color.WHITE, now=1, deadline=61
        )

    assert (await storage.challenges.get(challenge.id)).status is ChallengeStatus.PENDING
    assert await storage.games.active_in(CHANNEL) is None
    _, game = await storage.challenges.accept(
        challenge.id, BOB, challenger_color=Color.BLACK, now=2, deadline=62
    )
    assert (game.black_id, game.white_id, game.deadline) == (ALICE, BOB, 62)


async def test_thread_game_is_played_in_the_thread(storage: Storage) -> None:
    await start_game(storage)  # the channel is busy, but the game will get its own thread
    challenge = await storage.challenges.create(GUILD, CHANNEL, CAROL, now=0, in_thread=True)

    _, game = await storage.challenges.accept(
        challenge.id, BOB, now=1, challenger_color=Color.BLACK, deadline=None, channel_id=THREAD
    )

    assert challenge.in_thread and game.channel_id == THREAD


async def test_challenge_in_busy_channel_is_refused(storage: Storage) -> None:
    game = await start_game(storage)

    with pytest.raises(ChannelBusyError) as busy:
        await storage.challenges.create(GUILD, CHANNEL, CAROL, now=0)

    assert busy.value.game_id == game.id


async def test_rated_follows_the_guild_setting(storage: Storage) -> None:
    await storage.settings.update(GUILD, rated=False, now=0)
    challenge = await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0)

    _, game = await storage.challenges.accept(
        challenge.id, BOB, now=1, challenger_color=Color.BLACK, deadline=None
    )

    assert not game.rated


async def test_who_may_answer(storage: Storage) -> None:
    challenge = await storage.challenges.create(GUILD, CHANNEL, ALICE, BOB, now=0)
    open_challenge = await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0)

    for own in (challenge, open_challenge):
        with refused(Refused.CHALLENGE_FOR_SOMEONE_ELSE):
            await storage.challenges.accept(
                own.id, ALICE, challenger_color=Color.BLACK, now=1, deadline=61
            )
    with refused(Refused.CHALLENGE_FOR_SOMEONE_ELSE):
        await storage.challenges.accept(
            challenge.id, CAROL, challenger_color=Color.BLACK, now=1, deadline=61
        )
    with refused(Refused.ONLY_CHALLENGED_DECLINES):
        await storage.challenges.decline(challenge.id, CAROL, now=1)
    with refused(Refused.ONLY_CHALLENGER_CANCELS):
        await storage.challenges.cancel(challenge.id, BOB, now=1)
    for unanswered in (challenge, open_challenge):
        assert (await storage.challenges.get(unanswered.id)).status is ChallengeStatus.PENDING
    assert await storage.games.active_in(CHANNEL) is None


async def test_open_challenge_goes_to_the_first_taker(storage: Storage) -> None:
    challenge = await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0, color=Color.BLACK)

    _, game = await storage.challenges.accept(
        challenge.id, CAROL, now=1, challenger_color=Color.BLACK, deadline=None
    )

    assert (game.black_id, game.white_id) == (ALICE, CAROL)
    with pytest.raises(ChallengeClosedError, match="accepted"):
        await storage.challenges.accept(
            challenge.id, BOB, now=2, challenger_color=Color.BLACK, deadline=None
        )


async def test_decline_and_cancel_close_the_challenge(storage: Storage) -> None:
    declined = await storage.challenges.create(GUILD, CHANNEL, ALICE, BOB, now=0)
    cancelled = await storage.challenges.create(GUILD, CHANNEL, ALICE, BOB, now=0)

    assert (await storage.challenges.decline(declined.id, BOB, now=5)).status == "declined"
    assert (await storage.challenges.cancel(cancelled.id, ALICE, now=5)).status == "cancelled"
    with pytest.raises(ChallengeClosedError, match="declined"):
        await storage.challenges.accept(
            declined.id, BOB, now=6, challenger_color=Color.BLACK, deadline=None
        )
    with pytest.raises(ChallengeClosedError, match="cancelled"):
        await storage.challenges.decline(cancelled.id, BOB, now=6)
    assert await storage.games.active_in(CHANNEL) is None


async def test_expiry(storage: Storage) -> None:
    soon = await storage.challenges.create(GUILD, CHANNEL, ALICE, BOB, now=0, expires_in=60)
    later = await storage.challenges.create(GUILD, CHANNEL, ALICE, CAROL, now=0)

    with pytest.raises(ChallengeClosedError, match="expired"):
        await storage.challenges.accept(
            soon.id, BOB, now=60, challenger_color=Color.BLACK, deadline=None
        )
    assert await storage.challenges.expire(now=59) == []
    assert [c.id for c in await storage.challenges.pending()] == [soon.id, later.id]

    expired = await storage.challenges.expire(now=60)

    assert [(c.id, c.status) for c in expired] == [(soon.id, ChallengeStatus.EXPIRED)]
    assert [c.id for c in await storage.challenges.pending()] == [later.id]
    assert await storage.challenges.expire(now=60) == []


async def test_a_players_open_challenges(storage: Storage) -> None:
    """Sent and received, still open, in the server: soonest to expire first."""
    sent = await storage.challenges.create(GUILD, CHANNEL, ALICE, BOB, now=0, expires_in=600)
    received = await storage.challenges.create(GUILD, CHANNEL, CAROL, ALICE, now=0, expires_in=300)
    to_anyone = await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0, expires_in=900)
    await storage.challenges.create(GUILD, CHANNEL, BOB, CAROL, now=0)
    await storage.challenges.create(GUILD, CHANNEL, CAROL, now=0)  # open to all: not addressed
    await storage.challenges.create(OTHER_GUILD, CHANNEL + 1, BOB, ALICE, now=0)
    lapsing = await storage.challenges.create(GUILD, CHANNEL, BOB, ALICE, now=0, expires_in=100)
    declined = await storage.challenges.create(GUILD, CHANNEL, BOB, ALICE, now=0)
    await storage.challenges.decline(declined.id, ALICE, now=1)

    assert [c.id for c in await storage.challenges.open_of(GUILD, ALICE, now=50)] == [
        lapsing.id,
        received.id,
        sent.id,
        to_anyone.id,
    ]
    assert [c.id for c in await storage.challenges.open_of(GUILD, ALICE, now=100)] == [
        received.id,
        sent.id,
        to_anyone.id,
    ]


async def test_bad_challenges_are_refused(storage: Storage) -> None:
    with refused(Refused.CHALLENGED_YOURSELF):
        await storage.challenges.create(GUILD, CHANNEL, ALICE, ALICE, now=0)
    with pytest.raises(InvalidInputError, match="open for some time"):
        await storage.challenges.create(GUILD, CHANNEL, ALICE, now=0, expires_in=0)
    with pytest.raises(InvalidInputError, match="PER_MOVE_RANGE"):
        await storage.challenges.create(
            GUILD, CHANNEL, ALICE, now=0, time_control=TimeControl(per_move=0)
        )
    with pytest.raises(ChallengeNotFoundError):
        await storage.challenges.accept(
            999, BOB, now=0, challenger_color=Color.BLACK, deadline=None
        )
    assert await storage.challenges.pending() == []


async def test_concurrent_accepts_in_one_channel_make_one_game(storage: Storage) -> None:
    challenges = [
        await storage.challenges.create(GUILD, CHANNEL, challenger, now=0)
        for challenger in (ALICE, BOB)
    ]

    outcomes = await asyncio.gather(
        storage.challenges.accept(
            challenges[0].id, CAROL, now=1, challenger_color=Color.BLACK, deadline=None
        ),
        storage.challenges.accept(
            challenges[1].id, CAROL, now=1, challenger_color=Color.BLACK, deadline=None
        ),
        return_exceptions=True,
    )

    winners = [o for o in outcomes if isinstance(o, tuple)]
    losers = [o for o in outcomes if isinstance(o, ChannelBusyError)]
    assert len(winners) == 1 and len(losers) == 1
    assert losers[0].game_id == winners[0][1].id
    async with storage.database.transaction() as db:
        assert await db.value("SELECT count(*) FROM games") == 1
    pending = await storage.challenges.pending()
    assert len(pending) == 1 and pending[0].id != winners[0][0].id


async def test_concurrent_accepts_across_connections(database_url: str) -> None:
    stores = [await Storage.open(database_url) for _ in range(4)]
    try:
        open_challenge = await stores[0].challenges.create(GUILD, CHANNEL, ALICE, now=0)
        direct = await stores[0].challenges.create(GUILD, CHANNEL, BOB, CAROL, now=0)
        takers = [1_000 + i for i in range(10)]

        outcomes = await asyncio.gather(
            *(
                stores[i % 4].challenges.accept(
                    open_challenge.id, taker, now=1, challenger_color=Color.BLACK, deadline=None
                )
                for i, taker in enumerate(takers)
            ),
            stores[3].challenges.accept(
                direct.id, CAROL, now=1, challenger_color=Color.BLACK, deadline=None
            ),
            return_exceptions=True,
        )

        assert sum(isinstance(o, tuple) for o in outcomes) == 1
        assert all(isinstance(o, tuple | ChallengeClosedError | ChannelBusyError) for o in outcomes)
        async with stores[2].database.transaction() as db:
            assert await db.value("SELECT count(*) FROM games") == 1
    finally:
        for store in stores:
            await store.close()


async def test_a_game_has_one_open_rematch_offer_at_a_time(storage: Storage) -> None:
    game = await start_game(storage, ALICE, BOB, channel=CHANNEL + 9)
    offers = await asyncio.gather(
        *(
            storage.challenges.create(GUILD, CHANNEL, who, other, now=0, rematch_of=game.id)
            for who, other in ((ALICE, BOB), (BOB, ALICE), (ALICE, BOB))
        ),
        return_exceptions=True,
    )

    made = [offer for offer in offers if not isinstance(offer, BaseException)]
    refused = [offer for offer in offers if isinstance(offer, RematchOpenError)]
    assert len(made) == 1 and len(refused) == 2
    assert {error.challenge_id for error in refused} == {made[0].id}
    assert made[0].rematch_of == game.id

    await storage.challenges.decline(made[0].id, made[0].opponent_id or 0, now=1)
    again = await storage.challenges.create(GUILD, CHANNEL, BOB, ALICE, now=2, rematch_of=game.id)
    assert again.id != made[0].id and again.status is ChallengeStatus.PENDING
    other = await storage.challenges.create(GUILD, CHANNEL + 1, ALICE, BOB, now=2)
    assert other.rematch_of is None
