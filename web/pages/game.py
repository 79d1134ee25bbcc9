"""A game's page: its board, players, clocks, moves and result, following the game live (Server-
Sent Events), and once it is over its replay, move by move, and its review.

All the viewers of one game share its reads: a change wakes them all, one read of the game
follows (`GamePages.snapshot`), and its state is written out once per read and language
(`GamePages.written`). The state goes to the browser as JSON whose texts are HTML escaped
here; `web/static/game.js` draws it and replays the moves (the flips are its own, checked
against the engine by the browser tests).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from aiohttp import web

from bot.domain import GameState, PlayerRecord
from bot.domain.pages import PageKind, page_path
from bot.engine import Color, Position, square_name
from bot.engine.review import Mark, Review, format_loss, format_value
from bot.i18n import _, in_force, using
from bot.services.languages import Languages
from bot.services.lookups import Lookups
from bot.services.pages import Pages
from bot.services.reviews import ReviewService
from rendering.alt_text import board_alt_text
from rendering.clocks import clock_text
from rendering.marks import mark_name
from rendering.results import final_status
from rendering.review_graph import graph_scale, review_graph_alt_text
from rendering.status import describe_status
from rendering.transcript import written_moves
from rendering.words import color_name
from web.limits import Limits
from web.live import Live, Watcher, game, guild
from web.pages.language import page_language
from web.pages.layout import page
from web.pages.parts import NameOf

HEARTBEAT = 20.0
"""Seconds between the comments that keep a quiet live page's connection open through proxies."""
HEARTBEAT_COMMENT = b": still here\n\n"
SLOW_READER = 1 << 20
"""Bytes waiting for a reader past which its stream ends (it reconnects and catches up)."""
RETRY_MS = 2000
"""How soon a browser reconnects to a live page that dropped (a restart of the bot)."""
SQUARE, MARGIN = 40, 20
"""An SVG board's square and the margin that holds the coordinates, in its own units."""
WRITTEN_KEPT = 1000
"""Games' states kept written, per language."""
MARKED = (Mark.INACCURACY, Mark.MISTAKE, Mark.BLUNDER)
"""The review's marks listed under its graph."""


def squares() -> Iterator[str]:
    """The squares in reading order: a8 … h8, then down to a1 … h1."""
    for rank in range(8, 0, -1):
        for file in "abcdefgh":
            yield f"{file}{rank}"


def disc(position: Position, square: str) -> str:
    """`b`, `w` or `.`, as the page's board string and classes say it."""
    color = position.piece_at(square)
    return "." if color is None else ("b" if color is Color.BLACK else "w")


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One read of a game, for every viewer: the game, its review, whether its server still
    shows it, and the names and ratings of its players."""

    state: GameState
    shown: bool
    review: Review | None
    names: tuple[str, str]
    """Black's and White's, "" for one the bot can't name (a forgotten member)."""
    ratings: dict[int, PlayerRecord]

    @property
    def stamp(self) -> int:
        """Grows with every change a viewer sees: each version of the game, then its review."""
        return 2 * self.state.record.version + (self.review is not None)


def board_svg(position: Position, last: str | None, legal: Sequence[str], label: str) -> str:
    """The board as SVG: a group per square (`data-sq`), its classes saying its disc (`b`,
    `w`), the last move (`last`) and the legal moves (`legal`); the browser changes only them."""
    size = 2 * MARGIN + 8 * SQUARE
    parts = [
        f'<svg class="board" viewBox="0 0 {size} {size}" role="img" aria-labelledby="board-alt">'
        f'<title id="board-alt">{escape(label)}</title>'
        f'<rect class="frame" width="{size}" height="{size}"/>'
    ]
    for index in range(8):
        centre = MARGIN + SQUARE * index + SQUARE // 2
        parts.append(
            f'<text class="coord" x="{centre}" y="{MARGIN - 6}">{"abcdefgh"[index]}</text>'
            f'<text class="coord" x="{MARGIN // 2}" y="{centre + 5}">{8 - index}</text>'
        )
    for index, square in enumerate(squares()):
        row, column = divmod(index, 8)
        x, y = MARGIN + column * SQUARE, MARGIN + row * SQUARE
        classes = " ".join(
            c
            for c, on in (
                (disc(position, square), True),
                ("last", square == last),
                ("legal", square in legal),
            )
            if on and c != "."
        )
        half = SQUARE // 2
        parts.append(
            f'<g data-sq="{square}" class="{classes}">'
            f'<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>'
            f'<circle class="disc" cx="{x + half}" cy="{y + half}" r="{half - 4}"/>'
            f'<circle class="hint" cx="{x + half}" cy="{y + half}" r="5"/></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


class GamePages:
    """The routes of the games' pages, handed the services they read."""

    def __init__(
        self,
        *,
        pages: Pages,
        lookups: Lookups,
        reviews: ReviewService,
        languages: Languages,
        names: NameOf,
        live: Live,
        limits: Limits,
    ) -> None:
        self.pages, self.lookups, self.reviews = pages, lookups, reviews
        self.languages, self.names, self.live, self.limits = languages, names, live, limits
        self._reads: dict[int, tuple[int, asyncio.Future[Snapshot | None]]] = {}
        """The read under way of each game, and the count of changes when it began."""
        self._written: dict[tuple[int, str], tuple[Snapshot, str]] = {}
        """Each game's state as last written, by language: the read and its JSON."""
        self._fan_outs: dict[int, FanOut] = {}
        self._closing = False

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get(r"/games/{id:\d{1,18}}/{token}", self.page),
            web.get(r"/games/{id:\d{1,18}}/{token}/live", self.stream),
        ]

    async def close(self, _app: web.Application) -> None:
        """The server stops: every live page's stream ends (their browsers reconnect)."""
        self._closing = True
        for fan_out in list(self._fan_outs.values()):
            fan_out.watcher.wake()
            for viewer in fan_out.viewers:
                viewer.end()

    # --- reading --------------------------------------------------------------------------

    async def snapshot(self, game_id: int) -> Snapshot | None:
        """The game, read since the last change anyone was told of, by one read that every
        viewer asking meanwhile shares; None if there is no such game."""
        changes = self.live.changes
        current = self._reads.get(game_id)
        if current is None or current[0] < changes:
            future = asyncio.ensure_future(self._read(game_id))
            current = self._reads[game_id] = (changes, future)

            def done(_: object) -> None:
                if self._reads.get(game_id, (0, None))[1] is future:
                    del self._reads[game_id]

            future.add_done_callback(done)
        return await asyncio.shield(current[1])

    async def _read(self, game_id: int) -> Snapshot | None:
        state = await self.lookups.game(game_id)
        if state is None:
            return None
        record = state.record
        shown = await self.pages.opted_in(record.guild_id)
        review = None
        if shown and not record.active and record.ply:
            stored = await self.reviews.stored(record.id, record.guild_id)
            review = None if stored is None else stored[1]
        names = (await self.names(record.black_id, ""), await self.names(record.white_id, ""))
        ratings = await self.lookups.ratings(record.guild_id, (record.black_id, record.white_id))
        return Snapshot(state, shown, review, names, ratings)

    async def _shown(self, request: web.Request) -> Snapshot:
        """The game of the address asked for, if its token is the page's and its server shows
        its pages; else not found, whatever the reason."""
        game_id = int(request.match_info["id"])
        snapshot = await self.snapshot(game_id)
        if snapshot is None or not snapshot.shown:
            raise web.HTTPNotFound()
        token = request.match_info["token"]
        if not await self.pages.shown(
            snapshot.state.record.guild_id, PageKind.GAME, (game_id,), token
        ):
            raise web.HTTPNotFound()
        return snapshot

    def written(self, snapshot: Snapshot, language: str) -> str:
        """The state's JSON in `language`, written once per read: every viewer woken by one
        change shares it."""
        key = (snapshot.state.record.id, language)
        kept = self._written.get(key)
        if kept is not None and kept[0] is snapshot:
            return kept[1]
        with using(language):
            text = json.dumps(state_of(snapshot), separators=(",", ":"), ensure_ascii=False)
        self._written.pop(key, None)
        while len(self._written) >= WRITTEN_KEPT:  # the least recently read go
            del self._written[next(iter(self._written))]
        self._written[key] = (snapshot, text)
        return text

    # --- the routes -----------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        snapshot = await self._shown(request)
        record = snapshot.state.record
        language = await page_language(request, self.languages, record.guild_id)
        state = self.written(snapshot, language)
        path = page_path(await self.pages.secret(), PageKind.GAME, (record.id,))
        with using(language):
            title = _("Reversi · game #{id}").format(id=record.id)
            body = page_body(snapshot, state, path)
        return page(language=language, title=title, body=body, scripts=["game.js"])

    async def stream(self, request: web.Request) -> web.StreamResponse:
        """The game's states as Server-Sent Events, each with its stamp as its id: a browser
        that reconnects with the last it saw gets only what is newer. The stream ends when the
        server stops showing the game, or the bot stops. Once caught up, a viewer is written to
        by its game's one fan-out (`_fan_out`), never by a task of its own."""
        told = self.live.changes
        shown: Snapshot | None = await self._shown(request)
        assert shown is not None
        record = shown.state.record
        language = await page_language(request, self.languages, record.guild_id)
        seen = request.headers.get("Last-Event-ID") or request.query.get("since", "")
        with self.limits.live(request):
            response = web.StreamResponse(
                headers={
                    "Content-Type": "text/event-stream; charset=utf-8",
                    "Cache-Control": "no-store",
                    "X-Accel-Buffering": "no",
                }
            )
            await response.prepare(request)
            viewer = Viewer(request, response, language, stamp_of(seen))
            fan_out = self._join(record.id, record.guild_id, viewer)
            try:
                await response.write(f"retry: {RETRY_MS}\n\n".encode())
                if self.live.changes != told:  # a change came before the fan-out's watcher
                    shown = await self.snapshot(record.id)
                if shown is not None and shown.shown and not self._closing:
                    await self._send(viewer, shown, self._message(shown, language))
                    await viewer.ended
                await response.write_eof()
            except ConnectionResetError:
                pass  # the reader left
            finally:
                fan_out.viewers.discard(viewer)
        return response

    def _join(self, game_id: int, guild_id: int, viewer: Viewer) -> FanOut:
        """The game's fan-out, started with its watcher if it has none, with `viewer` in it."""
        fan_out = self._fan_outs.get(game_id)
        if fan_out is None:
            watching = self.live.watch(game(game_id), guild(guild_id))
            fan_out = FanOut(watching.__enter__())
            fan_out.task = asyncio.ensure_future(self._fan_out(game_id, fan_out))
            fan_out.task.add_done_callback(lambda _: watching.__exit__(None, None, None))
            self._fan_outs[game_id] = fan_out
        fan_out.viewers.add(viewer)
        return fan_out

    async def _fan_out(self, game_id: int, fan_out: FanOut) -> None:
        """Write each change of the game to every viewer, one read and one message per language
        for all of them; a comment to each every `HEARTBEAT` seconds, so that proxies keep a
        quiet stream open. It ends, and every stream with it, when the game is no longer shown,
        the bot stops, or the last viewer leaves."""
        try:
            while fan_out.viewers and not self._closing:
                try:
                    async with asyncio.timeout(HEARTBEAT):
                        await fan_out.watcher.wait()
                except TimeoutError:
                    for viewer in list(fan_out.viewers):
                        await self._write(viewer, HEARTBEAT_COMMENT)
                    continue
                if self._closing:
                    break
                snapshot = await self.snapshot(game_id)
                if snapshot is None or not snapshot.shown:
                    break
                messages: dict[str, bytes] = {}
                for viewer in list(fan_out.viewers):
                    message = messages.get(viewer.language)
                    if message is None:
                        message = messages[viewer.language] = self._message(
                            snapshot, viewer.language
                        )
                    await self._send(viewer, snapshot, message)
        finally:
            if self._fan_outs.get(game_id) is fan_out:
                del self._fan_outs[game_id]
            for viewer in fan_out.viewers:
                viewer.end()

    def _message(self, snapshot: Snapshot, language: str) -> bytes:
        data = f'{{"now":{self.lookups.now()},"game":{self.written(snapshot, language)}}}'
        return f"id: {snapshot.stamp}\nevent: game\ndata: {data}\n\n".encode()

    async def _send(self, viewer: Viewer, snapshot: Snapshot, message: bytes) -> None:
        """`message` (the state of `snapshot`) to `viewer`, unless it has seen it or newer."""
        if snapshot.stamp > viewer.seen:
            viewer.seen = snapshot.stamp
            await self._write(viewer, message)

    async def _write(self, viewer: Viewer, data: bytes) -> None:
        """Written at once, or the viewer's stream ends: a reader that stopped reading (its
        connection's buffer full) reconnects and catches up, rather than hold up the others."""
        transport = viewer.request.transport
        if transport is None or transport.get_write_buffer_size() > SLOW_READER:
            viewer.end()
            return
        try:
            await viewer.response.write(data)
        except (ConnectionResetError, RuntimeError):
            viewer.end()


class Viewer:
    """One open live page: its connection, its language, the newest stamp it has seen, and a
    future done when its stream is to end."""

    def __init__(
        self, request: web.Request, response: web.StreamResponse, language: str, seen: int
    ) -> None:
        self.request, self.response, self.language, self.seen = request, response, language, seen
        self.ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def end(self) -> None:
        if not self.ended.done():
            self.ended.set_result(None)


class FanOut:
    """A game's viewers in this process, and the one task that writes to them all."""

    def __init__(self, watcher: Watcher) -> None:
        self.watcher = watcher
        self.viewers: set[Viewer] = set()
        self.task: asyncio.Future[None] | None = None


def stamp_of(text: str) -> int:
    """The stamp a reconnecting browser names (`Last-Event-ID`), or -1 for none."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else -1


def state_of(snapshot: Snapshot) -> dict[str, Any]:
    """What the browser draws: the board (as `squares()` reads it), the moves for the replay,
    the clocks, and the texts as escaped HTML, in the language in force."""
    state, record = snapshot.state, snapshot.state.record
    position = state.position
    last = state.game.last
    legal = [square_name(s) for s in position.legal_moves()] if record.active else []
    running = position.turn if record.active and record.clocks else None
    return {
        "stamp": snapshot.stamp,
        "board": "".join(disc(position, square) for square in squares()),
        "last": None if last is None else square_name(last.square),
        "legal": legal,
        "moves": list(record.moves),
        "over": not record.active,
        "clocks": None if record.clocks is None else list(record.clocks),
        "running": None if running is None else running.name.lower(),
        "turnStarted": record.turn_started,
        "deadline": record.deadline if record.active else None,
        "alt": alt_text(snapshot),
        "html": {
            "badge": escape(_("Live") if record.active else _("Finished")),
            "players": players_html(snapshot),
            "status": escape(status_text(snapshot)),
            "moves": moves_html(state),
            "review": "" if snapshot.review is None else review_html(snapshot, snapshot.review),
        },
    }


def names_of(snapshot: Snapshot) -> tuple[str, str]:
    """The players' names, a colour's name for one the bot can't name."""
    black, white = snapshot.names
    words = in_force()
    return black or color_name(Color.BLACK, words), white or color_name(Color.WHITE, words)


def status_text(snapshot: Snapshot) -> str:
    """Whose turn it is, or who had to pass, as under the board's image; or how it ended."""
    state, record = snapshot.state, snapshot.state.record
    if not record.active:
        return final_status(record, words=in_force())
    last = state.game.last
    passed = None if last is None else last.passed
    return describe_status(state.position, passed=passed, words=in_force())


def alt_text(snapshot: Snapshot) -> str:
    state, record = snapshot.state, snapshot.state.record
    last = state.game.last
    black, white = names_of(snapshot)
    running = state.position.turn if record.active and record.clocks else None
    return board_alt_text(
        state.position,
        last_move=None if last is None else last.square,
        passed=None if last is None else last.passed,
        show_legal=record.active,
        black_name=black,
        white_name=white,
        status=None if record.active else final_status(record, words=in_force()),
        clocks=record.clocks,
        clock_running=running,
        words=in_force(),
    )


def players_html(snapshot: Snapshot) -> str:
    record = snapshot.state.record
    rows = []
    for color, name in zip((Color.BLACK, Color.WHITE), names_of(snapshot), strict=True):
        user_id = record.player(color)
        rated = snapshot.ratings.get(user_id)
        rating = ""
        if rated is not None:
            shown = f"{round(rated.rating.rating)}{'?' if rated.provisional else ''}"
            rating = f' <span class="rating">{escape(shown)}</span>'
        clock = ""
        if record.clocks is not None:
            seconds = record.clocks[0 if color is Color.BLACK else 1]
            clock = (
                f'<span class="clock" data-color="{color.name.lower()}">'
                f"{clock_text(seconds)}</span>"
            )
        side = color.name.lower()
        rows.append(
            f'<li class="player {side}"><span class="swatch {side}" aria-hidden="true"></span>'
            f'<span class="name">{escape(name)}</span>{rating}'
            f'<span class="muted"> · {escape(color_name(color, in_force()))} '
            f"{snapshot.state.position.count(color)}</span>{clock}</li>"
        )
    deadline = ""
    if record.active and record.clocks is None and record.deadline is not None:
        left = escape(_("Time left for this move:"))
        deadline = f'<p class="deadline">{left} <span class="countdown"></span></p>'
    return f'<ul class="players">{"".join(rows)}</ul>{deadline}'


def moves_html(state: GameState) -> str:
    """The moves, numbered, each forced pass marked after the move that forced it."""
    plies = state.game.plies
    if not plies:
        none = escape(_("No move yet."))
        return f'<p class="muted">{none}</p>'
    items = []
    for number, (ply, text) in enumerate(
        zip(plies, written_moves(state.game, in_force()), strict=True), 1
    ):
        square = square_name(ply.square)
        passed = text[len(square) :].strip()
        mark = f' <span class="pass">{escape(passed)}</span>' if passed else ""
        side = ply.color.name.lower()
        items.append(f'<li data-ply="{number}" class="{side}">{square}{mark}</li>')
    return f'<ol class="moves">{"".join(items)}</ol>'


def review_html(snapshot: Snapshot, review: Review) -> str:
    """The review's graph of Black's advantage, each move's mark a dot, and its marked moves."""
    black, white = names_of(snapshot)
    words = in_force()
    alt = review_graph_alt_text(review, black_name=black, white_name=white, words=words)
    values = review.values
    scale = graph_scale(values)
    width, height = 640, 200
    step = width / max(1, len(values) - 1)

    def y(value: float) -> float:
        return round(height / 2 - max(-scale, min(scale, value)) / scale * (height / 2 - 4), 1)

    points = " ".join(f"{round(i * step, 1)},{y(v)}" for i, v in enumerate(values))
    dots = "".join(
        f'<circle class="mark {move.mark.value}" cx="{round(move.number * step, 1)}" '
        f'cy="{y(values[move.number])}" r="{5 if move.mark in MARKED else 3}">'
        f"<title>{move.number}. {square_name(move.square)} · "
        f"{escape(mark_name(move.mark, words=words))}</title></circle>"
        for move in review.moves
    )
    graph = (
        f'<svg class="graph" viewBox="0 0 {width} {height}" role="img" aria-labelledby="graph-alt">'
        f'<title id="graph-alt">{escape(alt)}</title>'
        f'<line class="axis" x1="0" y1="{height / 2}" x2="{width}" y2="{height / 2}"/>'
        f'<polyline class="curve" points="{points}"/>{dots}</svg>'
    )
    rows = []
    for move in review.moves:
        if move.mark not in MARKED:
            continue
        title = _("Move {number} · {player} {square} · {mark}").format(
            number=move.number,
            player=color_name(move.color, words),
            square=square_name(move.square),
            mark=mark_name(move.mark, words=words),
        )
        detail = _("lost {loss} · best {square} {value}").format(
            loss=format_loss(move.loss, move.exact),
            square=square_name(move.best_move),
            value=format_value(move.best_value, move.exact),
        )
        rows.append(
            f'<li class="{move.mark.value}"><button type="button" class="to-move" '
            f'data-ply="{move.number}">{escape(title)}</button> '
            f'<span class="muted">{escape(detail)}</span></li>'
        )
    listed = f'<ul class="marks">{"".join(rows)}</ul>' if rows else ""
    heading = escape(_("Review"))
    return f'<h2>{heading}</h2><div class="scroll">{graph}</div>{listed}'


def page_body(snapshot: Snapshot, state: str, path: str) -> str:
    """The page: the board beside its panel, then the moves, the replay's controls, the review
    and the links; `state` (the JSON) rides in a data attribute for `game.js`."""
    record = snapshot.state.record
    html = json.loads(state)["html"]
    position = snapshot.state.position
    last = snapshot.state.game.last
    legal = [square_name(s) for s in position.legal_moves()] if record.active else []
    board = board_svg(
        position, None if last is None else square_name(last.square), legal, alt_text(snapshot)
    )
    links = []
    if record.message_id is not None:
        message = f"https://discord.com/channels/{record.guild_id}/{record.channel_id}/{record.message_id}"
        discord = escape(_("Open in Discord"))
        links.append(f'<a href="{escape(message)}">{discord}</a>')
    transcript, ggf = escape(_("Transcript")), escape(_("GGF file"))
    links.append(f'<a href="{escape(path)}/transcript.txt">{transcript}</a>')
    links.append(f'<a href="{escape(path)}/game.ggf" download>{ggf}</a>')
    controls = "".join(
        f'<button type="button" data-step="{step}" aria-label="{escape(label)}">{symbol}</button>'
        for step, symbol, label in (
            ("first", "«", _("First position")),
            ("back", "◀", _("Previous move")),
            ("next", "▶", _("Next move")),
            ("last", "»", _("Last position")),
        )
    )
    step_text = escape(_("Move {number} of {total}"), quote=True)
    start_text = escape(_("Starting position"), quote=True)
    replay, moves = escape(_("Replay"), quote=True), escape(_("Moves"))
    return (
        f"<h1>{escape(_('Reversi · game #{id}').format(id=record.id))} "
        f'<span class="badge" id="live-badge">{html["badge"]}</span></h1>'
        f'<div class="game" id="game" data-live="{escape(path)}/live" '
        f'data-state="{escape(state, quote=True)}" data-step-text="{step_text}" '
        f'data-start-text="{start_text}">'
        f'<div class="board-wrap">{board}</div>'
        f'<div class="panel"><div id="players">{html["players"]}</div>'
        f'<p id="status" class="status" aria-live="polite">{html["status"]}</p>'
        f'<div class="replay" role="group" aria-label="{replay}">'
        f'{controls}<p id="step" class="muted" aria-live="polite"></p></div>'
        f'<h2>{moves}</h2><div id="moves">{html["moves"]}</div>'
        f'<p class="links">{" · ".join(links)}</p></div></div>'
        f'<section id="review">{html["review"]}</section>'
    )
