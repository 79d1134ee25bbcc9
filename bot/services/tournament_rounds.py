"""Rounds that run by themselves: once a round's last game ends, the next is paired (by the pure
rules of `bot.domain.tournament`) and its games start, each in a thread the Discord side opens;
after the last round the tournament is finished. Everything here may run again after a crash and
does what is still due, once."""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from bot.domain import GameRecord, GameState
from bot.domain.events import (
    GameStarted,
    TournamentFinished,
    TournamentRoundPaired,
    TournamentUpdated,
)
from bot.domain.tournament import (
    Board,
    Format,
    Pairing,
    TournamentRecord,
    TournamentState,
    TournamentView,
    pair_swiss,
    round_robin,
)
from bot.domain.tournament.records import forfeit
from bot.services.context import Context, Service
from bot.storage.tournaments import TournamentChangedError


class Members(Protocol):
    async def gone(self, guild_id: int, user_ids: Collection[int]) -> set[int]:
        """Those of `user_ids` who are no longer members of the server; when that can't be told
        (the server not loaded, Discord failing), nobody."""
        ...


class NobodyLeaves:
    """Members as seen without Discord: everyone stays."""

    async def gone(self, guild_id: int, user_ids: Collection[int]) -> set[int]:
        return set()


class TournamentRounds(Service):
    def __init__(self, context: Context, members: Members) -> None:
        super().__init__(context)
        self.members = members
        """Asked at each pairing who left the server: Discord does not say when a member
        leaves without the members intent, and a player who left would hold up every round."""

    async def game_ended(self, record: GameRecord) -> None:
        """A game ended: if it was a tournament's, its round may be over."""
        if record.tournament_id is not None:
            await self.advance(record.tournament_id)

    async def advance(self, tournament_id: int) -> None:
        """Do what the tournament's state calls for: start the boards of the current round still
        without a game, pair the next round once this one is played, or finish after the last.
        A second caller racing this one finds the round paired and stops. Before a round is
        paired, the players who left the server are withdrawn (`withdrawn` on the event)."""
        left: tuple[int, ...] = ()
        view = await self.storage.tournaments.view(tournament_id)
        while True:
            tournament = view.tournament
            if tournament.state is not TournamentState.RUNNING:
                return
            current = view.round_boards(tournament.round)
            if any(not board.pairing.finished for board in current):
                waiting = tuple(board for board in current if board.waiting)
                if waiting:
                    self.events.emit(TournamentRoundPaired(view, waiting, left))
                return
            if tournament.round >= tournament.rounds:
                await self._finish(tournament_id)
                return
            number = tournament.round + 1
            try:
                view, gone = await self._withdraw_the_departed(view, number)
                left += gone
                view = await self.storage.tournaments.pair_round(
                    tournament_id, number, next_round(view, number), now=self.now()
                )
            except TournamentChangedError:
                return  # paired by another, or paused or cancelled meanwhile
            self.events.emit(TournamentUpdated(view))
            # Byes and forfeits only: the round is over as soon as it is paired.

    async def _withdraw_the_departed(
        self, view: TournamentView, number: int
    ) -> tuple[TournamentView, tuple[int, ...]]:
        """`view` with the entrants due in round `number` who left the server withdrawn, and
        who they are."""
        t = view.tournament
        due = [e.player_id for e in view.entrants if e.active_in(number)]
        gone = tuple(sorted(await self.members.gone(t.guild_id, due)))
        for player in gone:
            view = await self.storage.tournaments.withdraw(t.id, player)
        return view, gone

    async def _finish(self, tournament_id: int) -> None:
        try:
            await self.storage.tournaments.set_state(
                tournament_id, (TournamentState.RUNNING,), TournamentState.FINISHED, now=self.now()
            )
        except TournamentChangedError:
            return
        self.events.emit(TournamentFinished(await self.storage.tournaments.view(tournament_id)))

    async def start_board(
        self, tournament: TournamentRecord, board: Board, thread_id: int
    ) -> GameState | None:
        """Start the board's game of `tournament` (as paired: its server and time control never
        change) in `thread_id`, the thread the Discord side opened for it; None if it has its
        game already or the tournament is over."""
        control, now = tournament.time_control, self.now()
        record = await self.storage.tournaments.start_game(
            board,
            tournament.guild_id,
            thread_id,
            deadline=self._deadline(control, board.pairing.black, now, control.base),
            now=now,
        )
        if record is None:
            return None
        state = GameState.of(record)
        self.events.emit(GameStarted(state))
        return state

    async def recover(self) -> None:
        """At start-up: announce each tournament not over (the sign-up messages, the start
        timers), and finish in each running one what a crash left undone."""
        for tournament in await self.storage.tournaments.unfinished(self.shards):
            self.events.emit(TournamentUpdated(await self.storage.tournaments.view(tournament.id)))
            await self.advance(tournament.id)


def next_round(view: TournamentView, number: int) -> tuple[Pairing, ...]:
    """Round `number`'s boards: the Swiss pairing of the standings so far, or the round-robin
    table's round. In a round robin a withdrawn player's game is a forfeit, lost by them; a
    board with nobody left in it (a withdrawn player's bye, two withdrawn players) is dropped."""
    tournament = view.tournament
    if tournament.format is Format.SWISS:
        return pair_swiss(view.entrants, view.pairings, number, tournament.seed)
    double = tournament.format is Format.DOUBLE_ROUND_ROBIN
    active = {e.player_id for e in view.entrants if e.active_in(number)}
    decided: list[Pairing] = []
    for pairing in round_robin(view.entrants, double, tournament.seed)[number - 1]:
        gone = [player for player in pairing.players() if player not in active]
        if len(gone) == len(pairing.players()):
            continue
        decided.append(forfeit(pairing, gone[0]) if gone else pairing)
    return tuple(decided)
