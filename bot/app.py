"""The composition root: one ordered list of what the bot is built from, and the one place that
knows every layer. Nothing it wires imports it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from functools import partial

import discord
from aiohttp import web
from discord import Intents

from bot.bot_player import BotPlayer
from bot.clock import Clock, SystemClock
from bot.computer import Computer
from bot.config import Config
from bot.daily_timers import DailyTimers
from bot.deadlines import Deadlines
from bot.domain.events import WebPagesUpdated
from bot.engine.ai.analysis import PositionAnalysis, ReviewBudget, analyse_position
from bot.game_puzzles import GamePuzzles
from bot.membership import GuildMembers
from bot.metrics import GamesCounted
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
from cogs.audience import Audience
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
    LivePageButton,
    ReplayButton,
    ShareButton,
)
from cogs.records.games import GamesCog
from cogs.records.history import HistoryCog
from cogs.records.leaderboard import LeaderboardCog
from cogs.records.live import LiveCog
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
from web.limits import Limits
from web.live import Live, game, guild
from web.operations import PATHS as OPERATIONS_PATHS
from web.operations import Probes
from web.operations import routes as operations_routes
from web.pages import files
from web.pages import leaderboard as leaderboard_page
from web.pages import player as player_page
from web.pages import tournament as tournament_page
from web.pages.game import GamePages
from web.pages.layout import STATIC_FOLDER, add_static
from web.pages.parts import NameOf
from web.server import WebServer


@dataclass(frozen=True)
class Parts:
    """What `compose` builds once for the features to share: the services, the workers and the
    Discord-side parts. A feature builder hands each cog the ones it uses; the bot keeps only
    what the client itself needs (the storage, the services' recovery and shutdown)."""

    services: Services
    reviews: ReviewService
    clock: Clock
    computer: Computer
    audience: Audience
    names: Names
    shares: Shares
    publisher: BoardPublisher
    challenge_messages: ChallengeMessages
    review_messages: ReviewMessages
    round_opener: RoundOpener
    scheduled_events: ScheduledEvents


Feature = Callable[[Bot, Parts], Awaitable[None]]
"""Adds one feature to a composed bot: its cogs, each handed what it uses of the `Parts`, its
buttons, and the cogs the buttons call (`bot.features`)."""


async def core(bot: Bot, parts: Parts) -> None:
    await bot.add_cog(CoreCog(bot, audience=parts.audience))


async def play(bot: Bot, parts: Parts) -> None:
    bot.add_dynamic_items(*play_cog.DYNAMIC_ITEMS)
    services = parts.services
    bot.features.play = cog = PlayCog(
        bot,
        audience=parts.audience,
        games=services.games,
        challenges=services.challenges,
        endings=services.endings,
        publisher=parts.publisher,
        challenge_messages=parts.challenge_messages,
        names=parts.names,
    )
    await add_feature_cog(bot, cog)


async def versus_bot(bot: Bot, parts: Parts) -> None:
    cog = VersusBotCog(
        bot,
        audience=parts.audience,
        versus_bot=parts.services.versus_bot,
        computer=parts.computer,
    )
    await add_feature_cog(bot, cog)


async def records(bot: Bot, parts: Parts) -> None:
    bot.add_dynamic_items(LeaderboardPageButton, HistoryPageButton, ReplayButton, ShareButton)
    services, audience, shares = parts.services, parts.audience, parts.shares
    lookups = services.lookups
    pages = services.pages
    bot.features.leaderboard = leaderboard = LeaderboardCog(
        bot, audience=audience, lookups=lookups, shares=shares, pages=pages
    )
    bot.features.stats = stats = StatsCog(
        bot, audience=audience, lookups=lookups, shares=shares, pages=pages
    )
    bot.features.history = history = HistoryCog(
        bot,
        audience=audience,
        lookups=lookups,
        shares=shares,
        replays=services.replays,
        games=services.games,
        publisher=parts.publisher,
        names=parts.names,
        pages=pages,
    )
    for cog in (leaderboard, stats, history):
        await add_feature_cog(bot, cog)


async def games(bot: Bot, parts: Parts) -> None:
    bot.add_dynamic_items(GamesPageButton, LivePageButton)
    services, audience, shares = parts.services, parts.audience, parts.shares
    bot.features.games = cog = GamesCog(
        bot, audience=audience, lookups=services.lookups, shares=shares, pages=services.pages
    )
    bot.features.live = live = LiveCog(
        bot,
        audience=audience,
        lookups=services.lookups,
        shares=shares,
        pages=services.pages,
        names=parts.names,
    )
    for each in (cog, live):
        await add_feature_cog(bot, each)


async def rules(bot: Bot, parts: Parts) -> None:
    cog = RulesCog(bot, audience=parts.audience, lookups=parts.services.lookups)
    await add_feature_cog(bot, cog)


async def admin(bot: Bot, parts: Parts) -> None:
    bot.add_dynamic_items(ForgetConfirmButton, ChannelsConfirmButton)
    services = parts.services
    bot.features.admin = cog = AdminCog(
        bot,
        audience=parts.audience,
        lookups=services.lookups,
        settings_service=services.settings,
        endings=services.endings,
    )
    await add_feature_cog(bot, cog)


async def reviews(bot: Bot, parts: Parts) -> None:
    bot.add_dynamic_items(*review_buttons.DYNAMIC_ITEMS)
    bot.features.review = cog = ReviewCog(
        bot,
        audience=parts.audience,
        reviews=parts.reviews,
        review_messages=parts.review_messages,
    )
    await add_feature_cog(bot, cog)


async def notices(bot: Bot, parts: Parts) -> None:
    cog = NotifyCog(bot, audience=parts.audience, notices=parts.services.notices)
    await add_feature_cog(bot, cog)


async def language(bot: Bot, parts: Parts) -> None:
    services = parts.services
    cog = LanguageCog(
        bot,
        audience=parts.audience,
        settings=services.settings,
        languages=services.context.languages,
    )
    await add_feature_cog(bot, cog)


async def tournaments(bot: Bot, parts: Parts) -> None:
    bot.add_dynamic_items(TournamentButton)
    bot.features.tournaments = cog = TournamentsCog(
        bot,
        audience=parts.audience,
        tournaments=parts.services.tournaments,
        lookups=parts.services.lookups,
        clock=parts.clock,
        round_opener=parts.round_opener,
        scheduled_events=parts.scheduled_events,
        names=parts.names,
        pages=parts.services.pages,
    )
    await add_feature_cog(bot, cog)


async def puzzles(bot: Bot, parts: Parts) -> None:
    bot.add_dynamic_items(*puzzle_buttons.DYNAMIC_ITEMS, DailySolveButton)
    services = parts.services
    bot.features.puzzles = cog = PuzzleCog(
        bot,
        audience=parts.audience,
        puzzles=services.puzzles,
        daily=services.daily,
        names=parts.names,
    )
    await add_feature_cog(bot, cog)


async def pages(bot: Bot, parts: Parts) -> None:
    """The pages on the web, where the bot has an HTTP server: each page follows what it shows
    live (`Live`), told by the bus and by the other processes on the database."""
    if bot.web is None:
        return
    live = Live()
    live.subscribe(bot.events)
    await follow_changes(bot.storage, live)
    add_pages(bot.web.app, parts.services, live, reviews=parts.reviews, names=parts.names.name)


def add_pages(
    app: web.Application, services: Services, live: Live, *, reviews: ReviewService, names: NameOf
) -> None:
    """Every route of the pages, the same in the bot (`pages`) and alone (`serve_pages`). Every
    request but the operators' counts against its address's limits (`Limits`, which the live
    pages use for their connections too)."""
    languages = services.context.languages
    limits = Limits(services.lookups.now, spared=OPERATIONS_PATHS)
    app.middlewares.append(limits.middleware)
    add_static(app, STATIC_FOLDER)
    game_pages = GamePages(
        pages=services.pages,
        lookups=services.lookups,
        reviews=reviews,
        languages=languages,
        names=names,
        live=live,
        limits=limits,
    )
    app.add_routes(
        [
            *game_pages.routes(),
            *files.routes(services.pages, services.lookups, names),
            *tournament_page.routes(
                pages=services.pages,
                tournaments=services.tournaments,
                languages=languages,
                name_of=names,
            ),
            *player_page.routes(
                pages=services.pages,
                lookups=services.lookups,
                languages=languages,
                name_of=names,
            ),
            *leaderboard_page.routes(
                pages=services.pages,
                lookups=services.lookups,
                languages=languages,
                name_of=names,
            ),
        ]
    )
    app.on_shutdown.append(game_pages.close)


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
    features, each handed the `Parts`. The cogs subscribe nothing themselves: every subscriber
    is wired here, in the order it hears the events, handed the parts it uses."""
    config, clock, events, shards = bot.config, bot.clock, bot.events, bot.config.shards
    background, computer = bot.background, bot.computer
    bot.storage = storage = await Storage.open(config.database)
    bot.services = services = Services.build(
        storage,
        clock,
        events,
        shards=shards,
        members=GuildMembers(bot),
        refuter=computer.refute,
        web_url=config.web_url,
    )
    services.context.bot_id = bot.user.id if bot.user is not None else None
    events.subscribe(WebPagesUpdated, services.pages.updated)
    bot.reviews = reviews = ReviewService(storage, clock, events, computer.analyse, shards=shards)
    bot.timers = timers = Timers(clock)
    measure(bot, timers)
    Deadlines(services.endings, services.challenges, timers).subscribe(events)
    BotPlayer(services.games, computer, background, timers).subscribe(events)
    TournamentTimers(services.tournaments, services.rounds, timers).subscribe(events)
    languages = services.context.languages
    audience, names = Audience(bot, languages), Names(bot)
    bot.features = Features()
    publisher = BoardPublisher(
        bot,
        boards=services.boards,
        audience=audience,
        names=names,
        background=background,
        pages=services.pages,
    )
    publisher.subscribe(events)
    challenge_messages = ChallengeMessages(bot, audience=audience, background=background)
    challenge_messages.subscribe(events)
    TurnNotices(
        services.notices,
        timers,
        NoticeMessages(bot, languages=languages, audience=audience, names=names),
    ).subscribe(events)
    review_messages = ReviewMessages(
        bot,
        reviews=reviews,
        audience=audience,
        names=names,
        background=background,
        clock=clock,
        pages=services.pages,
    )
    review_messages.subscribe(events)
    bot.game_puzzles = GamePuzzles(services.puzzles, reviews, computer, background)
    bot.game_puzzles.subscribe(events)
    Signups(
        bot,
        tournaments=services.tournaments,
        audience=audience,
        names=names,
        background=background,
        pages=services.pages,
    ).subscribe(events)
    round_opener = RoundOpener(
        bot,
        rounds=services.rounds,
        notices=services.notices,
        languages=languages,
        audience=audience,
        names=names,
        background=background,
        clock=clock,
        timers=timers,
    )
    round_opener.subscribe(events)
    scheduled_events = ScheduledEvents(
        bot,
        tournaments=services.tournaments,
        audience=audience,
        background=background,
        clock=clock,
    )
    scheduled_events.subscribe(events)
    daily_messages = DailyMessages(
        bot, daily=services.daily, audience=audience, names=names, background=background
    )
    daily_messages.subscribe(events)
    DailyTimers(services.daily, timers, daily_messages).subscribe(events)
    if config.web_port is not None:
        bot.web = WebServer(config.web_host, config.web_port)
    await bot.tree.set_translator(CatalogueTranslator())
    parts = Parts(
        services=services,
        reviews=reviews,
        clock=clock,
        computer=computer,
        audience=audience,
        names=names,
        shares=Shares(),
        publisher=publisher,
        challenge_messages=challenge_messages,
        review_messages=review_messages,
        round_opener=round_opener,
        scheduled_events=scheduled_events,
    )
    for feature in features:
        await feature(bot, parts)
    if bot.web is not None:
        bot.web.app.add_routes(
            operations_routes(
                Probes(
                    lag=bot.metrics.lag.worst,
                    shards=bot.shard_states,
                    database=services.health.database_problem,
                    claim=bot.claim_held,
                    registry=bot.metrics.registry,
                    stopping=lambda: bot.stopping,
                )
            )
        )
        await bot.web.start()


def measure(bot: Bot, timers: Timers) -> None:
    """Feed the bot's metrics from the storage, the services, the bus, the timers, the computer,
    the reviews and the gateway, and start measuring the event loop's lag."""
    metrics, computer, reviews = bot.metrics, bot.computer, bot.reviews
    bot.storage.database.timings = metrics.transaction_timings
    bot.services.context.on_retry = metrics.retry
    GamesCounted(metrics).subscribe(bot.events)
    metrics.watch("reversi_timers_pending", lambda: timers.pending)
    metrics.watch("reversi_timers_overdue", lambda: timers.overdue)
    computer.searched = metrics.searched
    metrics.watch("reversi_computer_queue", lambda: computer.queued)
    metrics.watch("reversi_reviews_in_progress", lambda: reviews.in_progress)
    metrics.watch_gateway(bot.shard_states)
    metrics.start()


@asynccontextmanager
async def serve_pages(config: Config, port: int) -> AsyncIterator[WebServer]:
    """The pages alone, served on `port` (`python -m bot web`): no gateway, no shards, no timers.
    The process only reads, and hears of every change from the database, so any number of them
    can serve the pages of the bot processes on one PostgreSQL database, behind any proxy. With
    the bot's token it asks Discord's REST API for the players' names, as the bot does for those
    it has not met; without, the pages name the players by their colours."""
    clock, events = SystemClock(), Events()
    async with AsyncExitStack() as stack:
        storage = await stack.enter_async_context(await Storage.open(config.database))
        services = Services.build(storage, clock, events, web_url=config.web_url)
        reviews = ReviewService(storage, clock, events, analysed_here)  # read, never run
        names: NameOf = unnamed
        if config.token is not None:
            discord_api = await stack.enter_async_context(discord.Client(intents=Intents.none()))
            await discord_api.login(config.token)  # no gateway: REST only
            names = Names(discord_api).name
        live = Live()
        await follow_changes(storage, live)
        server = WebServer(config.web_host, port)
        add_pages(server.app, services, live, reviews=reviews, names=names)
        await server.start()
        stack.push_async_callback(server.stop)
        yield server


async def analysed_here(
    position: str, played: int | None, budget: ReviewBudget
) -> PositionAnalysis:
    """A position of a review analysed in this process, for a process with no workers."""
    return await asyncio.to_thread(analyse_position, position, played, budget)


async def unnamed(_user_id: int, fallback: str) -> str:
    """No name known, where none can be asked for: the pages show the players' colours."""
    return fallback


def create_bot(config: Config, *, features: Sequence[Feature] = FEATURES) -> Bot:
    """Build the configured bot with `features`; nothing connects until `start()` is awaited."""
    return Bot(config, partial(compose, features=tuple(features)))
