"""The Discord side of a round: a public thread for each board under the tournament's channel,
the game started in it (`TournamentRounds.start_board`), its players told as they chose (a
mention there, or a direct message), then the round's pairings posted in the channel.

A crash between the thread and the game leaves a board without a game: start-up announces it
again and it gets a thread of its own then."""

from __future__ import annotations

import logging

import discord
from discord.utils import escape_markdown, escape_mentions

from bot.client import ReversiBot
from bot.domain.events import TournamentRoundPaired
from bot.domain.tournament import Board, Pairing, TournamentRecord
from bot.i18n import _, using
from bot.services.notices import NotifyChoice
from cogs.audience import for_everyone
from cogs.core import core
from cogs.links import mention
from cogs.text import shorten
from cogs.tournament_texts import pairings_text

log = logging.getLogger(__name__)

THREAD_NAME = 100


class RoundOpener:
    def __init__(self, bot: ReversiBot) -> None:
        self.bot = bot
        self._opening: set[tuple[int, int, int]] = set()
        """Boards whose thread is being opened here, so that a second announcement of the same
        board (a withdrawal, a resumption) opens no second thread."""

    def on_paired(self, event: TournamentRoundPaired) -> None:
        t = event.view.tournament
        boards = [b for b in event.boards if self._key(b) not in self._opening]
        self._opening.update(self._key(b) for b in boards)
        if boards:
            self.bot.background.spawn(
                self._open(t, boards, event.withdrawn), name=f"tournament {t.id} round {t.round}"
            )

    @staticmethod
    def _key(board: Board) -> tuple[int, int, int]:
        return board.tournament_id, board.pairing.round, board.number

    async def _open(
        self, tournament: TournamentRecord, boards: list[Board], withdrawn: tuple[int, ...]
    ) -> None:
        threads: dict[int, int] = {}
        try:
            for board in boards:
                thread_id = await self._open_board(tournament, board)
                if thread_id is not None:
                    threads[board.number] = thread_id
        finally:
            self._opening.difference_update(self._key(b) for b in boards)
        if not threads:
            return
        view = await self.bot.services.tournaments.view(tournament.id, tournament.guild_id)
        async with for_everyone(self.bot, tournament.guild_id):
            text = pairings_text(view, boards[0].pairing.round, threads, withdrawn)
        try:
            await self.bot.get_partial_messageable(tournament.channel_id).send(
                text, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as error:
            log.warning("Pairings of tournament %s not posted (%s)", tournament.id, error.code)

    async def _open_board(self, tournament: TournamentRecord, board: Board) -> int | None:
        """Open the board's thread, start its game there and tell its players; the thread, if
        the game started."""
        pairing = board.pairing
        assert pairing.white is not None
        async with for_everyone(self.bot, tournament.guild_id):
            name = _("{tournament} · round {round} · board {board}").format(
                tournament=tournament.name, round=pairing.round, board=board.number
            )
        try:
            parent = self.bot.get_channel(tournament.channel_id)
            if parent is None:
                parent = await self.bot.fetch_channel(tournament.channel_id)
            if not isinstance(parent, discord.TextChannel):
                log.warning("Tournament %s has no text channel for its games", tournament.id)
                return None
            thread = await parent.create_thread(
                name=shorten(name, THREAD_NAME), type=discord.ChannelType.public_thread
            )
        except discord.HTTPException as error:
            log.warning(
                "No thread for board %s of tournament %s (%s); it is tried again at the next start",
                board.number,
                tournament.id,
                error.code,
            )
            return None
        rounds = self.bot.services.rounds
        if await rounds.start_board(board, tournament.guild_id, thread.id) is None:
            return None
        await self._tell(tournament, pairing, thread)
        return thread.id

    async def _tell(
        self, tournament: TournamentRecord, pairing: Pairing, thread: discord.Thread
    ) -> None:
        """Tell both players their game has begun, each as their `/reversi notify` choice says:
        a mention in the thread, a direct message (the mention if their DMs are closed), or
        their name alone."""
        assert pairing.white is not None
        named: dict[int, str] = {}
        for player in pairing.players():
            choice = await self.bot.services.notices.choice(player)
            if choice is NotifyChoice.CHANNEL or (
                choice is NotifyChoice.DM and not await self._direct(tournament, player, thread)
            ):
                named[player] = mention(player)
            else:
                found = await core(self.bot).names.name(player, mention(player))
                named[player] = escape_mentions(escape_markdown(found))
        async with for_everyone(self.bot, tournament.guild_id):
            told = _("{black} (black) vs {white} (white): your game starts now. Good luck!")
            text = told.format(black=named[pairing.black], white=named[pairing.white])
        try:
            await thread.send(text, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException as error:
            log.info("Thread %s: the players were not told (%s)", thread.id, error.code)

    async def _direct(
        self, tournament: TournamentRecord, player: int, thread: discord.Thread
    ) -> bool:
        """A direct message in the player's language; whether it went."""
        languages = self.bot.services.context.languages
        with using(await languages.for_reader(player, tournament.guild_id, None)):
            text = _("Your game in {tournament} has begun: {thread}").format(
                tournament=shorten(tournament.name, THREAD_NAME), thread=thread.mention
            )
        try:
            dm = await self.bot.create_dm(discord.Object(player))
            await dm.send(text)
        except discord.HTTPException as error:
            log.info("No direct message to %s (%s)", player, error.code)
            return False
        return True
