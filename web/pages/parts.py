"""What the tournament, player and leaderboard pages share: the ids of an address, the names of
the players and the links between the pages.

The names are those the bot knows its players by on Discord (their display names), handed in by
the composition root as a function: the pages know no Discord, and the bot stores no names.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Hashable, Iterable
from html import escape
from typing import Any, TypeVar

from aiohttp import web

from bot.domain import PlayerRecord, is_forgotten
from bot.domain.pages import PageKind, page_path
from bot.i18n import _, ngettext

T = TypeVar("T")

NameOf = Callable[[int, str], Awaitable[str]]
"""A player's name, by their id, or the fallback given where the bot knows none."""

LARGEST_ID = 2**63 - 1
"""No stored id is larger: a larger one in an address is no page, not a database error."""


def page_ids(request: web.Request, *names: str) -> tuple[int, ...]:
    """The ids the address names (digits, by the route), or a plain 404 for one too large to be
    any record's."""
    ids = tuple(int(request.match_info[name]) for name in names)
    if any(value > LARGEST_ID for value in ids):
        raise web.HTTPNotFound()
    return ids


def route(kind: PageKind, *ids: str) -> str:
    """The route of a page of `kind` with the ids named `ids`, as `page_path` writes them."""
    return "/" + "/".join((kind.value, *(f"{{{name}:[0-9]{{1,20}}}}" for name in ids), "{token}"))


async def names_of(name_of: NameOf, user_ids: Iterable[int]) -> dict[int, str]:
    """The players' names, each looked up once; a player whose name the bot does not know is
    `Player 1234` (their id), one who asked to be forgotten "a deleted user"."""
    found: dict[int, str] = {}
    for user_id in user_ids:
        if is_forgotten(user_id):
            found[user_id] = _("a deleted user")
        elif user_id not in found:
            fallback = _("Player {id}").format(id=user_id)
            found[user_id] = await name_of(user_id, fallback)
    return found


def player_link(secret: bytes, guild_id: int, user_id: int, name: str) -> str:
    """A player's name (escaped) linking to their page."""
    path = page_path(secret, PageKind.PLAYER, (guild_id, user_id))
    return f'<a href="{escape(path)}">{escape(name)}</a>'


def game_path(secret: bytes, game_id: int) -> str:
    return page_path(secret, PageKind.GAME, (game_id,))


def rating(record: PlayerRecord) -> str:
    """The rounded rating, with `?` while it is provisional, as the bot writes it."""
    return f"{round(record.rating.rating)}{'?' if record.provisional else ''}"


def tally(wins: int, losses: int, draws: int) -> str:
    """`3W 1L 0D · 4 games`."""
    record = _("{wins}W {losses}L {draws}D").format(wins=wins, losses=losses, draws=draws)
    count = wins + losses + draws
    games = ngettext("{count} game", "{count} games", count).format(count=f"{count:,}")
    return f"{record} · {games}"


class SharedReads:
    """Reads that the viewers of one page asking at the same moment share: while a read of a
    key is under way, whoever asks for that key waits for its answer instead of reading again.
    Nothing is kept once a read is over, so no answer is older than the request it serves by
    more than the read itself: a crowd opening a page at once costs the database one read."""

    def __init__(self) -> None:
        self._reading: dict[Hashable, asyncio.Future[Any]] = {}

    async def read(self, key: Hashable, read: Callable[[], Awaitable[T]]) -> T:
        reading = self._reading.get(key)
        if reading is None:
            reading = self._reading[key] = asyncio.ensure_future(read())
            reading.add_done_callback(lambda _done: self._reading.pop(key, None))
        result: T = await asyncio.shield(reading)
        return result
