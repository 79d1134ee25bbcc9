"""Finished games and records as text: who played, how it ended, links to boards, W/L/D.

Every score is `rendering.score_text`'s: Black first, the official score (the empties to the
winner, 33-31 for a game won off the board that the winner would not lead), and the discs on
the board beside it when they differ. Cancelled and aborted games have no score.
"""

from __future__ import annotations

from bot.engine import Result
from bot.storage import EndReason, GameRecord
from cogs.links import mention, message_link
from rendering import DISC_MARKS, result_text, score_text

HOW = {EndReason.RESIGNATION: "by resignation", EndReason.TIMEOUT: "on time"}
"""How a game was won other than on the board."""


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count:,} {word}" if count == 1 else f"{count:,} {words or word + 's'}"


def tally(wins: int, losses: int, draws: int) -> str:
    """A record as the leaderboard and stats show it: `3W 1L 0D · 4 games`."""
    return f"{wins}W {losses}L {draws}D · {plural(wins + losses + draws, 'game')}"


def result_of(game: GameRecord) -> Result | None:
    """The result of a finished game, for its score; None while it goes on, and for a game
    that ended without a result (cancelled or aborted)."""
    reason = game.end_reason
    if reason is None or not reason.has_result:
        return None
    black, white = game.black_discs or 0, game.white_discs or 0
    if reason in HOW and game.winner is not None:
        return Result(black, white, forfeited_by=game.winner.opponent)
    return Result(black, white)


def how_won(game: GameRecord) -> str:
    """`by resignation` or `on time` for a game won off the board; empty for any other."""
    return HOW.get(game.end_reason or EndReason.NORMAL, "")


def score(result: Result) -> str:
    """`⚫ 40-24 ⚪ (36-24 on the board)`."""
    return score_text(result, DISC_MARKS)


def opponent_of(game: GameRecord, user_id: int) -> int:
    return game.white_id if game.black_id == user_id else game.black_id


def stopped(game: GameRecord) -> str:
    """For a game that ended without a result: `cancelled by <@3>`, or `aborted` (`aborted by
    <@1>` when it records who)."""
    by = "" if game.cancelled_by is None else f" by {mention(game.cancelled_by)}"
    return f"cancelled{by}" if game.end_reason is EndReason.CANCELLED else f"aborted{by}"


def headline(game: GameRecord, result: Result, verb: str) -> str:
    """The winner first: `🏆 <@1> wins by resignation · ⚫ 30-34 ⚪ (30-12 on the board)`
    (`verb` being `wins`), or `Draw · ⚫ 32-32 ⚪`."""
    if game.winner_id is None:
        return f"Draw \u00b7 {score(result)}"
    won = " ".join(filter(None, ("🏆", mention(game.winner_id), verb, how_won(game))))
    return f"{won} \u00b7 {score(result)}"


def ending(game: GameRecord) -> str:
    """How a finished game ended, e.g. `🏆 <@1> won · ⚫ 40-24 ⚪`, `🏆 <@2> won by
    resignation · ⚫ 30-34 ⚪ (30-12 on the board)`, `Draw · ⚫ 32-32 ⚪`, `cancelled by <@3>`,
    `aborted`."""
    result = result_of(game)
    return stopped(game) if result is None else headline(game, result, "won")


def final_status(game: GameRecord) -> str:
    """A finished game's last word on its image and replay, with colours for names:
    `White wins by resignation · 30-34 (30-12 on the board)`, `Black wins 34-30`,
    `Game cancelled`, `Game aborted`."""
    result = result_of(game)
    if result is None:
        return "Game aborted" if game.end_reason is EndReason.ABORTED else "Game cancelled"
    return result_text(result, how_won(game))


def verdict_for(game: GameRecord, user_id: int) -> str:
    """The game's result from one player's side: Won, Lost, Draw, Cancelled or Aborted."""
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
    """For a list of one player's games: their colour, opponent, result from their side, how it
    was won and the score, e.g. `⚪ vs <@2> · **Won** on time · ⚫ 31-33 ⚪ (40-10 on the
    board)`."""
    result = result_of(game)
    outcome = ""
    if result is not None:
        how = how_won(game)
        outcome = (f" {how}" if how else "") + f" \u00b7 {score(result)}"
    colour = "⚫" if game.black_id == user_id else "⚪"
    return (
        f"{numbered(game)} <t:{int(game.updated_at)}:R> · {colour} vs "
        f"{mention(opponent_of(game, user_id))} · **{verdict_for(game, user_id)}**"
        f"{outcome}{unrated(game)}"
    )
