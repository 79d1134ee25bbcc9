"""How games end before the board is full: resigning, a moderator's cancelling, running out of
time; and the rules that say what an ending is (the abort window, the board's own result)."""

from __future__ import annotations

from collections import Counter

from bot import engine
from bot.domain import Ending, EndReason, GameState
from bot.domain.events import GameEnded
from bot.domain.refusals import GameRefusal, Refusal, Refused, ResignationChangedRefusal
from bot.services.context import Changed, Service
from bot.services.places import Place
from bot.storage import GameOverError, StaleMoveError

ABORT_MOVES = 2
"""Until each side has made this many moves, a game can be aborted: resigning or running out of
time then ends it without a result, a rating change or a place in the stats."""


class Endings(Service):
    """Ends games at the position read; a move landing meanwhile means reading it again."""

    async def resignable(self, game_id: int, user_id: int, place: Place) -> GameState:
        """The game, if `user_id` may resign it now (asked before they confirm)."""
        state = await self.game_here(game_id, place)
        if state.record.color_of(user_id) is None:
            raise Refusal(Refused.NOT_PLAYING)
        if not state.record.active:
            raise Refusal(Refused.GAME_OVER)
        return state

    async def resign(
        self,
        game_id: int,
        user_id: int,
        place: Place,
        *,
        offered: EndReason,
    ) -> GameState:
        """`user_id` gives up: the opponent wins, whatever the discs say. In the abort window
        (`abort_window`) the game is aborted instead: no result. `offered` is what they
        confirmed (`resignation` when they were asked); if resigning means something else now,
        nothing happens (`ResignationChangedRefusal`)."""

        async def attempt() -> GameState:
            state = await self.resignable(game_id, user_id, place)
            color = state.record.color_of(user_id)
            assert color is not None
            meaning = resignation(state.game)
            if meaning is not offered:
                raise ResignationChangedRefusal(state)
            if meaning is EndReason.ABORTED:
                return await self._end(state, EndReason.ABORTED, None, cancelled_by=user_id)
            return await self._end(state, EndReason.RESIGNATION, color.opponent)

        return await self.retried(attempt)

    async def cancel(self, place: Place, moderator_id: int, *, moderator: bool) -> GameState:
        """A moderator ends this channel's game without a result or rating."""
        if not moderator:
            raise Refusal(Refused.NEEDS_MANAGE_MESSAGES)

        async def attempt() -> GameState:
            state = await self.channel_game(place)
            return await self._end(state, EndReason.CANCELLED, None, cancelled_by=moderator_id)

        return await self.retried(attempt)

    async def stop_for_tournament(
        self, game_id: int, organiser_id: int, *, loser: int | None = None
    ) -> GameState | None:
        """A tournament's organiser ends one of its games: cancelled without a result, or lost
        by `loser` (taken out of the tournament). None if it was over already."""

        async def attempt() -> GameState | None:
            state = await self.load(game_id)
            color = None if loser is None else state.record.color_of(loser)
            try:
                if color is None:
                    return await self._end(
                        state, EndReason.CANCELLED, None, cancelled_by=organiser_id
                    )
                return await self._end(state, EndReason.RESIGNATION, color.opponent)
            except Refusal:
                return None  # over already

        try:
            return await self.retried(attempt)
        except Changed:
            return None

    async def time_out(self, game_id: int) -> GameState:
        """End the game if its move deadline has passed: the side to move loses on time, or the
        game is aborted in the abort window. Returns the game as it is now, ended or not (its
        deadline may have moved on, or something else ended it first: a lost race is no fault)."""

        async def attempt() -> GameState:
            state = await self.load(game_id)
            deadline = state.record.deadline
            if not state.record.active or deadline is None or deadline > self.now():
                return state
            try:
                if abort_window(state.game):
                    return await self._end(state, EndReason.ABORTED, None)
                return await self._end(state, EndReason.TIMEOUT, state.position.turn.opponent)
            except Refusal as refusal:
                if refusal.code is not Refused.GAME_OVER:
                    raise
                raise Changed() from None  # ended meanwhile (a late move, a resignation)

        try:
            return await self.retried(attempt)
        except Changed:
            return await self.load(game_id)

    async def _end(
        self,
        state: GameState,
        reason: EndReason,
        winner: engine.Color | None,
        *,
        cancelled_by: int | None = None,
    ) -> GameState:
        """End the game at the position read, its clocks stopped; `Changed` if a move landed
        meanwhile (read again)."""
        position = state.position
        now = self.now()
        ending = Ending(
            reason,
            winner,
            position.count(engine.Color.BLACK),
            position.count(engine.Color.WHITE),
            cancelled_by=cancelled_by,
        )
        try:
            finished = await self.storage.games.finish(
                state.record.id,
                state.record.ply,
                ending,
                now=now,
                clocks=state.record.clocks_at(now, position.turn),
            )
        except StaleMoveError:
            raise Changed(GameRefusal(Refused.STALE_BOARD, state.record)) from None
        except GameOverError:
            raise Refusal(Refused.GAME_OVER) from None
        ended = GameState(finished.game, state.game, finished)
        self.events.emit(GameEnded(ended, finished))
        return ended


def abort_window(game: engine.Game) -> bool:
    """Whether the game may still be aborted: one side has made fewer than `ABORT_MOVES` moves."""
    made = Counter(ply.color for ply in game.plies)
    return min(made[engine.Color.BLACK], made[engine.Color.WHITE]) < ABORT_MOVES


def resignation(game: engine.Game) -> EndReason:
    """What resigning `game` now does: abort it in the abort window, else lose it."""
    return EndReason.ABORTED if abort_window(game) else EndReason.RESIGNATION


def board_ending(game: engine.Game) -> Ending | None:
    """How the game ended on the board, if it did: most discs wins."""
    result = game.result()
    if result is None:
        return None
    return Ending(EndReason.NORMAL, result.winner, result.black_discs, result.white_discs)
