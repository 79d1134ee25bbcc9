"""Server tournaments from sign-up to the end: creating, joining and leaving, and what the
organiser does (start, pause, resume, remove a player, cancel). The rounds themselves run in
`TournamentRounds`; standings and pairings come from `bot.domain.tournament`."""

from __future__ import annotations

from dataclasses import dataclass

from bot.domain import GameRecord, TimeControl
from bot.domain.events import TournamentUpdated
from bot.domain.glicko2 import Rating
from bot.domain.refusals import ChannelRefusal, Refusal, Refused
from bot.domain.tournament import (
    Format,
    Standing,
    TournamentRecord,
    TournamentState,
    TournamentView,
    rounds_in,
    standings,
    swiss_round_limit,
)
from bot.services.context import Context, Service
from bot.services.endings import Endings
from bot.services.tournament_rounds import TournamentRounds
from bot.storage.tournaments import (
    AlreadyEnteredError,
    TournamentChangedError,
    TournamentFullError,
)

MIN_ENTRANTS = 2
LATEST_START_DAYS = 365
"""How far ahead a tournament may start: a year is far enough for any club, and keeps every
start time a date that timers and Discord's events can hold."""
DAY = 86_400.0
RUNNING = (TournamentState.RUNNING, TournamentState.PAUSED)


@dataclass(frozen=True, slots=True)
class NewTournament:
    """What an organiser sets when creating a tournament."""

    name: str
    format: Format
    swiss_rounds: int
    time_control: TimeControl | None
    """None: the server's default."""
    rated: bool
    entry_limit: int
    starts_at: float
    channel_id: int


@dataclass(frozen=True, slots=True)
class Manager:
    """Who asks to manage a tournament, and whether the server lets them manage any (Manage
    Server, or the organiser role): a tournament's own organiser may always manage it."""

    user_id: int
    any_tournament: bool


class Tournaments(Service):
    def __init__(self, context: Context, endings: Endings, rounds: TournamentRounds) -> None:
        super().__init__(context)
        self.endings = endings
        self.rounds = rounds

    async def create(self, guild_id: int, manager: Manager, new: NewTournament) -> TournamentView:
        if not manager.any_tournament:
            raise Refusal(Refused.NOT_ORGANISER)
        if new.starts_at <= self.now():
            raise Refusal(Refused.START_IN_THE_PAST)
        if new.starts_at > self.now() + LATEST_START_DAYS * DAY:
            raise Refusal(Refused.START_TOO_LATE, days=LATEST_START_DAYS)
        entry_limit = max(new.entry_limit, MIN_ENTRANTS)
        most = swiss_round_limit(entry_limit)
        if new.format is Format.SWISS and new.swiss_rounds > most:
            raise Refusal(Refused.TOO_MANY_ROUNDS, players=entry_limit, rounds=most)
        settings = await self.storage.settings.get(guild_id)
        if not settings.allows(new.channel_id):
            raise ChannelRefusal(settings)
        control = new.time_control or settings.time_control
        created = await self.storage.tournaments.create(
            guild_id=guild_id,
            organiser_id=manager.user_id,
            name=new.name,
            format=new.format,
            swiss_rounds=new.swiss_rounds,
            time_control=control,
            rated=new.rated,
            entry_limit=entry_limit,
            starts_at=new.starts_at,
            channel_id=new.channel_id,
            seed=self.rng.randrange(2**31),
            now=self.now(),
        )
        return await self._updated(await self.storage.tournaments.view(created.id))

    async def posted(self, tournament_id: int, message_id: int) -> None:
        """The sign-up message is on screen as `message_id`."""
        await self.storage.tournaments.set_message(tournament_id, message_id)

    async def scheduled(self, tournament_id: int, event_id: int) -> None:
        """Discord announces it as the scheduled event `event_id`."""
        await self.storage.tournaments.set_event(tournament_id, event_id)

    async def view(self, tournament_id: int, guild_id: int) -> TournamentView:
        """The tournament, if it is this server's; other servers' stay private."""
        view = await self.find(tournament_id)
        if view is None or view.tournament.guild_id != guild_id:
            raise Refusal(Refused.NO_SUCH_TOURNAMENT, id=tournament_id)
        return view

    async def find(self, tournament_id: int) -> TournamentView | None:
        """The tournament of any server (for its page, whose address names no server)."""
        try:
            return await self.storage.tournaments.view(tournament_id)
        except LookupError:
            return None

    async def standings(
        self, tournament_id: int, guild_id: int
    ) -> tuple[TournamentView, tuple[Standing, ...]]:
        view = await self.view(tournament_id, guild_id)
        return view, standings(view.entrants, view.pairings)

    async def games(self, view: TournamentView, number: int) -> dict[int, GameRecord]:
        """Round `number`'s games, by board number: where each is played (its thread) and how
        it ended."""
        return {
            board.number: await self.storage.games.get(board.game_id)
            for board in view.round_boards(number)
            if board.game_id is not None
        }

    async def of_guild(self, guild_id: int) -> list[TournamentRecord]:
        return await self.storage.tournaments.of_guild(guild_id)

    async def join(self, tournament_id: int, user_id: int, guild_id: int) -> TournamentView:
        tournament = (await self.view(tournament_id, guild_id)).tournament
        if tournament.state is not TournamentState.SIGNUP:
            raise Refusal(Refused.TOURNAMENT_STARTED)
        player = await self.storage.players.get(guild_id, user_id)
        rating = (player.rating if player is not None else Rating()).rating
        try:
            view = await self.storage.tournaments.join(
                tournament_id, user_id, rating, now=self.now()
            )
        except AlreadyEnteredError:
            raise Refusal(Refused.ALREADY_ENTERED) from None
        except TournamentFullError:
            raise Refusal(Refused.TOURNAMENT_FULL, limit=tournament.entry_limit) from None
        except TournamentChangedError:
            raise Refusal(Refused.TOURNAMENT_STARTED) from None
        return await self._updated(view)

    async def leave(self, tournament_id: int, user_id: int, guild_id: int) -> TournamentView:
        """Off the list before the start; afterwards, withdrawn once their game of the round is
        over (never during it)."""
        view = await self.view(tournament_id, guild_id)
        entrant = view.entrant(user_id)
        if entrant is None or entrant.withdrawn_after is not None:
            raise Refusal(Refused.NOT_ENTERED)
        for board in view.round_boards(view.tournament.round):
            if user_id in board.pairing.players() and board.game_id and not board.pairing.finished:
                raise Refusal(Refused.LEAVING_DURING_GAME, id=board.game_id)
        return await self._take_out(view, user_id)

    async def remove(
        self, tournament_id: int, user_id: int, guild_id: int, manager: Manager
    ) -> TournamentView:
        """The organiser takes a player out: a game of theirs in progress is lost (once they are
        out, so that the round it ends pairs the next without them)."""
        view = await self._managed(tournament_id, guild_id, manager)
        entrant = view.entrant(user_id)
        if entrant is None or entrant.withdrawn_after is not None:
            raise Refusal(Refused.NOT_ENTERED)
        removed = await self._take_out(view, user_id)
        for board in removed.round_boards(removed.tournament.round):
            if user_id in board.pairing.players() and board.game_id is not None:
                organiser = manager.user_id
                await self.endings.stop_for_tournament(board.game_id, organiser, loser=user_id)
        return removed

    async def _take_out(self, view: TournamentView, user_id: int) -> TournamentView:
        tournament = view.tournament
        try:
            if tournament.state is TournamentState.SIGNUP:
                updated = await self.storage.tournaments.leave(tournament.id, user_id)
            elif tournament.state in RUNNING:
                await self.storage.tournaments.withdraw(tournament.id, user_id)
                await self.rounds.advance(tournament.id)  # their forfeit may end the round
                updated = await self.storage.tournaments.view(tournament.id)
            else:
                raise Refusal(Refused.TOURNAMENT_OVER)
        except TournamentChangedError:
            raise Refusal(Refused.TOURNAMENT_OVER) from None
        return await self._updated(updated)

    async def start(self, tournament_id: int, guild_id: int, manager: Manager) -> TournamentView:
        """The organiser starts it now, before its start time."""
        view = await self._managed(tournament_id, guild_id, manager)
        if view.tournament.state is not TournamentState.SIGNUP:
            raise Refusal(Refused.TOURNAMENT_STARTED)
        if len(view.entrants) < MIN_ENTRANTS:
            raise Refusal(Refused.TOO_FEW_ENTRANTS)
        return await self._start(view)

    async def start_due(self, tournament_id: int) -> None:
        """Its start time has come (the timer's call): start it, or cancel it with too few
        entrants."""
        view = await self.storage.tournaments.view(tournament_id)
        tournament = view.tournament
        if tournament.state is not TournamentState.SIGNUP or tournament.starts_at > self.now():
            return
        if len(view.entrants) < MIN_ENTRANTS:
            await self._set(view, (TournamentState.SIGNUP,), TournamentState.CANCELLED)
            return
        await self._start(view)

    async def _start(self, view: TournamentView) -> TournamentView:
        """Running from round 1, its rounds fixed: a Swiss's as many as asked for, or as the
        entrants allow (`swiss_round_limit`), which the tournament then shows."""
        t = view.tournament
        rounds = rounds_in(t.format, len(view.entrants), t.swiss_rounds)
        started = await self._set(
            view, (TournamentState.SIGNUP,), TournamentState.RUNNING, rounds=rounds
        )
        await self.rounds.advance(t.id)
        return started

    async def pause(self, tournament_id: int, guild_id: int, manager: Manager) -> TournamentView:
        """No new round is paired until it is resumed (the games under way go on)."""
        view = await self._managed(tournament_id, guild_id, manager)
        return await self._set(view, (TournamentState.RUNNING,), TournamentState.PAUSED)

    async def resume(self, tournament_id: int, guild_id: int, manager: Manager) -> TournamentView:
        view = await self._managed(tournament_id, guild_id, manager)
        resumed = await self._set(view, (TournamentState.PAUSED,), TournamentState.RUNNING)
        await self.rounds.advance(tournament_id)
        return resumed

    async def cancel(self, tournament_id: int, guild_id: int, manager: Manager) -> TournamentView:
        """Over for good: its games in progress are cancelled without a result. They are those
        of the round it is cancelled in, read after the change: a round paired meanwhile is the
        one to stop, and once cancelled no round is paired."""
        view = await self._managed(tournament_id, guild_id, manager)
        expected = (TournamentState.SIGNUP, *RUNNING)
        cancelled = await self._set(view, expected, TournamentState.CANCELLED)
        for board in cancelled.round_boards(cancelled.tournament.round):
            if board.game_id is not None and not board.pairing.finished:
                await self.endings.stop_for_tournament(board.game_id, manager.user_id)
        return cancelled

    async def _managed(self, tournament_id: int, guild_id: int, manager: Manager) -> TournamentView:
        view = await self.view(tournament_id, guild_id)
        if not manager.any_tournament and manager.user_id != view.tournament.organiser_id:
            raise Refusal(Refused.NOT_ORGANISER)
        return view

    async def _set(
        self,
        view: TournamentView,
        expected: tuple[TournamentState, ...],
        state: TournamentState,
        *,
        rounds: int | None = None,
    ) -> TournamentView:
        tournament = view.tournament
        if tournament.state not in expected:
            raise Refusal(_refusal_in(tournament.state))
        try:
            await self.storage.tournaments.set_state(
                tournament.id, expected, state, now=self.now(), rounds=rounds
            )
        except TournamentChangedError:
            current = await self.storage.tournaments.get(tournament.id)
            raise Refusal(_refusal_in(current.state)) from None
        return await self._updated(await self.storage.tournaments.view(tournament.id))

    async def _updated(self, view: TournamentView) -> TournamentView:
        self.events.emit(TournamentUpdated(view))
        return view


def _refusal_in(state: TournamentState) -> Refused:
    """Why a change can't be made to a tournament in `state`."""
    if state.over:
        return Refused.TOURNAMENT_OVER
    if state is TournamentState.PAUSED:
        return Refused.TOURNAMENT_NOT_RUNNING
    if state is TournamentState.RUNNING:
        return Refused.TOURNAMENT_NOT_PAUSED
    return Refused.TOURNAMENT_NOT_RUNNING
