"""Server settings, a moderator cancelling a game, and a player deleting their stats."""

from __future__ import annotations

from bot.domain import DELETED_USER_ID, ChallengeStatus, EndReason
from cogs.play.challenge_message import FORGOTTEN
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import (
    HeldSearches,
    board_of,
    eventually,
    game_id,
    out_of_book,
    past_abort_window,
    play,
    start_game,
    stored,
)


async def test_anyone_can_see_the_settings(fake: FakeDiscord) -> None:
    reply = await fake.slash(fake.alice, "reversi settings")
    assert reply.ephemeral
    assert "Time control: **1 day per move**" in reply.content
    assert "Rated games: **on**" in reply.content
    assert "Games allowed in: every channel" in reply.content


async def test_changing_settings_needs_manage_server(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    reply = await fake.slash(fake.carol, "reversi settings", rated=False)
    assert reply.ephemeral and "Manage Server" in reply.content
    settings = await bot_harness.bot.storage.settings.get(fake.guild.id)
    assert settings.rated


async def test_an_admin_limits_games_to_a_channel_and_sets_defaults(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    owner = fake.world.owner
    reply = await fake.slash(owner, "reversi settings", time="1h", rated=False, allow=fake.games)
    assert reply.ephemeral and reply.content.startswith("Saved.")
    assert "Time control: **1 hour per move**" in reply.content
    assert "Rated games: **off**" in reply.content
    assert "Games allowed in: every channel" in reply.content  # until the admin confirms
    await fake.click(owner, reply.message, label="Yes, change it")
    assert f"Games allowed in: <#{fake.games.id}>" in reply.message.content

    refused = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)
    assert refused.ephemeral and "aren't allowed in this channel" in refused.content

    board = await start_game(fake, channel=fake.games)
    record = await stored(bot_harness, board)
    assert record.time_control.per_move == 3600 and not record.rated

    reply = await fake.slash(owner, "reversi settings", disallow=fake.quiet)  # not allowed anyway
    assert reply.content.startswith("Saved.")
    assert f"Games allowed in: <#{fake.games.id}>" in reply.content


def where(settings_text: str) -> str:
    """The line of the settings that says where games are allowed."""
    (line,) = [line for line in settings_text.split("\n") if line.startswith("Games allowed in:")]
    return line


async def test_one_channel_is_blocked_while_games_are_allowed_everywhere(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    owner = fake.world.owner
    reply = await fake.slash(owner, "reversi settings", disallow=fake.general)
    assert reply.content.startswith("Saved.") and reply.message.buttons == []
    assert where(reply.content) == f"Games allowed in: every channel except <#{fake.general.id}>"
    refused = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)
    assert refused.ephemeral and "aren't allowed in this channel" in refused.content
    await start_game(fake, channel=fake.quiet)

    reply = await fake.slash(owner, "reversi settings", disallow=fake.games)
    blocked = f"<#{fake.general.id}>, <#{fake.games.id}>"
    assert where(reply.content) == f"Games allowed in: every channel except {blocked}"
    reply = await fake.slash(owner, "reversi settings", allow=fake.general)  # blocked no more
    assert reply.message.buttons == []
    assert where(reply.content) == f"Games allowed in: every channel except <#{fake.games.id}>"
    await start_game(fake)
    settings = await bot_harness.bot.storage.settings.get(fake.guild.id)
    assert (settings.allowed_channels, settings.blocked_channels) == (set(), {fake.games.id})


async def test_closing_every_other_channel_asks_first(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    owner = fake.world.owner
    asked = await fake.slash(owner, "reversi settings", allow=fake.games)
    assert asked.ephemeral and asked.content == (
        f"Allow games only in <#{fake.games.id}>? Every other channel will refuse new games."
    )
    assert [b.label for b in asked.message.buttons] == ["Yes, change it"]
    storage = bot_harness.bot.storage
    assert (await storage.settings.get(fake.guild.id)).allows(fake.general.id)  # not yet

    done = await fake.click(owner, asked.message, label="Yes, change it")
    assert done.message is asked.message and asked.message.buttons == []
    assert asked.message.content.startswith("Saved.")
    assert where(asked.message.content) == f"Games allowed in: <#{fake.games.id}>"
    assert (await storage.settings.get(fake.guild.id)).allowed_channels == {fake.games.id}


async def test_opening_every_channel_asks_first(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    owner = fake.world.owner
    storage = bot_harness.bot.storage
    await storage.settings.update(
        fake.guild.id, now=0, allowed_channels=[fake.games.id, fake.quiet.id]
    )
    listed = f"<#{fake.games.id}>, <#{fake.quiet.id}>"
    asked = await fake.slash(owner, "reversi settings", everywhere=True, rated=False)
    assert asked.content.startswith("Saved.")  # the rest is saved at once
    assert "Rated games: **off**" in asked.content
    assert asked.content.endswith(
        f"\n\nOnly {listed} allow games now. Allow games in every channel?"
    )
    await fake.click(owner, asked.message, label="Yes, change it")
    assert where(asked.message.content) == "Games allowed in: every channel"

    await storage.settings.update(fake.guild.id, now=0, allowed_channels=[fake.games.id])
    asked = await fake.slash(owner, "reversi settings", disallow=fake.games)
    assert asked.content == (
        f"<#{fake.games.id}> is the only channel that allows games. Disallow it, and allow games "
        "in every other channel?"
    )
    await fake.click(owner, asked.message, label="Yes, change it")
    assert where(asked.message.content) == (
        f"Games allowed in: every channel except <#{fake.games.id}>"
    )
    both = await fake.slash(owner, "reversi settings", allow=fake.games, disallow=fake.quiet)
    assert both.content == "Change one channel setting at a time: allow, disallow or everywhere."


async def test_a_confirmation_whose_meaning_changed_is_asked_again(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    owner = fake.world.owner
    storage = bot_harness.bot.storage
    await storage.settings.update(fake.guild.id, now=0, allowed_channels=[fake.games.id])
    asked = await fake.slash(owner, "reversi settings", disallow=fake.games)
    assert "is the only channel that allows games" in asked.content
    await fake.slash(owner, "reversi settings", allow=fake.quiet)  # meanwhile, another admin

    again = await fake.click(owner, asked.message, label="Yes, change it")
    assert again.message is asked.message
    assert asked.message.content == (
        f"The channel settings have changed since you asked. Disallow games in <#{fake.games.id}>?"
    )
    settings = await storage.settings.get(fake.guild.id)
    assert settings.allowed_channels == {fake.games.id, fake.quiet.id}  # nothing done
    await fake.click(owner, asked.message, label="Yes, change it")
    assert where(asked.message.content) == f"Games allowed in: <#{fake.quiet.id}>"

    asked = await fake.slash(owner, "reversi settings", everywhere=True)
    await storage.settings.update(fake.guild.id, now=0, allowed_channels=[])  # done meanwhile
    stale = await fake.click(owner, asked.message, label="Yes, change it")
    assert stale.message is asked.message and asked.message.buttons == []
    assert asked.message.content.startswith("The channel settings have changed since you asked.")
    assert where(asked.message.content) == "Games allowed in: every channel"


async def test_a_moderator_cancels_a_game_unrated(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await play(fake, board, fake.alice, "d3")

    refused = await fake.slash(fake.alice, "reversi admin cancel")
    assert refused.ephemeral and "Manage Messages" in refused.content

    reply = await fake.slash(fake.carol, "reversi admin cancel")
    assert not reply.ephemeral
    assert f"{fake.carol.mention} cancelled game #{game_id(board)}" in reply.content
    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.CANCELLED and record.cancelled_by == fake.carol.id
    assert record.winner is None and record.transcript == "d3"
    board = board_of(fake, record)
    assert f"Game cancelled by {fake.carol.mention}; it is not rated." in board.content
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]
    storage = bot_harness.bot.storage
    assert await storage.players.get(fake.guild.id, fake.alice.id) is None
    assert await storage.games.active_in(fake.general.id) is None

    nothing = await fake.slash(fake.carol, "reversi admin cancel")
    assert "no game in progress" in nothing.content


async def test_a_cancel_while_the_bot_thinks_discards_its_move(
    fake: FakeDiscord, bot_harness: BotHarness, held_searches: HeldSearches
) -> None:
    await fake.slash(fake.alice, "reversi play-bot", level=5, colour="black")
    board = fake.last_message(fake.general)
    await out_of_book(fake, bot_harness, board, fake.alice, held_searches)
    await fake.slash(fake.carol, "reversi admin cancel")
    held_searches.release()
    await eventually(lambda: not bot_harness.bot.background, seconds=30)
    record = await stored(bot_harness, board)
    played = len(record.transcript) // 2
    assert record.end_reason is EndReason.CANCELLED and played % 2 == 1  # Alice's move was last


async def test_forget_me_deletes_stats_after_confirmation(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    await fake.slash(fake.bob, "reversi resign")
    confirm = fake.ephemeral_replies(fake.bob)[-1]
    await fake.click(fake.bob, confirm, label="Yes, resign")
    storage = bot_harness.bot.storage
    assert await storage.players.get(fake.guild.id, fake.alice.id) is not None

    reply = await fake.slash(fake.alice, "reversi forget-me")
    assert reply.ephemeral and "can't be undone" in reply.content
    assert await storage.players.get(fake.guild.id, fake.alice.id) is not None  # not yet
    assert reply.message is not None
    done = await fake.click(fake.alice, reply.message, label="Yes, delete my stats")
    assert "are deleted" in done.content
    assert await storage.players.get(fake.guild.id, fake.alice.id) is None
    record = await stored(bot_harness, board)
    assert record.black_id == DELETED_USER_ID and record.white_id == fake.bob.id
    assert await storage.players.get(fake.guild.id, fake.bob.id) is not None


async def test_forget_me_is_refused_during_a_game(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await start_game(fake)
    reply = await fake.slash(fake.alice, "reversi forget-me")
    assert reply.message is not None
    refused = await fake.click(fake.alice, reply.message, label="Yes, delete my stats")
    assert "finish or resign it first" in refused.content
    assert await bot_harness.bot.storage.games.active_in(fake.general.id) is not None


async def test_forget_me_closes_the_members_open_challenges(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    theirs = (await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob)).message
    to_them = (
        await fake.slash(fake.carol, "reversi challenge", channel=fake.games, opponent=fake.alice)
    ).message
    others = (
        await fake.slash(fake.bob, "reversi challenge", channel=fake.quiet, time="3+2")
    ).message
    assert theirs is not None and to_them is not None and others is not None
    untouched = others.content

    reply = await fake.slash(fake.alice, "reversi forget-me")
    assert reply.message is not None
    await fake.click(fake.alice, reply.message, label="Yes, delete my stats")

    for message in (theirs, to_them):
        assert message.content == FORGOTTEN  # no one cancelled them: say what happened
        assert message.buttons == []
    assert others.content == untouched
    assert [b.label for b in others.buttons] == ["Accept", "Cancel"]
    storage = bot_harness.bot.storage
    (pending,) = await storage.challenges.pending()
    assert pending.challenger_id == fake.bob.id and pending.status is ChallengeStatus.PENDING

    await fake.advance(minutes=16)  # their expiry timers are gone with them
    assert theirs.content == FORGOTTEN and to_them.content == FORGOTTEN
    assert "expired" in others.content
