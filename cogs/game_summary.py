"""One finished game in a line: who played, how it ended, and a link to its board."""

from __future__ import annotations

from bot.storage import EndReason, Game
from cogs.board_message import mention
from cogs.links import message_link


def score(game: Game) -> str:
    """Black's discs first, as the board showed them."""
    return f"{game.black_discs or 0}-{game.white_discs or 0}"


def opponent_of(game: Game, user_id: int) -> int:
    return game.white_id if game.black_id == user_id else game.black_id


def loser_id(game: Game) -> int:
    return game.white_id if game.winner_id == game.black_id else game.black_id


def ending(game: Game) -> str:
    """How the game ended, e.g. `<@1> won 40-24` or `<@2> resigned (30-12)`."""
    reason = game.end_reason
    if reason is EndReason.CANCELLED:
        return f"cancelled by {mention(game.cancelled_by or 0)}"
    if game.winner_id is None:
        return f"draw {score(game)}"
    if reason is EndReason.RESIGNATION:
        return f"{mention(loser_id(game))} resigned ({score(game)})"
    if reason is EndReason.TIMEOUT:
        return f"{mention(loser_id(game))} ran out of time ({score(game)})"
    return f"{mention(game.winner_id)} won {score(game)}"


def verdict_for(game: Game, user_id: int) -> str:
    """The game's result from one player's side: Won, Lost, Draw or Cancelled."""
    if game.end_reason is EndReason.CANCELLED:
        return "Cancelled"
    if game.winner_id is None:
        return "Draw"
    return "Won" if game.winner_id == user_id else "Lost"


def numbered(game: Game) -> str:
    """`#12` in bold, linked to the game's message when it has one."""
    label = f"**#{game.id}**"
    if game.message_id is None:
        return label
    return f"[{label}]({message_link(game.guild_id, game.channel_id, game.message_id)})"


def line(game: Game) -> str:
    """For a list of the server's games."""
    return (
        f"{numbered(game)} <t:{int(game.updated_at)}:d> · "
        f"⚫ {mention(game.black_id)} vs ⚪ {mention(game.white_id)} · {ending(game)}"
    )


def line_for(game: Game, user_id: int) -> str:
    """For a list of one player's games: their colour, opponent and result."""
    colour = "⚫" if game.black_id == user_id else "⚪"
    how = {
        EndReason.RESIGNATION: " · resignation",
        EndReason.TIMEOUT: " · on time",
    }.get(game.end_reason or EndReason.NORMAL, "")
    return (
        f"{numbered(game)} <t:{int(game.updated_at)}:R> · {colour} vs "
        f"{mention(opponent_of(game, user_id))} · **{verdict_for(game, user_id)}** "
        f"{score(game)}{how}"
    )
