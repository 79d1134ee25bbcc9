"""What the pages' tests share: the tournament, player and leaderboard pages served on a free
port from the services, players with hostile names, and games played to a result."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.domain import EndReason, GameState
from bot.domain.pages import PageKind, page_path
from bot.engine import square_name
from bot.services import Place, Services, SettingsChange
from tests.ids import ALICE, BOB, CAROL, CHANNEL, GUILD, MODERATOR
from web.pages import leaderboard, player, tournament
from web.pages.layout import STATIC_FOLDER, add_static
from web.server import WebServer

BASE = "https://reversi.example"
DAVE, ERIN = 1_170_000_000_000_000_005, 1_170_000_000_000_000_006
NAMES = {
    ALICE: "<script>alert(1)</script>",
    BOB: 'Bo & "Co"',
    CAROL: "Carol's <b>",
    MODERATOR: "Mod",
    DAVE: "Dave",
    ERIN: "Erin",
}
"""The names the bot knows; anyone else is unknown to it."""
HOSTILE = ("<script>", "<b>", 'Bo & "Co"')
ESCAPED = (
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "Carol&#x27;s &lt;b&gt;",
    "Bo &amp; &quot;Co&quot;",
)


async def name_of(user_id: int, fallback: str) -> str:
    return NAMES.get(user_id, fallback)


@asynccontextmanager
async def serving(services: Services) -> AsyncIterator[str]:
    """The three pages served on a free port; yields the server's address."""
    server = WebServer("127.0.0.1", 0)
    add_static(server.app, STATIC_FOLDER)
    pages, languages, lookups = services.pages, services.context.languages, services.lookups
    server.app.add_routes(
        [
            *tournament.routes(
                pages=pages, tournaments=services.tournaments, languages=languages, name_of=name_of
            ),
            *player.routes(pages=pages, lookups=lookups, languages=languages, name_of=name_of),
            *leaderboard.routes(pages=pages, lookups=lookups, languages=languages, name_of=name_of),
        ]
    )
    await server.start()
    try:
        yield f"http://127.0.0.1:{server.port}"
    finally:
        await server.stop()


async def pages_on(services: Services, on: bool = True) -> None:
    await services.settings.change_settings(GUILD, SettingsChange(web_pages=on), manager=True)


async def path(services: Services, kind: PageKind, *ids: int) -> str:
    return page_path(await services.pages.secret(), kind, ids)


async def resign_after_moves(
    services: Services, state: GameState, loser: int, rng: random.Random, moves: int = 6
) -> GameState:
    """A few legal moves, then `loser` resigns (past the abort window: a result, rated)."""
    game = state.record
    place = Place(GUILD, game.channel_id, CHANNEL)
    for _ in range(moves):
        square = rng.choice(state.position.legal_moves())
        state = await services.games.move(
            game.id, state.to_move_id or 0, square_name(square), place
        )
    return await services.endings.resign(game.id, loser, place, offered=EndReason.RESIGNATION)
