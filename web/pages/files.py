"""A game's files to download from its page's address: `.../transcript.txt` (`f5d6c3...`) and
`.../game.ggf` (for NBoard, Edax and the Othello servers), each an attachment named after the
players and the day. Found only as the game's page is: its token, its server's pages on; else a
plain 404."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiohttp import web

from bot.domain import GameRecord
from bot.domain.game_files import GameFile, ggf_file, transcript_file
from bot.domain.pages import PageKind
from bot.services.lookups import Lookups
from bot.services.pages import Pages

PlayerNames = Callable[[GameRecord], Awaitable[tuple[str, str]]]
"""Black's and White's names, as Discord shows them."""
MakeFile = Callable[[GameRecord, tuple[str, str]], GameFile]
TYPES = {"txt": "text/plain", "ggf": "application/x-ggf"}


def routes(pages: Pages, lookups: Lookups, names: PlayerNames) -> list[web.RouteDef]:
    def download(make: MakeFile) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def handler(request: web.Request) -> web.Response:
            game_id = int(request.match_info["id"])
            state = await lookups.game(game_id)
            if state is None or not await pages.shown(
                state.record.guild_id, PageKind.GAME, (game_id,), request.match_info["token"]
            ):
                raise web.HTTPNotFound()
            record = state.record
            file = make(record, await names(record))
            return web.Response(
                text=file.text,
                content_type=TYPES[file.name.rsplit(".", 1)[1]],
                charset="utf-8",
                headers={"Content-Disposition": f'attachment; filename="{file.name}"'},
            )

        return handler

    game = r"/games/{id:[0-9]{1,18}}/{token}"
    return [
        web.get(f"{game}/transcript.txt", download(transcript_file)),
        web.get(f"{game}/game.ggf", download(ggf_file)),
    ]
