"""Challenges: inviting, accepting, declining, cancelling, expiring, threads, and refusals."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.domain import ChallengeStatus
from bot.storage.challenges import ChallengeStore
from cogs.play.cog import THREAD_FAILED, THREAD_REFUSED
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Channel, Message

from .play import eventually, move_labels, start_game, stored


async def test_a_challenge_names_both_players_and_only_they_can_answer(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(
        fake.alice, "reversi challenge", opponent=fake.bob, colour="white", time="5m"
    )
    invitation = reply.message
    assert invitation is not None and not invitation.ephemeral
    assert f"{fake.alice.mention} challenges {fake.bob.mention}!" in invitation.content
    assert f"{fake.alice.mention} plays ⚪ White · 5 minutes per move" in invitation.content
    assert f"{fake.bob.mention}, do you accept?" in invitation.content
    assert [b.label for b in invitation.buttons] == ["Accept", "Decline", "Cancel"]

    for user, label, answer in [
        (fake.carol, "Accept", "This challenge is for someone else."),
        (fake.carol, "Decline", "Only the challenged player can decline."),
        (fake.bob, "Cancel", "Only the challenger can cancel this challenge."),
        (fake.alice, "Accept", "You can't accept your own challenge; use Cancel to withdraw it."),
        (fake.alice, "Decline", "Only the challenged player can decline."),
    ]:
        refused = await fake.click(user, invitation, label=label)
        assert refused.ephemeral and refused.content == answer, (user.name, label)
    assert [b.label for b in invitation.buttons] == ["Accept", "Decline", "Cancel"]
    (pending,) = await bot_harness.bot.storage.challenges.pending()
    assert pending.message_id == invitation.id

    await fake.click(fake.bob, invitation, label="Accept")
    record = await stored(bot_harness, invitation)
    assert (record.black_id, record.white_id) == (fake.bob.id, fake.alice.id)
    assert record.time_control.per_move == 300
    assert record.deadline == fake.clock.now().timestamp() + 300
    assert f"time runs out: <t:{int(record.deadline)}:R>" in invitation.content
    assert move_labels(invitation) == ["d3", "c4", "f5", "e6"]
    assert invitation.attachments[0].image().format == "PNG"
    accepted = await bot_harness.bot.storage.challenges.get(pending.id)
    assert accepted.status is ChallengeStatus.ACCEPTED and accepted.game_id == record.id


async def test_declining_and_cancelling_close_the_challenge(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    declined = (await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)).message
    assert declined is not None
    await fake.click(fake.bob, declined, label="Decline")
    assert declined.content == (
        f"{fake.bob.mention} declined the Reversi challenge from {fake.alice.mention}."
    )
    assert declined.buttons == []

    cancelled = (await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)).message
    assert cancelled is not None
    await fake.click(fake.alice, cancelled, label="Cancel")
    assert cancelled.content == f"{fake.alice.mention} cancelled their Reversi challenge."
    assert cancelled.buttons == []

    storage = bot_harness.bot.storage
    assert await storage.challenges.pending() == []
    assert (await storage.challenges.get(1)).status is ChallengeStatus.DECLINED
    assert (await storage.challenges.get(2)).status is ChallengeStatus.CANCELLED
    assert await storage.games.active_in(fake.general.id) is None


async def test_an_open_challenge_goes_to_the_first_who_accepts(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(fake.alice, "reversi challenge", colour="black")
    invitation = reply.message
    assert invitation is not None
    assert "Anyone can accept." in invitation.content
    assert [b.label for b in invitation.buttons] == ["Accept", "Cancel"]

    replies = dict(
        zip(
            (fake.carol, fake.bob),
            await asyncio.gather(
                fake.click(fake.carol, invitation, label="Accept"),
                fake.click(fake.bob, invitation, label="Accept"),
            ),
            strict=True,
        )
    )
    record = await stored(bot_harness, invitation)
    assert record.black_id == fake.alice.id
    winner = fake.carol if record.white_id == fake.carol.id else fake.bob
    loser = fake.bob if winner is fake.carol else fake.carol
    assert record.white_id == winner.id
    assert replies[winner].message is invitation
    assert replies[loser].ephemeral and "already been accepted" in replies[loser].content
    assert await bot_harness.bot.storage.games.active() == [record]


async def test_the_context_menu_challenges_the_member(fake: FakeDiscord) -> None:
    reply = await fake.context_menu(fake.bob, "Challenge to Reversi", fake.carol)
    invitation = reply.message
    assert invitation is not None
    assert f"{fake.bob.mention} challenges {fake.carol.mention}!" in invitation.content
    assert "colours drawn at random · 1 day per move" in invitation.content
    await fake.click(fake.carol, invitation, label="Accept")
    assert move_labels(invitation) == ["d3", "c4", "f5", "e6"]


async def test_an_unanswered_live_challenge_expires_after_fifteen_minutes(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob, time="3+2")
    invitation = reply.message
    assert invitation is not None
    expiry = int(fake.clock.now().timestamp()) + 15 * 60
    assert invitation.content.endswith(f"do you accept? Expires: <t:{expiry}:R>")
    await fake.advance(minutes=14)
    assert [b.label for b in invitation.buttons] == ["Accept", "Decline", "Cancel"]
    await fake.advance(minutes=1, seconds=1)
    assert invitation.content == (
        f"The Reversi challenge from {fake.alice.mention} to {fake.bob.mention} expired."
    )
    assert invitation.buttons == []
    challenge = await bot_harness.bot.storage.challenges.get(1)
    assert challenge.status is ChallengeStatus.EXPIRED
    assert await bot_harness.bot.storage.games.active_in(fake.general.id) is None


async def test_a_correspondence_challenge_waits_a_night_and_can_be_withdrawn(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    daily = (await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)).message
    assert daily is not None and "1 day per move" in daily.content
    expiry = int(fake.clock.now().timestamp()) + 24 * 60 * 60
    assert daily.content.endswith(f"Expires: <t:{expiry}:R>")
    hourly = (
        await fake.slash(fake.bob, "reversi challenge", time="6h", channel=fake.games)
    ).message
    assert hourly is not None and "Anyone can accept." in hourly.content

    await fake.advance(hours=6, seconds=1)  # the six hours' challenge lapses; the day's doesn't
    assert hourly.content == f"The Reversi challenge from {fake.bob.mention} to anyone expired."
    await fake.advance(hours=17)
    assert [b.label for b in daily.buttons] == ["Accept", "Decline", "Cancel"]
    await fake.click(fake.alice, daily, label="Cancel")
    assert daily.content == f"{fake.alice.mention} cancelled their Reversi challenge."
    assert daily.buttons == []
    withdrawn = await bot_harness.bot.storage.challenges.get(1)
    assert withdrawn.status is ChallengeStatus.CANCELLED
    assert await bot_harness.bot.storage.challenges.pending() == []


async def test_a_challenge_stays_open_as_long_as_a_move_takes_up_to_a_week(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    now = int(fake.clock.now().timestamp())
    weekly = (await fake.slash(fake.alice, "reversi challenge", time="1w")).message
    three_days = (
        await fake.slash(fake.bob, "reversi challenge", time="3d", channel=fake.games)
    ).message
    assert weekly is not None and three_days is not None
    assert weekly.content.endswith(f"Expires: <t:{now + 7 * 24 * 60 * 60}:R>")
    assert three_days.content.endswith(f"Expires: <t:{now + 3 * 24 * 60 * 60}:R>")

    await fake.advance(days=3, seconds=1)  # the three days' challenge lapses; the week's doesn't
    assert three_days.content == f"The Reversi challenge from {fake.bob.mention} to anyone expired."
    await fake.advance(days=3, hours=23)
    assert [b.label for b in weekly.buttons] == ["Accept", "Cancel"]
    await fake.advance(hours=1)
    assert weekly.content == f"The Reversi challenge from {fake.alice.mention} to anyone expired."
    assert await bot_harness.bot.storage.challenges.pending() == []


async def test_refusals_before_a_challenge(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    yourself = await fake.slash(fake.alice, "reversi challenge", opponent=fake.alice)
    assert yourself.ephemeral and yourself.content.startswith("You can't challenge yourself.")
    robot = await fake.slash(fake.alice, "reversi challenge", opponent=fake.other_bot)
    other_bots = "Other bots can't play Reversi here; challenge a member, or me."
    assert robot.ephemeral and robot.content == other_bots
    by_menu = await fake.context_menu(fake.alice, "Challenge to Reversi", fake.other_bot)
    assert by_menu.ephemeral and by_menu.content == other_bots
    assert await bot_harness.bot.storage.challenges.pending() == []
    assert fake.messages(fake.general) == []


async def test_a_busy_channel_is_refused_with_a_link_to_its_game(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    busy = await fake.slash(fake.carol, "reversi challenge", opponent=fake.alice)
    assert busy.ephemeral
    assert board.jump_url in busy.content
    assert "thread: True" in busy.content
    assert fake.last_message(fake.general) is board
    assert await bot_harness.bot.storage.challenges.pending() == []

    elsewhere = await fake.slash(fake.carol, "reversi challenge", channel=fake.games)
    assert elsewhere.message is not None and not elsewhere.ephemeral


async def test_channels_where_games_are_not_allowed(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    storage = bot_harness.bot.storage
    await storage.settings.update(
        fake.guild.id, now=fake.clock.now().timestamp(), allowed_channels=[fake.games.id]
    )
    refused = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)
    assert refused.ephemeral
    assert refused.content == f"Games aren't allowed in this channel. Play in <#{fake.games.id}>."
    assert await storage.challenges.pending() == []
    board = await start_game(fake, channel=fake.games)
    assert (await stored(bot_harness, board)).channel_id == fake.games.id


async def test_a_refusal_names_a_few_of_the_allowed_channels_and_counts_the_rest(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    storage, now = bot_harness.bot.storage, fake.clock.now().timestamp()
    rooms = [fake.add_text_channel(f"room-{n}") for n in range(5)]
    await storage.settings.update(
        fake.guild.id, now=now, allowed_channels=[room.id for room in reversed(rooms)]
    )
    refused = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)
    named = ", ".join(room.mention for room in rooms[:3])
    assert refused.content == f"Games aren't allowed in this channel. Play in {named} and 2 more."
    await storage.settings.update(
        fake.guild.id, now=now, allowed_channels=[], blocked_channels=[fake.general.id]
    )
    refused = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)
    assert refused.content == "Games aren't allowed in this channel. Ask an admin where to play."


async def test_a_game_in_a_new_thread(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    await start_game(fake, fake.carol, fake.alice)  # the channel is busy; threads still work
    reply = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob, thread=True)
    invitation = reply.message
    assert invitation is not None
    assert "played in a new thread" in invitation.content
    await fake.click(fake.bob, invitation, label="Accept")

    (thread,) = [t for t in fake.threads(fake.general) if t is not fake.old_thread]
    assert thread.id == invitation.id  # started from the invitation, created once accepted
    assert f"the game is on in <#{thread.id}>" in invitation.content
    assert invitation.buttons == []
    board = fake.last_message(thread)
    record = await stored(bot_harness, board)
    assert record.channel_id == thread.id and record.message_id == board.id
    assert record.black_id in (fake.alice.id, fake.bob.id)
    black = fake.alice if record.black_id == fake.alice.id else fake.bob
    await fake.click(black, board, label="f5")
    assert (await stored(bot_harness, board)).transcript == "f5"
    moved = await fake.slash(
        fake.bob if black is fake.alice else fake.alice, "reversi move", channel=thread, square="f6"
    )
    assert moved.content == "You played **f6**."
    assert (await stored(bot_harness, board)).transcript == "f5f6"

    inside = await fake.slash(fake.alice, "reversi challenge", channel=thread, thread=True)
    assert inside.ephemeral and inside.content.startswith("This is already a thread")


def new_threads(fake: FakeDiscord) -> list[Channel]:
    return [t for t in fake.threads(fake.general) if t is not fake.old_thread]


@pytest.mark.parametrize("first", ["accept", "cancel"])
async def test_an_accept_racing_a_cancel_leaves_no_empty_thread(
    fake: FakeDiscord, bot_harness: BotHarness, first: str
) -> None:
    reply = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob, thread=True)
    invitation = reply.message
    assert invitation is not None
    clicks = {"accept": (fake.bob, "Accept"), "cancel": (fake.alice, "Cancel")}
    order = [first, *(name for name in clicks if name != first)]
    sent = {name: fake.click(clicks[name][0], invitation, label=clicks[name][1]) for name in order}
    accepted, cancelled = await sent["accept"], await sent["cancel"]

    storage = bot_harness.bot.storage
    challenge = await storage.challenges.get(1)
    threads = new_threads(fake)
    if challenge.status is ChallengeStatus.ACCEPTED:
        assert cancelled.ephemeral and "already been accepted" in cancelled.content
        (thread,) = threads
        board = fake.last_message(thread)  # the thread has its game
        assert (await storage.games.get(challenge.game_id or 0)).message_id == board.id
    else:
        assert challenge.status is ChallengeStatus.CANCELLED
        assert accepted.ephemeral and "already been cancelled" in accepted.content
        assert threads == [] and await storage.games.active() == []
        assert invitation.buttons == []


async def test_a_cancel_while_the_thread_is_created_comes_too_late(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob, thread=True)
    invitation = reply.message
    assert invitation is not None
    route = "POST /channels/{channel_id}/messages/{message_id}/threads"
    fake.faults.rate_limit(route, retry_after=0.2)  # the thread takes a moment
    accept = fake.click(fake.bob, invitation, label="Accept")
    # The acceptance is stored; its thread is on the way.
    await eventually(lambda: any(r.route == route for r in fake.requests))
    cancel = await fake.click(fake.alice, invitation, label="Cancel")
    await accept

    assert cancel.ephemeral and cancel.content == "This challenge has already been accepted."
    (thread,) = new_threads(fake)
    board = fake.last_message(thread)
    (record,) = await bot_harness.bot.storage.games.active()
    assert record.channel_id == thread.id and record.message_id == board.id


async def refused_thread(fake: FakeDiscord, invitation: Message) -> str:
    refused = await fake.click(fake.bob, invitation, label="Accept")
    assert refused.ephemeral
    return refused.content


@pytest.mark.parametrize("how", ["permission", "server error"])
async def test_a_thread_that_cannot_be_created_reopens_the_challenge(
    fake: FakeDiscord, bot_harness: BotHarness, how: str
) -> None:
    reply = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob, thread=True)
    invitation = reply.message
    assert invitation is not None
    content, buttons = invitation.content, invitation.buttons
    if how == "permission":  # taken away after the challenge was posted
        fake.deny(fake.general, "create_public_threads")
    else:
        fake.faults.fail(
            "POST /channels/{channel_id}/messages/{message_id}/threads",
            status=503,
            code=0,
            message="Service Unavailable",
        )

    told = await refused_thread(fake, invitation)

    assert told == (THREAD_REFUSED if how == "permission" else THREAD_FAILED)
    assert new_threads(fake) == []
    assert invitation.content == content and invitation.buttons == buttons
    storage = bot_harness.bot.storage
    (pending,) = await storage.challenges.pending()
    assert pending.status is ChallengeStatus.PENDING and pending.game_id is None
    assert await storage.games.active() == []

    fake.set_permissions(fake.general)  # granted again
    await fake.click(fake.bob, invitation, label="Accept")
    (thread,) = new_threads(fake)
    board = fake.last_message(thread)
    record = (await storage.games.active())[0]
    assert record.channel_id == thread.id and record.message_id == board.id
    assert f"the game is on in <#{thread.id}>" in invitation.content


SLOW_QUERY = {
    "SqliteDatabase": "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
    "WHERE i < 2000000) SELECT count(*) FROM n",
    "PostgresDatabase": "SELECT pg_sleep(0.5)",
}


async def test_an_accept_whose_database_work_is_slow_is_still_answered(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Half a second in the database (a commit waiting on a busy disk) is the bot at work, on
    either backend: the click is answered with the board once it is done."""
    original = ChallengeStore.accept

    async def slow_accept(self: ChallengeStore, *args: Any, **kwargs: Any) -> Any:
        await self.execute_alone(SLOW_QUERY[type(self.database).__name__])
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(ChallengeStore, "accept", slow_accept)
    invitation = (await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)).message
    assert invitation is not None

    reply = await fake.click(fake.bob, invitation, label="Accept")

    assert not reply.late
    assert move_labels(invitation) == ["d3", "c4", "f5", "e6"]
    assert (await stored(bot_harness, invitation)).active
