"""The Discord side of a round, in the tournament's channel: the round's post (its title, then the
boards already decided), then a line for each board to play, which starts the board's public
thread; the game starts in it (`TournamentRounds.start_board`) and its players are told as they
chose (a mention there, or a direct message). A thread started from a message leaves no "started
a thread" notice in the channel, so a round is its post and its boards' lines, nothing else.

Where the bot lacks what a round needs in the channel, nothing is posted: the organiser is told
what is missing (in the channel, or directly if the bot can't post there), once, and the round is
tried again as soon as Discord says a permission changed, and on a timer backing off meanwhile.
A crash between a thread and its game leaves a board without a game: start-up announces it again
and it gets a line and a thread of its own then."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import discord
from discord.utils import escape_markdown, escape_mentions

from bot.domain.events import TournamentRoundPaired
from bot.domain.notices import NotifyChoice
from bot.domain.tournament import Board, Pairing, TournamentRecord, TournamentView
from bot.i18n import _, ngettext, using
from bot.services.bus import Events
from cogs.links import mention
from cogs.permissions import missing_permissions
from cogs.text import shorten
from cogs.tournaments.texts import board_line, name, round_post, title

if TYPE_CHECKING:
    from bot.background import Background
    from bot.clock import Clock
    from bot.services.languages import Languages
    from bot.services.notices import Notices
    from bot.services.tournament_rounds import TournamentRounds
    from bot.timers import Timers
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names

log = logging.getLogger(__name__)

THREAD_NAME = 100
RETRY_FIRST = 60.0
"""Seconds before a round the bot could not open is tried again, doubling at each try..."""
RETRY_MOST = 3600.0
"""... up to an hour."""
NONE = discord.AllowedMentions.none()


def thread_name(tournament: TournamentRecord, board: Board) -> str:
    """`Club Cup · round 2 · board 3`, within Discord's limit: a long tournament name is cut, so
    that the round and board, which tell the threads apart, stay whole."""
    # TRANSLATORS: a tournament game's thread name: at most 100 characters with the name, which
    # is cut first.
    pattern = _("{tournament} · round {round} · board {board}")
    fixed = len(pattern.format(tournament="", round=board.pairing.round, board=board.number))
    return shorten(
        pattern.format(
            tournament=shorten(tournament.name, max(THREAD_NAME - fixed, 1)),
            round=board.pairing.round,
            board=board.number,
        ),
        THREAD_NAME,
    )


def missing_in(channel: discord.TextChannel) -> list[str]:
    """What the bot lacks in a tournament's channel to post a round and play its games in
    threads there."""
    return missing_permissions(channel.permissions_for(channel.guild.me), thread=True)


def cannot_start(
    tournament: TournamentRecord, channel: discord.abc.GuildChannel, missing: list[str]
) -> str:
    """Why the organiser's start (or resumption) is refused."""
    text = ngettext(
        "I can't start the games of {title}: I'm missing the {permissions} permission in "
        "{channel}. Ask an admin to grant it, then try again.",
        "I can't start the games of {title}: I'm missing the {permissions} permissions in "
        "{channel}. Ask an admin to grant them, then try again.",
        len(missing),
    )
    return _lacking(text, tournament, channel, missing)


def games_cannot_begin(
    tournament: TournamentRecord, channel: discord.abc.GuildChannel, missing: list[str]
) -> str:
    """Why a round's games can't begin, for its organiser."""
    text = ngettext(
        "The games of {title} can't begin: I'm missing the {permissions} permission in "
        "{channel}. They begin as soon as an admin grants it.",
        "The games of {title} can't begin: I'm missing the {permissions} permissions in "
        "{channel}. They begin as soon as an admin grants them.",
        len(missing),
    )
    return _lacking(text, tournament, channel, missing)


def _lacking(
    text: str,
    tournament: TournamentRecord,
    channel: discord.abc.GuildChannel,
    missing: list[str],
) -> str:
    return text.format(
        title=title(tournament), permissions=", ".join(missing), channel=channel.mention
    )


@dataclass
class Waiting:
    """A tournament whose round the bot could not open."""

    guild_id: int
    tries: int = 0
    told: bool = False


class RoundOpener:
    def __init__(
        self,
        bot: Bot,
        *,
        rounds: TournamentRounds,
        notices: Notices,
        languages: Languages,
        audience: Audience,
        names: Names,
        background: Background,
        clock: Clock,
        timers: Timers,
    ) -> None:
        self.bot = bot
        self.rounds, self.notices, self.languages, self.names = rounds, notices, languages, names
        self.audience, self.background = audience, background
        self.clock, self.timers = clock, timers
        self._opening: set[tuple[int, int, int]] = set()
        """Boards whose thread is being opened here, so that a second announcement of the same
        board (a withdrawal, a resumption) opens no second thread."""
        self._posted: set[tuple[int, int]] = set()
        """Rounds posted here, by tournament and number, so that boards opened again (a thread
        Discord refused) come without a second post."""
        self._waiting: dict[int, Waiting] = {}
        """Tournaments whose round waits for the bot to be allowed to open it, by id."""

    def subscribe(self, events: Events) -> None:
        events.subscribe(TournamentRoundPaired, self.on_paired)

    def on_paired(self, event: TournamentRoundPaired) -> None:
        t = event.view.tournament
        boards = [b for b in event.boards if self._key(b) not in self._opening]
        self._opening.update(self._key(b) for b in boards)
        if boards:
            self.background.spawn(
                self._open(event.view, boards, event.withdrawn),
                name=f"tournament {t.id} round {t.round}",
            )

    def on_permissions_updated(self, guild_id: int) -> None:
        """Discord says the bot's permissions in a server may have changed: the rounds waiting
        there are tried again now."""
        for tournament_id, waiting in self._waiting.items():
            if waiting.guild_id == guild_id:
                self._retry(tournament_id, self.clock.now().timestamp())

    @staticmethod
    def _key(board: Board) -> tuple[int, int, int]:
        return board.tournament_id, board.pairing.round, board.number

    async def _open(
        self, view: TournamentView, boards: list[Board], withdrawn: tuple[int, ...]
    ) -> None:
        tournament = view.tournament
        try:
            channel = await self._channel(tournament)
            if channel is None:
                return
            missing = missing_in(channel)
            if missing:
                await self._wait(tournament, channel, missing)
                return
            await self._post_round(view, channel, boards[0].pairing.round, withdrawn)
            players = {player for board in boards for player in board.pairing.players()}
            choices = await self.notices.choices(players)
            opened = [
                await self._open_board(tournament, channel, board, choices) for board in boards
            ]
        finally:
            self._opening.difference_update(self._key(b) for b in boards)
        if all(opened):
            if self._waiting.pop(tournament.id, None) is not None:
                self.timers.cancel(("tournament round", tournament.id))
        else:
            await self._wait(tournament, channel, [])

    async def _channel(self, tournament: TournamentRecord) -> discord.TextChannel | None:
        try:
            channel = self.bot.get_channel(tournament.channel_id)
            if channel is None:
                channel = await self.bot.fetch_channel(tournament.channel_id)
        except discord.HTTPException as error:
            log.warning("Tournament %s: its channel is gone (%s)", tournament.id, error.code)
            return None
        if not isinstance(channel, discord.TextChannel):
            log.warning("Tournament %s has no text channel for its games", tournament.id)
            return None
        return channel

    async def _post_round(
        self,
        view: TournamentView,
        channel: discord.TextChannel,
        number: int,
        withdrawn: tuple[int, ...],
    ) -> None:
        """The round's post, unless it was posted or a board of it has its game already (this
        is a board opened again: `view` is the tournament as its boards were announced)."""
        tournament = view.tournament
        if (tournament.id, number) in self._posted or any(
            b.game_id is not None for b in view.round_boards(number)
        ):
            return
        self._posted.add((tournament.id, number))
        async with self.audience.for_everyone(tournament.guild_id):
            texts = round_post(view, number, withdrawn)
        try:
            for text in texts:
                await channel.send(text, allowed_mentions=NONE)
        except discord.HTTPException as error:
            log.warning("Round of tournament %s not posted (%s)", tournament.id, error.code)

    async def _open_board(
        self,
        tournament: TournamentRecord,
        channel: discord.TextChannel,
        board: Board,
        choices: dict[int, NotifyChoice],
    ) -> bool:
        """Post the board's line, start its thread from it, start the game there and tell its
        players as they chose; whether the board is open (or was already)."""
        async with self.audience.for_everyone(tournament.guild_id):
            line, thread_title = board_line(board, {}), thread_name(tournament, board)
        try:
            starter = await channel.send(line, allowed_mentions=NONE)
        except discord.HTTPException as error:
            log.warning(
                "Board %s of tournament %s not posted (%s)", board.number, tournament.id, error.code
            )
            return False
        try:
            thread = await starter.create_thread(name=thread_title)
        except discord.HTTPException as error:
            log.warning(
                "No thread for board %s of tournament %s (%s)",
                board.number,
                tournament.id,
                error.code,
            )
            with suppress(discord.HTTPException):
                await starter.delete()  # its line comes again with the next try
            return False
        rounds = self.rounds
        if await rounds.start_board(tournament, board, thread.id) is not None:
            await self._tell(tournament, board.pairing, thread, choices)
        return True

    async def _wait(
        self, tournament: TournamentRecord, channel: discord.TextChannel, missing: list[str]
    ) -> None:
        """Try the round again later, later each time; tell the organiser what is missing, the
        first time."""
        waiting = self._waiting.setdefault(tournament.id, Waiting(tournament.guild_id))
        delay = min(RETRY_FIRST * 2**waiting.tries, RETRY_MOST)
        waiting.tries += 1
        log.info(
            "Tournament %s: round tried again in %g s (missing %s)", tournament.id, delay, missing
        )
        self._retry(tournament.id, self.clock.now().timestamp() + delay)
        if missing and not waiting.told:
            waiting.told = True
            await self._tell_organiser(tournament, channel, missing)

    def _retry(self, tournament_id: int, when: float) -> None:
        again = partial(self.rounds.advance, tournament_id)
        self.timers.arm(("tournament round", tournament_id), when, again)

    async def _tell_organiser(
        self, tournament: TournamentRecord, channel: discord.TextChannel, missing: list[str]
    ) -> None:
        """In the channel, mentioning them, where the bot may post; else directly."""
        organiser = tournament.organiser_id
        text = partial(games_cannot_begin, tournament, channel, missing)
        granted = channel.permissions_for(channel.guild.me)
        if granted.send_messages:
            async with self.audience.for_everyone(tournament.guild_id):
                told = f"{mention(organiser)} {escape_mentions(text())}"  # only them pinged
            try:
                await channel.send(told, allowed_mentions=discord.AllowedMentions(users=True))
                return
            except discord.HTTPException as error:
                log.info("Tournament %s: not told in its channel (%s)", tournament.id, error.code)
        await self._direct(tournament, organiser, text)

    async def _tell(
        self,
        tournament: TournamentRecord,
        pairing: Pairing,
        thread: discord.Thread,
        choices: dict[int, NotifyChoice],
    ) -> None:
        """Tell both players their game has begun, each as their `/reversi notify` choice says
        (`choices`, read once for the round): a mention in the thread, a direct message (the
        mention if their DMs are closed), or their name alone."""
        assert pairing.white is not None

        def begun() -> str:
            return _("Your game in {tournament} has begun: {thread}").format(
                tournament=name(tournament), thread=thread.mention
            )

        named: dict[int, str] = {}
        for player in pairing.players():
            choice = choices[player]
            if choice is NotifyChoice.CHANNEL or (
                choice is NotifyChoice.DM and not await self._direct(tournament, player, begun)
            ):
                named[player] = mention(player)
            else:
                found = await self.names.name(player, mention(player))
                named[player] = escape_mentions(escape_markdown(found))
        async with self.audience.for_everyone(tournament.guild_id):
            told = _("{black} (black) vs {white} (white): your game starts now. Good luck!")
            text = told.format(black=named[pairing.black], white=named[pairing.white])
        try:
            await thread.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException as error:
            log.info("Thread %s: the players were not told (%s)", thread.id, error.code)

    async def _direct(
        self, tournament: TournamentRecord, user: int, text: Callable[[], str]
    ) -> bool:
        """A direct message, `text` in the user's language; whether it went."""
        languages = self.languages
        with using(await languages.for_reader(user, tournament.guild_id, None)):
            content = text()
        try:
            dm = await self.bot.create_dm(discord.Object(user))
            await dm.send(content)
        except discord.HTTPException as error:
            log.info("No direct message to %s (%s)", user, error.code)
            return False
        return True
