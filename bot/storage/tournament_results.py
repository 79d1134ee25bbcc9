"""A tournament board's result, written in the transaction that ends its game."""

from __future__ import annotations

from bot.domain import FinishedGame, GameRecord
from bot.storage.database import Transaction


def _winner_of(game: GameRecord) -> int | None:
    """Who won a tournament game: a game stopped without a result in its first moves is lost by
    forfeit (`GameRecord.forfeited_by`); a moderator's cancelling gives neither the point."""
    if game.winner is not None:
        return game.player(game.winner)
    if game.forfeited_by is None:
        return None
    return game.white_id if game.forfeited_by == game.black_id else game.black_id


async def record_game_result(db: Transaction, finished: FinishedGame) -> None:
    """If the game is a tournament board, write its result with the game's end."""
    game = finished.game
    has_result = game.end_reason is not None and game.end_reason.has_result
    await db.all(
        """
        UPDATE tournament_pairings
        SET finished = ?, forfeit = ?, winner_id = ?, black_discs = ?, white_discs = ?
        WHERE game_id = ?
        """,
        (True, not has_result, _winner_of(game), game.black_discs, game.white_discs, game.id),
    )
