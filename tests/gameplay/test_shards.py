"""The bot as two processes, shards 0 and 1 of 2, on one database, as it runs at scale: each plays
the games of its own servers, and what a process finds in the database by itself (games to
resume, deadlines to arm, challenges to expire, daily puzzles to post) never reaches the other's
servers.

Both bots run in this test's event loop, on the fake's clock, so deadlines pass when the test
says; `tests/cli/test_shards.py` runs them as real processes.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from dataclasses import replace

import pytest

from bot.config import Config
from bot.domain import ChallengeStatus, EndReason
from bot.domain.events import (
    ChallengeClosed,
    ChallengeOpened,
    Event,
    GameEnded,
    GameEvent,
    GameResumed,
)
from bot.domain.shards import Shards
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import game_id, play, start_game
from .test_daily_puzzle import posts, schedule, to_hour


@pytest.fixture
async def processes(
    fake_discord: FakeDiscord, bot_config: Config
) -> AsyncIterator[tuple[BotHarness, BotHarness]]:
    """Shard 0 (the server "Reversi Club") and shard 1 ("Second Server") on one database (each
    backend in turn); `tests/cli/test_shards.py` runs them as processes on PostgreSQL."""
    shared = bot_config
    zero, one = (
        BotHarness(fake_discord, replace(shared, shards=Shards(2, (n,))), sync_commands=n == 0)
        for n in (0, 1)
    )
    await zero.start()
    await one.start()
    try:
        yield zero, one
    finally:
        await zero.stop()
        await one.stop()


def servers(events: Sequence[Event]) -> set[int]:
    """The servers of the games and challenges the events are about."""
    return {
        e.state.record.guild_id if isinstance(e, GameEvent) else e.challenge.guild_id
        for e in events
    }


def timeouts(events: Sequence[Event]) -> list[int]:
    return [
        e.state.record.id
        for e in events
        if isinstance(e, GameEnded) and e.state.record.end_reason is EndReason.TIMEOUT
    ]


def expiries(events: Sequence[Event]) -> list[int]:
    """The channels of the challenges that lapsed."""
    return [
        e.challenge.channel_id
        for e in events
        if isinstance(e, ChallengeClosed) and e.challenge.status is ChallengeStatus.EXPIRED
    ]


async def test_each_process_plays_its_servers_games_and_fires_each_deadline_once(
    fake_discord: FakeDiscord, processes: tuple[BotHarness, BotHarness]
) -> None:
    fake, (zero, one) = fake_discord, processes
    arena = fake.add_text_channel("arena", guild=fake.second_guild)
    here, there = await asyncio.gather(
        start_game(fake, fake.alice, fake.bob),
        start_game(fake, fake.dave, fake.alice, channel=fake.lobby),
    )
    await asyncio.gather(
        fake.slash(fake.bob, "reversi challenge", channel=fake.games),
        fake.slash(fake.dave, "reversi challenge", channel=arena),
    )
    await asyncio.gather(play(fake, here, fake.alice, "f5"), play(fake, there, fake.dave, "f5"))

    # Shard 1's process restarts mid-game: it resumes its own server's game and challenge only.
    before = len(one.events)
    await one.restart()
    resumed = one.events[before:]
    assert [type(e) for e in resumed] == [GameResumed, ChallengeOpened]
    assert servers(resumed) == {fake.second_guild.id}
    await asyncio.gather(
        play(fake, here, fake.bob, "d6"), play(fake, there, fake.alice, "d6")
    )  # the old board's buttons work
    for square in ("c3", "d3", "c4"):  # out of the abort window, White to move
        black = square != "d3"
        await asyncio.gather(
            play(fake, here, fake.alice if black else fake.bob, square),
            play(fake, there, fake.dave if black else fake.alice, square),
        )

    await fake.advance(minutes=15)  # the challenges lapse
    await fake.advance(days=1)  # Bob and Alice run out of time
    assert expiries(zero.events) == [fake.games.id]
    assert expiries(one.events) == [arena.id]
    assert timeouts(zero.events) == [game_id(here)]
    assert timeouts(one.events) == [game_id(there)]
    assert servers(zero.events) == {fake.guild.id}
    assert servers(one.events) == {fake.second_guild.id}
    assert "wins on time" in here.content and "wins on time" in there.content

    # Re-sharded, each process now serves the other's server, whose results it finds stored.
    for harness in processes:
        await harness.stop()
    zero.config, one.config = (
        replace(zero.config, shards=one.config.shards),
        replace(one.config, shards=zero.config.shards),
    )
    await zero.start()
    await one.start()
    for user, channel, winner in (
        (fake.alice, fake.lobby, fake.dave),
        (fake.bob, fake.general, fake.alice),
    ):
        reply = await fake.slash(user, "reversi leaderboard", channel=channel)
        assert reply.message is not None, reply.content
        (embed,) = reply.message.embeds
        assert embed["description"].startswith(f"🥇 {winner.mention}")


async def test_a_dm_lists_the_games_of_the_servers_of_the_process_that_answers_it(
    fake_discord: FakeDiscord, processes: tuple[BotHarness, BotHarness]
) -> None:
    """Discord sends DMs to shard 0: its process lists Alice's games in its own server alone,
    and counts none in the other process's."""
    fake = fake_discord
    await start_game(fake, fake.alice, fake.bob)
    await start_game(fake, fake.alice, fake.dave, channel=fake.lobby)

    mine = await fake.slash(fake.alice, "reversi games", channel=fake.dm(fake.alice))
    assert mine.message is not None
    text = mine.message.embeds[0]["description"]
    assert "__**Reversi Club**__" in text and "Second Server" not in text
    here = await fake.slash(fake.alice, "reversi games")
    assert here.message is not None
    assert "Second Server" not in here.message.embeds[0]["description"]
    there = await fake.slash(fake.alice, "reversi games", channel=fake.lobby)
    assert there.message is not None
    assert "1 more in Reversi Club" not in there.message.embeds[0]["description"]


async def test_of_two_processes_only_the_one_running_the_servers_shard_posts(
    fake_discord: FakeDiscord, processes: tuple[BotHarness, BotHarness]
) -> None:
    fake = fake_discord
    zero, one = processes
    await schedule(fake)
    await one.restart()  # its start-up reads every schedule of its own shards: none
    await zero.restart()
    key = ("daily", fake.guild.id)
    assert key in zero.bot.timers and key not in one.bot.timers

    await to_hour(fake)
    await to_hour(fake, days=1)

    assert len(posts(fake)) == 2
