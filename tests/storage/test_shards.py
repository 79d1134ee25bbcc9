"""What a process of a sharded bot looks up by itself keeps to its own servers: the games and
challenges to resume at start-up, the boards left behind, the challenges to expire."""

from __future__ import annotations

from bot.domain import Ending, EndReason
from bot.domain.shards import Shards
from bot.engine import Color
from bot.storage import Storage
from tests.ids import ALICE, BOB, CAROL, CHANNEL
from tests.storage.conftest import start_game

ZERO, ONE = Shards(2, (0,)), Shards(2, (1,))
GUILDS = [(1 << 40 | n) << 22 | 99 for n in range(4)]
"""Servers on shards 0, 1, 0, 1 of 2."""


async def test_start_up_lookups_find_the_servers_of_the_processs_shards_only(
    storage: Storage,
) -> None:
    games = [
        await start_game(storage, guild=guild, channel=CHANNEL + n)
        for n, guild in enumerate(GUILDS)
    ]
    challenges = [
        await storage.challenges.create(guild, CHANNEL + 10 + n, CAROL, now=1000)
        for n, guild in enumerate(GUILDS)
    ]
    for game in games:
        await storage.games.set_board(game.id, 500 + game.id, game.version)
    for game in games[:2]:  # finished, their boards not yet updated
        await storage.games.finish(game.id, 0, Ending(EndReason.NORMAL, Color.BLACK, 3, 1), now=2)

    for shards, mine in ((ZERO, [0, 2]), (ONE, [1, 3]), (Shards(), [0, 1, 2, 3])):
        assert [g.guild_id for g in await storage.games.active(shards)] == [
            GUILDS[n] for n in mine if n >= 2
        ]
        assert [g.guild_id for g in await storage.games.boards_behind(shards)] == [
            GUILDS[n] for n in mine if n < 2
        ]
        assert [c.id for c in await storage.challenges.pending(shards)] == [
            challenges[n].id for n in mine
        ]


async def test_a_process_expires_the_challenges_of_its_servers_only(storage: Storage) -> None:
    challenges = [
        await storage.challenges.create(guild, CHANNEL + n, ALICE, BOB, now=0, expires_in=60)
        for n, guild in enumerate(GUILDS)
    ]

    expired = await storage.challenges.expire(now=60, shards=ONE)

    assert [c.id for c in expired] == [challenges[1].id, challenges[3].id]
    assert [c.id for c in await storage.challenges.pending()] == [
        challenges[0].id,
        challenges[2].id,
    ]
    assert [c.id for c in await storage.challenges.expire(now=60)] == [
        challenges[0].id,
        challenges[2].id,
    ]
