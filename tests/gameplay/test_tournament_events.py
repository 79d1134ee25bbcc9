"""A tournament's Discord scheduled event: made where the bot may make one, started with the
tournament, ended with it or cancelled; none without the permission, and Discord refusing it
costs the tournament nothing."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import ACTIVE, CANCELED, COMPLETED, SCHEDULED, ScheduledEvent

from .test_tournaments import create, games_of_round, lose, view

EVENTS = "/guilds/{guild_id}/scheduled-events"


def the_event(fake: FakeDiscord) -> ScheduledEvent:
    (event,) = fake.scheduled_events()
    return event


async def test_a_tournament_is_announced_as_a_scheduled_event_that_ends_with_it(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    fake.grant("create_events")
    created_at = fake.clock.now()
    signup = await create(fake, "swiss", rounds=1)

    event = the_event(fake)
    assert (event.name, event.location, event.status) == ("Club Cup", "#games", SCHEDULED)
    assert event.start == created_at + timedelta(hours=1)
    assert event.end > event.start
    assert event.description == (
        f"Swiss, 1 round · 1 hour per move · rated\nSign up on its message: {signup.jump_url}"
    )
    assert (await view(bot_harness)).tournament.event_id == event.id

    for user in (fake.alice, fake.bob):
        await fake.click(user, signup, label="Join")
    await fake.advance(minutes=10)
    started = await fake.slash(fake.world.owner, "reversi tournament start")
    assert started.content == "**Club Cup** (#1) has started."
    assert event.status == ACTIVE
    assert event.end > fake.clock.now()

    users = {fake.alice.id: fake.alice, fake.bob.id: fake.bob}
    ((record, board, thread),) = await games_of_round(fake, bot_harness)
    await lose(fake, users, record, thread, board, max(users))

    assert (await view(bot_harness)).tournament.state.value == "finished"
    assert event.status == COMPLETED


async def test_a_cancelled_tournament_cancels_its_event(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    fake.grant("create_events")
    await fake.slash(fake.world.owner, "reversi settings", language="is")
    signup = await create(fake, "round_robin", expect="Mótið **Club Cup** (#1) er stofnað: ")
    event = the_event(fake)
    assert event.description is not None
    assert event.description.startswith("allir við alla · ")
    assert event.description.endswith(f"\nSkráðu þig á skilaboðum mótsins: {signup.jump_url}")

    await fake.slash(fake.world.owner, "reversi tournament cancel")

    assert event.status == CANCELED


async def test_nobody_signing_up_cancels_the_event_at_the_start_time(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    fake.grant("create_events")
    await create(fake, "swiss")

    await fake.advance(hours=1)

    assert (await view(bot_harness)).tournament.state.value == "cancelled"
    assert the_event(fake).status == CANCELED


async def test_without_the_permission_there_is_no_event(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    signup = await create(fake, "swiss")

    assert fake.scheduled_events() == []
    assert not [r for r in fake.requests if "scheduled-events" in r.path]
    assert [b.label for b in signup.buttons] == ["Join", "Leave"]
    await fake.slash(fake.world.owner, "reversi tournament cancel")
    assert not [r for r in fake.requests if "scheduled-events" in r.path]


async def test_discord_refusing_the_event_costs_the_tournament_nothing(
    fake: FakeDiscord, bot_harness: BotHarness, caplog: pytest.LogCaptureFixture
) -> None:
    fake.grant("create_events")
    fake.faults.fail(f"POST {EVENTS}", status=403, code=50013, message="Missing Permissions")

    signup = await create(fake, "swiss")

    assert fake.scheduled_events() == []
    assert (await view(bot_harness)).tournament.event_id is None
    joined = await fake.click(fake.alice, signup, label="Join")
    assert joined.content == "You're in **Club Cup** (#1). Good luck!"
    assert "No scheduled event for tournament 1 (50013)" in caplog.messages


async def test_an_event_deleted_in_discord_is_left_be(
    fake: FakeDiscord, bot_harness: BotHarness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="cogs.tournaments.event")
    fake.grant("create_events")
    signup = await create(fake, "swiss", rounds=1)
    the_event(fake).deleted = True  # an admin deleted it
    for user in (fake.alice, fake.bob):
        await fake.click(user, signup, label="Join")

    started = await fake.slash(fake.world.owner, "reversi tournament start")

    assert started.content == "**Club Cup** (#1) has started."
    assert len(await games_of_round(fake, bot_harness)) == 1
    assert "Scheduled event of tournament 1 is gone" in caplog.messages
    await fake.slash(fake.world.owner, "reversi tournament cancel")
    asked = [r.method for r in fake.requests if "/scheduled-events/" in r.path]
    assert asked == ["GET"]


async def test_manage_events_alone_makes_no_event(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Discord lets only Create Events create an event: with Manage Events alone the bot does
    not try, and the tournament goes ahead without one."""
    fake.grant("manage_events")

    signup = await create(fake, "swiss")

    assert fake.scheduled_events() == []
    assert not [r for r in fake.requests if "scheduled-events" in r.path]
    assert [b.label for b in signup.buttons] == ["Join", "Leave"]


@pytest.mark.parametrize("events", [True, False])
@pytest.mark.parametrize(
    ("start", "answer"),
    [
        ("<t:253402300800:F>", "A tournament starts within 365 days: pick an earlier time."),
        ("999999999999", "A tournament starts within 365 days: pick an earlier time."),
        ("<t:1990000000:F>", "A tournament starts within 365 days: pick an earlier time."),
        ("<t:99999999999999999999:F>", "I can't read that start time"),
    ],
)
async def test_a_start_time_too_far_ahead_is_refused_and_makes_nothing(
    fake: FakeDiscord, bot_harness: BotHarness, events: bool, start: str, answer: str
) -> None:
    if events:
        fake.grant("create_events")
    posted = len(fake.messages(fake.general))

    reply = await fake.slash(
        fake.world.owner, "reversi tournament create", name="Far Cup", start=start
    )

    assert reply.ephemeral and reply.content.startswith(answer), reply.content
    assert await bot_harness.bot.storage.tournaments.of_guild(fake.guild.id) == []
    assert len(fake.messages(fake.general)) == posted
    assert fake.scheduled_events() == []
    await fake.advance(days=400)  # no start timer was left behind to fail


async def test_a_relative_discord_timestamp_is_read(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    start = int(fake.clock.now().timestamp()) + 7200
    reply = await fake.slash(
        fake.world.owner,
        "reversi tournament create",
        name="Club Cup",
        start=f"<t:{start}:R>",
        options={"channel": fake.games},
    )

    assert reply.content.startswith("Tournament **Club Cup** (#1) created: "), reply.content
    assert (await view(bot_harness)).tournament.starts_at == start
