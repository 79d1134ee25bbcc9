"""Tournaments: signing up and its refusals, rounds that run by themselves to the final
standings, and a crash at any point between a game's end and the next round's games."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.domain import DELETED_USER_ID, EndReason, GameState, TimeControl, is_forgotten
from bot.domain.events import GameEnded, TournamentFinished, TournamentRoundPaired
from bot.domain.refusals import Refusal, Refused
from bot.domain.tournament import Format, Pairing, TournamentState, TournamentView
from bot.engine import square_name
from bot.services import Place, Services
from bot.services.tournaments import Manager, NewTournament
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, CAROL, CHANNEL, GUILD, MODERATOR, OTHER_GUILD
from tests.storage.postgres_server import PostgresServer

from .support import Recorder

DAVE, ERIN = 1_170_000_000_000_000_005, 1_170_000_000_000_000_006
ORGANISER = Manager(MODERATOR, any_tournament=True)
NOBODY = Manager(ALICE, any_tournament=False)
THREADS = itertools.count(1_180_000_000_000_000_001)


@pytest.fixture(params=["sqlite", "postgresql"])
async def storage(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Storage]:
    """The services' storage on each backend."""
    if request.param == "sqlite":
        url = f"sqlite:///{db_path}"
    else:
        server: PostgresServer = request.getfixturevalue("postgres")
        url = await server.fresh_schema()
    async with await Storage.open(url) as opened:
        yield opened


def new(format: Format = Format.SWISS, *, rounds: int = 3, limit: int = 16) -> NewTournament:
    return NewTournament(
        name="Winter Cup",
        format=format,
        swiss_rounds=rounds,
        time_control=TimeControl(per_move=3600),
        rated=True,
        entry_limit=limit,
        starts_at=1_900_000_000.0,
        channel_id=CHANNEL,
    )


async def created(services: Services, players: list[int], tournament: NewTournament) -> int:
    view = await services.tournaments.create(GUILD, ORGANISER, tournament)
    for player in players:
        await services.tournaments.join(view.tournament.id, player, GUILD)
    return view.tournament.id


async def start_boards(services: Services, recorder: Recorder) -> list[GameState]:
    """What the Discord side does with each round paired: a thread per board, its game in it."""
    started = []
    paired = [e for e in recorder.seen if isinstance(e, TournamentRoundPaired)]
    recorder.seen = [e for e in recorder.seen if e not in paired]
    for event in paired:
        for board in event.boards:
            state = await services.rounds.start_board(event.view.tournament, board, next(THREADS))
            if state is not None:
                started.append(state)
    return started


async def play_out(services: Services, recorder: Recorder, tournament_id: int) -> TournamentView:
    """Every game lost by the player with the larger id, round after round, to the end."""
    while games := await start_boards(services, recorder):
        for state in games:
            record = state.record
            loser = max(record.black_id, record.white_id)
            await services.endings.stop_for_tournament(record.id, MODERATOR, loser=loser)
            await services.rounds.game_ended(record)
    return await services.tournaments.view(tournament_id, GUILD)


async def test_sign_up_refusals(services: Services) -> None:
    tournament_id = await created(services, [ALICE, BOB], new(limit=3))
    tournaments = services.tournaments

    with pytest.raises(Refusal) as twice:
        await tournaments.join(tournament_id, ALICE, GUILD)
    await tournaments.join(tournament_id, CAROL, GUILD)
    with pytest.raises(Refusal) as full:
        await tournaments.join(tournament_id, DAVE, GUILD)
    with pytest.raises(Refusal) as elsewhere:
        await tournaments.join(tournament_id, DAVE, OTHER_GUILD)
    with pytest.raises(Refusal) as not_organiser:
        await tournaments.start(tournament_id, GUILD, NOBODY)
    with pytest.raises(Refusal) as creating:
        await tournaments.create(GUILD, NOBODY, new())

    assert twice.value.code is Refused.ALREADY_ENTERED
    assert (full.value.code, full.value.params) == (Refused.TOURNAMENT_FULL, {"limit": 3})
    assert elsewhere.value.code is Refused.NO_SUCH_TOURNAMENT
    assert not_organiser.value.code is Refused.NOT_ORGANISER
    assert creating.value.code is Refused.NOT_ORGANISER
    await tournaments.leave(tournament_id, CAROL, GUILD)
    view = await tournaments.view(tournament_id, GUILD)
    assert [e.player_id for e in view.entrants] == [ALICE, BOB]


async def test_no_joining_after_the_start_nor_leaving_during_a_game(
    services: Services, recorder: Recorder
) -> None:
    tournament_id = await created(services, [ALICE, BOB, CAROL], new(rounds=2))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    games = await start_boards(services, recorder)
    playing = games[0].record.black_id

    with pytest.raises(Refusal) as late:
        await services.tournaments.join(tournament_id, DAVE, GUILD)
    with pytest.raises(Refusal) as leaving:
        await services.tournaments.leave(tournament_id, playing, GUILD)

    assert late.value.code is Refused.TOURNAMENT_STARTED
    assert (leaving.value.code, leaving.value.params) == (
        Refused.LEAVING_DURING_GAME,
        {"id": games[0].record.id},
    )


async def test_round_robin_runs_to_final_standings(services: Services, recorder: Recorder) -> None:
    players = [ALICE, BOB, CAROL, DAVE]
    tournament_id = await created(services, players, new(Format.ROUND_ROBIN))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)

    view = await play_out(services, recorder, tournament_id)

    assert view.tournament.state is TournamentState.FINISHED
    assert view.tournament.round == view.tournament.rounds == 3
    met = {frozenset(b.pairing.players()) for b in view.boards}
    assert met == {frozenset(pair) for pair in itertools.combinations(players, 2)}
    assert all(b.game_id is not None and b.pairing.finished for b in view.boards)
    _, table = await services.tournaments.standings(tournament_id, GUILD)
    assert [(s.player_id, s.half_points) for s in table] == [
        (ALICE, 6),
        (BOB, 4),
        (CAROL, 2),
        (DAVE, 0),
    ]
    assert any(isinstance(event, TournamentFinished) for event in recorder.seen)


async def test_swiss_with_a_bye_and_a_withdrawal(services: Services, recorder: Recorder) -> None:
    players = [ALICE, BOB, CAROL, DAVE, ERIN]
    tournament_id = await created(services, players, new(rounds=3))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    for state in await start_boards(services, recorder):
        record = state.record
        await services.endings.stop_for_tournament(
            record.id, MODERATOR, loser=max(record.black_id, record.white_id)
        )
        await services.rounds.game_ended(record)
    paired = await services.tournaments.view(tournament_id, GUILD)
    leaver = next(b.pairing.black for b in paired.round_boards(2) if b.pairing.white)
    await services.tournaments.leave(tournament_id, leaver, GUILD)

    view = await play_out(services, recorder, tournament_id)

    assert view.tournament.state is TournamentState.FINISHED
    # Round 2 was paired as round 1 ended: her board of it is lost without play.
    (forfeit,) = [b.pairing for b in view.round_boards(2) if leaver in b.pairing.players()]
    assert forfeit.forfeit and forfeit.winner == forfeit.opponent(leaver)
    assert all(leaver not in b.pairing.players() for b in view.round_boards(3))
    assert sum(b.pairing.white is None for b in view.round_boards(1)) == 1


async def test_a_board_s_result_is_written_with_its_game_s_end(
    services: Services, recorder: Recorder, storage: Storage
) -> None:
    tournament_id = await created(services, [ALICE, BOB], new(rounds=1))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    (state,) = await start_boards(services, recorder)
    game = state.record
    rng = random.Random(7)
    place = Place(GUILD, game.channel_id, CHANNEL)
    while state.record.active:
        square = rng.choice(state.position.legal_moves())
        state = await services.games.move(
            game.id, state.to_move_id or 0, square_name(square), place
        )

    # No advance ran (as after a crash right after the last move): the board has its result.
    (board,) = (await storage.tournaments.view(tournament_id)).round_boards(1)
    assert board.game_id == game.id and board.pairing.finished
    assert (board.pairing.black_discs, board.pairing.white_discs) == (
        state.record.black_discs,
        state.record.white_discs,
    )
    assert (await storage.tournaments.get(tournament_id)).state is TournamentState.RUNNING
    await services.recovery.recover()
    assert (await storage.tournaments.get(tournament_id)).state is TournamentState.FINISHED


async def test_a_crash_before_pairing_or_before_the_games_loses_and_doubles_nothing(
    services: Services, recorder: Recorder, storage: Storage
) -> None:
    players = [ALICE, BOB, CAROL, DAVE]
    tournament_id = await created(services, players, new(rounds=3))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    for state in await start_boards(services, recorder):
        await services.endings.stop_for_tournament(state.record.id, MODERATOR, loser=BOB)
        loser = max(state.record.black_id, state.record.white_id)
        await services.endings.stop_for_tournament(state.record.id, MODERATOR, loser=loser)
    # The games ended but no round was paired: a crash. Start-up pairs round 2, once, even if
    # asked twice at the same time, and announces its boards.
    recorder.take()
    await services.recovery.recover()
    await services.rounds.advance(tournament_id)
    view = await services.tournaments.view(tournament_id, GUILD)
    assert view.tournament.round == 2 and len(view.round_boards(2)) == 2
    paired = [e for e in recorder.take() if isinstance(e, TournamentRoundPaired)]
    assert {b.number for e in paired for b in e.boards} == {1, 2}
    # A crash before the games were started: announced again at the next start.
    await services.recovery.recover()
    started = await start_boards(services, recorder)
    assert len(started) == 2
    board = paired[0].boards[0]
    tournament = paired[0].view.tournament
    assert await services.rounds.start_board(tournament, board, next(THREADS)) is None
    assert not any(isinstance(e, GameEnded) for e in recorder.seen)


async def test_cancelling_ends_the_games_without_a_result(
    services: Services, recorder: Recorder
) -> None:
    tournament_id = await created(services, [ALICE, BOB], new())
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    (state,) = await start_boards(services, recorder)

    with pytest.raises(Refusal) as refused:
        await services.tournaments.cancel(tournament_id, GUILD, NOBODY)
    await services.tournaments.cancel(tournament_id, GUILD, ORGANISER)

    assert refused.value.code is Refused.NOT_ORGANISER
    record = (await services.endings.load(state.record.id)).record
    assert not record.active and record.winner is None and not record.rated
    view = await services.tournaments.view(tournament_id, GUILD)
    assert view.tournament.state is TournamentState.CANCELLED


async def test_cancelling_as_the_next_round_starts_ends_that_round_s_games(
    services: Services, recorder: Recorder, storage: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The round ends and the next one starts between cancel's read and its write: the games
    of the round under way when it is cancelled end, not those of the round it read."""
    tournament_id = await created(services, [ALICE, BOB, CAROL, DAVE], new(rounds=2))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    first = await start_boards(services, recorder)
    set_state = storage.tournaments.set_state

    async def next_round_first(*args: object, **kwargs: object) -> object:
        monkeypatch.setattr(storage.tournaments, "set_state", set_state)
        for state in first:
            record = state.record
            loser = max(record.black_id, record.white_id)
            await services.endings.stop_for_tournament(record.id, MODERATOR, loser=loser)
            await services.rounds.game_ended(record)
        await start_boards(services, recorder)
        return await set_state(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(storage.tournaments, "set_state", next_round_first)
    await services.tournaments.cancel(tournament_id, GUILD, ORGANISER)

    view = await services.tournaments.view(tournament_id, GUILD)
    assert view.tournament.state is TournamentState.CANCELLED
    second = view.round_boards(2)
    assert len(second) == 2
    for board in second:
        assert board.game_id is not None
        record = (await services.endings.load(board.game_id)).record
        assert not record.active and record.winner is None and not record.rated


async def test_a_withdrawn_player_s_round_robin_games_are_lost_without_play(
    services: Services, recorder: Recorder
) -> None:
    tournament_id = await created(services, [ALICE, BOB, CAROL, DAVE], new(Format.ROUND_ROBIN))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    first, second = await start_boards(services, recorder)
    await services.endings.stop_for_tournament(
        first.record.id, MODERATOR, loser=first.record.white_id
    )
    await services.rounds.game_ended(first.record)
    leaver = first.record.white_id
    await services.tournaments.leave(tournament_id, leaver, GUILD)
    await services.endings.stop_for_tournament(
        second.record.id, MODERATOR, loser=second.record.white_id
    )
    await services.rounds.game_ended(second.record)

    view = await play_out(services, recorder, tournament_id)

    assert view.tournament.state is TournamentState.FINISHED
    later = [b for b in view.boards if b.pairing.round > 1 and leaver in b.pairing.players()]
    assert len(later) == 2
    assert all(b.pairing.forfeit and b.game_id is None for b in later)
    assert all(b.pairing.winner == b.pairing.opponent(leaver) for b in later)
    _, table = await services.tournaments.standings(tournament_id, GUILD)
    assert next(s for s in table if s.player_id == leaver).half_points == 0


async def test_a_paused_tournament_pairs_no_round_until_resumed(
    services: Services, recorder: Recorder
) -> None:
    tournament_id = await created(services, [ALICE, BOB, CAROL, DAVE], new(rounds=2))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    games = await start_boards(services, recorder)
    await services.tournaments.pause(tournament_id, GUILD, ORGANISER)
    with pytest.raises(Refusal) as twice:
        await services.tournaments.pause(tournament_id, GUILD, ORGANISER)
    for state in games:
        record = state.record
        await services.endings.stop_for_tournament(record.id, MODERATOR, loser=record.black_id)
        await services.rounds.game_ended(record)

    paused = await services.tournaments.view(tournament_id, GUILD)
    assert twice.value.code is Refused.TOURNAMENT_NOT_RUNNING
    assert paused.tournament.state is TournamentState.PAUSED and paused.tournament.round == 1
    await services.tournaments.resume(tournament_id, GUILD, ORGANISER)
    assert len(await start_boards(services, recorder)) == 2
    assert (await services.tournaments.view(tournament_id, GUILD)).tournament.round == 2


async def test_removing_a_player_loses_their_game_and_pairs_them_no_more(
    services: Services, recorder: Recorder
) -> None:
    tournament_id = await created(services, [ALICE, BOB, CAROL, DAVE], new(rounds=3))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    games = await start_boards(services, recorder)
    removed = games[0].record.black_id

    with pytest.raises(Refusal) as refused:
        await services.tournaments.remove(tournament_id, removed, GUILD, NOBODY)
    await services.tournaments.remove(tournament_id, removed, GUILD, ORGANISER)
    record = (await services.endings.load(games[0].record.id)).record
    assert refused.value.code is Refused.NOT_ORGANISER
    assert not record.active and record.winner is not None
    assert record.player(record.winner) == record.white_id
    await services.rounds.game_ended(record)
    other = games[1].record
    await services.endings.stop_for_tournament(other.id, MODERATOR, loser=other.black_id)
    await services.rounds.game_ended(other)

    view = await play_out(services, recorder, tournament_id)
    assert view.tournament.state is TournamentState.FINISHED
    assert all(removed not in b.pairing.players() for b in view.boards if b.pairing.round > 1)


async def test_a_double_round_robin_of_three_meets_twice_with_colors_swapped(
    services: Services, recorder: Recorder
) -> None:
    tournament_id = await created(services, [ALICE, BOB, CAROL], new(Format.DOUBLE_ROUND_ROBIN))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)

    view = await play_out(services, recorder, tournament_id)

    assert view.tournament.state is TournamentState.FINISHED
    assert view.tournament.rounds == 6
    games = [b.pairing for b in view.boards if b.pairing.white is not None]
    assert sorted((p.black, p.white) for p in games) == sorted(
        pair for pair in itertools.permutations([ALICE, BOB, CAROL], 2)
    )
    byes = [b.pairing for b in view.boards if b.pairing.white is None]
    assert len(byes) == 6 and all(p.finished and p.winner == p.black for p in byes)


async def test_a_small_swiss_lasts_the_rounds_its_field_allows(
    services: Services, recorder: Recorder
) -> None:
    with pytest.raises(Refusal) as refused:
        await services.tournaments.create(GUILD, ORGANISER, new(rounds=5, limit=4))
    assert (refused.value.code, refused.value.params) == (
        Refused.TOO_MANY_ROUNDS,
        {"players": 4, "rounds": 3},
    )

    for players, rounds in (([ALICE, BOB], 1), ([ALICE, BOB, CAROL], 3)):
        tournament_id = await created(services, players, new(rounds=5))
        started = await services.tournaments.start(tournament_id, GUILD, ORGANISER)
        assert started.tournament.rounds == rounds

        view = await play_out(services, recorder, tournament_id)

        assert view.tournament.state is TournamentState.FINISHED
        assert view.tournament.round == rounds
        met = [frozenset(b.pairing.players()) for b in view.boards if b.pairing.white]
        byes = [b.pairing.black for b in view.boards if b.pairing.white is None]
        assert len(met) == len(set(met)) and len(byes) == len(set(byes))


async def test_a_tournament_game_stopped_in_its_first_moves_is_a_forfeit_without_a_rematch(
    services: Services, recorder: Recorder
) -> None:
    tournament_id = await created(services, [ALICE, BOB], new(rounds=1))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    (state,) = await start_boards(services, recorder)
    record = state.record
    place = Place(GUILD, record.channel_id, CHANNEL)

    ended = await services.endings.resign(
        record.id, record.white_id, place, offered=EndReason.ABORTED
    )

    assert ended.record.tournament_id == tournament_id
    assert ended.record.forfeited_by == record.white_id and not ended.record.rated
    with pytest.raises(Refusal) as refused:
        await services.challenges.rematch(record.id, record.black_id, place)
    assert refused.value.code is Refused.NO_TOURNAMENT_REMATCH
    view = await services.tournaments.view(tournament_id, GUILD)
    (board,) = view.round_boards(1)
    assert board.pairing.forfeit and board.pairing.winner == record.black_id


# --- forgetting a member ----------------------------------------------------------------------


def renamed(pairing: Pairing, ids: dict[int, int]) -> Pairing:
    """The board with each player id replaced as `ids` says."""
    white, winner = pairing.white, pairing.winner
    return replace(
        pairing,
        black=ids[pairing.black],
        white=None if white is None else ids[white],
        winner=None if winner is None else ids[winner],
    )


async def finished_round_robin(
    services: Services, recorder: Recorder, clock: FakeClock, players: list[int]
) -> TournamentView:
    """A round robin played out, its players signed up one after the other."""
    view = await services.tournaments.create(GUILD, ORGANISER, new(Format.ROUND_ROBIN))
    for player in players:
        clock.advance(1)
        await services.tournaments.join(view.tournament.id, player, GUILD)
    await services.tournaments.start(view.tournament.id, GUILD, ORGANISER)
    return await play_out(services, recorder, view.tournament.id)


async def test_forgotten_members_leave_a_finished_tournament_s_standings_as_they_were(
    services: Services, recorder: Recorder, clock: FakeClock
) -> None:
    """Two entrants and the organiser forgotten: each entrant is a negative id of their own
    in the entrants and on every board, and the standings are the same but for those ids."""
    before = await finished_round_robin(services, recorder, clock, [ALICE, BOB, CAROL, DAVE, ERIN])
    tournament_id = before.tournament.id
    _, table = await services.tournaments.standings(tournament_id, GUILD)

    for member in (BOB, ERIN, MODERATOR):
        await services.settings.forget(GUILD, member, confirmed_by=member)

    after = await services.tournaments.view(tournament_id, GUILD)
    ids = {
        old.player_id: new.player_id
        for old, new in zip(before.entrants, after.entrants, strict=True)
    }
    assert [ids[player] for player in (ALICE, CAROL, DAVE)] == [ALICE, CAROL, DAVE]
    assert is_forgotten(ids[BOB]) and is_forgotten(ids[ERIN]) and ids[BOB] != ids[ERIN]
    assert DELETED_USER_ID not in (ids[BOB], ids[ERIN])
    named: set[int | None] = {e.player_id for e in after.entrants}
    for board in after.boards:
        named |= {*board.pairing.players(), board.pairing.winner}
    assert not named & {BOB, ERIN, MODERATOR}
    assert after.tournament.organiser_id == DELETED_USER_ID
    assert after.boards == tuple(replace(b, pairing=renamed(b.pairing, ids)) for b in before.boards)
    _, table_after = await services.tournaments.standings(tournament_id, GUILD)
    assert table_after == tuple(
        replace(
            s,
            player_id=ids[s.player_id],
            results=tuple(None if p is None else renamed(p, ids) for p in s.results),
        )
        for s in table
    )


async def test_forget_me_is_refused_while_in_or_organising_a_tournament_not_over(
    services: Services, recorder: Recorder
) -> None:
    """Entered during sign-up (until they leave), withdrawn from one running, or organising
    one: refused, naming the tournament; nothing is deleted."""
    signup = await created(services, [ALICE, BOB], new())
    running = await created(services, [CAROL, DAVE, ERIN, MODERATOR], new())
    await services.tournaments.start(running, GUILD, ORGANISER)
    for state in await start_boards(services, recorder):
        loser = max(state.record.black_id, state.record.white_id)
        await services.endings.stop_for_tournament(state.record.id, MODERATOR, loser=loser)
        await services.rounds.game_ended(state.record)
    await services.tournaments.leave(running, DAVE, GUILD)

    for member, tournament_id in ((ALICE, signup), (DAVE, running), (MODERATOR, signup)):
        with pytest.raises(Refusal) as refused:
            await services.settings.forget(GUILD, member, confirmed_by=member)
        assert (refused.value.code, refused.value.params) == (
            Refused.FORGET_DURING_TOURNAMENT,
            {"id": tournament_id},
        )
    view = await services.tournaments.view(running, GUILD)
    assert DAVE in {e.player_id for e in view.entrants}

    await services.tournaments.leave(signup, ALICE, GUILD)
    await services.settings.forget(GUILD, ALICE, confirmed_by=ALICE)
