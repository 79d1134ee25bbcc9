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
from bot.engine import Color
from bot.i18n import in_force
from bot.services.lookups import Lookups
from bot.services.pages import Pages
from rendering.words import color_name
from web.pages.parts import NameOf

MakeFile = Callable[[GameRecord, tuple[str, str]], GameFile]
TYPES = {"txt": "text/plain", "ggf": "application/x-ggf"}


def routes(pages: Pages, lookups: Lookups, names: NameOf) -> list[web.RouteDef]:
    async def players(record: GameRecord) -> tuple[str, str]:
        """Black's and White's names; a colour's for one the bot can't name."""
        return (
            await names(record.black_id, color_name(Color.BLACK, in_force())),
            await names(record.white_id, color_name(Color.WHITE, in_force())),
        )

    def download(make: MakeFile) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def handler(request: web.Request) -> web.Response:
            game_id = int(request.match_info["id"])
            state = await lookups.game(game_id)
            if state is None or not await pages.shown(
                state.record.guild_id, PageKind.GAME, (game_id,), request.match_info["token"]
            ):
                raise web.HTTPNotFound()
            record = state.record
            file = make(record, await players(record))
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
