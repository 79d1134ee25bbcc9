"""A player's page (`/players/<guild>/<user>/<token>`): their rating, rank and record in the
server, their rating over time as a chart drawn here (SVG, no script), their latest games and
their records against those they have played most. A member the server has no game of (never
played, or forgotten at their request) has no page."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from html import escape

from aiohttp import web

from bot.domain import (
    GameRecord,
    HeadToHead,
    LeaderboardEntry,
    RatingPoint,
    is_forgotten,
)
from bot.domain.pages import PageKind
from bot.engine import Color
from bot.i18n import _, ngettext, using
from bot.services.languages import Languages
from bot.services.lookups import Lookups
from bot.services.pages import Pages
from bot.words import verdict_for
from web.pages.language import page_language
from web.pages.layout import page
from web.pages.parts import (
    NameOf,
    game_path,
    names_of,
    page_ids,
    player_link,
    rating,
    route,
    tally,
)

RECENT_GAMES = 10
OPPONENTS = 5
CHART_POINTS = 1000
"""The latest rated games the chart draws: a line of more is no clearer on any screen."""
WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28
"""The chart's margins, in its own units: the ratings' labels on the left, the dates below."""
STEPS = (50, 100, 200, 500)
GRID_LINES = 6
"""At most about this many grid lines: their labels stay apart on a phone."""


def routes(
    *, pages: Pages, lookups: Lookups, languages: Languages, name_of: NameOf
) -> list[web.RouteDef]:
    async def show(request: web.Request) -> web.Response:
        guild_id, user_id = page_ids(request, "guild", "user")
        token = request.match_info["token"]
        if not await pages.shown(guild_id, PageKind.PLAYER, (guild_id, user_id), token):
            raise web.HTTPNotFound()
        recent = await lookups.history(guild_id, user_id=user_id, per_page=RECENT_GAMES)
        standing = await lookups.leaderboard(guild_id, page=1, per_page=1, viewer_id=user_id)
        if standing.viewer is None and not recent.total:
            raise web.HTTPNotFound()
        history = await lookups.rating_history(guild_id, user_id)
        opponents = await lookups.frequent_opponents(guild_id, user_id, limit=OPPONENTS)
        language = await page_language(request, languages, guild_id)
        secret = await pages.secret()
        with using(language):
            met = [r.opponent_id for r in opponents]
            met += [g.black_id if g.white_id == user_id else g.white_id for g in recent.games]
            names = await names_of(name_of, [user_id, *met])
            name = names[user_id]
            body = (
                f"<h1>{escape(name)}</h1>"
                + facts(standing.viewer, standing.total, name)
                + chart_section(history[-CHART_POINTS:])
                + games_section(recent.games, user_id, names, secret)
                + opponents_section(opponents, guild_id, names, secret)
            )
            return page(language=language, title=name, body=body)

    return [web.get(route(PageKind.PLAYER, "guild", "user"), show)]


def facts(entry: LeaderboardEntry | None, players: int, name: str) -> str:
    """Rating, rank and record, as the stats card has them."""
    if entry is None:
        unrated = _("{player} hasn't played a rated game here yet.").format(player=name)
        return f"<p>{escape(unrated)}</p>"
    record = entry.player
    pairs = (
        (_("Rating"), f"{rating(record)} ± {round(record.rating.deviation)}"),
        (_("Rank"), _("#{rank} of {total}").format(rank=f"{entry.rank:,}", total=f"{players:,}")),
        (_("Record"), tally(record.wins, record.losses, record.draws)),
        (_("Win rate"), f"{record.win_rate:.0%}"),
    )
    items = "".join(
        f"<div><dt>{escape(term)}</dt><dd>{escape(value)}</dd></div>" for term, value in pairs
    )
    return f'<dl class="facts">{items}</dl>'


def day(timestamp: float) -> str:
    return time.strftime("%Y-%m-%d", time.gmtime(timestamp))


def chart_section(points: Sequence[RatingPoint]) -> str:
    if not points:
        return ""
    heading = _("Rating over time")
    return f"<h2>{escape(heading)}</h2>{rating_chart(points, heading)}"


def rating_chart(points: Sequence[RatingPoint], heading: str) -> str:
    """The rating after each game, one step a game (a month's pause is no wider than an
    hour's), as an SVG line: a grid line at round ratings (every 50, 100, 200 or 500, as few as
    keep their labels apart), the days of the first and the last game below. Read out as its
    first, last and highest ratings."""
    ratings = [point.rating.rating for point in points]
    low, high = min(ratings), max(ratings)
    step = next((step for step in STEPS if (high - low) / step <= GRID_LINES), STEPS[-1])
    low, high = (low // step) * step, (high // step + 1) * step
    start, end = points[0].at, points[-1].at
    steps = len(points) - 1

    def x(index: int) -> float:
        inner = WIDTH - LEFT - RIGHT
        return LEFT + (inner * index / steps if steps else inner / 2)

    def y(value: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)

    grid = "".join(
        f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(v):.1f}" y2="{y(v):.1f}"/>'
        f'<text class="axis" x="{LEFT - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.0f}</text>'
        for v in range(int(low), int(high) + 1, step)
    )
    dates = (
        f'<text class="axis" x="{LEFT}" y="{HEIGHT - 8}">{day(start)}</text>'
        f'<text class="axis" x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end">'
        f"{day(end)}</text>"
    )
    line = " ".join(f"{x(i):.1f},{y(rating):.1f}" for i, rating in enumerate(ratings))
    said = ngettext(
        "{heading}: from {first} to {last}, highest {highest}, in {count} game",
        "{heading}: from {first} to {last}, highest {highest}, in {count} games",
        len(points),
    ).format(
        heading=heading,
        first=round(ratings[0]),
        last=round(ratings[-1]),
        highest=round(max(ratings)),
        count=len(points),
    )
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title"><title id="chart-title">{escape(said)}</title>'
        f'{grid}{dates}<polyline class="line" points="{line}"/>'
        f'<circle class="dot" cx="{x(steps):.1f}" cy="{y(ratings[-1]):.1f}" r="4"/>'
        "</svg>"
    )


def games_section(
    games: Sequence[GameRecord], user_id: int, names: Mapping[int, str], secret: bytes
) -> str:
    """The latest finished games: each with its day, the colour played, the opponent and the
    result from this player's side, linking to the game's page."""
    heading = _("Recent games")
    if not games:
        return f"<h2>{escape(heading)}</h2><p>{escape(_('No finished games yet.'))}</p>"
    items = []
    for game in games:
        mine = game.color_of(user_id) or Color.BLACK
        opponent = game.player(mine.opponent)
        color, said = ("black", _("Black")) if mine is Color.BLACK else ("white", _("White"))
        items.append(
            f'<li><a href="{escape(game_path(secret, game.id))}">#{game.id}</a> · '
            f"<time>{day(game.updated_at)}</time> · "
            f'<span class="disc {color}" title="{escape(said)}"><span class="sr">{escape(said)}'
            f"</span></span> {person(secret, game.guild_id, opponent, names)} · "
            f"<strong>{escape(verdict_for(game, user_id))}</strong></li>"
        )
    return f'<h2>{escape(heading)}</h2><ul class="games">{"".join(items)}</ul>'


def person(secret: bytes, guild_id: int, user_id: int, names: Mapping[int, str]) -> str:
    """A player linked to their page; a deleted user, unlinked."""
    if is_forgotten(user_id):
        return escape(names[user_id])
    return player_link(secret, guild_id, user_id, names[user_id])


def opponents_section(
    records: Sequence[HeadToHead], guild_id: int, names: Mapping[int, str], secret: bytes
) -> str:
    """The player's records against those they have played most."""
    if not records:
        return ""
    rows = "".join(
        f"<li>{person(secret, guild_id, r.opponent_id, names)} · "
        f"{escape(tally(r.wins, r.losses, r.draws))}</li>"
        for r in records
    )
    heading = _("Head to head")
    return f'<h2>{escape(heading)}</h2><ul class="opponents">{rows}</ul>'
