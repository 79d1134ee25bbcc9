"""The composition root: one ordered list of what the bot is built from, and the one place that
knows every layer. Nothing it wires imports it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.bot_player import BotPlayer
from bot.config import Settings
from bot.daily_clock import DailyClock
from bot.deadlines import Deadlines
from bot.membership import GuildMembers
from bot.notifications import TurnNotices
from bot.services import Services
from bot.services.reviews import ReviewService
from bot.storage import Storage
from bot.timers import Timers
from bot.tournament_clock import TournamentClock
from cogs.features import Features
from cogs.host import Bot
from cogs.names import Names
from cogs.play.challenge_message import ChallengeMessages
from cogs.play.notify import NoticeMessages
from cogs.play.publish import BoardPublisher
from cogs.puzzles.daily import DailyMessages
from cogs.records.shares import Shares
from cogs.translator import CatalogueTranslator

EXTENSIONS: tuple[str, ...] = (
    "cogs.core",
    "cogs.play.cog",
    "cogs.play.versus_bot",
    "cogs.records.cog",
    "cogs.records.games",
    "cogs.rules.cog",
    "cogs.admin.cog",
    "cogs.reviews.cog",
    "cogs.play.notify",
    "cogs.language",
    "cogs.tournaments.cog",
    "cogs.puzzles.cog",
)


async def compose(bot: Bot, extensions: Sequence[str]) -> None:
    """Build the storage, the services, their timers and workers, every subscriber of the one
    event bus and Discord's shared side, in the order each needs the one before; then load the
    extensions, whose cogs take what they need from the bot."""
    settings, clock, events, shards = bot.settings, bot.clock, bot.events, bot.settings.shards
    bot.storage = storage = await Storage.open(settings.database)
    bot.services = services = Services.build(
        storage, clock, events, shards=shards, members=GuildMembers(bot)
    )
    services.context.bot_id = bot.user.id if bot.user is not None else None
    bot.reviews = ReviewService(storage, clock, events, bot.computer.analyse, shards=shards)
    bot.timers = timers = Timers(clock)
    Deadlines(services.endings, services.challenges, timers).subscribe(events)
    BotPlayer(services.games, bot.computer, bot.background, timers).subscribe(events)
    TournamentClock(services.tournaments, services.rounds, timers).subscribe(events)
    bot.names, bot.shares, bot.features = Names(bot), Shares(), Features()
    bot.publisher = BoardPublisher(bot, bot.names, bot.background)
    bot.publisher.subscribe(events)
    bot.challenge_messages = ChallengeMessages(bot)
    bot.challenge_messages.subscribe(events)
    TurnNotices(services.notices, timers, NoticeMessages(bot)).subscribe(events)
    daily_messages = DailyMessages(bot)
    daily_messages.subscribe(events)
    DailyClock(services.daily, timers, daily_messages).subscribe(events)
    await bot.tree.set_translator(CatalogueTranslator())
    for name in extensions:
        await bot.load_extension(name)


def create_bot(settings: Settings, *, extensions: Sequence[str] = EXTENSIONS) -> Bot:
    """Build the configured bot; nothing connects until `start()` is awaited."""
    return Bot(settings, partial(compose, extensions=tuple(extensions)))
