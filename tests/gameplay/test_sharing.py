"""Sharing a look-up: each answer is posted in the channel once, however its Share button is
clicked, and a Share button that makes no sense is refused plainly."""

from __future__ import annotations

import asyncio

import discord

from cogs.core import NOT_ON_ITS_MESSAGE
from tests.errorlog import ErrorLog
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message

from .test_records import Seeder

ALREADY_SHARED = "You've already shared this answer in the channel."
NO_LONGER_WORKS = "That button no longer works; ask again for a fresh answer."
APOLOGY = "Sorry, something went wrong on my side; please try again."
FOLLOWUP = "POST /webhooks/{webhook_id}/{webhook_token}"
HUGE = 2**64


def share_button(message: Message) -> tuple[str | None, bool]:
    return [(b.label, b.disabled) for b in message.buttons][-1]


async def test_a_share_clicked_twice_at_once_is_posted_once(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    game = await Seeder(fake, bot_harness).game(fake.alice, fake.bob, "black")
    asked = [
        await fake.slash(fake.carol, "reversi leaderboard"),
        await fake.slash(fake.carol, "reversi stats", player=fake.alice),
        await fake.slash(fake.carol, "reversi h2h", player=fake.alice, other=fake.bob),
        await fake.slash(fake.carol, "reversi history"),
        await fake.slash(fake.carol, "reversi game", id=game.id),
        await fake.slash(fake.carol, "reversi games"),
        await fake.slash(fake.carol, "reversi games", everyone=True),
    ]
    for reply in asked:
        private = reply.message
        assert private is not None and private.ephemeral
        first = fake.click(fake.carol, private, "Share")
        second = fake.click(fake.carol, private, "Share")
        clicks = await asyncio.gather(first, second)

        (public,) = fake.messages(fake.general)
        assert not public.ephemeral and public.embeds == private.embeds
        (shared,) = [c for c in clicks if c.followups]
        (told,) = [c for c in clicks if not c.followups]
        assert shared.followups == [public]
        assert told.ephemeral and told.content == ALREADY_SHARED
        assert share_button(private) == ("Shared", True)
        await fake.delete_message(public)


async def test_each_answer_is_shared_once_and_another_look_up_again(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Once is per answer (per ephemeral message): asking again gives an answer to share anew."""
    await Seeder(fake, bot_harness).game(fake.alice, fake.bob, "black")
    for _ in range(2):
        asked = await fake.slash(fake.carol, "reversi leaderboard")
        assert asked.message is not None
        await fake.click(fake.carol, asked.message, "Share")
    assert len(fake.messages(fake.general)) == 2


async def test_a_share_whose_post_failed_can_be_retried(
    fake: FakeDiscord, bot_harness: BotHarness, logged_errors: ErrorLog
) -> None:
    await Seeder(fake, bot_harness).game(fake.alice, fake.bob, "black")
    asked = await fake.slash(fake.carol, "reversi stats", player=fake.alice)
    private = asked.message
    assert private is not None

    fake.faults.fail(FOLLOWUP, status=404, code=10015, message="Unknown Webhook")
    failed = await fake.click(fake.carol, private, "Share")
    (apology,) = failed.followups
    assert apology.ephemeral and apology.content == APOLOGY
    assert [r.exc_info[0] for r in logged_errors.take("cogs") if r.exc_info] == [discord.NotFound]
    assert fake.messages(fake.general) == []
    assert share_button(private) == ("Share", False)

    retried = await fake.click(fake.carol, private, "Share")
    (public,) = retried.followups
    assert fake.messages(fake.general) == [public] and public.embeds == private.embeds
    assert share_button(private) == ("Shared", True)


async def test_share_buttons_that_make_no_sense_are_refused_plainly(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Share buttons naming a game or player that isn't there, or with the wrong numbers for their
    look-up: forged onto a look-up's answer they are not on, and on a message of the bot's that
    carries them (no version of the bot made such buttons, but a click on one must still get a
    true answer)."""
    theirs = await Seeder(fake, bot_harness).game(
        fake.alice, fake.dave, "black", in_second_guild=True
    )
    refused = {
        "reversi:share:game:999": "There's no game #999 in this server.",
        f"reversi:share:game:{theirs.id}": f"There's no game #{theirs.id} in this server.",
        f"reversi:share:game:{HUGE}": "That number is out of range.",
        "reversi:share:stats:999": NO_LONGER_WORKS,
        f"reversi:share:stats:{HUGE}": NO_LONGER_WORKS,
        "reversi:share:stats": NO_LONGER_WORKS,
        "reversi:share:lb": NO_LONGER_WORKS,
        "reversi:share:lb:2": NO_LONGER_WORKS,
        f"reversi:share:lb:1:{fake.alice.id}:3": NO_LONGER_WORKS,
        "reversi:share:hist:1": NO_LONGER_WORKS,
        "reversi:share:h2h:1": NO_LONGER_WORKS,
        "reversi:share:game": NO_LONGER_WORKS,
        "reversi:share:game:1:2": NO_LONGER_WORKS,
        "reversi:share:games:1": NO_LONGER_WORKS,
        f"reversi:share:games:{fake.alice.id}:1:2": NO_LONGER_WORKS,
    }
    asked = await fake.slash(fake.alice, "reversi leaderboard")
    assert asked.message is not None
    for custom_id in refused:
        forged = await fake.forge_click(fake.alice, custom_id, message=asked.message)
        assert forged.ephemeral and forged.content == NOT_ON_ITS_MESSAGE, custom_id

    view = discord.ui.View()
    for custom_id in refused:
        view.add_item(discord.ui.Button(label="Share", custom_id=custom_id))
    await bot_harness.bot.get_partial_messageable(fake.quiet.id).send("Shares", view=view)
    carrier = fake.last_message(fake.quiet)

    for custom_id, text in refused.items():
        reply = await fake.click(fake.alice, carrier, custom_id=custom_id)
        assert reply.ephemeral and reply.content == text, custom_id
    assert fake.messages(fake.quiet) == [carrier] and carrier.edits == 0
    assert fake.messages(fake.general) == []
