"""The "Open in browser" button of the look-ups, a review and a tournament: each leads to the page
of what it shows (a player's, the server's, the game's, the tournament's), only while the server
shows its pages."""

from __future__ import annotations

from bot.domain.pages import PageKind
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message

from .play import eventually
from .test_review import fast_reviews, finished_game, review_shown
from .test_tournaments import create, view
from .test_web_links import bot_config, links, page_path, pages_on

__all__ = ["bot_config", "fast_reviews"]  # the bot with pages on the web, reviewing quickly


async def leads_to(
    harness: BotHarness, message: Message, kind: PageKind, *ids: int, guild_id: int
) -> None:
    """The message's one link is the address of the page of `kind` for `ids`."""
    (link,) = links(message)
    assert link.label == "Open in browser"
    *path, token = page_path(link).strip("/").split("/")
    assert path == [kind.value, *map(str, ids)]
    assert await harness.bot.services.pages.shown(guild_id, kind, ids, token)


async def test_the_look_ups_lead_to_their_pages_while_the_server_shows_them(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    guild, alice = fake.guild.id, fake.alice

    async def answers() -> dict[str, Message]:
        asked = {
            "stats": await fake.slash(alice, "reversi stats"),
            "leaderboard": await fake.slash(alice, "reversi leaderboard"),
            "games": await fake.slash(alice, "reversi games"),
            "everyone": await fake.slash(alice, "reversi games", everyone=True),
        }
        found = {name: reply.message for name, reply in asked.items()}
        assert all(message is not None for message in found.values())
        return found  # type: ignore[return-value]

    assert all(links(message) == [] for message in (await answers()).values())
    await pages_on(fake, True)
    shown = await answers()
    await leads_to(bot_harness, shown["stats"], PageKind.PLAYER, guild, alice.id, guild_id=guild)
    await leads_to(bot_harness, shown["leaderboard"], PageKind.SERVER, guild, guild_id=guild)
    await leads_to(bot_harness, shown["games"], PageKind.PLAYER, guild, alice.id, guild_id=guild)
    await leads_to(bot_harness, shown["everyone"], PageKind.SERVER, guild, guild_id=guild)

    await fake.click(alice, shown["stats"], label="Share")  # everyone's copy leads there too
    shared = fake.last_message(fake.general)
    await leads_to(bot_harness, shared, PageKind.PLAYER, guild, alice.id, guild_id=guild)

    await pages_on(fake, False)
    assert all(links(message) == [] for message in (await answers()).values())


async def test_a_review_leads_to_its_games_page(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    await pages_on(fake, True)
    record = await finished_game(fake, bot_harness)
    asked = await fake.slash(fake.carol, "reversi review", id=record.id)
    progress = asked.message
    assert progress is not None
    await eventually(lambda: review_shown(progress))
    await leads_to(bot_harness, progress, PageKind.GAME, record.id, guild_id=fake.guild.id)
    (link,) = links(progress)
    assert [b.label for b in progress.buttons if b.row == link.row] == [
        "Summary",
        "Open in browser",
    ]
    await fake.select(fake.bob, progress, ["12"], custom_id=progress.selects[0].custom_id)
    await leads_to(bot_harness, progress, PageKind.GAME, record.id, guild_id=fake.guild.id)


async def test_a_tournament_leads_to_its_page(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    await pages_on(fake, True)
    signup = await create(fake, "swiss")
    tournament = (await view(bot_harness)).tournament
    guild = fake.guild.id
    await leads_to(bot_harness, signup, PageKind.TOURNAMENT, tournament.id, guild_id=guild)
    assert [b.label for b in signup.buttons] == ["Join", "Leave", "Open in browser"]
    await fake.click(fake.alice, signup, label="Join")
    await leads_to(bot_harness, signup, PageKind.TOURNAMENT, tournament.id, guild_id=guild)

    standings = await fake.slash(fake.bob, "reversi tournament standings")
    assert standings.message is not None
    await leads_to(
        bot_harness, standings.message, PageKind.TOURNAMENT, tournament.id, guild_id=guild
    )
