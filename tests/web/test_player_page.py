"""A player's page and the server's leaderboard: the rating, rank and record, the rating over
time as the ratings were counted, the latest games and the most frequent opponents, each
linking to their pages, hostile names escaped; no page for a member who had themselves
forgotten, nor for any address that is not the page's."""

from __future__ import annotations

import re

import aiohttp

from bot.domain import EndReason
from bot.domain.pages import PageKind
from bot.services import Services
from tests.ids import ALICE, BOB, CAROL, GUILD
from tests.services.support import HERE, OUT_OF_ABORT_WINDOW, human_game, play
from web.server import CONTENT_SECURITY_POLICY

from .support import ESCAPED, HOSTILE, pages_on, path, serving


async def game(services: Services, black: int, white: int, loser: int) -> int:
    """A rated game between the two, `loser` resigning after two moves each."""
    state = await play(services, await human_game(services, black, white), OUT_OF_ABORT_WINDOW)
    ended = await services.endings.resign(
        state.record.id, loser, HERE, offered=EndReason.RESIGNATION
    )
    return ended.record.id


async def test_a_player_s_page_and_the_leaderboard(services: Services) -> None:
    await pages_on(services)
    games = [
        await game(services, ALICE, BOB, BOB),
        await game(services, BOB, ALICE, BOB),
        await game(services, CAROL, ALICE, ALICE),
        await game(services, ALICE, BOB, ALICE),
    ]
    alice = await services.lookups.player(GUILD, ALICE)
    assert alice is not None
    history = await services.lookups.rating_history(GUILD, ALICE)
    # The replayed ratings are those the games counted, to the last.
    assert [point.game_id for point in history] == games
    assert history[-1].rating == alice.rating
    bob = await services.lookups.player(GUILD, BOB)
    assert bob is not None
    assert (await services.lookups.rating_history(GUILD, BOB))[-1].rating == bob.rating

    async with serving(services) as base, aiohttp.ClientSession(base) as session:
        async with session.get(await path(services, PageKind.PLAYER, GUILD, ALICE)) as response:
            assert response.status == 200
            assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
            html = await response.text()
        async with session.get(await path(services, PageKind.SERVER, GUILD)) as response:
            assert response.status == 200
            board = await response.text()

    for text in (html, board):
        for hostile in HOSTILE:
            assert hostile not in text
        assert "<script" not in text and " style=" not in text
    assert f"<h1>{ESCAPED[0]}</h1>" in html
    assert f"{round(alice.rating.rating)}" in html and "2W 2L 0D · 4 games" in html
    # The chart: one point per rated game, read out with its first, last and highest ratings.
    (points,) = re.findall(r'<polyline class="line" points="([^"]+)"', html)
    assert len(points.split()) == 4
    ratings = [round(point.rating.rating) for point in history]
    said = f"from {ratings[0]} to {ratings[-1]}, highest {max(ratings)}, in 4 games"
    assert said in html
    # The latest games, latest first, each linking to its page; Bob first among the opponents.
    for game_id in games:
        assert f'href="{await path(services, PageKind.GAME, game_id)}">#{game_id}</a>' in html
    assert html.index(f">#{games[-1]}<") < html.index(f">#{games[0]}<")
    bob_link = f'href="{await path(services, PageKind.PLAYER, GUILD, BOB)}">{ESCAPED[2]}</a>'
    opponents = html[html.index('class="opponents"') :]
    assert opponents.index(bob_link) < opponents.index(ESCAPED[1])
    assert "2W 1L 0D · 3 games" in opponents
    # The leaderboard: ranked as the look-up ranks them, each linking to their page.
    ranked = await services.lookups.leaderboard(GUILD, per_page=25)
    links = [
        f'href="{await path(services, PageKind.PLAYER, GUILD, entry.player.user_id)}"'
        for entry in ranked.entries
    ]
    assert len(links) == 3 and all(link in board for link in links)
    assert sorted(links, key=board.index) == links


async def test_no_page_for_a_forgotten_member_nor_a_wrong_address(services: Services) -> None:
    await pages_on(services)
    await game(services, ALICE, BOB, BOB)
    carol = await path(services, PageKind.PLAYER, GUILD, CAROL)
    bob = await path(services, PageKind.PLAYER, GUILD, BOB)
    server = await path(services, PageKind.SERVER, GUILD)
    async with serving(services) as base, aiohttp.ClientSession(base) as session:
        async with session.get(bob) as response:
            assert response.status == 200
        await services.settings.forget(GUILD, BOB, confirmed_by=BOB)
        wrong = (
            bob,  # forgotten
            carol,  # never played here
            bob[:-2] + "xx",
            server[:-2] + "xx",
            f"/players/{GUILD}/{2**64}/x",
            f"/servers/{GUILD}",
        )
        for address in wrong:
            async with session.get(address) as response:
                assert response.status == 404, address
        alice = await path(services, PageKind.PLAYER, GUILD, ALICE)
        async with session.get(alice) as response:
            html = await response.text()
            assert "a deleted user" in html and ESCAPED[2] not in html
        await pages_on(services, False)
        for address in (alice, server):
            async with session.get(address) as response:
                assert response.status == 404
