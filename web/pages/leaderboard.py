"""The server's leaderboard (`/servers/<guild>/<token>`, `?page=2`...): its players by rating as
`/reversi leaderboard` ranks them, each linking to their page."""

from __future__ import annotations

import re
from html import escape

from aiohttp import web

from bot.domain import LeaderboardPage
from bot.domain.pages import PageKind, page_path
from bot.i18n import N_, _, ngettext, using
from bot.services.languages import Languages
from bot.services.lookups import Lookups
from bot.services.pages import Pages
from web.pages.language import page_language
from web.pages.layout import page
from web.pages.parts import NameOf, names_of, page_ids, player_link, rating, route, tally

PER_PAGE = 25
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
PROVISIONAL = N_("? = provisional rating (too few games to be sure)")
_CODE = re.compile(r"`([^`]+)`")


def routes(
    *, pages: Pages, lookups: Lookups, languages: Languages, name_of: NameOf
) -> list[web.RouteDef]:
    async def show(request: web.Request) -> web.Response:
        (guild_id,) = page_ids(request, "guild")
        token = request.match_info["token"]
        if not await pages.shown(guild_id, PageKind.SERVER, (guild_id,), token):
            raise web.HTTPNotFound()
        number = request.query.get("page", "1")
        wanted = int(number) if number.isdigit() and len(number) < 10 else 1
        board = await lookups.leaderboard(guild_id, page=wanted, per_page=PER_PAGE)
        language = await page_language(request, languages, guild_id)
        secret = await pages.secret()
        with using(language):
            names = await names_of(name_of, (entry.player.user_id for entry in board.entries))
            title = _("Reversi leaderboard")
            body = f"<h1>{escape(title)}</h1>" + leaderboard_body(board, names, secret)
            return page(language=language, title=title, body=body)

    return [web.get(route(PageKind.SERVER, "guild"), show)]


def with_code(text: str) -> str:
    """`text` escaped, its `/reversi ...` commands set as code."""
    return _CODE.sub(r"<code>\1</code>", escape(text))


def leaderboard_body(board: LeaderboardPage, names: dict[int, str], secret: bytes) -> str:
    if not board.entries:
        empty = _(
            "No rated games here yet. Start one with `/reversi challenge`: the winner tops "
            "this board."
        )
        return f"<p>{with_code(empty)}</p>"
    rows = []
    for entry in board.entries:
        player = entry.player
        place = f"{entry.rank:,}"
        if entry.rank in MEDALS:
            place = f'<span aria-hidden="true">{MEDALS[entry.rank]}</span> {place}'

        link = player_link(secret, board.guild_id, player.user_id, names[player.user_id])
        rows.append(
            f'<tr><td class="figure">{place}</td><td class="name">{link}</td>'
            f'<td class="figure">{rating(player)}</td>'
            f"<td>{escape(tally(player.wins, player.losses, player.draws))}</td></tr>"
        )
    headers = "".join(
        f'<th scope="col">{escape(text)}</th>'
        for text in (_("Rank"), _("Player"), _("Rating"), _("Record"))
    )
    players = ngettext("{count} rated player", "{count} rated players", board.total)
    footer = " · ".join(
        (
            _("Page {page} of {pages}").format(page=f"{board.page:,}", pages=f"{board.pages:,}"),
            players.format(count=f"{board.total:,}"),
            _(PROVISIONAL),
        )
    )
    pager, previous, following = [], _("Previous"), _("Next")
    path = page_path(secret, PageKind.SERVER, (board.guild_id,))
    if board.page > 1:
        pager.append(f'<a rel="prev" href="{path}?page={board.page - 1}">{escape(previous)}</a>')
    if board.page < board.pages:
        pager.append(f'<a rel="next" href="{path}?page={board.page + 1}">{escape(following)}</a>')
    return (
        f'<div class="scroll"><table class="leaderboard"><thead><tr>{headers}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        f'<p class="muted">{escape(footer)}</p>'
        + (f'<nav class="pager">{" ".join(pager)}</nav>' if pager else "")
    )
