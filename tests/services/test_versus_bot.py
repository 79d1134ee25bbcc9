"""Games against the bot through `VersusBot`: starting one, and asking for a hint."""

from __future__ import annotations

import copy

from bot import engine
from bot.domain import TimeControl
from bot.domain.events import GameStarted
from bot.domain.refusals import Refused
from bot.services import Services
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, BOT, CHANNEL, GUILD
from tests.refused import refused

from .support import ELSEWHERE, HERE, Recorder, human_game


async def test_a_game_against_the_bot_where_the_bot_opens(
    services: Services, storage: Storage, clock: FakeClock, recorder: Recorder
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
    services: Services, clock: FakeClock
) -> None:
    state = await services.versus_bot.start_bot_game(HERE, ALICE, level=1, color=engine.Color.BLACK)
    assert (state.record.black_id, state.record.white_id) == (ALICE, BOT)
    assert state.record.deadline == clock.timestamp() + 24 * 60 * 60


async def test_the_players_color_against_the_bot_is_drawn_when_not_chosen(
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


async def test_hints_are_for_the_player_to_move_against_the_bot(services: Services) -> None:
    await human_game(services)
    with refused(Refused.HINTS_AGAINST_THE_BOT_ONLY):
        await services.versus_bot.hint_position(HERE, ALICE)
    state = await services.versus_bot.start_bot_game(
        ELSEWHERE, ALICE, level=1, color=engine.Color.BLACK
    )
    assert (await services.versus_bot.hint_position(ELSEWHERE, ALICE)).record == state.record
    with refused(Refused.NOT_PLAYING):
        await services.versus_bot.hint_position(ELSEWHERE, BOB)
    await services.games.move_here(ELSEWHERE, ALICE, "d3")
    with refused(Refused.NOT_YOUR_TURN):
        await services.versus_bot.hint_position(ELSEWHERE, ALICE)
