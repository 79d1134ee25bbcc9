"""Finished games and records as text: who played, how it ended, links to boards, W/L/D.

Every score is `rendering.score_text`'s: Black first, the official score (the empties to the
winner, 33-31 for a game won off the board that the winner would not lead), and the discs on
the board beside it when they differ. Cancelled and aborted games have no score.
"""

from __future__ import annotations

from collections.abc import Callable

from bot import engine
from bot.domain import EndReason, GameRecord, GameState
from bot.engine import Result
from bot.i18n import _, in_force, ngettext
from cogs.links import mention, message_link
from rendering import DISC_MARKS, WonBy, results, score_text
from rendering.results import how_won, result_of


def games(count: int) -> str:
    """`1 game`, `1,234 games`."""
    return ngettext("{count} game", "{count} games", count).format(count=f"{count:,}")


def tally(wins: int, losses: int, draws: int) -> str:
    """A record as the leaderboard and stats show it: `3W 1L 0D · 4 games`."""
    record = _("{wins}W {losses}L {draws}D").format(wins=wins, losses=losses, draws=draws)
    return f"{record} · {games(wins + losses + draws)}"


def score(result: Result) -> str:
    """`⚫ 40-24 ⚪ (36-24 on the board)`."""
    return score_text(result, DISC_MARKS, words=in_force())


def opponent_of(game: GameRecord, user_id: int) -> int:
    return game.white_id if game.black_id == user_id else game.black_id


Who = Callable[[int], str]
"""How a text names a player: a mention, or (in notices, which ping only whom they are for) a
name."""


def stopped(game: GameRecord, who: Who = mention) -> str:
    """For a game that ended without a result: `cancelled by <@3>`, `aborted by <@1>`, or
    `aborted: <@1> ran out of time` (whose clock ran out in the abort window); a tournament
    game lost by forfeit says so (`forfeit`)."""
    if game.forfeited_by is not None:
        return forfeit(game, game.forfeited_by, who)
    cancelled = game.end_reason is EndReason.CANCELLED
    if game.cancelled_by is not None:
        text = _("cancelled by {player}") if cancelled else _("aborted by {player}")
        return text.format(player=who(game.cancelled_by))
    if cancelled:
        return _("cancelled")
    return _("aborted: {player} ran out of time").format(player=who(ran_out(game)))


def forfeit(game: GameRecord, loser: int, who: Who = mention) -> str:
    """A tournament game stopped in its first moves: `<@2> wins by forfeit: <@1> did not play
    in time`, or `…: <@1> abandoned the game`."""
    if game.cancelled_by == loser:
        text = _("{winner} wins by forfeit: {loser} abandoned the game")
    else:
        text = _("{winner} wins by forfeit: {loser} did not play in time")
    return text.format(loser=who(loser), winner=who(opponent_of(game, loser)))


def ran_out(game: GameRecord) -> int:
    """Who was to move when the game stopped: whose clock ran out, in a game lost or aborted on
    time (the transcript is replayed: passes are not written)."""
    return game.player(engine.Game.from_transcript(game.transcript).position.turn)


def what_happened(state: GameState, who: Who = mention) -> str:
    """Who ended a finished game, and how: `<@2> played h8`, `<@1> resigned`, `<@1> ran out of
    time`, or `stopped`'s words for a game without a result."""
    game, last = state.record, state.game.last
    reason = game.end_reason
    if reason is EndReason.RESIGNATION and game.loser_id is not None:
        return _("{player} resigned").format(player=who(game.loser_id))
    if reason is EndReason.TIMEOUT:
        return _("{player} ran out of time").format(player=who(ran_out(game)))
    if reason is EndReason.NORMAL and last is not None:
        return played(who(game.player(last.color)), last.square)
    return stopped(game, who)


def played(player: str, square: int) -> str:
    """`<@2> played h8`, `Bob played h8`."""
    return _("{player} played {move}").format(player=player, move=engine.square_name(square))


def headline(game: GameRecord, result: Result, *, past: bool = False, who: Who = mention) -> str:
    """The winner first: `🏆 <@1> wins by resignation · ⚫ 30-34 ⚪ (30-12 on the board)`
    (`🏆 <@1> won …` if `past`), or `Draw · ⚫ 32-32 ⚪`."""
    if game.winner_id is None:
        return _("Draw · {score}").format(score=score(result))
    how = how_won(game)
    if how is WonBy.RESIGNATION:
        text = _("{player} won by resignation") if past else _("{player} wins by resignation")
    elif how is WonBy.TIME:
        text = _("{player} won on time") if past else _("{player} wins on time")
    else:
        text = _("{player} won") if past else _("{player} wins")
    return f"🏆 {text.format(player=who(game.winner_id))} \u00b7 {score(result)}"


def ending(game: GameRecord) -> str:
    """How a finished game ended, e.g. `🏆 <@1> won · ⚫ 40-24 ⚪`, `🏆 <@2> won by
    resignation · ⚫ 30-34 ⚪ (30-12 on the board)`, `Draw · ⚫ 32-32 ⚪`, `cancelled by <@3>`,
    `aborted`."""
    result = result_of(game)
    return stopped(game) if result is None else headline(game, result, past=True)


def final_status(game: GameRecord) -> str:
    """`rendering.final_status` in the language in force."""
    return results.final_status(game, words=in_force())


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
    return " · " + _("unrated") if not game.rated and decided else ""


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
        if how is WonBy.RESIGNATION:
            outcome = " " + _("by resignation")
        elif how is WonBy.TIME:
            outcome = " " + _("on time")
        outcome += f" \u00b7 {score(result)}"
    color = "⚫" if game.black_id == user_id else "⚪"
    return (
        f"{numbered(game)} <t:{int(game.updated_at)}:R> · {color} vs "
        f"{mention(opponent_of(game, user_id))} · **{verdict_for(game, user_id)}**"
        f"{outcome}{unrated(game)}"
    )
