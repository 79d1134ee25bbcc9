"""The fake Discord carries every kind of interaction between scripted users and the real bot."""

from __future__ import annotations

import discord
import pytest

from tests.fakediscord import FakeDiscord, ImpossibleAction
from tests.fakediscord.roundtrip_cog import add_probe

pytestmark = pytest.mark.bot_features.with_args(add_probe)


async def test_slash_command_answer_is_a_public_message(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe ping")

    assert reply.content == "pong"
    assert not reply.ephemeral
    assert fake.last_message(fake.general) is reply.message
    assert reply.message is not None and reply.message.type == 20


async def test_options_arrive_typed_from_the_synced_command_tree(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe echo", text="hi", times=3, loud=True)
    assert reply.content == "HI HI HI"

    reply = await fake.slash(
        fake.bob, "probe greet", user=fake.carol, style="cool", where=fake.games
    )
    assert reply.content == f"cool hello Carol ({fake.carol.mention}) in #games"

    reply = await fake.slash(fake.bob, "probe settings show", key="colour")
    assert reply.content == "colour is unset"
    assert reply.ephemeral


async def test_impossible_user_actions_are_refused_by_the_driver(fake: FakeDiscord) -> None:
    with pytest.raises(ImpossibleAction, match="needs"):
        await fake.slash(fake.alice, "probe echo")
    with pytest.raises(ImpossibleAction, match="1 to 5"):
        await fake.slash(fake.alice, "probe echo", text="x", times=9)
    with pytest.raises(ImpossibleAction, match="one of"):
        await fake.slash(fake.alice, "probe greet", user=fake.bob, style="tepid")
    with pytest.raises(ImpossibleAction, match="subcommand"):
        await fake.slash(fake.alice, "probe settings")
    with pytest.raises(ImpossibleAction, match="no options"):
        await fake.slash(fake.alice, "probe ping", colour="black")
    with pytest.raises(ImpossibleAction, match="not a member"):
        await fake.slash(fake.dave, "probe ping")
    with pytest.raises(ImpossibleAction, match="-2\\^53 to 2\\^53"):
        await fake.slash(fake.alice, "probe remind", minutes=2**53 + 1)
    assert fake.interactions == {}


async def test_commands_limited_to_moderators(fake: FakeDiscord) -> None:
    assert (await fake.slash(fake.carol, "tidy")).content == "tidied"
    with pytest.raises(ImpossibleAction, match="may not use /tidy"):
        await fake.slash(fake.alice, "tidy")


async def test_user_context_menu_resolves_the_target_member(fake: FakeDiscord) -> None:
    reply = await fake.context_menu(fake.alice, "Wave at", target=fake.bob)

    assert reply.content == "Alice waves at Bob"
    assert reply.message is not None and reply.message.type == 23


async def test_button_click_updates_the_message_in_place(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe counter")
    message = reply.message
    assert message is not None
    assert [b.label for b in message.buttons] == ["Count 0"]

    click = await fake.click(fake.bob, message, "Count 0")
    await fake.click(fake.bob, message, custom_id="probe:count:1")

    assert click.message is message
    assert message.content == "count 2"
    assert [b.custom_id for b in message.buttons] == ["probe:count:2"]
    assert message.edits == 2
    assert fake.messages(fake.general) == [message]


async def test_select_with_deferred_update_and_original_edit(fake: FakeDiscord) -> None:
    message = (await fake.slash(fake.alice, "probe choose")).message
    assert message is not None

    reply = await fake.select(fake.bob, message, ["c", "a"])

    assert reply.callback_type == 6
    assert message.content == "chose c,a"
    with pytest.raises(ImpossibleAction, match="not options"):
        await fake.select(fake.bob, message, ["z"])
    with pytest.raises(ImpossibleAction, match="1 to 2"):
        await fake.select(fake.bob, message, ["a", "b", "c"])


async def test_autocomplete_returns_the_bots_choices(fake: FakeDiscord) -> None:
    choices = await fake.autocomplete(fake.alice, "probe pick", "square", partial="d")

    assert [c.name for c in choices] == [f"d{rank}" for rank in range(1, 9)]
    assert await fake.autocomplete(fake.alice, "probe pick", "square", partial="z") == []


async def test_modal_opened_and_submitted(fake: FakeDiscord) -> None:
    opened = await fake.slash(fake.alice, "probe feedback")
    assert opened.modal is not None and opened.modal["title"] == "Feedback"

    with pytest.raises(ImpossibleAction, match="required"):
        await fake.submit_modal(fake.alice, opened, {"mood": "fine"})
    reply = await fake.submit_modal(fake.alice, opened, {"Comment": "nice game"})

    assert reply.content == "thanks: nice game (no mood)"
    assert fake.ephemeral_replies(fake.alice) == [reply.message]


async def test_deferred_answer_with_a_png_followup(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe think")

    assert reply.deferred
    message = reply.message
    assert message is not None and not message.loading
    assert message.content == "done thinking"
    (attachment,) = message.attachments
    assert attachment.filename == "square.png"
    assert attachment.description == "A square"
    image = attachment.image()
    assert image.format == "PNG" and image.size == (48, 48)
    assert image.getpixel((0, 0)) == (0, 0, 255)


async def test_ephemeral_replies_are_kept_per_user_and_clickable(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe whisper")
    message = reply.message
    assert message is not None and message.ephemeral

    assert fake.ephemeral_replies(fake.alice) == [message]
    assert fake.ephemeral_replies(fake.bob) == []
    assert fake.messages(fake.general) == []
    with pytest.raises(ImpossibleAction, match="ephemeral"):
        await fake.click(fake.bob, message, "Count 0")
    await fake.click(fake.alice, message, "Count 0")
    assert message.content == "count 1"


async def test_bot_reads_its_attachment_back(fake: FakeDiscord, bot_harness) -> None:
    reply = await fake.slash(fake.alice, "probe post", text="with image", image=True)
    posted = fake.last_message(fake.general)
    assert reply.content == f"posted {posted.id}"

    channel = bot_harness.bot.get_channel(fake.general.id)
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(posted.id)
    assert fetched.attachments[0].width == 32
    assert await fetched.attachments[0].read() == posted.attachments[0].data


async def test_thread_created_and_used(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe thread", name="alice vs bob")

    (thread,) = [t for t in fake.threads(fake.general) if t.name == "alice vs bob"]
    assert reply.content == f"opened {thread.mention}"
    (first,) = fake.messages(thread)
    assert first.content == "first post"
    assert first.attachments[0].image().size == (32, 32)
    notice = fake.last_message(fake.general)
    assert notice.type == 18 and notice.content == "alice vs bob"
    inside = await fake.slash(fake.bob, "probe ping", channel=thread)
    assert fake.messages(thread) == [first, inside.message]


async def test_original_response_deleted(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe vanish")

    assert reply.message is not None and reply.message.deleted
    assert fake.messages(fake.general) == []


async def test_followups_fill_the_deferred_answer_then_add_messages(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "probe later", minutes=5, expect_answer=False)
    assert reply.message is not None and reply.message.loading

    await fake.advance(minutes=5)

    assert reply.content == "5 minutes later" and not reply.message.loading
    (second,) = reply.followups
    assert second.ephemeral and second.content == "an edited follow-up" and second.edits == 1
    assert fake.messages(fake.general) == [reply.message]
    assert fake.ephemeral_replies(fake.alice) == [second]


async def test_two_clicks_sent_at_once(fake: FakeDiscord) -> None:
    message = (await fake.slash(fake.alice, "probe counter")).message
    assert message is not None

    first = fake.click(fake.bob, message, "Count 0")
    second = fake.click(fake.carol, message, "Count 0")  # the message has not changed yet
    await first.answered()
    replies = [await first, await second]

    assert [r.callback_type for r in replies] == [7, 7]
    assert message.content == "count 1" and message.edits == 2


async def test_a_command_waiting_for_a_click_does_not_block_the_driver(fake: FakeDiscord) -> None:
    asked = await fake.slash(fake.alice, "probe confirm")
    question = asked.message
    assert question is not None and question.content == "sure?" and asked.followups == []

    await fake.click(fake.alice, question, "Yes")

    assert question.content == "confirmed" and question.buttons == []
    assert [m.content for m in asked.followups] == ["done"]


async def test_a_forged_click_carries_any_custom_id(fake: FakeDiscord) -> None:
    message = (await fake.slash(fake.alice, "probe counter")).message
    assert message is not None

    # discord.py drops a click whose custom id is not on the message: nothing answers it.
    forged = await fake.forge_click(fake.bob, "probe:count:41", expect_answer=False)
    assert forged.record.source is message and forged.callback_type is None
    assert message.content == "count 0" and message.edits == 0

    honest = await fake.forge_click(fake.bob, "probe:count:0", message=message)
    assert message.content == "count 1" and honest.message is message

    with pytest.raises(ImpossibleAction, match="not in #games"):
        await fake.forge_click(fake.bob, "probe:count:1", channel=fake.games, message=message)
    with pytest.raises(ImpossibleAction, match="no message of the bot in #lobby"):
        await fake.forge_click(fake.dave, "probe:count:1", channel=fake.lobby)
    with pytest.raises(ImpossibleAction, match="1 to 100"):
        await fake.forge_click(fake.bob, "x" * 101)
