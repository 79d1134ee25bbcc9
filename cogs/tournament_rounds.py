"""The Discord side of a round: a public thread for each board under the tournament's channel,
its players told there by a mention, the game started in it (`TournamentRounds.start_board`),
then the round's pairings posted in the channel.

A crash between the thread and the game leaves a board without a game: start-up announces it
again and it gets a thread of its own then."""

from __future__ import annotations

import logging

import discord

from bot.client import ReversiBot
from bot.domain.tournaments import Board, TournamentRecord
from bot.events import TournamentRoundPaired
from bot.i18n import _
from cogs.audience import for_everyone
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
                self._open(t, boards), name=f"tournament {t.id} round {t.round}"
            )

    @staticmethod
    def _key(board: Board) -> tuple[int, int, int]:
        return board.tournament_id, board.pairing.round, board.number

    async def _open(self, tournament: TournamentRecord, boards: list[Board]) -> None:
        started = 0
        try:
            for board in boards:
                started += await self._open_board(tournament, board)
        finally:
            self._opening.difference_update(self._key(b) for b in boards)
        if not started:
            return
        view = await self.bot.services.tournaments.view(tournament.id, tournament.guild_id)
        async with for_everyone(self.bot, tournament.guild_id):
            text = pairings_text(view, boards[0].pairing.round)
        try:
            await self.bot.get_partial_messageable(tournament.channel_id).send(
                text, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as error:
            log.warning("Pairings of tournament %s not posted (%s)", tournament.id, error.code)

    async def _open_board(self, tournament: TournamentRecord, board: Board) -> bool:
        """Open the board's thread, tell its players there and start its game; whether it
        started."""
        pairing = board.pairing
        assert pairing.white is not None
        async with for_everyone(self.bot, tournament.guild_id):
            name = _("{tournament} · round {round} · board {board}").format(
                tournament=tournament.name, round=pairing.round, board=board.number
            )
            told = _("{black} (black) vs {white} (white): your game starts now. Good luck!").format(
                black=mention(pairing.black), white=mention(pairing.white)
            )
        try:
            parent = self.bot.get_channel(tournament.channel_id)
            if parent is None:
                parent = await self.bot.fetch_channel(tournament.channel_id)
            if not isinstance(parent, discord.TextChannel):
                log.warning("Tournament %s has no text channel for its games", tournament.id)
                return False
            thread = await parent.create_thread(
                name=shorten(name, THREAD_NAME), type=discord.ChannelType.public_thread
            )
            await thread.send(told)
        except discord.HTTPException as error:
            log.warning(
                "No thread for board %s of tournament %s (%s); it is tried again at the next start",
                board.number,
                tournament.id,
                error.code,
            )
            return False
        return (
            await self.bot.services.rounds.start_board(board, tournament.guild_id, thread.id)
            is not None
        )
