"""Games that start without an invitation: against the bot, and rematches."""

from __future__ import annotations

import copy

from bot import engine
from bot.domain import Challenge, ChallengeStatus, EndReason, GameState, TimeControl
from bot.domain.refusals import Refused
from bot.events import ChallengeOpened, GameStarted
from bot.services import Services
from bot.storage import Storage
from tests.refused import refused

from .support import (
    ALICE,
    BOB,
    BOT,
    CAROL,
    CHANNEL,
    ELSEWHERE,
    GUILD,
    HERE,
    MODERATOR,
    ManualClock,
    Recorder,
)


async def test_a_game_against_the_bot_where_the_bot_opens(
    services: Services, storage: Storage, clock: ManualClock, recorder: Recorder
) -> None:
    await storage.settings.update(GUILD, time_control=TimeControl(per_move=600), now=0)
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=4, color=engine.Color.WHITE)

    record = state.record
    assert (record.black_id, record.white_id, record.bot_level) == (BOT, ALICE, 4)
    assert record.deadline is None  # the bot is to move: no clock runs for it
    assert record.time_control.per_move == 600 and not record.rated
    assert state.to_move_id == BOT
    assert recorder.take() == [GameStarted(state)]
    assert await storage.games.get(record.id) == record


async def test_a_game_against_the_bot_where_the_player_opens(
    services: Services, clock: ManualClock
) -> None:
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.BLACK)
    assert (state.record.black_id, state.record.white_id) == (ALICE, BOT)
    assert state.record.deadline == clock.timestamp() + 24 * 60 * 60


async def test_the_players_colour_against_the_bot_is_drawn_when_not_chosen(
    services: Services,
) -> None:
    draw = copy.deepcopy(services.context.rng).choice(list(engine.Color))
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1)
    assert state.record.color_of(ALICE) is draw


async def test_a_game_against_the_bot_needs_a_free_allowed_channel_and_the_bot_logged_in(
    services: Services, storage: Storage, recorder: Recorder
) -> None:
    first = await services.versus_bot.start_bot_game(HERE, ALICE, level=1)
    recorder.take()
    with refused(Refused.CHANNEL_BUSY) as busy:
        await services.versus_bot.start_bot_game(HERE, BOB, level=1)
    assert busy.value.game == first.record

    await storage.settings.update(GUILD, allowed_channels=[CHANNEL], now=0)
    with refused(Refused.CHANNEL_NOT_ALLOWED):
        await services.versus_bot.start_bot_game(ELSEWHERE, BOB, level=1)

    services.context.bot_id = None
    with refused(Refused.STARTING_UP):
        await services.versus_bot.start_bot_game(HERE, BOB, level=1)
    assert recorder.take() == []
    assert await storage.games.active() == [first.record]


async def test_a_rematch_against_the_bot_swaps_colours_and_starts_at_once(
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


async def test_a_rematch_between_people_is_a_challenge_with_colours_swapped(
    services: Services, storage: Storage, clock: ManualClock, recorder: Recorder
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
