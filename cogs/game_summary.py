"""Finished games and records as text: who played, how it ended, links to boards, W/L/D."""

from __future__ import annotations

from bot.storage import EndReason, GameRecord
from cogs.links import mention, message_link

LOSS_REASONS = {EndReason.RESIGNATION: "resigned", EndReason.TIMEOUT: "ran out of time"}
"""How a player lost other than on the board."""


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count:,} {word}" if count == 1 else f"{count:,} {words or word + 's'}"


def tally(wins: int, losses: int, draws: int) -> str:
    """A record as the leaderboard and stats show it: `3W 1L 0D · 4 games`."""
    return f"{wins}W {losses}L {draws}D · {plural(wins + losses + draws, 'game')}"


def score(game: GameRecord) -> str:
    """Black's discs first, as the board showed them."""
    return f"{game.black_discs or 0}-{game.white_discs or 0}"


def opponent_of(game: GameRecord, user_id: int) -> int:
    return game.white_id if game.black_id == user_id else game.black_id


def aborted(game: GameRecord) -> str:
    """Who aborted the game, or that a clock ran out in the abort window."""
    if game.cancelled_by is None:
        return "Game aborted: time ran out before each side had made two moves"
    return f"Game aborted by {mention(game.cancelled_by)}"


def ending(game: GameRecord) -> str:
    """How the game ended, e.g. `<@1> won 40-24` or `<@2> resigned (30-12)`."""
    reason = game.end_reason
    if reason is EndReason.CANCELLED:
        return f"cancelled by {mention(game.cancelled_by or 0)}"
    if reason is EndReason.ABORTED:
        return "aborted"
    if game.winner_id is None:
        return f"draw {score(game)}"
    if reason in LOSS_REASONS:
        return f"{mention(game.loser_id or 0)} {LOSS_REASONS[reason]} ({score(game)})"
    return f"{mention(game.winner_id)} won {score(game)}"


def verdict_for(game: GameRecord, user_id: int) -> str:
    """The game's result from one player's side: Won, Lost, Draw or Cancelled."""
    if game.end_reason is EndReason.CANCELLED:
        return "Cancelled"
    if game.end_reason is EndReason.ABORTED:
        return "Aborted"
    if game.winner_id is None:
        return "Draw"
    return "Won" if game.winner_id == user_id else "Lost"


def numbered(game: GameRecord) -> str:
    """`#12` in bold, linked to the game's message when it has one."""
    label = f"**#{game.id}**"
    if game.message_id is None:
        return label
    return f"[{label}]({message_link(game.guild_id, game.channel_id, game.message_id)})"


def unrated(game: GameRecord) -> str:
    """Flags a game that ended without changing ratings (against the bot, or with ratings off);
    a cancelled or aborted game says so already."""
    decided = game.end_reason is not None and game.end_reason.has_result
    return " · unrated" if not game.rated and decided else ""


def players(game: GameRecord) -> str:
    return f"⚫ {mention(game.black_id)} vs ⚪ {mention(game.white_id)}"


def line(game: GameRecord) -> str:
    """For a list of the server's games."""
    return (
        f"{numbered(game)} <t:{int(game.updated_at)}:d> · {players(game)} · "
        f"{ending(game)}{unrated(game)}"
    )


def line_for(game: GameRecord, user_id: int) -> str:
    """For a list of one player's games: their colour, opponent, result and discs (theirs
    first)."""
    black = game.black_id == user_id
    discs = ""
    if game.end_reason is not None and game.end_reason.has_result:
        own, other = game.black_discs or 0, game.white_discs or 0
        discs = f" {own}-{other}" if black else f" {other}-{own}"
    how = {
        EndReason.RESIGNATION: " · resignation",
        EndReason.TIMEOUT: " · on time",
    }.get(game.end_reason or EndReason.NORMAL, "")
    return (
        f"{numbered(game)} <t:{int(game.updated_at)}:R> · {'⚫' if black else '⚪'} vs "
        f"{mention(opponent_of(game, user_id))} · **{verdict_for(game, user_id)}**"
        f"{discs}{how}{unrated(game)}"
    )
