"""Games on the web seen from Discord: the board's "Open in browser" link while the server shows
its pages, and the game's files (transcript and GGF) from its page's address."""

from __future__ import annotations

import dataclasses
import re

import aiohttp
import pytest

from bot.config import Config
from bot.domain.pages import PageKind
from bot.engine import square_name
from tests.engine.test_ggf import read
from tests.fakediscord.components import Button
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message

from .play import legal_names, mobile_opening, play, start_game, stored
from .test_end_notices import resign
from .test_hot_path import Costs
from .test_moves import show_position

BASE = "http://127.0.0.1"


@pytest.fixture
def bot_config(bot_config: Config) -> Config:
    return dataclasses.replace(bot_config, web_port=0, web_url=BASE)


async def pages_on(fake: FakeDiscord, on: bool) -> None:
    reply = await fake.slash(fake.world.owner, "reversi settings", web_pages=on)
    assert reply.ephemeral and reply.content.startswith("Saved."), reply.content


def links(message: Message) -> list[Button]:
    return [button for button in message.buttons if button.is_link]


def page_path(button: Button) -> str:
    assert button.url is not None and button.url.startswith(BASE + "/")
    return button.url.removeprefix(BASE)


def web(harness: BotHarness) -> aiohttp.ClientSession:
    server = harness.bot.web
    assert server is not None
    return aiohttp.ClientSession(f"http://127.0.0.1:{server.port}")


async def test_the_board_links_its_page_and_files_while_the_server_shows_pages(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    ann = fake.add_user("ann", display_name="Ann ]x[ \\ 😀")
    board = await start_game(fake, ann)
    assert links(board) == []
    await pages_on(fake, True)
    await play(fake, board, ann, "d3")

    (link,) = links(board)
    assert link.label == "Open in browser"
    assert [b.label for b in board.buttons if b.row == link.row] == ["Abort", "Open in browser"]
    record = await stored(bot_harness, board)
    path = page_path(link)
    kind, game, token = path.strip("/").split("/")
    assert (kind, int(game)) == ("games", record.id)
    pages = bot_harness.bot.services.pages
    assert await pages.shown(fake.guild.id, PageKind.GAME, (record.id,), token)

    day = board.created_at.strftime("%Y-%m-%d")
    async with web(bot_harness) as session:
        async with session.get(path) as response:  # the game's page, which links its files
            assert response.status == 200
            html = await response.text()
            assert f"Reversi · game #{record.id}" in html
            assert f'href="{path}/transcript.txt"' in html and f'href="{path}/game.ggf"' in html
        async with session.get(f"{path}/transcript.txt") as response:
            assert response.status == 200
            assert await response.text() == "d3\n"
            assert response.headers["Content-Disposition"] == (
                f'attachment; filename="reversi-{record.id}-Ann-x-vs-Bob-{day}.txt"'
            )
        async with session.get(f"{path}/game.ggf") as response:
            assert response.status == 200
            ggf = await response.text()
            assert response.headers["Content-Disposition"].endswith(f'-{day}.ggf"')
        assert re.fullmatch(
            r"\(;GM\[Othello\]PC\[reversi-bot\]DT\[[0-9._:]+UTC\]"
            r"PB\[Ann \)x\( / 😀\]PW\[Bob\]TY\[8\]"
            r"RE\[\?\]BO\[8 (?:[-*O]{8} ){8}\*\]B\[d3\];\)\n",
            ggf,
        ), ggf
        forged = token[:-1] + ("B" if token.endswith("A") else "A")
        for wrong in (
            f"/games/{record.id}/{forged}/game.ggf",
            f"/games/{record.id + 1}/{token}/game.ggf",
            f"/games/{record.id}/{token}/other.txt",
        ):
            async with session.get(wrong) as response:
                assert response.status == 404, wrong

    await pages_on(fake, False)
    await play(fake, board, fake.bob, "c3")
    assert links(board) == []
    async with web(bot_harness) as session, session.get(f"{path}/game.ggf") as response:
        assert response.status == 404


@pytest.mark.parametrize(("more_than", "seed"), [(19, 0), (25, 3)])
async def test_the_link_fits_beside_the_most_moves(
    fake: FakeDiscord, bot_harness: BotHarness, more_than: int, seed: int
) -> None:
    """Twenty move buttons (four rows of five), or two menus of moves: the link sits beside
    Resign in the last row, within Discord's five rows of five."""
    await pages_on(fake, True)
    game, _game_id = await show_position(fake, bot_harness, mobile_opening(more_than, seed=seed))
    board = fake.last_message(fake.general)
    moves = [b for b in board.buttons if (b.custom_id or "").startswith("reversi:move:")]
    if more_than == 19:
        assert [b.label for b in moves] == legal_names(game.position) and len(moves) == 20
    else:
        assert len(board.selects) == 2 and not moves
    last_row = [b.label for b in board.buttons if b.row == len(board.components) - 1]
    assert last_row == ["Resign", "Open in browser"]
    assert len(board.components) <= 5
    assert all(len(row.get("components", [])) <= 5 for row in board.components)


async def test_the_game_command_attaches_the_games_files_and_links_its_page(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await pages_on(fake, True)
    board = await start_game(fake)
    for index, square in enumerate(("f5", "d6", "c3", "d3")):
        await play(fake, board, fake.bob if index % 2 else fake.alice, square)
    await resign(fake, fake.alice)
    await fake.settle()
    record = await stored(bot_harness, board)
    assert not record.active

    reply = await fake.slash(fake.carol, "reversi game", id=record.id)

    assert reply.message is not None
    files = {a.filename.rsplit(".", 1)[1]: a for a in reply.message.attachments}
    assert set(files) == {"png", "gif", "txt", "ggf"}
    day = board.created_at.strftime("%Y-%m-%d")
    assert files["txt"].filename == f"reversi-{record.id}-Alice-vs-Bob-{day}.txt"
    assert files["txt"].data == b"f5d6c3d3\n"
    back = read(files["ggf"].data.decode())
    assert "".join(square_name(s) for s in back.squares) == "f5d6c3d3" and back.passes == []
    assert back.properties["PB"] == "Alice" and back.properties["RE"].endswith(":r")
    assert float(back.properties["RE"].split(":")[0]) < 0  # Black resigned
    (link,) = links(reply.message)
    assert link.url == links(board)[0].url
    assert "GGF" in reply.message.embeds[0]["footer"]["text"]


async def test_a_click_with_the_link_costs_no_read_more(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pages know the server's choice from the change itself, and their secret from the
    first link (the game's first board): each move's board carries the link at the same cost
    as before, one read, one write and one replay."""
    await pages_on(fake, True)
    board = await start_game(fake)
    costs = Costs(monkeypatch, bot_harness.bot.storage.database)
    moves = ((fake.alice, "f5"), (fake.bob, "d6"), (fake.alice, "c3"))
    for player, square in moves:
        await play(fake, board, player, square)
        assert costs.take() == {"reads": 1, "writes": 1, "replays": 1}, square
        assert len(links(board)) == 1
