"""The composition root: one ordered list of what the bot is built from, and the one place that
knows every layer. Nothing it wires imports it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from functools import partial

from aiohttp import web

from bot.bot_player import BotPlayer
from bot.clock import SystemClock
from bot.config import Config
from bot.daily_timers import DailyTimers
from bot.deadlines import Deadlines
from bot.game_puzzles import GamePuzzles
from bot.membership import GuildMembers
from bot.notifications import TurnNotices
from bot.services import Services
from bot.services.bus import Events
from bot.services.reviews import ReviewService
from bot.storage import Storage
from bot.storage.database import GAME, GUILD
from bot.timers import Timers
from bot.tournament_timers import TournamentTimers
from cogs.admin.buttons import ChannelsConfirmButton, ForgetConfirmButton
from cogs.admin.cog import AdminCog
from cogs.core import CoreCog
from cogs.features import Features
from cogs.group import add_feature_cog
from cogs.host import Bot
from cogs.language import LanguageCog
from cogs.names import Names
from cogs.play import cog as play_cog
from cogs.play.challenge_message import ChallengeMessages
from cogs.play.cog import PlayCog
from cogs.play.notify import NoticeMessages, NotifyCog
from cogs.play.publish import BoardPublisher
from cogs.play.versus_bot import VersusBotCog
from cogs.puzzles import buttons as puzzle_buttons
from cogs.puzzles.cog import PuzzleCog
from cogs.puzzles.daily import DailyMessages, DailySolveButton
from cogs.records.buttons import (
    GamesPageButton,
    HistoryPageButton,
    LeaderboardPageButton,
    ReplayButton,
    ShareButton,
)
from cogs.records.games import GamesCog
from cogs.records.history import HistoryCog
from cogs.records.leaderboard import LeaderboardCog
from cogs.records.shares import Shares
from cogs.records.stats import StatsCog
from cogs.reviews import buttons as review_buttons
from cogs.reviews.cog import ReviewCog
from cogs.reviews.progress import ReviewMessages
from cogs.rules.cog import RulesCog
from cogs.tournaments.buttons import TournamentButton
from cogs.tournaments.cog import TournamentsCog
from cogs.tournaments.event import ScheduledEvents
from cogs.tournaments.rounds import RoundOpener
from cogs.tournaments.signup import Signups
from cogs.translator import CatalogueTranslator
from web.live import Live, game, guild
from web.pages.layout import STATIC_FOLDER, add_static
from web.server import WebServer

Feature = Callable[[Bot], Awaitable[None]]
"""Adds one feature to a composed bot: its cogs, each handed what it uses, its buttons, and the
cogs the buttons call (`bot.features`)."""


async def core(bot: Bot) -> None:
    await bot.add_cog(CoreCog(bot))


async def play(bot: Bot) -> None:
    bot.add_dynamic_items(*play_cog.DYNAMIC_ITEMS)
    services = bot.services
    bot.features.play = cog = PlayCog(
        bot,
        games=services.games,
        challenges=services.challenges,
        endings=services.endings,
        publisher=bot.publisher,
        challenge_messages=bot.challenge_messages,
        names=bot.names,
    )
    await add_feature_cog(bot, cog)


async def versus_bot(bot: Bot) -> None:
    cog = VersusBotCog(bot, versus_bot=bot.services.versus_bot, computer=bot.computer)
    await add_feature_cog(bot, cog)


async def records(bot: Bot) -> None:
    bot.add_dynamic_items(LeaderboardPageButton, HistoryPageButton, ReplayButton, ShareButton)
    lookups = bot.services.lookups
    bot.features.leaderboard = leaderboard = LeaderboardCog(bot, lookups=lookups)
    bot.features.stats = stats = StatsCog(bot, lookups=lookups)
    bot.features.history = history = HistoryCog(
        bot,
        lookups=lookups,
        replays=bot.services.replays,
        games=bot.services.games,
        publisher=bot.publisher,
        names=bot.names,
    )
    for cog in (leaderboard, stats, history):
        await add_feature_cog(bot, cog)


async def games(bot: Bot) -> None:
    bot.add_dynamic_items(GamesPageButton)
    bot.features.games = cog = GamesCog(bot, lookups=bot.services.lookups)
    await add_feature_cog(bot, cog)


async def rules(bot: Bot) -> None:
    await add_feature_cog(bot, RulesCog(bot, lookups=bot.services.lookups))


async def admin(bot: Bot) -> None:
    bot.add_dynamic_items(ForgetConfirmButton, ChannelsConfirmButton)
    services = bot.services
    bot.features.admin = cog = AdminCog(
        bot, lookups=services.lookups, settings_service=services.settings, endings=services.endings
    )
    await add_feature_cog(bot, cog)


async def reviews(bot: Bot) -> None:
    bot.add_dynamic_items(*review_buttons.DYNAMIC_ITEMS)
    bot.features.review = cog = ReviewCog(
        bot, reviews=bot.reviews, review_messages=bot.review_messages
    )
    await add_feature_cog(bot, cog)


async def notices(bot: Bot) -> None:
    await add_feature_cog(bot, NotifyCog(bot, notices=bot.services.notices))


async def language(bot: Bot) -> None:
    services = bot.services
    cog = LanguageCog(bot, settings=services.settings, languages=services.context.languages)
    await add_feature_cog(bot, cog)


async def tournaments(bot: Bot) -> None:
    bot.add_dynamic_items(TournamentButton)
    bot.features.tournaments = cog = TournamentsCog(
        bot,
        tournaments=bot.services.tournaments,
        lookups=bot.services.lookups,
        clock=bot.clock,
        round_opener=bot.round_opener,
        scheduled_events=bot.scheduled_events,
        names=bot.names,
    )
    await add_feature_cog(bot, cog)


async def puzzles(bot: Bot) -> None:
    bot.add_dynamic_items(*puzzle_buttons.DYNAMIC_ITEMS, DailySolveButton)
    services = bot.services
    bot.features.puzzles = cog = PuzzleCog(bot, puzzles=services.puzzles, daily=services.daily)
    await add_feature_cog(bot, cog)


async def pages(bot: Bot) -> None:
    """The pages on the web, where the bot has an HTTP server: each page follows what it shows
    live (`Live`), told by the bus and by the other processes on the database."""
    if bot.web is None:
        return
    live = Live()
    live.subscribe(bot.events)
    await follow_changes(bot.storage, live)
    add_pages(bot.web.app, bot.services, live)


def add_pages(app: web.Application, services: Services, live: Live) -> None:
    """Every route of the pages, the same in the bot (`pages`) and in `serve_pages`."""
    add_static(app, STATIC_FOLDER)


async def follow_changes(storage: Storage, live: Live) -> None:
    """Wake the pages open here when another process on the database changes what they show."""
    subjects = {GAME: game, GUILD: guild}
    await storage.database.follow(
        lambda kind, id_: live.changed(subjects[kind](id_)), live.everything_changed
    )


FEATURES: tuple[Feature, ...] = (
    core,
    play,
    versus_bot,
    records,
    games,
    rules,
    admin,
    reviews,
    notices,
    language,
    tournaments,
    puzzles,
    pages,
)
"""Every feature, in the order its cogs are added (and its commands listed)."""


async def compose(bot: Bot, features: Sequence[Feature]) -> None:
    """Build the storage, the services, their timers and workers, every subscriber of the one
    event bus and Discord's shared side, in the order each needs the one before; then add the
    features, each cog handed what it uses. The cogs subscribe nothing themselves: every
    subscriber is wired here, in the order it hears the events."""
    config, clock, events, shards = bot.config, bot.clock, bot.events, bot.config.shards
    bot.storage = storage = await Storage.open(config.database)
    bot.services = services = Services.build(
        storage,
        clock,
        events,
        shards=shards,
        members=GuildMembers(bot),
        refuter=bot.computer.refute,
        web_url=config.web_url,
    )
    services.context.bot_id = bot.user.id if bot.user is not None else None
    bot.reviews = ReviewService(storage, clock, events, bot.computer.analyse, shards=shards)
    bot.timers = timers = Timers(clock)
    Deadlines(services.endings, services.challenges, timers).subscribe(events)
    BotPlayer(services.games, bot.computer, bot.background, timers).subscribe(events)
    TournamentTimers(services.tournaments, services.rounds, timers).subscribe(events)
    bot.names, bot.shares, bot.features = Names(bot), Shares(), Features()
    bot.publisher = BoardPublisher(
        bot, boards=services.boards, names=bot.names, background=bot.background
    )
    bot.publisher.subscribe(events)
    bot.challenge_messages = ChallengeMessages(bot)
    bot.challenge_messages.subscribe(events)
    TurnNotices(
        services.notices,
        timers,
        NoticeMessages(bot, languages=services.context.languages, names=bot.names),
    ).subscribe(events)
    bot.review_messages = ReviewMessages(bot)
    bot.review_messages.subscribe(events)
    bot.game_puzzles = GamePuzzles(services.puzzles, bot.reviews, bot.computer, bot.background)
    bot.game_puzzles.subscribe(events)
    bot.signups = Signups(bot, tournaments=services.tournaments, names=bot.names)
    bot.signups.subscribe(events)
    bot.round_opener = RoundOpener(
        bot,
        rounds=services.rounds,
        notices=services.notices,
        languages=services.context.languages,
        names=bot.names,
    )
    bot.round_opener.subscribe(events)
    bot.scheduled_events = ScheduledEvents(bot, tournaments=services.tournaments)
    bot.scheduled_events.subscribe(events)
    daily_messages = DailyMessages(bot, daily=services.daily, names=bot.names)
    daily_messages.subscribe(events)
    DailyTimers(services.daily, timers, daily_messages).subscribe(events)
    if config.web_port is not None:
        bot.web = WebServer(config.web_host, config.web_port)
    await bot.tree.set_translator(CatalogueTranslator())
    for feature in features:
        await feature(bot)
    if bot.web is not None:
        await bot.web.start()


@asynccontextmanager
async def serve_pages(config: Config, port: int) -> AsyncIterator[WebServer]:
    """The pages alone, served on `port` (`python -m bot web`): no Discord, no shards, no timers.
    The process only reads, and hears of every change from the database, so any number of them
    can serve the pages of the bot processes on one PostgreSQL database, behind any proxy."""
    async with await Storage.open(config.database) as storage:
        services = Services.build(storage, SystemClock(), Events(), web_url=config.web_url)
        live = Live()
        await follow_changes(storage, live)
        server = WebServer(config.web_host, port)
        add_pages(server.app, services, live)
        await server.start()
        try:
            yield server
        finally:
            await server.stop()


def create_bot(config: Config, *, features: Sequence[Feature] = FEATURES) -> Bot:
    """Build the configured bot with `features`; nothing connects until `start()` is awaited."""
    return Bot(config, partial(compose, features=tuple(features)))
