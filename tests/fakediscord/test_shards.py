"""Shards: GET /gateway/bot recommends a count, IDENTIFY picks a shard, and each connection gets
the events of its shard's guilds only."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import aiohttp

from bot.config import Config
from bot.domain.shards import Shards
from tests.fakediscord import BotHarness, FakeDiscord
from tests.fakediscord.gateway import Session
from tests.fakediscord.roundtrip_cog import add_probe
from tests.fakediscord.server import DEFAULT_TOKEN

PROBE = (add_probe,)


@asynccontextmanager
async def bot_on(fake: FakeDiscord, config: Config) -> AsyncIterator[BotHarness]:
    harness = BotHarness(fake, config, PROBE)
    await harness.start()
    try:
        yield harness
    finally:
        await harness.stop()


def events(session: Session) -> list[str]:
    return [payload["t"] for payload in session.sent]


def guilds_sent(session: Session) -> list[int]:
    return [int(p["d"]["id"]) for p in session.sent if p["t"] == "GUILD_CREATE"]


async def test_the_default_world_has_a_guild_on_each_of_two_shards(
    fake_discord: FakeDiscord,
) -> None:
    assert (fake_discord.guild.id >> 22) % 2 == 0
    assert (fake_discord.second_guild.id >> 22) % 2 == 1


async def test_the_bot_runs_the_shards_discord_recommends_each_with_its_own_guilds(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    fake.gateway.recommended_shards = 2
    config = Config(token=DEFAULT_TOKEN, database=str(tmp_path / "reversi.sqlite3"))

    async with bot_on(fake, config) as harness:
        bot = harness.bot
        first, second = fake.gateway.live

        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        assert (first.shard, second.shard) == ((0, 2), (1, 2))
        assert [first.identify["shard"], second.identify["shard"]] == [[0, 2], [1, 2]]
        for session, guild in ((first, fake.guild), (second, fake.second_guild)):
            ready = session.sent[0]["d"]
            assert ready["shard"] == list(session.shard)
            assert [int(g["id"]) for g in ready["guilds"]] == [guild.id]
            assert guilds_sent(session) == [guild.id]
        assert {g.id: g.shard_id for g in bot.guilds} == {
            fake.guild.id: 0,
            fake.second_guild.id: 1,
        }


async def test_each_guilds_events_go_to_its_shards_connection_only(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    config = Config(
        token=DEFAULT_TOKEN, database=str(tmp_path / "reversi.sqlite3"), shards=Shards(2)
    )
    async with bot_on(fake, config):
        first, second = fake.gateway.live
        before = len(first.sent), len(second.sent)

        here = await fake.slash(fake.alice, "probe ping")
        there = await fake.slash(fake.alice, "probe ping", channel=fake.lobby)
        fake.add_text_channel("arena", guild=fake.second_guild)
        fake.deny(fake.games, "attach_files")
        await fake.settle()

        assert here.content == there.content == "pong"
        # The bot's answers are messages, which it doesn't ask to hear of.
        assert events(first)[before[0] :] == ["INTERACTION_CREATE", "CHANNEL_UPDATE"]
        assert events(second)[before[1] :] == ["INTERACTION_CREATE", "CHANNEL_CREATE"]
        assert first.sent[before[0]]["d"]["id"] == str(here.record.id)
        assert second.sent[before[1]]["d"]["id"] == str(there.record.id)


async def test_a_process_on_one_shard_sees_only_its_guilds_and_a_restart_leaves_the_other_be(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake = fake_discord
    config = Config(token=DEFAULT_TOKEN, shards=Shards(2, (0,)))
    first_db, second_db = tmp_path / "first.sqlite3", tmp_path / "second.sqlite3"
    second_config = replace(config, database=str(second_db), shards=Shards(2, (1,)))

    async with (
        bot_on(fake, replace(config, database=str(first_db))) as first,
        bot_on(fake, second_config) as second,
    ):
        assert [g.id for g in first.bot.guilds] == [fake.guild.id]
        assert [g.id for g in second.bot.guilds] == [fake.second_guild.id]
        (zero, one) = fake.gateway.live

        await second.restart()

        assert zero in fake.gateway.live and one.ended
        assert (await fake.slash(fake.alice, "probe ping", channel=fake.lobby)).content == "pong"
        assert (await fake.slash(fake.alice, "probe ping")).content == "pong"


async def test_an_identify_with_an_impossible_shard_is_refused(fake_discord: FakeDiscord) -> None:
    url = f"{fake_discord.gateway_url}?v=10&encoding=json"
    closes = []
    async with aiohttp.ClientSession() as session:
        for shard in ([2, 2], [0, 0], [-1, 2], [0], "0,2"):
            async with session.ws_connect(url) as ws:
                await ws.receive_json()  # HELLO
                await ws.send_json({"op": 2, "d": {"token": fake_discord.token, "shard": shard}})
                closes.append((await ws.receive()).data)

    assert closes == [4010] * 5
    assert fake_discord.gateway.sessions == []
