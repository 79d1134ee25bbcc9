"""Challenges through their service: opening, accepting, declining, cancelling, expiring,
rematches."""

from __future__ import annotations

import asyncio
import copy
from unittest.mock import patch

import pytest

from bot import engine
from bot.domain import Challenge, ChallengeStatus, EndReason, GameState, TimeControl
from bot.domain.challenges import (
    LIVE_CHALLENGE_LIFETIME,
    LONGEST_CHALLENGE_LIFETIME,
    challenge_lifetime,
)
from bot.domain.events import ChallengeClosed, ChallengeOpened, GameStarted
from bot.domain.refusals import GameRefusal, Refusal, Refused
from bot.domain.settings import DEFAULT_TIME_PER_MOVE
from bot.services import Place, Services
from bot.storage import GameNotFoundError, Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import (
    ALICE,
    BOB,
    BOT,
    CAROL,
    CHANNEL,
    GUILD,
    MODERATOR,
    OTHER_BOT,
    OTHER_CHANNEL,
    OTHER_GUILD,
    THREAD,
)
from tests.refused import refused

from .support import ELSEWHERE, HERE, IN_THREAD, Recorder

INVITATION = 1_180_000_000_000_000_001
"""The message id of an invitation (and of its thread, for a game played in one)."""
CHALLENGE_LIFETIME = challenge_lifetime(TimeControl(per_move=DEFAULT_TIME_PER_MOVE))
"""How long a challenge with the server's default time control (a day per move) stays open."""


async def challenge(services: Services, *args: object, **options: object) -> Challenge:
    created = await services.challenges.challenge(*args, **options)  # type: ignore[arg-type]
    assert isinstance(created, Challenge)
    return created


# --- opening ------------------------------------------------------------------------------------


async def test_a_challenge_is_stored_and_announced(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    created = await challenge(services, HERE, ALICE, BOB, color=engine.Color.WHITE)

    assert created.status is ChallengeStatus.PENDING
    assert (created.guild_id, created.channel_id) == (GUILD, CHANNEL)
    assert (created.challenger_id, created.opponent_id, created.color) == (
        ALICE,
        BOB,
        engine.Color.WHITE,
    )
    assert created.time_control.per_move == DEFAULT_TIME_PER_MOVE
    assert created.created_at == clock.timestamp()
    assert created.expires_at == clock.timestamp() + CHALLENGE_LIFETIME
    assert not created.in_thread and created.message_id is None
    assert recorder.take() == [ChallengeOpened(created)]
    assert await storage.challenges.pending() == [created]

    posted = await services.challenges.challenge_posted(created.id, INVITATION)
    assert posted.message_id == INVITATION
    assert recorder.take() == []


async def test_an_open_challenge_takes_the_servers_time_per_move(
    services: Services, storage: Storage
) -> None:
    await storage.settings.update(GUILD, time_control=TimeControl(per_move=600), now=0)
    created = await challenge(services, HERE, ALICE, None)
    assert created.opponent_id is None and created.color is None
    assert created.time_control.per_move == 600
    named = await challenge(services, ELSEWHERE, ALICE, BOB, time_control=TimeControl(per_move=120))
    assert named.time_control.per_move == 120


@pytest.mark.parametrize(
    ("opponent", "options", "says"),
    [
        (ALICE, {}, Refused.CHALLENGED_YOURSELF),
        (OTHER_BOT, {"opponent_is_bot": True}, Refused.OPPONENT_IS_A_BOT),
    ],
)
async def test_challenges_nobody_can_play(
    services: Services,
    storage: Storage,
    recorder: Recorder,
    opponent: int,
    options: dict[str, object],
    says: Refused,
) -> None:
    with refused(says):
        await services.challenges.challenge(HERE, ALICE, opponent, **options)  # type: ignore[arg-type]
    assert recorder.take() == []
    assert await storage.challenges.pending() == []


async def test_challenging_the_bot_starts_a_game_against_it(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    started = await services.challenges.challenge(
        HERE, ALICE, BOT, opponent_is_bot=True, color=engine.Color.BLACK, level=2
    )

    assert isinstance(started, GameState)
    record = started.record
    assert (record.black_id, record.white_id, record.bot_level) == (ALICE, BOT, 2)
    assert not record.rated and record.active and record.ply == 0
    assert record.deadline == clock.timestamp() + DEFAULT_TIME_PER_MOVE
    assert recorder.take() == [GameStarted(started)]
    assert await storage.challenges.pending() == []
    assert await storage.games.active_in(CHANNEL) == record


async def test_a_thread_game_cannot_start_inside_a_thread(
    services: Services, recorder: Recorder
) -> None:
    with refused(Refused.ALREADY_A_THREAD):
        await services.challenges.challenge(IN_THREAD, ALICE, BOB, thread=True)
    assert recorder.take() == []
    # Without `thread`, the game is played in the thread itself.
    created = await challenge(services, IN_THREAD, ALICE, BOB)
    assert created.channel_id == THREAD and not created.in_thread


async def test_only_allowed_channels_host_challenges(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    await storage.settings.update(GUILD, allowed_channels=[OTHER_CHANNEL], now=0)

    for place in (HERE, IN_THREAD):  # a thread counts as its channel
        with refused(Refused.CHANNEL_NOT_ALLOWED):
            await services.challenges.challenge(place, ALICE, BOB)
    with refused(Refused.CHANNEL_NOT_ALLOWED):
        await services.challenges.challenge(HERE, ALICE, BOB, thread=True)
    assert recorder.take() == []

    assert (await challenge(services, ELSEWHERE, ALICE, BOB)).channel_id == OTHER_CHANNEL
    thread_there = Place(GUILD, THREAD, OTHER_CHANNEL)
    assert (await challenge(services, thread_there, ALICE, BOB)).channel_id == THREAD
    # Another server's settings are its own.
    assert (await challenge(services, Place(OTHER_GUILD, CHANNEL), ALICE, BOB)).guild_id


async def test_a_busy_channel_takes_challenges_only_for_a_thread(
    services: Services, recorder: Recorder
) -> None:
    game = await services.challenges.challenge(HERE, ALICE, BOT)
    assert isinstance(game, GameState)
    recorder.take()

    with refused(Refused.CHANNEL_BUSY) as busy:
        await services.challenges.challenge(HERE, BOB, CAROL)
    assert busy.value.game == game.record
    assert recorder.take() == []

    in_thread = await challenge(services, HERE, BOB, CAROL, thread=True)
    assert in_thread.in_thread and in_thread.channel_id == CHANNEL
    assert recorder.take() == [ChallengeOpened(in_thread)]


# --- accepting ----------------------------------------------------------------------------------


async def test_accepting_starts_the_game_and_closes_the_challenge(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    created = await challenge(
        services, HERE, ALICE, BOB, color=engine.Color.WHITE, time_control=TimeControl(per_move=300)
    )
    await services.challenges.challenge_posted(created.id, INVITATION)
    clock.advance(60)
    recorder.take()

    closed, state = await services.challenges.accept(created.id, BOB, HERE)

    record = state.record
    assert closed.status is ChallengeStatus.ACCEPTED and closed.game_id == record.id
    assert (record.black_id, record.white_id) == (BOB, ALICE)  # Alice chose White
    assert record.channel_id == CHANNEL and record.rated and record.bot_level is None
    assert record.created_at == clock.timestamp()
    assert record.deadline == clock.timestamp() + 300
    assert state.position == engine.Position.initial() and state.to_move_id == BOB
    assert recorder.take() == [ChallengeClosed(closed), GameStarted(state)]
    assert await storage.challenges.pending() == []
    assert await storage.games.active_in(CHANNEL) == record


async def test_a_random_color_is_drawn_from_the_services_generator(
    services: Services,
) -> None:
    colors = []
    for channel in range(1, 13):
        created = await challenge(services, Place(GUILD, channel), ALICE, None)
        draw = copy.deepcopy(services.context.rng).choice(list(engine.Color))
        _, state = await services.challenges.accept(created.id, BOB, Place(GUILD, channel))
        assert state.record.color_of(ALICE) is draw
        colors.append(draw)
    assert set(colors) == set(engine.Color)


@pytest.mark.parametrize(
    ("opponent", "accepter", "says"),
    [
        (BOB, ALICE, Refused.OWN_CHALLENGE),
        (None, ALICE, Refused.OWN_CHALLENGE),
        (BOB, CAROL, Refused.CHALLENGE_FOR_SOMEONE_ELSE),
    ],
)
async def test_who_cannot_accept(
    services: Services,
    storage: Storage,
    recorder: Recorder,
    opponent: int | None,
    accepter: int,
    says: Refused,
) -> None:
    created = await challenge(services, HERE, ALICE, opponent)
    recorder.take()
    with refused(says):
        await services.challenges.accept(created.id, accepter, HERE)
    assert recorder.take() == []
    assert await storage.challenges.pending() == [created]
    assert await storage.games.active() == []


async def test_a_challenge_is_answered_only_where_it_was_made(
    services: Services, storage: Storage
) -> None:
    created = await challenge(services, HERE, ALICE, BOB)
    for place in (ELSEWHERE, Place(OTHER_GUILD, CHANNEL)):
        for answer in (
            services.challenges.accept,
            services.challenges.decline,
            services.challenges.cancel,
        ):
            with refused(Refused.NOT_HERE):
                await answer(created.id, BOB, place)
    with refused(Refused.CHALLENGE_GONE):
        await services.challenges.accept(created.id + 1, BOB, HERE)
    assert await storage.challenges.pending() == [created]


async def test_an_expired_challenge_cannot_be_accepted_and_its_expiry_is_announced(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    created = await challenge(services, HERE, ALICE, BOB)
    recorder.take()
    clock.advance(CHALLENGE_LIFETIME)

    with refused(Refused.CHALLENGE_EXPIRED):
        await services.challenges.accept(created.id, BOB, HERE)

    expired = await storage.challenges.get(created.id)
    assert expired.status is ChallengeStatus.EXPIRED
    assert recorder.take() == [ChallengeClosed(expired)]
    assert await storage.games.active() == []


async def test_a_closed_challenge_cannot_be_accepted(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    created = await challenge(services, HERE, ALICE, BOB)
    await services.challenges.decline(created.id, BOB, HERE)
    recorder.take()

    with refused(Refused.CHALLENGE_DECLINED):
        await services.challenges.accept(created.id, BOB, HERE)
    assert recorder.take() == []
    assert await storage.games.active() == []


async def test_of_concurrent_accepts_exactly_one_wins(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    created = await challenge(services, HERE, ALICE, None)
    recorder.take()

    outcomes = await asyncio.gather(
        *(services.challenges.accept(created.id, user, HERE) for user in (BOB, CAROL, BOB, CAROL)),
        return_exceptions=True,
    )

    won = [outcome for outcome in outcomes if isinstance(outcome, tuple)]
    lost = [outcome for outcome in outcomes if not isinstance(outcome, tuple)]
    assert len(won) == 1 and len(lost) == 3
    assert all(
        isinstance(error, Refusal) and error.code is Refused.CHALLENGE_ACCEPTED for error in lost
    ), lost
    closed, state = won[0]
    assert recorder.take() == [ChallengeClosed(closed), GameStarted(state)]
    assert await storage.games.active() == [state.record]


async def test_of_challenges_accepted_at_once_in_one_channel_one_game_starts(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    # Both were made before the channel got busy: the storage lets only one game in.
    first = await challenge(services, HERE, ALICE, None)
    second = await challenge(services, HERE, BOB, None)
    outcomes = await asyncio.gather(
        services.challenges.accept(first.id, CAROL, HERE),
        services.challenges.accept(second.id, CAROL, HERE),
        return_exceptions=True,
    )
    won = [outcome for outcome in outcomes if isinstance(outcome, tuple)]
    assert len(won) == 1
    (refusal,) = [outcome for outcome in outcomes if not isinstance(outcome, tuple)]
    assert (
        isinstance(refusal, GameRefusal)
        and refusal.code is Refused.CHANNEL_BUSY
        and refusal.game == won[0][1].record
    )
    assert len(await storage.challenges.pending()) == 1


# --- games in a thread --------------------------------------------------------------------------


async def test_a_game_in_a_thread_begins_once_its_thread_is_ready(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    created = await challenge(services, HERE, ALICE, BOB, thread=True, color=engine.Color.BLACK)
    recorder.take()

    with refused(Refused.CHALLENGE_NOT_READY):
        await services.challenges.accept(created.id, BOB, HERE)  # its invitation isn't posted yet
    await services.challenges.challenge_posted(created.id, INVITATION)

    closed, state = await services.challenges.accept(created.id, BOB, HERE)

    assert state.record.channel_id == INVITATION  # the thread will share the message's id
    assert (state.record.black_id, state.record.white_id) == (ALICE, BOB)
    assert state.record.deadline == clock.timestamp() + DEFAULT_TIME_PER_MOVE
    assert closed.status is ChallengeStatus.ACCEPTED and closed.channel_id == CHANNEL
    assert recorder.take() == []  # nothing shows until the thread exists

    services.challenges.thread_ready(closed, state)
    assert recorder.take() == [ChallengeClosed(closed), GameStarted(state)]


async def test_reopening_undoes_an_acceptance_whose_thread_failed(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    created = await challenge(services, HERE, ALICE, None, thread=True)
    posted = await services.challenges.challenge_posted(created.id, INVITATION)
    closed, state = await services.challenges.accept(created.id, BOB, HERE)
    recorder.take()

    await services.challenges.reopen(closed, state)

    assert recorder.take() == []
    reopened = await storage.challenges.get(created.id)
    assert reopened.status is ChallengeStatus.PENDING and reopened.game_id is None
    assert reopened.message_id == posted.message_id
    with pytest.raises(GameNotFoundError):
        await storage.games.get(state.record.id)
    assert await storage.games.active() == []

    # The challenge can be accepted again, by someone else too.
    _, again = await services.challenges.accept(created.id, CAROL, HERE)
    assert again.record.channel_id == INVITATION and again.record.color_of(CAROL) is not None


# --- declining, cancelling, expiring -----------------------------------------------------------


async def test_declining(services: Services, storage: Storage, recorder: Recorder) -> None:
    created = await challenge(services, HERE, ALICE, BOB)
    open_one = await challenge(services, ELSEWHERE, ALICE, None)
    recorder.take()

    for who, which, place in (
        (ALICE, created, HERE),
        (CAROL, created, HERE),
        (BOB, open_one, ELSEWHERE),
    ):
        with refused(Refused.ONLY_CHALLENGED_DECLINES):
            await services.challenges.decline(which.id, who, place)
    assert recorder.take() == []

    declined = await services.challenges.decline(created.id, BOB, HERE)
    assert declined.status is ChallengeStatus.DECLINED
    assert recorder.take() == [ChallengeClosed(declined)]
    assert await storage.challenges.pending() == [open_one]

    with refused(Refused.CHALLENGE_DECLINED):
        await services.challenges.decline(created.id, BOB, HERE)
    assert recorder.take() == []


async def test_cancelling(services: Services, storage: Storage, recorder: Recorder) -> None:
    created = await challenge(services, HERE, ALICE, None)
    recorder.take()

    for who in (BOB, CAROL):
        with refused(Refused.ONLY_CHALLENGER_CANCELS):
            await services.challenges.cancel(created.id, who, HERE)
    assert recorder.take() == []

    cancelled = await services.challenges.cancel(created.id, ALICE, HERE)
    assert cancelled.status is ChallengeStatus.CANCELLED
    assert recorder.take() == [ChallengeClosed(cancelled)]
    assert await storage.challenges.pending() == []
    with refused(Refused.CHALLENGE_CANCELLED):
        await services.challenges.cancel(created.id, ALICE, HERE)


async def test_answering_an_expired_challenge_announces_its_expiry(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    declined = await challenge(services, HERE, ALICE, BOB)
    to_cancel = await challenge(services, ELSEWHERE, ALICE, BOB)
    recorder.take()
    clock.advance(CHALLENGE_LIFETIME + 1)

    with refused(Refused.CHALLENGE_EXPIRED):
        await services.challenges.decline(declined.id, BOB, HERE)
    # Every challenge due expires at once, each announced once.
    expired = [await storage.challenges.get(c.id) for c in (declined, to_cancel)]
    assert recorder.take() == [ChallengeClosed(challenge) for challenge in expired]
    with refused(Refused.CHALLENGE_EXPIRED):
        await services.challenges.cancel(to_cancel.id, ALICE, ELSEWHERE)
    assert recorder.take() == []


async def test_challenges_expire_when_their_time_is_up(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    first = await challenge(services, HERE, ALICE, BOB)
    clock.advance(60)
    second = await challenge(services, ELSEWHERE, ALICE, None)
    recorder.take()

    clock.advance(CHALLENGE_LIFETIME - 61)
    assert await services.challenges.expire_challenges() == []
    clock.advance(1)
    expired = await services.challenges.expire_challenges()
    assert [c.id for c in expired] == [first.id]
    assert expired[0].status is ChallengeStatus.EXPIRED
    assert recorder.take() == [ChallengeClosed(expired[0])]

    clock.advance(60)
    (later,) = await services.challenges.expire_challenges()
    assert later.id == second.id
    assert recorder.take() == [ChallengeClosed(later)]
    assert await storage.challenges.pending() == []


async def test_a_challenge_stays_open_as_long_as_its_time_control_suggests(
    services: Services, storage: Storage, clock: FakeClock
) -> None:
    now = clock.timestamp()
    lifetimes = {
        TimeControl(base=180, increment=2): LIVE_CHALLENGE_LIFETIME,
        TimeControl(base=3 * 60 * 60): LIVE_CHALLENGE_LIFETIME,
        TimeControl(per_move=60): LIVE_CHALLENGE_LIFETIME,
        TimeControl(per_move=6 * 60 * 60): 6 * 60 * 60,
        TimeControl(per_move=DEFAULT_TIME_PER_MOVE): DEFAULT_TIME_PER_MOVE,
        TimeControl(per_move=3 * 24 * 60 * 60): 3 * 24 * 60 * 60,
        TimeControl(per_move=7 * 24 * 60 * 60): LONGEST_CHALLENGE_LIFETIME,
        TimeControl(per_move=30 * 24 * 60 * 60): LONGEST_CHALLENGE_LIFETIME,
    }
    for channel, (control, lifetime) in enumerate(lifetimes.items(), start=CHANNEL + 10):
        created = await challenge(services, Place(GUILD, channel), ALICE, BOB, time_control=control)
        assert created.expires_at == now + lifetime, control
    assert (LIVE_CHALLENGE_LIFETIME, LONGEST_CHALLENGE_LIFETIME) == (15 * 60, 7 * 24 * 60 * 60)


# --- forgetting a player ------------------------------------------------------------------------


async def test_forgetting_a_player_closes_their_open_challenges(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    theirs = await challenge(services, HERE, ALICE, None)
    to_them = await challenge(services, ELSEWHERE, BOB, ALICE)
    declined = await challenge(services, Place(GUILD, 5), BOB, ALICE)
    await services.challenges.decline(declined.id, ALICE, Place(GUILD, 5))
    others = await challenge(services, Place(GUILD, 6), BOB, CAROL)
    in_other_guild = await challenge(services, Place(OTHER_GUILD, 7), ALICE, None)
    recorder.take()
    with refused(Refused.ONLY_THE_ASKER_CONFIRMS):
        await services.settings.forget(GUILD, ALICE, confirmed_by=BOB)
    assert recorder.take() == []

    await services.settings.forget(GUILD, ALICE, confirmed_by=ALICE)

    events = recorder.take()
    assert all(isinstance(event, ChallengeClosed) for event in events)
    closed = [event.challenge for event in events]  # type: ignore[union-attr]
    assert [c.id for c in closed] == [theirs.id, to_them.id]
    assert all(c.status is ChallengeStatus.CANCELLED for c in closed)
    assert await storage.challenges.pending() == [others, in_other_guild]


async def test_a_challenge_forgotten_meanwhile_is_gone(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    """The challenger forgotten between the challenge and its answer (or its invitation's
    posting): a refusal, not a fault."""
    created = await challenge(services, HERE, ALICE, BOB)
    await services.settings.forget(GUILD, ALICE, confirmed_by=ALICE)
    recorder.take()

    with refused(Refused.CHALLENGE_GONE):
        await services.challenges.challenge_posted(created.id, 99)

    async def as_read_before(challenge_id: int) -> Challenge:
        return created

    # Forgotten after the decline read the challenge, before it closed it.
    with (
        patch.object(storage.challenges, "get", as_read_before),
        refused(Refused.CHALLENGE_GONE),
    ):
        await services.challenges.decline(created.id, BOB, HERE)
    assert recorder.take() == []


async def test_a_player_cannot_be_forgotten_mid_game(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    created = await challenge(services, HERE, ALICE, BOB)
    await challenge(services, ELSEWHERE, ALICE, None)
    await services.challenges.accept(created.id, BOB, HERE)
    recorder.take()

    with refused(Refused.FORGET_WHILE_PLAYING) as refusal:
        await services.settings.forget(GUILD, ALICE, confirmed_by=ALICE)
    assert refusal.value.params == {"id": (await storage.games.active())[0].id}
    assert recorder.take() == []
    assert len(await storage.challenges.pending()) == 1


# --- rematches ------------------------------------------------------------------------------------


async def test_a_rematch_against_the_bot_swaps_colors_and_starts_at_once(
    services: Services, recorder: Recorder
) -> None:
    first = await services.versus_bot.start_bot_game(HERE, ALICE, level=3, color=engine.Color.BLACK)
    with refused(Refused.CHANNEL_BUSY):  # not while the first game goes on
        await services.challenges.rematch(first.record.id, ALICE, HERE)
    await services.endings.resign(first.record.id, ALICE, HERE, offered=EndReason.ABORTED)
    recorder.take()

    again = await services.challenges.rematch(first.record.id, ALICE, HERE)

    assert isinstance(again, GameState)
    assert (again.record.black_id, again.record.white_id) == (BOT, ALICE)
    assert again.record.bot_level == 3 and again.record.deadline is None
    assert recorder.take() == [GameStarted(again)]


async def test_a_rematch_between_people_is_a_challenge_with_colors_swapped(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
) -> None:
    invitation = await services.challenges.challenge(
        HERE, ALICE, BOB, color=engine.Color.BLACK, time_control=TimeControl(per_move=300)
    )
    assert isinstance(invitation, Challenge)
    _, first = await services.challenges.accept(invitation.id, BOB, HERE)
    await services.endings.resign(first.record.id, BOB, HERE, offered=EndReason.ABORTED)
    recorder.take()

    with refused(Refused.ONLY_PLAYERS_REMATCH):
        await services.challenges.rematch(first.record.id, CAROL, HERE)
    with refused(Refused.NOT_HERE):
        await services.challenges.rematch(first.record.id, BOB, ELSEWHERE)
    assert recorder.take() == []

    offer = await services.challenges.rematch(first.record.id, BOB, HERE)

    assert isinstance(offer, Challenge)
    assert (offer.challenger_id, offer.opponent_id) == (BOB, ALICE)
    assert offer.color is engine.Color.BLACK  # Bob had White
    assert offer.time_control.per_move == 300 and offer.status is ChallengeStatus.PENDING
    assert recorder.take() == [ChallengeOpened(offer)]
    _, second = await services.challenges.accept(offer.id, ALICE, HERE)
    assert (second.record.black_id, second.record.white_id) == (BOB, ALICE)


async def test_no_rematch_with_a_player_who_was_forgotten(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    invitation = await services.challenges.challenge(HERE, ALICE, BOB)
    assert isinstance(invitation, Challenge)
    _, game = await services.challenges.accept(invitation.id, BOB, HERE)
    await services.endings.cancel(HERE, MODERATOR, moderator=True)
    await services.settings.forget(GUILD, BOB, confirmed_by=BOB)
    recorder.take()

    with refused(Refused.OPPONENT_GONE):
        await services.challenges.rematch(game.record.id, ALICE, HERE)
    assert recorder.take() == []
    assert await storage.challenges.pending() == []


async def test_no_rematch_with_a_player_who_left_the_server(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    invitation = await services.challenges.challenge(HERE, ALICE, BOB)
    assert isinstance(invitation, Challenge)
    _, game = await services.challenges.accept(invitation.id, BOB, HERE)
    await services.endings.cancel(HERE, MODERATOR, moderator=True)
    recorder.take()
    asked: list[int] = []

    async def members_but_bob(user_id: int) -> bool:
        asked.append(user_id)
        return user_id != BOB

    with refused(Refused.OPPONENT_NOT_A_MEMBER):
        await services.challenges.rematch(game.record.id, ALICE, HERE, is_member=members_but_bob)
    assert asked == [BOB]
    assert recorder.take() == []
    assert await storage.challenges.pending() == []
    offer = await services.challenges.rematch(game.record.id, BOB, HERE, is_member=members_but_bob)
    assert isinstance(offer, Challenge) and offer.opponent_id == ALICE
