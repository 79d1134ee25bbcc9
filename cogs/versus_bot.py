"""Playing against the bot: `/reversi play-bot`, `/reversi hint`, and the bot's own moves.

A mixin of the `/reversi` cog. The bot's searches run in worker processes (`bot.computer`); a
move found for a position that has changed meanwhile (a resignation, a cancel) is dropped by the
referee's expected-ply check.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import engine
from bot.computer import DEFAULT_LEVEL
from bot.engine.ai import LEVELS
from bot.referee import GameState, replay
from bot.storage import ChannelBusyError, Colour, GameOverError, StaleMoveError
from cogs.challenge_message import COLOUR_CHOICES
from cogs.replies import Refusal, answering

if TYPE_CHECKING:
    from bot.client import ReversiBot
    from bot.storage import Game as GameRecord
    from cogs.publish import Publisher

log = logging.getLogger(__name__)

HINT_BUDGET_MS = 1000
LEVEL_CHOICES = [
    app_commands.Choice(name=f"{number} · {level.name}: {level.description}"[:100], value=number)
    for number, level in LEVELS.items()
]


def outlook(margin: int, exact: bool) -> str:
    """The hint's verdict for the player, `margin` discs ahead (exact: the solver's score)."""
    if exact:
        if margin == 0:
            return "with best play it's a draw"
        return f"with best play you {'win' if margin > 0 else 'lose'} by {abs(margin)}"
    if margin == 0:
        return "I'd say it's about even"
    return f"I'd say you're about {abs(margin)} discs {'ahead' if margin > 0 else 'behind'}"


class VersusBot(commands.Cog):
    """The commands and the turn-taking of games against the bot."""

    bot: ReversiBot
    publisher: Publisher
    _bot_turns: dict[int, asyncio.Task[None]]

    if TYPE_CHECKING:  # provided by the gameplay cog this mixes into

        def arm_deadline(self, record: GameRecord) -> None: ...

        async def check_channel(
            self, interaction: discord.Interaction, *, thread: bool
        ) -> None: ...

        def busy_message(self, busy: GameRecord) -> str: ...

        async def channel_game(self, interaction: discord.Interaction) -> GameRecord: ...

    @app_commands.command(name="play-bot", description="Play a game against me")
    @app_commands.describe(
        level="How well I play: 1 (beginner) to 5 (full strength); default 3",
        colour="The colour you play (default: random)",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.choices(colour=COLOUR_CHOICES)
    async def play_bot(
        self,
        interaction: discord.Interaction,
        level: app_commands.Choice[int] | None = None,
        colour: app_commands.Choice[str] | None = None,
    ) -> None:
        async with answering(interaction, "/reversi play-bot"):
            await self.start_bot_game(
                interaction,
                level.value if level else DEFAULT_LEVEL,
                Colour(colour.value) if colour else Colour.RANDOM,
            )

    async def start_bot_game(
        self, interaction: discord.Interaction, level: int, colour: Colour
    ) -> None:
        guild_id, channel = interaction.guild_id, interaction.channel
        me = self.bot.user
        if guild_id is None or channel is None or me is None:
            raise Refusal("Reversi games are played in server channels.")
        await self.check_channel(interaction, thread=False)
        if colour is Colour.RANDOM:
            colour = random.choice([Colour.BLACK, Colour.WHITE])
        human = interaction.user.id
        black, white = (human, me.id) if colour is Colour.BLACK else (me.id, human)
        settings = await self.bot.storage.guild_settings(guild_id)
        now = self.bot.now()
        try:
            record = await self.bot.storage.create_game(
                guild_id,
                channel.id,
                black,
                white,
                rated=False,
                time_per_move=settings.time_per_move,
                deadline=now + settings.time_per_move,
                now=now,
                bot_level=level,
            )
        except ChannelBusyError as error:
            raise Refusal(
                self.busy_message(await self.bot.storage.get_game(error.game_id))
            ) from None
        self.publisher.remember(interaction.user)
        await interaction.response.send_message(
            f"Game on! You play {colour.value} against me at level {level} "
            f"({LEVELS[level].name}). Games against me are not rated.",
            ephemeral=True,
        )
        await self.moved(replay(record))

    async def moved(
        self, state: GameState, *, interaction: discord.Interaction | None = None
    ) -> None:
        """After a move or a new game: arm the deadline, show the board, and start the bot
        thinking if it is to move (the player may have had to pass), even if the board can't be
        shown: the game goes on."""
        self.arm_deadline(state.record)
        try:
            await self.publisher.show(state, interaction=interaction)
        finally:
            self.after_move(state)

    def after_move(self, state: GameState) -> None:
        """If the bot is to move now, start thinking."""
        me = self.bot.user
        record = state.record
        if me is None or record.bot_level is None or state.to_move_id != me.id:
            return
        running = self._bot_turns.get(record.id)
        if running is not None and not running.done():
            return
        task = asyncio.create_task(self.bot_turn(record.id), name=f"bot turn {record.id}")
        self._bot_turns[record.id] = task
        task.add_done_callback(lambda _: self._bot_turns.pop(record.id, None))

    async def bot_turn(self, game_id: int) -> None:
        await self.bot.wait_until_ready()
        me = self.bot.user
        assert me is not None
        state = await self.bot.referee.load(game_id)
        level = state.record.bot_level
        if level is None or state.to_move_id != me.id:
            return
        try:
            result = await self.bot.computer.choose(state.position, level)
            if result.move is None:  # never the case after forced passes are made
                return
            square = engine.square_name(result.move)
            state = await self.bot.referee.play(
                game_id, me.id, square, expected_ply=state.record.ply
            )
        except (StaleMoveError, GameOverError):
            return  # resigned or cancelled while the bot thought: the move is dropped
        except Exception:
            log.exception("The bot could not move in game %s", game_id)
            return
        try:
            await self.moved(state)
        except Exception:  # the move stands; `/reversi board` shows it once the channel allows
            log.exception("The bot moved in game %s but could not show the board", game_id)

    async def resume_bot_turns(self) -> None:
        """After a restart, pick up every game where the bot was to move."""
        me = self.bot.user
        if me is None:
            return
        for record in await self.bot.storage.active_games():
            if record.bot_level is not None:
                self.after_move(replay(record))

    @app_commands.command(name="hint", description="Ask me for a move (in games against me)")
    async def hint(self, interaction: discord.Interaction) -> None:
        async with answering(interaction, "/reversi hint"):
            record = await self.channel_game(interaction)
            if record.bot_level is None:
                raise Refusal("Hints are only for games against me, not between people.")
            state = replay(record)
            if state.color_of(interaction.user.id) is None:
                raise Refusal("You're not playing in this game.")
            if state.to_move_id != interaction.user.id:
                raise Refusal("It's not your turn.")
            await interaction.response.defer(ephemeral=True, thinking=True)
            result = await self.bot.computer.choose(state.position, 5, budget_ms=HINT_BUDGET_MS)
            assert result.move is not None
            square = engine.square_name(result.move)
            await interaction.followup.send(
                f"Try **{square}**: {outlook(round(result.score), result.exact)}.", ephemeral=True
            )
