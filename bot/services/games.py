"""Moves: a player's, the bot's, and the squares one may play.

How a click becomes a stored move and a new board:

1. A cog calls `Games.move` with who clicked, the square, the ply of the board they saw and
   where they clicked (`Place`).
2. The service checks it against the stored game: right server and channel, a player, not over,
   within the deadline, the current board, their turn, a legal square (the engine decides).
3. It stores the move in one transaction: with the result and rating changes when the move ends
   the game, so no crash can leave a finished position in play.
4. It emits `MovePlayed` (or `GameEnded`). Subscribers react: the deadline timers re-arm, the
   bot's own player starts thinking if it is to move. The cog answers the click with the new
   board, drawn from the state returned: the move was read and replayed once, and written
   once, together with the "shown" mark a click's answer left waiting in `Boards`.
"""

from __future__ import annotations

from bot import engine
from bot.domain import GameRecord, GameState
from bot.domain.events import GameEnded, MovePlayed
from bot.domain.refusals import GameRefusal, Refusal, Refused
from bot.services.boards import Boards
from bot.services.context import Context, Service
from bot.services.endings import Endings, board_ending
from bot.services.places import Place
from bot.storage import GameOverError, StaleMoveError


class Games(Service):
    """Plays moves; a move after the mover's time ran out ends the game on time (`Endings`)."""

    def __init__(self, context: Context, endings: Endings, boards: Boards) -> None:
        super().__init__(context)
        self.endings = endings
        self.boards = boards

    async def legal_moves(self, place: Place, user_id: int) -> list[str]:
        """The squares `user_id` may play now in this channel's game (none if not their turn)."""
        record = await self.storage.games.active_in(place.channel_id)
        if record is None or record.guild_id != place.guild_id:
            return []
        state = GameState.of(record)
        if state.to_move_id != user_id:
            return []
        return [engine.square_name(square) for square in state.position.legal_moves()]

    async def move(
        self,
        game_id: int,
        user_id: int,
        square: str,
        place: Place,
        *,
        expected_ply: int | None = None,
    ) -> GameState:
        """Play `square` for `user_id`; `expected_ply` is the ply of the board they clicked.

        Refuses with a `Refusal`, or the engine's `InvalidMoveError`/`IllegalMoveError` for a
        square that isn't one or isn't legal; nothing is stored then.
        """
        return await self._move(await self.game_here(game_id, place), user_id, square, expected_ply)

    async def move_here(self, place: Place, user_id: int, square: str) -> GameState:
        """`/reversi move`: a move in this channel's game, on the position as it is now."""
        return await self._move(await self.channel_game(place), user_id, square, None)

    async def _move(
        self, state: GameState, user_id: int, square: str, expected_ply: int | None
    ) -> GameState:
        record = state.record
        if record.color_of(user_id) is None:
            raise Refusal(Refused.NOT_PLAYING)
        if not record.active:
            raise Refusal(Refused.GAME_OVER)
        await self._check_time(record)
        if expected_ply is not None and expected_ply != record.ply:
            raise GameRefusal(Refused.STALE_BOARD, record)
        if state.to_move_id != user_id:
            raise Refusal(Refused.NOT_YOUR_TURN)
        return await self._play(state, square)

    async def bot_move(self, game_id: int, expected_ply: int, square: str) -> GameState:
        """The bot's move, found for the position at `expected_ply`; refused (`STALE_BOARD`,
        `GAME_OVER`) if the game changed meanwhile, e.g. resigned or cancelled."""
        state = await self.load(game_id)
        record = state.record
        if not record.active:
            raise Refusal(Refused.GAME_OVER)
        if record.ply != expected_ply or state.to_move_id != self.bot_id:
            raise GameRefusal(Refused.STALE_BOARD, record)
        await self._check_time(record)
        return await self._play(state, square)

    async def _check_time(self, record: GameRecord) -> None:
        """A move after the mover's time ran out ends the game on time instead."""
        if record.deadline is not None and record.deadline <= self.now():
            await self.endings.time_out(record.id)
            raise Refusal(Refused.OUT_OF_TIME)

    async def _play(self, state: GameState, square: str) -> GameState:
        record, game = state.record, state.game
        ply = game.play(square)
        name = engine.square_name(ply.square)
        now = self.now()
        clocks = clocks_after_move(record, ply.color, now)
        try:
            ending = board_ending(game)
            if ending is not None:
                finished = await self.storage.games.record_final_move(
                    record.id, record.ply, name, ending, now=now, clocks=clocks
                )
                ended = GameState(finished.game, game, finished)
                self.events.emit(GameEnded(ended, finished))
                return ended
            # After a forced pass the mover moves again: the passing side's clock never ran.
            clock = None if clocks is None else clocks[game.turn is engine.Color.WHITE]
            deadline = self._deadline(record.time_control, record.player(game.turn), now, clock)
            mark = self.boards.mark(record.id)
            stored = await self.storage.games.record_move(
                record.id, record.ply, name, deadline=deadline, now=now, clocks=clocks, shown=mark
            )
            self.boards.marked(record.id, mark)
        except StaleMoveError:
            raise GameRefusal(
                Refused.STALE_BOARD, await self.storage.games.get(record.id)
            ) from None
        except GameOverError:
            raise Refusal(Refused.GAME_OVER) from None
        moved = GameState(stored, game)
        self.events.emit(MovePlayed(moved, ply))
        return moved


def clocks_after_move(
    record: GameRecord, mover: engine.Color, now: float
) -> tuple[float, float] | None:
    """A live game's clocks once `mover` has moved at `now`: the time spent since the turn
    began taken off, the increment added."""
    clocks = record.clocks_at(now, mover)
    if clocks is None:
        return None
    black, white = clocks
    increment = record.time_control.increment
    if mover is engine.Color.BLACK:
        return black + increment, white
    return black, white + increment
