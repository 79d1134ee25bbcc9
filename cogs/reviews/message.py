"""What a review's message says and shows: the summary with the evaluation graph, each player's
worst move on a board, or one chosen move; and the menus to jump between moves.

Images are drawn off the event loop by the caller (`render_summary`, `render_move`), the texts
here; every text stays inside Discord's limits whatever the names.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import discord

from bot.domain import GameState
from bot.engine import Color, square_name
from bot.engine.review import (
    ESTIMATE_MARGINS,
    THRESHOLDS,
    Mark,
    PlayerSummary,
    Review,
    ReviewedMove,
    format_loss,
    format_value,
)
from bot.i18n import _, in_force, ngettext
from cogs.game_summary import ending, players
from cogs.links import browser_button, mention
from cogs.records.leaderboard import COLOR
from cogs.reviews.buttons import ReviewMoveSelect, ReviewSummaryButton
from cogs.text import EMBED_DESCRIPTION, EMBED_TITLE, FIELD_VALUE, shorten
from rendering.marks import mark_count, mark_name
from rendering.review_board import (
    move_caption,
    render_review_board,
    review_board_alt_text,
)
from rendering.review_graph import render_review_graph, review_graph_alt_text
from rendering.words import color_name

PER_MENU = 25
"""Discord's limit of options in a select menu."""
DISC = {Color.BLACK: "⚫", Color.WHITE: "⚪"}
SYMBOL = {
    Mark.BEST: "",
    Mark.GOOD: "",
    Mark.INACCURACY: "?!",
    Mark.MISTAKE: "?",
    Mark.BLUNDER: "??",
}


@dataclass(frozen=True, slots=True)
class Image:
    data: bytes
    filename: str
    description: str

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.data), self.filename, description=self.description)


@dataclass(frozen=True, slots=True)
class ReviewMessage:
    """A review's message; `files()` makes fresh attachments each time it is sent."""

    embeds: list[discord.Embed]
    images: list[Image]
    view: discord.ui.View

    def files(self) -> list[discord.File]:
        return [image.file() for image in self.images]


# --- progress ---------------------------------------------------------------------------------


def progress_text(game_id: int, analysed: int, total: int, *, waiting: bool = False) -> str:
    """E.g. `🔍 Reviewing… move 23 of 60 · game #12`."""
    if waiting:
        text = _(
            "🔍 Review of game #{id} queued: another review is running, this one starts right "
            "after it."
        )
        return text.format(id=game_id)
    return _("🔍 Reviewing… move {number} of {total} · game #{id}").format(
        number=min(analysed + 1, total), total=total, id=game_id
    )


def failed_text(game_id: int) -> str:
    text = _(
        "Sorry, the review of game #{id} failed on my side. Press **Review** on the game, or "
        "use `/reversi review {id}`, to try again."
    )
    return text.format(id=game_id)


# --- texts ------------------------------------------------------------------------------------


def value(number: float, exact: bool) -> str:
    """A value from Black's side for people: `+4` exact, `≈+4.3` estimated."""
    return format_value(number, exact).replace("-", "\N{MINUS SIGN}")


def thresholds_line() -> str:
    words = in_force()
    limits = " · ".join(f"{mark_name(mark, words=words)} ≤{limit:g}" for limit, mark in THRESHOLDS)
    blunder = f"{mark_name(Mark.BLUNDER, words=words)} >{THRESHOLDS[-1][0]:g}"
    line = _("Discs lost against the best move: {limits}").format(limits=f"{limits} · {blunder}")
    (opening_empties, opening), (_rest, later) = ESTIMATE_MARGINS
    margins = _(
        "An estimated loss (≈) is a mistake or a blunder only beyond those limits plus "
        "{opening} discs in moves 1-{last}, plus {later} after"
    ).format(opening=f"{opening:g}", last=61 - opening_empties, later=f"{later:g}")
    return f"{line}. {margins}"


def player_field(summary: PlayerSummary, user_id: int) -> tuple[str, str]:
    name = f"{DISC[summary.color]} {color_name(summary.color, in_force())}"
    lines = [mention(user_id)]
    if summary.accuracy is None or summary.average_loss is None:
        lines.append(_("No move with a choice."))
    else:
        lines.append(_("Accuracy **{percent}%**").format(percent=f"{summary.accuracy:.0f}"))
        lines.append(
            _("Average loss {loss} discs a move").format(loss=f"{summary.average_loss:.1f}")
        )
    counts = [
        mark_count(mark, summary.marks[mark], words=in_force())
        for mark in (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
    ]
    lines.append(" · ".join(counts))
    worst = summary.worst
    if worst is not None:
        lines.append(
            _("Worst: move {number} {square}, lost {loss}").format(
                number=worst.number,
                square=square_name(worst.square),
                loss=format_loss(worst.loss, worst.exact),
            )
        )
    return name, shorten("\n".join(lines), FIELD_VALUE)


def turning_text(state: GameState, review: Review) -> str:
    number = review.turning_point
    if number is None:
        if review.outcome is None:
            return _("Turning point: none, the game has no result.")
        return _(
            "Turning point: none. The engine's verdict agreed with the result from the start, "
            "or the game was decided off the board."
        )
    move = review.move(number)
    text = _(
        "Turning point: move {number}, {move} by {player} ({before} → {after}): from there on "
        "the engine's verdict was the result's."
    )
    return text.format(
        number=number,
        move=f"{DISC[move.color]} **{square_name(move.square)}**",
        player=mention(state.record.player(move.color)),
        before=value(review.values[number - 1], review.exact_values[number - 1]),
        after=value(review.values[number], review.exact_values[number]),
    )


def values_text(review: Review) -> str:
    first = review.exact_from
    if first == 1:
        return _("Values in discs from Black's side, all exact (perfect play).")
    depths = [move.depth for move in review.moves if not move.exact]
    depth = round(sum(depths) / len(depths))
    if first is None:
        text = _(
            "Values in discs from Black's side: estimates (≈) of a search about {depth} moves deep."
        )
        return text.format(depth=depth)
    text = _(
        "Values in discs from Black's side: estimates (≈) of a search about {depth} moves deep "
        "up to move {last}, exact (perfect play) from move {first}."
    )
    return text.format(depth=depth, last=first - 1, first=first)


def summary_embed(state: GameState, review: Review, graph: str) -> discord.Embed:
    record = state.record
    lines = [f"{players(record)} · {ending(record)}"]
    if review.opening is not None:
        lines.append(
            _("Opening: **{name}** ({moves})").format(
                name=review.opening.name, moves=review.opening.transcript
            )
        )
    lines.append(turning_text(state, review))
    lines.append(values_text(review))
    embed = discord.Embed(
        title=_("Reversi · review of game #{id}").format(id=record.id),
        description=shorten("\n".join(lines), EMBED_DESCRIPTION),
        color=COLOR,
    )
    for color in (Color.BLACK, Color.WHITE):
        name, text = player_field(review.player(color), record.player(color))
        embed.add_field(name=name, value=text, inline=True)
    embed.set_image(url=f"attachment://{graph}")
    embed.set_footer(
        text=f"{thresholds_line()}. " + _("Choose a move below to see it on the board.")
    )
    return embed


def move_embed(
    state: GameState, review: Review, move: ReviewedMove, board: str, title: str
) -> discord.Embed:
    """A move's card. The value before the move is the review's value of that position (the one
    the previous move was judged by, as the graph and the turning point show it), which may not be
    the best value this move's own search found there."""
    who = mention(state.record.player(move.color))
    exact = move.exact
    played = {
        "player": who,
        "square": f"**{square_name(move.square)}**",
        "value": value(move.played_value, exact),
    }
    if move.is_best:
        lines = [_("{player} played {square}: {value}").format(**played)]
        lines.append(_("The best move.") if not move.forced else _("The only legal move."))
    else:
        played["loss"] = format_loss(move.loss, exact)
        lines = [losing(move).format(**played)]
        lines.append(
            _("Best: {square}, {value}").format(
                square=f"**{square_name(move.best_move)}**", value=value(move.best_value, exact)
            )
        )
    valued_by = review.valued_by(move.number - 1)
    before = value(review.values[move.number - 1], valued_by.exact)
    if valued_by.exact:
        lines.append(
            _("Value before the move: {value}, exact (perfect play).").format(value=before)
        )
    else:
        text = _("Value before the move: {value}, estimated by a search {depth} moves deep.")
        lines.append(text.format(value=before, depth=valued_by.depth))
    embed = discord.Embed(
        title=shorten(title, EMBED_TITLE), description="\n".join(lines), color=COLOR
    )
    embed.set_image(url=f"attachment://{board}")
    return embed


def losing(move: ReviewedMove) -> str:
    """The line of a move that lost discs: an exact loss is a whole number of discs, worded by
    its count; an estimate has a decimal ("1.0 discs" in English, where a decimal count takes
    the plural), which each catalogue words in its own message."""
    if move.exact:
        return ngettext(
            "{player} played {square}: {value}, losing {loss} disc",
            "{player} played {square}: {value}, losing {loss} discs",
            round(move.loss),
        )
    return _("{player} played {square}: {value}, losing {loss} discs")


def move_title(move: ReviewedMove) -> str:
    symbol = SYMBOL[move.mark]
    return _("Move {number} · {player} {square} · {mark}").format(
        number=move.number,
        player=f"{DISC[move.color]} {color_name(move.color, in_force())}",
        square=f"{square_name(move.square)}{symbol}",
        mark=mark_name(move.mark, words=in_force()),
    )


def option(move: ReviewedMove, chosen: int | None) -> discord.SelectOption:
    label = f"{move.number}. {DISC[move.color]} {square_name(move.square)}{SYMBOL[move.mark]}"
    label += f" · {mark_name(move.mark, words=in_force())}"
    if move.is_best:
        description = f"{value(move.played_value, move.exact)}"
    else:
        # TRANSLATORS: a move's second line in the review's menu, at most
        # 100 characters with its values ("lost 4.2 · best d3 ≈+1.5").
        description = _("lost {loss} · best {square} {value}").format(
            loss=format_loss(move.loss, move.exact),
            square=square_name(move.best_move),
            value=value(move.best_value, move.exact),
        )
    return discord.SelectOption(
        label=label,
        value=str(move.number),
        description=description,
        default=move.number == chosen,
    )


def menus(
    state: GameState, review: Review, chosen: int | None, link: str | None = None
) -> discord.ui.View:
    """A menu per 25 moves, and Summary (off while the summary shows), with the game's page on
    the web beside it where it has one (`link`)."""
    view = discord.ui.View(timeout=None)
    moves = review.moves
    for part, start in enumerate(range(0, len(moves), PER_MENU)):
        chunk = moves[start : start + PER_MENU]
        view.add_item(
            ReviewMoveSelect(
                state.record.id,
                part,
                [option(move, chosen) for move in chunk],
                # TRANSLATORS: the menu of moves {first} to {last} of a review,
                # shown in it before a move is chosen: a few words.
                placeholder=_("Moves {first}-{last}").format(
                    first=chunk[0].number, last=chunk[-1].number
                ),
                row=part,
            )
        )
    row = len(range(0, len(moves), PER_MENU))
    summary = ReviewSummaryButton(state.record.id, row=row)
    summary.item.disabled = chosen is None
    view.add_item(summary)
    if link is not None:
        view.add_item(browser_button(link, row=row))
    return view


# --- whole messages (images drawn here: call them off the event loop) -------------------------


def _graph(state: GameState, review: Review, names: tuple[str, str]) -> Image:
    black, white = names
    words = in_force()
    return Image(
        render_review_graph(review, black_name=black, white_name=white, words=words),
        f"review-{state.record.id}-graph.png",
        review_graph_alt_text(review, black_name=black, white_name=white, words=words),
    )


def _board(state: GameState, move: ReviewedMove, names: tuple[str, str]) -> Image:
    black, white = names
    words = in_force()
    return Image(
        render_review_board(move, black_name=black, white_name=white, words=words),
        f"review-{state.record.id}-move-{move.number}.png",
        review_board_alt_text(move, black_name=black, white_name=white, words=words),
    )


def render_summary(
    state: GameState, review: Review, names: tuple[str, str], link: str | None = None
) -> ReviewMessage:
    """The summary and graph, and a board at each player's worst move."""
    graph = _graph(state, review, names)
    embeds = [summary_embed(state, review, graph.filename)]
    images = [graph]
    for color in (Color.BLACK, Color.WHITE):
        worst = review.player(color).worst
        if worst is None:
            continue
        board = _board(state, worst, names)
        title = _("{color}'s worst move · {move}").format(
            color=f"{DISC[color]} {color_name(color, in_force())}",
            move=move_caption(worst, words=in_force()),
        )
        embeds.append(move_embed(state, review, worst, board.filename, title))
        images.append(board)
    return ReviewMessage(embeds, images, menus(state, review, None, link))


def render_move(
    state: GameState,
    review: Review,
    number: int,
    names: tuple[str, str],
    link: str | None = None,
) -> ReviewMessage:
    """The summary and graph, and move `number` on the board."""
    graph = _graph(state, review, names)
    move = review.move(number)
    board = _board(state, move, names)
    embeds = [
        summary_embed(state, review, graph.filename),
        move_embed(state, review, move, board.filename, move_title(move)),
    ]
    return ReviewMessage(embeds, [graph, board], menus(state, review, number, link))
