"""What moves tournaments on by itself: the start time, and a game's end pairing the next round,
tried again when the database was out of reach. Each step waits for the timer it expects."""

from __future__ import annotations

import logging

import pytest

from bot.domain import GameRecord, TimeControl
from bot.domain.events import TournamentFinished, TournamentRoundPaired, TournamentUpdated
from bot.domain.tournament import Format, TournamentState
from bot.services import Services
from bot.services.bus import Events
from bot.services.tournaments import Manager, NewTournament
from bot.storage import DatabaseBusyError
from bot.timers import TIMER_RETRY_DELAY, Timers
from bot.tournament_timers import TournamentTimers
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, CHANNEL, GUILD, MODERATOR

from .support import Recorder

ORGANISER = Manager(MODERATOR, any_tournament=True)


@pytest.fixture
def tournament_timers(services: Services, timers: Timers, events: Events) -> TournamentTimers:
    subscriber = TournamentTimers(services.tournaments, services.rounds, timers)
    subscriber.subscribe(events)
    return subscriber


async def signed_up(services: Services, clock: FakeClock, players: list[int]) -> tuple[int, float]:
    starts_at = clock.timestamp() + 3600
    new = NewTournament(
        name="Cup",
        format=Format.ROUND_ROBIN,
        swiss_rounds=1,
        time_control=TimeControl(per_move=600),
        rated=False,
        entry_limit=8,
        starts_at=starts_at,
        channel_id=CHANNEL,
    )
    view = await services.tournaments.create(GUILD, ORGANISER, new)
    for player in players:
        await services.tournaments.join(view.tournament.id, player, GUILD)
    return view.tournament.id, starts_at


def paired(event: object) -> bool:
    return isinstance(event, TournamentRoundPaired)


async def test_the_start_time_starts_it(
    tournament_timers: TournamentTimers,
    services: Services,
    clock: FakeClock,
    recorder: Recorder,
) -> None:
    tournament_id, starts_at = await signed_up(services, clock, [ALICE, BOB])
    await clock.sleeper_at(starts_at)

    clock.advance_to(starts_at)
    event = await recorder.wait_for(paired)

    assert isinstance(event, TournamentRoundPaired) and len(event.boards) == 1
    view = await services.tournaments.view(tournament_id, GUILD)
    assert view.tournament.state is TournamentState.RUNNING and view.tournament.round == 1


async def test_with_too_few_entrants_it_is_cancelled_at_its_start_time(
    tournament_timers: TournamentTimers,
    services: Services,
    clock: FakeClock,
    recorder: Recorder,
) -> None:
    tournament_id, starts_at = await signed_up(services, clock, [ALICE])
    await clock.sleeper_at(starts_at)

    clock.advance_to(starts_at)
    await recorder.wait_for(
        lambda e: isinstance(e, TournamentUpdated) and e.view.tournament.state.over
    )

    view = await services.tournaments.view(tournament_id, GUILD)
    assert view.tournament.state is TournamentState.CANCELLED and view.boards == ()


async def test_a_round_not_paired_for_a_busy_database_is_paired_later(
    tournament_timers: TournamentTimers,
    services: Services,
    clock: FakeClock,
    recorder: Recorder,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    tournament_id, _ = await signed_up(services, clock, [ALICE, BOB])
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    (event,) = [e for e in recorder.take() if isinstance(e, TournamentRoundPaired)]
    state = await services.rounds.start_board(event.view.tournament, event.boards[0], CHANNEL + 1)
    assert state is not None
    game_ended = services.rounds.game_ended
    failed: list[int] = []

    async def busy_once(record: GameRecord) -> None:
        if not failed:
            failed.append(record.id)
            raise DatabaseBusyError()
        await game_ended(record)

    monkeypatch.setattr(services.rounds, "game_ended", busy_once)
    await services.endings.stop_for_tournament(state.record.id, MODERATOR, loser=BOB)
    await clock.sleepers(clock.timestamp() + TIMER_RETRY_DELAY)

    assert failed == [state.record.id]
    (logged,) = [r for r in caplog.records if r.name == "bot.timers"]
    assert logged.levelno == logging.WARNING
    view = await services.tournaments.view(tournament_id, GUILD)
    assert view.tournament.state is TournamentState.RUNNING
    clock.advance(TIMER_RETRY_DELAY)
    await recorder.wait_for(lambda e: isinstance(e, TournamentFinished))
    finished = await services.tournaments.view(tournament_id, GUILD)
    assert finished.tournament.state is TournamentState.FINISHED
