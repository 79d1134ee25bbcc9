"""Faults a test can ask for: rate limits, missing permissions, deleted messages, edit quota,
late interaction answers."""

from __future__ import annotations

import discord
import pytest

from tests.errorlog import ErrorLog
from tests.fakediscord import BotHarness, FakeDiscord
from tests.fakediscord.roundtrip_cog import add_probe

pytestmark = pytest.mark.bot_features.with_args(add_probe)

POST_MESSAGE = "POST /channels/{channel_id}/messages"


def probe_errors(harness: BotHarness) -> list[int]:
    """Discord error codes the probe cog ran into (the cog's module is loaded afresh per bot)."""
    cog = harness.bot.get_cog("Probe")
    assert cog is not None
    errors: list[int] = cog.errors  # type: ignore[attr-defined]
    return errors


async def test_rate_limit_is_retried_by_discord_py(fake: FakeDiscord) -> None:
    fake.faults.rate_limit(POST_MESSAGE, retry_after=0.01, channel_id=fake.general.id)

    reply = await fake.slash(fake.alice, "probe post", text="hello")

    posted = fake.last_message(fake.general)
    assert posted.content == "hello" and reply.content == f"posted {posted.id}"
    statuses = [r.status for r in fake.requests if r.route == POST_MESSAGE]
    assert statuses == [429, 200]


async def test_rate_limit_only_where_armed(fake: FakeDiscord) -> None:
    fake.faults.rate_limit(POST_MESSAGE, channel_id=fake.games.id)

    await fake.slash(fake.alice, "probe post", text="hello")

    assert [r.status for r in fake.requests if r.route == POST_MESSAGE] == [200]


async def test_missing_send_messages(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    fake.deny(fake.general, "send_messages")

    reply = await fake.slash(fake.alice, "probe post", text="hello")

    assert reply.content == "failed: 50013"
    assert fake.messages(fake.general) == []
    channel = bot_harness.bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    assert not channel.permissions_for(channel.guild.me).send_messages
    assert not discord.Permissions(int(reply.record.payload["app_permissions"])).send_messages


async def test_missing_attach_files(fake: FakeDiscord) -> None:
    fake.deny(fake.general, "attach_files")

    with_image = await fake.slash(fake.alice, "probe post", text="board", image=True)
    text_only = await fake.slash(fake.alice, "probe post", text="no board")

    assert with_image.content == "failed: 50013"
    assert text_only.content.startswith("posted ")


async def test_missing_view_channel_is_missing_access(fake: FakeDiscord) -> None:
    fake.deny(fake.games, "view_channel")

    reply = await fake.slash(fake.alice, "probe post", text="hello", channel=fake.games)

    assert reply.content == "failed: 50001"


async def test_edit_of_a_deleted_message(fake: FakeDiscord) -> None:
    await fake.slash(fake.alice, "probe post", text="soon gone")
    posted = fake.last_message(fake.general)
    await fake.delete_message(posted)

    reply = await fake.slash(fake.alice, "probe edit", message_id=str(posted.id), text="new")

    assert reply.content == "failed: 10008"
    assert posted.deleted and posted.content == "soon gone"


async def test_edit_quota_on_messages_older_than_an_hour(fake: FakeDiscord) -> None:
    fake.faults.limit_old_message_edits()
    await fake.slash(fake.alice, "probe post", text="v1")
    posted = fake.last_message(fake.general)

    await fake.advance(minutes=59)
    fresh = await fake.slash(fake.alice, "probe edit", message_id=str(posted.id), text="v2")
    await fake.advance(minutes=2)
    stale = await fake.slash(fake.alice, "probe edit", message_id=str(posted.id), text="v3")

    assert fresh.content == "edited"
    assert stale.content == "failed: 30046"
    assert posted.content == "v2"


async def test_edit_quota_applies_to_a_clicks_update_too(
    fake: FakeDiscord, logged_errors: ErrorLog
) -> None:
    fake.faults.limit_old_message_edits()
    counter = (await fake.slash(fake.alice, "probe counter")).message
    assert counter is not None
    await fake.advance(hours=1, seconds=1)

    click = await fake.click(fake.bob, counter, "Count 0", expect_answer=False)

    assert click.callback_type is None and not click.late
    assert counter.content == "count 0" and counter.edits == 0
    (error,) = logged_errors.take("discord")  # the probe's button does not catch it
    assert error.exc_info is not None and "30046" in str(error.exc_info[1])


async def test_interaction_answered_after_three_seconds(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(fake.alice, "probe slow", seconds=4, expect_answer=False)
    assert reply.callback_type is None

    await fake.advance(seconds=4)

    assert reply.late
    assert reply.callback_type is None
    assert probe_errors(bot_harness) == [10062]


async def test_interaction_answered_after_three_seconds_of_real_time(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    pending = fake.slash(fake.alice, "probe slow", seconds=1, expect_answer=False)
    pending.record.created_monotonic -= 3.5  # as if the bot had been busy for 3.5 s
    await pending

    await fake.advance(seconds=1)  # within Discord's limit on the fake clock, not in real time

    assert pending.record.late
    assert probe_errors(bot_harness) == [10062]


async def test_interaction_answered_just_in_time(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe slow", seconds=2, expect_answer=False)
    await fake.advance(seconds=2)

    assert reply.content == "finally" and not reply.late


async def test_interaction_token_expires_after_fifteen_minutes(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(fake.alice, "probe later", minutes=16, expect_answer=False)
    await fake.advance(minutes=16)

    assert probe_errors(bot_harness) == [50027]
    assert reply.message is not None and reply.message.loading


async def test_generic_fault_fires_as_often_as_asked(fake: FakeDiscord) -> None:
    await fake.slash(fake.alice, "probe post", text="v1")
    posted = fake.last_message(fake.general)
    fake.faults.fail(
        "PATCH /channels/{channel_id}/messages/{message_id}",
        status=403,
        code=50013,
        message="Missing Permissions",
        message_id=posted.id,
    )

    first = await fake.slash(fake.alice, "probe edit", message_id=str(posted.id), text="v2")
    second = await fake.slash(fake.alice, "probe edit", message_id=str(posted.id), text="v3")

    assert (first.content, second.content) == ("failed: 50013", "edited")
    assert posted.content == "v3"


def test_faults_name_real_routes(fake_discord: FakeDiscord) -> None:
    with pytest.raises(ValueError, match="no such route"):
        fake_discord.faults.fail(
            "POST /channels/{channel_id}/pancakes", status=500, code=0, message=""
        )
