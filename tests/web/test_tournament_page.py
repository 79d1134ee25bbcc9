"""A tournament's page: its standings as a crosstable (starting numbers, colours, disc scores,
points, forfeits, the bye and a withdrawal), every round's boards linking to their games' pages
(the live one too), hostile names escaped, and a plain 404 for any address that is not the
page's; in a real browser, the crosstable read at 320 pixels wide."""

from __future__ import annotations

import asyncio
import random
import re

import aiohttp
import pytest

from bot.domain import GameState
from bot.domain.pages import PageKind
from bot.domain.tournament import Format, TournamentView, standings
from bot.domain.tournament.records import starting_numbers
from bot.services import Services
from tests.browser import browser, console_errors  # noqa: F401
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, CAROL, GUILD
from tests.services.support import FAIL_AFTER, Recorder
from tests.services.test_tournaments import (
    ORGANISER,
    created,
    finished_round_robin,
    new,
    start_boards,
)
from web.pages import tournament
from web.server import CONTENT_SECURITY_POLICY

from .support import (
    DAVE,
    ERIN,
    ESCAPED,
    HOSTILE,
    NAMES,
    pages_on,
    path,
    resign_after_moves,
    serving,
)

PLAYERS = [ALICE, BOB, CAROL, DAVE, ERIN]


async def round_robin(services: Services, recorder: Recorder) -> tuple[TournamentView, GameState]:
    """Five players, a round robin (a bye each round): round 1 played to a result (the larger
    id resigning), then one player withdrawn before round 2's games start (their games lost
    without play) and round 2's other game being played."""
    rng = random.Random(3)
    tournament_id = await created(services, PLAYERS, new(Format.ROUND_ROBIN))
    await services.tournaments.start(tournament_id, GUILD, ORGANISER)
    for state in await start_boards(services, recorder):
        loser = max(state.record.black_id, state.record.white_id)
        ended = await resign_after_moves(services, state, loser, rng)
        await services.rounds.game_ended(ended.record)
    paired = await services.tournaments.view(tournament_id, GUILD)
    leaver = next(b.pairing.black for b in paired.round_boards(2) if b.pairing.white)
    await services.tournaments.leave(tournament_id, leaver, GUILD)
    (live,) = await start_boards(services, recorder)
    return await services.tournaments.view(tournament_id, GUILD), live


async def test_the_page_shows_the_crosstable_and_every_board(
    services: Services, recorder: Recorder
) -> None:
    await pages_on(services)
    view, live = await round_robin(services, recorder)
    address = await path(services, PageKind.TOURNAMENT, view.tournament.id)

    async with serving(services) as base, aiohttp.ClientSession(base) as session:
        async with session.get(address) as response:
            assert response.status == 200
            assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
            html = await response.text()
        # The live game ends: the page, made once for everyone, is made again with its result.
        ended = await resign_after_moves(services, live, live.record.white_id, random.Random(5))
        async with session.get(address) as response:
            later = await response.text()
    winner = NAMES[ended.record.black_id].replace("&", "&amp;").replace("<", "&lt;")
    assert 'class="live"' not in later and f"{winner.split()[0]}" in later
    assert later.count(" wins ") == html.count(" wins ") + 1

    for hostile in HOSTILE:
        assert hostile not in html
    for escaped in ESCAPED:
        assert escaped in html
    # No inline script nor style: the page's one script is a file of the bot's.
    assert re.findall(r"<script[^>]*>", html) == ['<script src="/static/tournament.js" defer>']
    assert " style=" not in html
    # Every board's game links to its page, the one being played as well, said to be.
    games = [board.game_id for board in view.boards if board.game_id is not None]
    assert len(games) == 3
    for game_id in games:
        assert f'href="{await path(services, PageKind.GAME, game_id)}"' in html
    assert html.count('class="live"') == 1 and str(live.record.id) in html
    # The crosstable: one row per player in the standings' order, each with its number.
    numbers = starting_numbers(view.entrants)
    table = standings(view.entrants, view.pairings)
    rows = re.findall(r"<tr(?: class=\"withdrawn\")?><th scope=\"row\".*?</tr>", html)
    assert len(rows) == len(PLAYERS)
    for row, standing in zip(rows, table, strict=True):
        assert f'<span class="rank">{standing.rank}</span>' in row
        assert f'<span class="number" title="Starting number">{numbers[standing.player_id]}' in row
        round_one = standing.results[0]
        assert round_one is not None
        if round_one.white is None:
            assert '<td class="bye">bye</td>' in row
        else:
            opponent = numbers[round_one.opponent(standing.player_id) or 0]
            color = "black" if round_one.black == standing.player_id else "white"
            won = round_one.winner == standing.player_id
            points = (
                '<span class="points win">1</span>'
                if won
                else ('<span class="points loss">0</span>')
            )
            discs = standing.discs if round_one is standing.results[-1] else None
            assert f'{points}<span class="disc {color}"' in row
            assert f">{opponent}<span" in row
            if discs is not None:
                assert f'<span class="score">{discs}</span>' in row
    # The player who withdrew: marked, and their board of round 2 lost without play.
    (withdrawn,) = [row for row in rows if row.startswith('<tr class="withdrawn">')]
    assert "(withdrawn)" in withdrawn
    assert '<span class="points loss">\u2212</span><span class="disc none"' in withdrawn
    assert html.count('<span class="points win">+</span>') == 1


async def test_an_address_that_is_not_the_page_s_is_a_plain_404(
    services: Services, recorder: Recorder
) -> None:
    await pages_on(services)
    tournament_id = await created(services, [ALICE, BOB], new())
    address = await path(services, PageKind.TOURNAMENT, tournament_id)
    forged = address[:-1] + ("A" if address[-1] != "A" else "B")
    other = await path(services, PageKind.TOURNAMENT, tournament_id + 1)
    async with serving(services) as base, aiohttp.ClientSession(base) as session:
        async with session.get(address) as response:
            assert response.status == 200
            html = await response.text()
            assert "Sign-up is open." in html and "2 entrants" in html
        async with session.get(address, headers={"Accept-Language": "is, en;q=0.5"}) as response:
            html = await response.text()
            assert '<html lang="is">' in html and "Skráning er opin." in html
            assert "2 keppendur" in html
        for wrong in (forged, other, f"/tournaments/{2**64}/x", f"/tournaments/{tournament_id}"):
            async with session.get(wrong) as response:
                assert response.status == 404, wrong
        await pages_on(services, False)
        async with session.get(address) as response:
            assert response.status == 404


async def test_the_crosstable_reads_at_320_pixels_wide(
    services: Services,
    recorder: Recorder,
    browser: object,  # noqa: F811
) -> None:
    await pages_on(services)
    view, _live = await round_robin(services, recorder)
    address = await path(services, PageKind.TOURNAMENT, view.tournament.id)
    async with serving(services) as base:
        driver = browser

        def read() -> dict[str, object]:
            driver.set_window_size(320, 640)  # type: ignore[attr-defined]
            driver.get(base + address)  # type: ignore[attr-defined]
            width = driver.execute_script("return window.innerWidth")  # type: ignore[attr-defined]
            if width != 320:  # the window's frame: make the page itself 320 pixels wide
                outer = 320 + 320 - width
                driver.set_window_size(outer, 640)  # type: ignore[attr-defined]
            return driver.execute_script(  # type: ignore[attr-defined, no-any-return]
                """
                const box = document.querySelector('.crosstable');
                return {
                    width: window.innerWidth,
                    page: document.documentElement.scrollWidth,
                    client: document.documentElement.clientWidth,
                    box: box.getBoundingClientRect().right,
                    scrolls: box.scrollWidth > box.clientWidth,
                    names: [...document.querySelectorAll('tbody th.player')].map(cell => {
                        const r = cell.getBoundingClientRect();
                        const name = cell.querySelector('.name');
                        return {left: r.left, right: r.right, text: name.innerText,
                                shown: name.getBoundingClientRect().width > 0};
                    }),
                    stuck: (() => {
                        box.scrollLeft = box.scrollWidth;
                        const cell = document.querySelector('tbody th.player');
                        return cell.getBoundingClientRect().left
                            - box.getBoundingClientRect().left;
                    })(),
                };
                """
            )

        try:
            seen = await asyncio.to_thread(read)
        finally:
            await asyncio.to_thread(driver.get, "about:blank")  # type: ignore[attr-defined]
        errors = await asyncio.to_thread(console_errors, driver)
    assert seen["width"] == 320
    assert seen["page"] == seen["client"], seen  # the page itself never scrolls sideways
    assert seen["box"] <= 320 and seen["scrolls"], seen  # the table scrolls in its box
    names = seen["names"]
    assert isinstance(names, list) and len(names) == len(PLAYERS)
    for name in names:
        assert name["shown"] and name["left"] >= 0 and name["right"] <= 320, name
    assert sorted(n["text"] for n in names) == sorted(
        ["<script>alert(1)</script>", 'Bo & "Co"', "Carol's <b>", "Dave", "Erin"]
    )
    assert abs(seen["stuck"]) < 1, seen  # scrolled to its end, the names stay in view
    assert errors == []


async def test_an_open_page_shows_a_result_as_it_lands_without_reloading(
    services: Services,
    recorder: Recorder,
    browser: object,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(tournament, "REFRESH_SECONDS", 1)
    await pages_on(services)
    view, live = await round_robin(services, recorder)
    address = await path(services, PageKind.TOURNAMENT, view.tournament.id)
    driver = browser
    async with serving(services) as base:

        def open_page() -> int:
            driver.set_window_size(1024, 768)  # type: ignore[attr-defined]
            driver.get(base + address)  # type: ignore[attr-defined]
            return driver.execute_script(  # type: ignore[attr-defined, no-any-return]
                "window.unreloaded = true;"
                "return document.querySelectorAll('#tournament .live').length;"
            )

        assert await asyncio.to_thread(open_page) == 1
        await resign_after_moves(services, live, live.record.white_id, random.Random(5))

        def updated() -> bool:
            from selenium.webdriver.support.ui import WebDriverWait

            WebDriverWait(driver, FAIL_AFTER, poll_frequency=0.1).until(
                lambda d: d.execute_script("return !document.querySelector('#tournament .live')")
            )
            return driver.execute_script("return window.unreloaded === true")  # type: ignore[attr-defined, no-any-return]

        try:
            assert await asyncio.to_thread(updated)
        finally:  # no page of this server left asking it once it is gone
            await asyncio.to_thread(driver.get, "about:blank")  # type: ignore[attr-defined]
        errors = await asyncio.to_thread(console_errors, driver)
    assert errors == []


async def test_forgotten_members_are_deleted_users_on_a_finished_tournament_s_page(
    services: Services, recorder: Recorder, clock: FakeClock
) -> None:
    """Two members of a finished round robin forgotten: the page names neither nor gives their
    ids, each is "a deleted user" in a row of their own, and the crosstable, the boards and the
    results are as they were."""
    await pages_on(services)
    view = await finished_round_robin(services, recorder, clock, PLAYERS)
    address = await path(services, PageKind.TOURNAMENT, view.tournament.id)
    async with serving(services) as base, aiohttp.ClientSession(base) as session:
        async with session.get(address) as response:
            before = await response.text()
        for member in (ALICE, CAROL):
            await services.settings.forget(GUILD, member, confirmed_by=member)
        async with session.get(address) as response:
            after = await response.text()

    names = [escaped for escaped in ESCAPED if escaped in before]
    assert ESCAPED[0] in names and ESCAPED[1] in names
    for forgotten in (ESCAPED[0], ESCAPED[1], str(ALICE), str(CAROL)):
        assert forgotten not in after
    assert after == before.replace(ESCAPED[0], "a deleted user").replace(
        ESCAPED[1], "a deleted user"
    )
    rows = re.findall(r"<tr(?: class=\"withdrawn\")?><th scope=\"row\".*?</tr>", after)
    assert len(rows) == len(PLAYERS)
    assert sum('<span class="name">a deleted user</span>' in row for row in rows) == 2
