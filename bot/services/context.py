"""What every service shares: the storage, the clock, the one event bus, this process's shards,
the bot's own id, and the reading of a game and of where one may start.

No lock is held anywhere: the storage's expected-ply check lets exactly one of two concurrent
changes to a position through, and the other gets a polite refusal. Nothing here knows Discord.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TypeVar

from bot.clock import Clock
from bot.domain import GameState, GuildSettings, TimeControl
from bot.domain.refusals import ChannelRefusal, GameRefusal, Refusal, Refused
from bot.domain.shards import ALL_SHARDS, Shards
from bot.services.bus import Events
from bot.services.languages import Languages
from bot.services.places import Place
from bot.storage import ChannelBusyError, Storage

ATTEMPTS = 3
"""Resigning, cancelling, timing out, offering a rematch and changing a server's settings apply
to whatever the state is: retried this often when something lands between reading it and
changing it."""

T = TypeVar("T")


class Changed(Exception):
    """What an attempt read changed before its write went through: read it again. `refusal` is
    the answer if it keeps changing."""

    def __init__(self, refusal: Exception | None = None) -> None:
        super().__init__()
        self.refusal = refusal


@dataclass(slots=True)
class Context:
    """The one set of what the services share; the bot's id is known once it has logged in."""

    storage: Storage
    clock: Clock
    events: Events
    shards: Shards = ALL_SHARDS
    """The servers this process looks after; the database may hold others' too."""
    rng: random.Random = field(default_factory=random.Random)
    bot_id: int | None = None
    """The bot's own user id, once logged in: the player in games against the bot."""
    languages: Languages = field(init=False)
    on_retry: Callable[[], None] = lambda: None
    """Told of each attempt `Service.retried` makes again (the bot's metrics)."""

    def __post_init__(self) -> None:
        self.languages = Languages(self.storage)


class Service:
    """A service's base: the shared context under short names, and the reads every service
    makes before it changes something."""

    def __init__(self, context: Context) -> None:
        self.context = context

    @property
    def storage(self) -> Storage:
        return self.context.storage

    @property
    def events(self) -> Events:
        return self.context.events

    @property
    def shards(self) -> Shards:
        return self.context.shards

    @property
    def rng(self) -> random.Random:
        return self.context.rng

    @property
    def bot_id(self) -> int | None:
        return self.context.bot_id

    @property
    def languages(self) -> Languages:
        return self.context.languages

    def now(self) -> float:
        return self.context.clock.now().timestamp()

    async def retried(self, attempt: Callable[[], Awaitable[T]]) -> T:
        """The one transaction shape of a change that applies to the state as it is: `attempt`
        reads, decides and writes expecting the version it read, raising `Changed` if the write
        found another. Tried `ATTEMPTS` times; then the last `Changed` goes up as its refusal
        (or as itself, if it names none)."""
        for remaining in reversed(range(ATTEMPTS)):
            try:
                return await attempt()
            except Changed as changed:
                if remaining:
                    self.context.on_retry()
                    continue
                if changed.refusal is not None:
                    raise changed.refusal from None
                raise
        raise AssertionError("unreachable")

    async def load(self, game_id: int) -> GameState:
        return GameState.of(await self.storage.games.get(game_id))

    async def game_here(self, game_id: int, place: Place) -> GameState:
        """The game, if it is played in `place`'s channel: buttons act only where they are."""
        try:
            state = await self.load(game_id)
        except LookupError:
            raise Refusal(Refused.NOT_HERE) from None
        record = state.record
        if (record.guild_id, record.channel_id) != (place.guild_id, place.channel_id):
            raise Refusal(Refused.NOT_HERE)
        return state

    async def game_in_server(self, game_id: int, guild_id: int) -> GameState:
        """The game, if it was played in this server; other servers' games stay private."""
        try:
            state = await self.load(game_id)
        except LookupError:
            state = None
        if state is None or state.record.guild_id != guild_id:
            raise Refusal(Refused.NO_SUCH_GAME, id=game_id)
        return state

    async def channel_game(self, place: Place) -> GameState:
        """The game in progress in `place`'s channel."""
        record = await self.storage.games.active_in(place.channel_id)
        if record is None or record.guild_id != place.guild_id:
            raise Refusal(Refused.NO_GAME_HERE)
        return GameState.of(record)

    async def _check_can_start(self, place: Place, *, thread: bool) -> GuildSettings:
        """The server's settings, if a game may start in `place` (or a thread of it)."""
        settings = await self.storage.settings.get(place.guild_id)
        if not settings.allows(place.home):
            raise ChannelRefusal(settings)
        if not thread:
            busy = await self.storage.games.active_in(place.channel_id)
            if busy is not None:
                raise GameRefusal(Refused.CHANNEL_BUSY, busy)
        return settings

    async def _busy(self, error: ChannelBusyError) -> GameRefusal:
        """The refusal for a channel another game took first, pointing at that game."""
        return GameRefusal(Refused.CHANNEL_BUSY, await self.storage.games.get(error.game_id))

    def _deadline(
        self, control: TimeControl, to_move: int, now: float, clock: float | None
    ) -> float | None:
        """When `to_move`, whose turn begins `now`, runs out of time: when their `clock` falls
        in a live game (the bot's too: it thinks on its clock), else after the time per move
        (the bot's own turns have none)."""
        if control.per_move is None:
            assert clock is not None
            return now + clock
        return None if to_move == self.bot_id else now + control.per_move
