"""Login, READY and GUILD_CREATE, restart on the same database, RESUME, the clock."""

from __future__ import annotations

import json
import zlib

import aiohttp
import discord
import pytest

from bot.config import Config
from tests.fakediscord import BotHarness, FakeDiscord
from tests.fakediscord.interaction_data import ImpossibleAction
from tests.fakediscord.roundtrip_cog import add_probe

pytestmark = pytest.mark.bot_features.with_args(add_probe)


async def test_bot_sees_the_guilds_from_guild_create(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    bot = bot_harness.bot

    assert bot.user is not None and bot.user.id == fake.world.bot_user.id
    assert sorted(g.name for g in bot.guilds) == ["Reversi Club", "Second Server"]
    guild = bot.get_guild(fake.guild.id)
    assert guild is not None
    assert [c.name for c in guild.text_channels] == ["general", "games", "quiet"]
    assert [t.name for t in guild.threads] == ["old-games"]
    assert {r.name for r in guild.roles} == {"@everyone", "Moderator", "Reversi"}
    assert guild.member_count == 6
    assert guild.get_member(fake.carol.id) is None  # no members intent: only the bot is sent
    assert guild.me.guild_permissions.attach_files
    assert [r.name for r in guild.me.roles[1:]] == ["Reversi"]


async def test_commands_are_synced_once(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    names = {(c["name"], c["type"]) for c in fake.world.commands[None]}

    assert names == {("probe", 1), ("tidy", 1), ("Wave at", 2)}
    await bot_harness.restart()
    synced = [r for r in fake.requests if r.method == "PUT"]
    assert len(synced) == 1


async def test_restart_keeps_the_database_and_old_buttons_work(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await fake.slash(fake.alice, "probe count")
    counter = (await fake.slash(fake.alice, "probe counter")).message
    assert counter is not None
    first_bot = bot_harness.bot

    await bot_harness.restart()

    assert bot_harness.bot is not first_bot and first_bot.is_closed()
    assert (await fake.slash(fake.bob, "probe count")).content == "count 2"
    await fake.click(fake.bob, counter, "Count 0")
    assert counter.content == "count 1"
    assert len(fake.gateway.sessions) == 2


async def test_reconnect_resumes_and_replays_missed_events(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    session = fake.gateway.session
    assert session is not None
    resumed: list[bool] = []

    async def on_resumed() -> None:
        resumed.append(True)

    bot_harness.bot.add_listener(on_resumed)

    fake.gateway.request_reconnect()
    reply = await fake.slash(fake.alice, "probe ping")

    assert reply.content == "pong"
    assert fake.gateway.session is session and session.resumes == 1
    assert session.replayed >= 1  # the interaction sent while the bot was reconnecting
    assert resumed == [True]
    await fake.reconnect()
    assert session.resumes == 2 and resumed == [True, True]


async def test_advancing_the_clock_fires_the_bots_timers(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe remind", minutes=10)
    deadline = int(fake.clock.now().timestamp()) + 600
    assert reply.content == f"reminder at <t:{deadline}:R>"

    await fake.advance(minutes=9)
    assert fake.last_message(fake.general) is reply.message
    await fake.advance(minutes=1)
    assert fake.last_message(fake.general).content == "reminder"


async def test_snowflakes_follow_the_clock(fake: FakeDiscord) -> None:
    await fake.advance(hours=5)
    reply = await fake.slash(fake.alice, "probe ping")

    assert reply.message is not None
    assert discord.utils.snowflake_time(reply.message.id) == fake.clock.now()
    assert reply.message.created_at == fake.clock.now()


async def test_wrong_token_fails_login(fake_discord: FakeDiscord, tmp_path) -> None:
    harness = BotHarness(fake_discord, Config(token="wrong", database=str(tmp_path / "db")), ())

    with pytest.raises(discord.LoginFailure):
        await harness.start()


async def test_gateway_speaks_plain_json_and_checks_the_token(fake_discord: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session:
        url = f"{fake_discord.gateway_url}?v=10&encoding=json"
        async with session.ws_connect(url) as ws:
            hello = await ws.receive_json()
            await ws.send_json({"op": 2, "d": {"token": fake_discord.token, "intents": 513}})
            ready = await ws.receive_json()
            guild = await ws.receive_json()
            await ws.receive_json()  # the second guild
            await ws.send_json({"op": 1, "d": 2})
            ack = await ws.receive_json()
        async with session.ws_connect(url + "&compress=zlib-stream") as ws:
            frame = await ws.receive_bytes()
            await ws.send_json({"op": 2, "d": {"token": "wrong"}})
            closing = await ws.receive()

    assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
    assert (ready["t"], ready["s"]) == ("READY", 1)
    assert ready["d"]["resume_gateway_url"].startswith(fake_discord.gateway_url)
    assert (guild["t"], guild["d"]["name"]) == ("GUILD_CREATE", "Reversi Club")
    assert ack == {"op": 11}
    assert frame.endswith(b"\x00\x00\xff\xff")
    assert json.loads(zlib.decompressobj().decompress(frame))["op"] == 10
    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 4004


async def test_rest_lookups(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    bot = bot_harness.bot
    await fake.slash(fake.alice, "probe ping")
    await fake.slash(fake.alice, "probe echo", text="second")

    guild = await bot.fetch_guild(fake.guild.id)
    member = await guild.fetch_member(fake.carol.id)
    channel = await bot.fetch_channel(fake.general.id)
    user = await bot.fetch_user(fake.bob.id)
    assert isinstance(channel, discord.TextChannel)
    history = [m.content async for m in channel.history(limit=10)]

    assert guild.name == "Reversi Club"
    assert member.display_name == "Carol" and [r.name for r in member.roles[1:]] == ["Moderator"]
    assert user.name == "bob"
    assert history == ["second", "pong"]
    with pytest.raises(discord.NotFound):
        await bot.fetch_channel(12345)


async def test_a_member_who_leaves_is_unknown(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    guild = bot_harness.bot.get_guild(fake.guild.id)
    assert guild is not None

    fake.remove_member(fake.bob)
    await fake.settle()

    with pytest.raises(discord.NotFound) as unknown:
        await guild.fetch_member(fake.bob.id)
    assert unknown.value.code == 10007
    session = fake.gateway.session
    assert session is not None  # the bot's, without the members intent: not told
    assert "GUILD_MEMBER_REMOVE" not in [payload["t"] for payload in session.sent]
    with pytest.raises(ImpossibleAction):
        fake.remove_member(fake.bob)


async def test_a_member_leaving_is_told_with_the_members_intent(fake_discord: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as session:
        url = f"{fake_discord.gateway_url}?v=10&encoding=json"
        async with session.ws_connect(url) as ws:
            await ws.receive_json()  # HELLO
            identify = {"token": fake_discord.token, "intents": 513 | 2}
            await ws.send_json({"op": 2, "d": identify})
            for _ in range(3):  # READY and the two guilds
                await ws.receive_json()
            fake_discord.remove_member(fake_discord.bob)
            event = await ws.receive_json()

    assert event["t"] == "GUILD_MEMBER_REMOVE"
    assert event["d"] == {
        "guild_id": str(fake_discord.guild.id),
        "user": fake_discord.bob.payload(),
    }


async def test_guild_commands_take_precedence(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    bot = bot_harness.bot
    guild = discord.Object(fake.guild.id)
    bot.tree.copy_global_to(guild=guild)
    await bot.tree.sync(guild=guild)

    reply = await fake.slash(fake.alice, "probe ping")
    elsewhere = await fake.slash(fake.alice, "probe ping", channel=fake.lobby)

    (guild_ping,) = [c for c in fake.world.commands[fake.guild.id] if c["name"] == "probe"]
    assert reply.record.payload["data"]["id"] == guild_ping["id"]
    assert reply.record.payload["data"]["guild_id"] == str(fake.guild.id)
    assert "guild_id" not in elsewhere.record.payload["data"]


async def test_world_changes_reach_the_bot(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    bot = bot_harness.bot
    session = fake.gateway.session
    assert session is not None
    erin = fake.add_user("erin")
    arena = fake.add_text_channel("arena")
    await fake.settle()
    sent = len(session.sent)
    plain = await fake.say(erin, arena, "hello all")
    reply = await fake.slash(erin, "probe ping", channel=arena)

    assert isinstance(bot.get_channel(arena.id), discord.TextChannel)
    assert fake.messages(arena) == [plain, reply.message]
    # The bot asks for no message intent: neither her post nor its own answer reaches it.
    assert [payload["t"] for payload in session.sent[sent:]] == ["INTERACTION_CREATE"]
    assert list(bot.cached_messages) == []


async def test_message_events_need_the_messages_intent(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    dm = {"id": "1", "channel_id": "2", "author": fake.alice.payload(), "content": "hi"}
    to_the_bot = f"hi {fake.world.bot_user.mention}"

    async def heard(intents: int) -> list[tuple[str, str]]:
        async with aiohttp.ClientSession() as session:
            url = f"{fake.gateway_url}?v=10&encoding=json"
            async with session.ws_connect(url) as ws:
                await ws.receive_json()  # HELLO
                await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": intents}})
                for _ in range(3):  # READY and the two guilds
                    await ws.receive_json()
                await fake.say(fake.alice, fake.general, "hello all")
                mention = await fake.say(fake.alice, fake.general, to_the_bot)
                fake.gateway.dispatch("MESSAGE_CREATE", dm)  # no guild: a DM
                await fake.delete_message(mention)
                fake.rename_guild(fake.guild, "Renamed")  # the last event, which every bot gets
                events = []
                while not events or events[-1][0] != "GUILD_UPDATE":
                    event = await ws.receive_json()
                    events.append((event["t"], event["d"].get("content", "")))
        return events

    guilds, guild_messages, direct_messages = 1, 1 | 1 << 9, 1 | 1 << 12

    assert await heard(guilds) == [("GUILD_UPDATE", "")]
    assert await heard(guild_messages) == [
        ("MESSAGE_CREATE", ""),  # no message content intent
        ("MESSAGE_CREATE", to_the_bot),  # it mentions the bot
        ("MESSAGE_DELETE", ""),
        ("GUILD_UPDATE", ""),
    ]
    assert await heard(direct_messages) == [("MESSAGE_CREATE", "hi"), ("GUILD_UPDATE", "")]


async def test_names_people_and_servers_choose_reach_the_bot(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    bot = bot_harness.bot
    longest = "Ö" * 32
    erin = fake.add_user("erin", display_name=longest)
    fake.rename_guild(fake.guild, "R" * 100)
    await fake.settle()

    guild = bot.get_guild(fake.guild.id)
    assert guild is not None and guild.name == "R" * 100
    assert len(guild.text_channels) == 3  # the update keeps what the bot knew
    reply = await fake.slash(fake.alice, "probe greet", user=erin)
    assert reply.content == f"warm hello {longest} ({erin.mention})"
