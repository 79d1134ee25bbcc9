"""What the bot says of its records, in the language in force: the words the Discord side and
the pages share, so that a game's result reads the same in a message and on its page."""

from __future__ import annotations

from bot.domain import EndReason, GameRecord
from bot.i18n import _


def verdict_for(game: GameRecord, user_id: int) -> str:
    """The game's result from one player's side: Won, Lost, Draw, Cancelled or Aborted; won
    or lost by forfeit in a tournament."""
    if game.forfeited_by is not None:
        return _("Lost by forfeit") if game.forfeited_by == user_id else _("Won by forfeit")
    if game.end_reason is EndReason.CANCELLED:
        return _("Cancelled")
    if game.end_reason is EndReason.ABORTED:
        return _("Aborted")
    if game.winner_id is None:
        return _("Draw")
    return _("Won") if game.winner_id == user_id else _("Lost")
