"""What a game's message says and shows: text, board image with alt text, and components."""

from __future__ import annotations

import asyncio

import discord

from bot import engine
from bot.domain import GameState, RatingChange
from bot.i18n import _, in_force, ngettext
from bot.services.endings import abort_window
from cogs import time_option
from cogs.boards import BoardMessage, add_moves
from cogs.game_summary import final_status, headline, stopped
from cogs.links import mention
from cogs.play import buttons
from cogs.records.buttons import ReplayButton
from cogs.reviews.buttons import ReviewButton
from rendering import board_alt_text, clock_text, missed_turns, render_board
from rendering.results import result_of
from rendering.words import color_name

DISC = {engine.Color.BLACK: "⚫", engine.Color.WHITE: "⚪"}


def discs(count: int) -> str:
    return ngettext("{count} disc", "{count} discs", count).format(count=count)


def player_lines(state: GameState) -> list[str]:
    """Each player's colour, discs and, in a live game, clock (as the turn began)."""
    record, position = state.record, state.position
    clocks = record.clocks or (None, None)
    lines = []
    for color, user, clock in zip(
        engine.Color, (record.black_id, record.white_id), clocks, strict=True
    ):
        count = discs(position.count(color))
        line = f"{DISC[color]} {color_name(color, in_force())}: {mention(user)} · {count}"
        if clock is not None:
            line += f" · ⏱ {clock_text(clock)}"
        lines.append(line)
    return lines


def rating_line(change: RatingChange, name: str) -> str:
    before, after = round(change.before.rating), round(change.after.rating)
    return f"{name} {before} → {after} ({after - before:+d})"


def status_lines(state: GameState, bot_id: int | None = None) -> list[str]:
    """A pass just made, or the moves a player missed while passing (until they move), then
    whose turn it is, or how the game ended."""
    record, game = state.record, state.game
    last = game.last
    lines = []
    if last is not None and last.passed is not None:
        passes = _("{color} has no legal move and passes.").format(
            color=color_name(last.passed, in_force())
        )
        lines.append(f"{DISC[last.passed]} {passes}")
    elif len(unseen := state.unseen) > 1:
        passer = unseen[-1].color.opponent
        missed = missed_turns(passer, [ply.square for ply in unseen], in_force())
        lines.append(f"{DISC[passer]} {missed}")
    if record.active:
        color = game.turn
        to_move = state.to_move_id or 0
        who = {"number": len(game) + 1, "player": f"{DISC[color]} {mention(to_move)}"}
        if to_move == bot_id:
            return [*lines, _("Move {number} · {player} is thinking…").format(**who)]
        line = _("Move {number} · {player} to move").format(**who)
        if record.deadline is not None:
            when = f"<t:{int(record.deadline)}:R>"
            if record.time_control.live:
                runs_out = _("flag falls: {when}").format(when=when)
            else:
                runs_out = _("time runs out: {when}").format(when=when)
            line += f" · {runs_out}"
        return [*lines, line]
    return [*lines, *ending_lines(state)]


def ending_lines(state: GameState) -> list[str]:
    """The winner first, how they won and the score (`🏆 <@1> wins by resignation · ⚫ 30-34 ⚪
    (30-12 on the board)`), or the draw; then the rating changes, if rated. A cancelled or
    aborted game has no result and no rating change."""
    record = state.record
    result = result_of(record)
    if record.forfeited_by is not None:
        return [f"🏆 {stopped(record)} · {_('unrated')}"]
    if result is None:
        return [_("Game {how}; it is not rated.").format(how=stopped(record))]
    lines = [headline(record, result)]
    finished = state.finished
    if finished is not None and finished.black and finished.white:
        changes = " · ".join(
            rating_line(change, mention(change.user_id))
            for change in (finished.black, finished.white)
        )
        lines.append(_("Ratings: {changes}").format(changes=changes))
    return lines


def content(state: GameState, bot_id: int | None = None) -> str:
    record = state.record
    header = _("**Reversi** · game #{id} · {time_control}").format(
        id=record.id, time_control=time_option.describe(record.time_control)
    )
    if record.bot_level is not None:
        header += " · " + _("against me at level {level}").format(level=record.bot_level)
    return "\n".join([header, *player_lines(state), *status_lines(state, bot_id)])


def build_view(state: GameState, bot_id: int | None = None) -> discord.ui.View:
    """Move buttons (or selects past 20 moves) and Resign while playing; Rematch (but not after
    a tournament's game), Replay and Review at the end.

    While the bot thinks there is nothing to move, so only Resign shows.
    """
    record = state.record
    view = discord.ui.View(timeout=None)
    if not record.active:
        if record.tournament_id is None:
            view.add_item(buttons.RematchButton(record.id))
        if record.ply:  # a game without a move has nothing to replay or review
            view.add_item(ReplayButton(record.id))
            view.add_item(ReviewButton(record.id))
        return view
    thinking = state.to_move_id == bot_id
    moves = [] if thinking else [engine.square_name(s) for s in state.position.legal_moves()]
    add_moves(view, moves, record.id, record.ply, buttons.MoveButton, buttons.MoveSelect)
    abort = _("Abort") if abort_window(state.game) else None
    view.add_item(buttons.ResignButton(record.id, row=4, label=abort))
    return view


def _image(
    state: GameState, names: tuple[str, str], bot_id: int | None = None
) -> tuple[bytes, str]:
    """The board, with every move the player to move has not seen marked, and their legal
    moves (none while the bot thinks); a finished game's says how it ended and crowns the
    winner, if any."""
    record = state.record
    unseen = state.unseen
    last_move = unseen[-1].square if unseen else None
    earlier_moves = [ply.square for ply in unseen[:-1]]
    flipped = 0
    for ply in unseen:
        flipped |= ply.flipped
    passed = unseen[-1].passed if unseen else None
    status = None if record.active else final_status(record)
    running = state.position.turn if record.active and record.clocks else None
    show_legal = record.active and state.to_move_id != bot_id
    black, white = names
    words = in_force()
    image = render_board(
        state.position,
        last_move=last_move,
        earlier_moves=earlier_moves,
        flipped=flipped,
        passed=passed,
        show_legal=show_legal,
        black_name=black,
        white_name=white,
        status=status,
        ended=not record.active,
        winner=record.winner,
        clocks=record.clocks,
        clock_running=running,
        words=words,
    )
    alt = board_alt_text(
        state.position,
        last_move=last_move,
        earlier_moves=earlier_moves,
        passed=passed,
        show_legal=show_legal,
        black_name=black,
        white_name=white,
        status=status,
        clocks=record.clocks,
        clock_running=running,
        words=words,
    )
    return image, alt


async def build(
    state: GameState, names: tuple[str, str], *, bot_id: int | None = None
) -> BoardMessage:
    """Render off the event loop, so other games are not held up by this one's image."""
    image, alt = await asyncio.to_thread(_image, state, names, bot_id)
    return BoardMessage(
        content=content(state, bot_id),
        image=image,
        filename=f"reversi-{state.record.id}-{state.record.ply}.png",
        description=alt,
        view=build_view(state, bot_id),
    )
