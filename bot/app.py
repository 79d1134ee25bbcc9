"""The composition root: one ordered list of what the bot is built from, and the one place that
knows every layer. Nothing it wires imports it."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.bot_player import BotPlayer
from bot.config import Config
from bot.daily_timers import DailyTimers
from bot.deadlines import Deadlines
from bot.game_puzzles import GamePuzzles
from bot.membership import GuildMembers
from bot.notifications import TurnNotices
from bot.services import Services
from bot.services.reviews import ReviewService
from bot.storage import Storage
from bot.timers import Timers
from bot.tournament_timers import TournamentTimers
from cogs.features import Features
from cogs.host import Bot
from cogs.names import Names
from cogs.play.challenge_message import ChallengeMessages
from cogs.play.notify import NoticeMessages
from cogs.play.publish import BoardPublisher
from cogs.puzzles.daily import DailyMessages
from cogs.records.shares import Shares
from cogs.reviews.progress import ReviewMessages
from cogs.tournaments.event import ScheduledEvents
from cogs.tournaments.rounds import RoundOpener
from cogs.tournaments.signup import Signups
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
    extensions, whose cogs take what they need from the bot. The cogs subscribe nothing
    themselves: every subscriber is wired here, in the order it hears the events."""
    config, clock, events, shards = bot.config, bot.clock, bot.events, bot.config.shards
    bot.storage = storage = await Storage.open(config.database)
    bot.services = services = Services.build(
        storage,
        clock,
        events,
        shards=shards,
        members=GuildMembers(bot),
        refuter=bot.computer.refute,
    )
    services.context.bot_id = bot.user.id if bot.user is not None else None
    bot.reviews = ReviewService(storage, clock, events, bot.computer.analyse, shards=shards)
    bot.timers = timers = Timers(clock)
    Deadlines(services.endings, services.challenges, timers).subscribe(events)
    BotPlayer(services.games, bot.computer, bot.background, timers).subscribe(events)
    TournamentTimers(services.tournaments, services.rounds, timers).subscribe(events)
    bot.names, bot.shares, bot.features = Names(bot), Shares(), Features()
    bot.publisher = BoardPublisher(bot, bot.names, bot.background)
    bot.publisher.subscribe(events)
    bot.challenge_messages = ChallengeMessages(bot)
    bot.challenge_messages.subscribe(events)
    TurnNotices(services.notices, timers, NoticeMessages(bot)).subscribe(events)
    bot.review_messages = ReviewMessages(bot)
    bot.review_messages.subscribe(events)
    bot.game_puzzles = GamePuzzles(services.puzzles, bot.reviews, bot.computer, bot.background)
    bot.game_puzzles.subscribe(events)
    bot.signups = Signups(bot)
    bot.signups.subscribe(events)
    bot.round_opener = RoundOpener(bot)
    bot.round_opener.subscribe(events)
    bot.scheduled_events = ScheduledEvents(bot)
    bot.scheduled_events.subscribe(events)
    daily_messages = DailyMessages(bot)
    daily_messages.subscribe(events)
    DailyTimers(services.daily, timers, daily_messages).subscribe(events)
    await bot.tree.set_translator(CatalogueTranslator())
    for name in extensions:
        await bot.load_extension(name)


def create_bot(config: Config, *, extensions: Sequence[str] = EXTENSIONS) -> Bot:
    """Build the configured bot; nothing connects until `start()` is awaited."""
    return Bot(config, partial(compose, extensions=tuple(extensions)))
