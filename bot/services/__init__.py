"""The services: every change in a game's life, decided and stored, each service owning one
thing; all of them share one `Context` (storage, clock, events, shards, the bot's id)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.clock import Clock
from bot.domain.shards import ALL_SHARDS, Shards
from bot.services.boards import Boards
from bot.services.bus import Events
from bot.services.challenges import Challenges
from bot.services.context import Context
from bot.services.daily import DailyPuzzles
from bot.services.endings import Endings
from bot.services.games import Games
from bot.services.health import Health
from bot.services.lookups import Lookups
from bot.services.notices import Notices
from bot.services.pages import Pages
from bot.services.places import Place
from bot.services.puzzles import Puzzles, Refuter, refuted_here
from bot.services.recovery import Recovery
from bot.services.replays import Replays
from bot.services.settings import Settings, SettingsChange, SettingsSaved
from bot.services.tournament_rounds import Members, NobodyLeaves, TournamentRounds
from bot.services.tournaments import Tournaments
from bot.services.versus_bot import VersusBot
from bot.storage import Storage

__all__ = ["Place", "Services", "SettingsChange", "SettingsSaved"]


@dataclass(frozen=True, slots=True)
class Services:
    """Every service, built on one context: what the bot exposes to its cogs and subscribers."""

    context: Context
    games: Games
    endings: Endings
    challenges: Challenges
    versus_bot: VersusBot
    replays: Replays
    settings: Settings
    notices: Notices
    boards: Boards
    lookups: Lookups
    recovery: Recovery
    tournaments: Tournaments
    rounds: TournamentRounds
    puzzles: Puzzles
    daily: DailyPuzzles
    pages: Pages
    health: Health

    @classmethod
    def build(
        cls,
        storage: Storage,
        clock: Clock,
        events: Events,
        *,
        shards: Shards = ALL_SHARDS,
        rng: random.Random | None = None,
        members: Members | None = None,
        refuter: Refuter = refuted_here,
        web_url: str | None = None,
    ) -> Services:
        """`members` tells who left a server (Discord, in the bot); without it nobody does.
        `refuter` refutes a wrong puzzle move (in this process unless given). `web_url` is the
        pages' public address, if they have one."""
        context = Context(storage, clock, events, shards, rng or random.Random())
        endings = Endings(context)
        versus_bot = VersusBot(context)
        rounds = TournamentRounds(context, members or NobodyLeaves())
        boards = Boards(context)
        puzzles = Puzzles(context, refuter)
        daily = DailyPuzzles(context, puzzles)
        return cls(
            context=context,
            games=Games(context, endings, boards),
            endings=endings,
            challenges=Challenges(context, versus_bot),
            versus_bot=versus_bot,
            replays=Replays(context),
            settings=Settings(context, web_pages=web_url is not None),
            notices=Notices(context),
            boards=boards,
            lookups=Lookups(context),
            recovery=Recovery(context, rounds, daily),
            tournaments=Tournaments(context, endings, rounds),
            rounds=rounds,
            puzzles=puzzles,
            daily=daily,
            pages=Pages(context, web_url),
            health=Health(context),
        )
