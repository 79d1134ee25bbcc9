"""`/reversi`: challenges, moves by button, select or command, resignation, reposting, deadlines."""

from __future__ import annotations

import logging
from typing import cast

import discord
from discord import app_commands
from discord.ext import commands

from bot import engine
from bot.client import ReversiBot
from bot.computer import DEFAULT_LEVEL
from bot.referee import replay
from bot.storage import (
    Challenge,
    ChallengeClosedError,
    ChallengeStatus,
    ChannelBusyError,
    Colour,
    StaleMoveError,
)
from bot.storage import Game as GameRecord
from bot.timers import Timers
from cogs import challenge_message
from cogs.admin import AdminCommands
from cogs.challenge_message import COLOUR_CHOICES, TIME_PER_MOVE_CHOICES
from cogs.history import HistoryCommands
from cogs.items import COG_NAME, DYNAMIC_ITEMS, ResignConfirmButton
from cogs.leaderboard import LeaderboardCommands
from cogs.links import message_link
from cogs.publish import Publisher
from cogs.replies import Refusal, answering
from cogs.rules import RulesCommands
from cogs.stats import StatsCommands
from cogs.versus_bot import LEVEL_CHOICES, VersusBot

log = logging.getLogger(__name__)

NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
}
NEEDED_FOR_THREADS = {
    "create_public_threads": "Create Public Threads",
    "send_messages_in_threads": "Send Messages in Threads",
}


def check_permissions(interaction: discord.Interaction, *, thread: bool) -> None:
    """Refuse, naming them, when the bot lacks what a game needs in this channel."""
    granted = interaction.app_permissions
    needed = NEEDED | (NEEDED_FOR_THREADS if thread else {})
    missing = [label for flag, label in needed.items() if not getattr(granted, flag)]
    if missing:
        raise Refusal(
            f"I can't host a game here: I'm missing the {', '.join(missing)} permission"
            f"{'s' if len(missing) > 1 else ''} in this channel. Ask an admin to grant "
            f"{'them' if len(missing) > 1 else 'it'}."
        )


@app_commands.guild_only()
class Reversi(
    VersusBot,
    LeaderboardCommands,
    StatsCommands,
    HistoryCommands,
    RulesCommands,
    AdminCommands,
    commands.GroupCog,
    name=COG_NAME,
    group_name="reversi",
):
    """Play Reversi (Othello) in this channel."""

    def __init__(self, bot: ReversiBot) -> None:
        self.bot = bot
        self.timers = Timers(bot.clock)
        self.publisher = Publisher(bot)
        self._bot_turns = {}
        self.menus = [
            app_commands.ContextMenu(
                name="Challenge to Reversi", callback=self.challenge_from_menu
            ),
            app_commands.ContextMenu(name="Reversi stats", callback=self.stats_from_menu),
        ]
        for menu in self.menus:
            menu.guild_only = True
        super().__init__()

    # --- lifecycle -----------------------------------------------------------------------

    async def cog_load(self) -> None:
        for menu in self.menus:
            self.bot.tree.add_command(menu)
        storage = self.bot.storage
        for record in await storage.active_games():
            self.arm_deadline(record)
        for challenge in await storage.pending_challenges():
            self.arm_expiry(challenge)
        await self.resume_bot_turns()

    async def cog_unload(self) -> None:
        for menu in self.menus:
            self.bot.tree.remove_command(menu.name, type=menu.type)
        self.timers.cancel_all()
        for task in list(self._bot_turns.values()):
            task.cancel()

    def arm_deadline(self, record: GameRecord) -> None:
        key = ("game", record.id)
        if record.active and record.deadline is not None:
            self.timers.arm(key, record.deadline, lambda: self.time_out(record.id))
        else:
            self.timers.cancel(key)

    def arm_expiry(self, challenge: Challenge) -> None:
        self.timers.arm(("challenge", challenge.id), challenge.expires_at, self.expire_challenges)

    async def time_out(self, game_id: int) -> None:
        state = await self.bot.referee.time_out(game_id)
        if state is not None:
            await self.publisher.show(state)

    async def expire_challenges(self) -> None:
        for challenge in await self.bot.storage.expire_challenges(now=self.bot.now()):
            self.timers.cancel(("challenge", challenge.id))
            if challenge.message_id is None:
                continue
            channel = self.bot.get_partial_messageable(challenge.channel_id)
            try:
                await channel.get_partial_message(challenge.message_id).edit(
                    content=challenge_message.closed(challenge), view=None
                )
            except discord.HTTPException as error:
                log.info("Could not mark challenge %s expired: %s", challenge.id, error)

    # --- challenges ------------------------------------------------------------------------

    @app_commands.command(name="challenge", description="Challenge someone (or anyone) to Reversi")
    @app_commands.describe(
        opponent="Who to play; leave empty for an open challenge anyone can accept",
        colour="The colour you play (default: random)",
        time_per_move="How long each player has for a move (default: the server's setting)",
        thread="Play in a new thread",
        level="If you challenge me: how well I play, 1 to 5 (default 3)",
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.choices(colour=COLOUR_CHOICES)
    @app_commands.choices(time_per_move=TIME_PER_MOVE_CHOICES)
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | None = None,
        colour: app_commands.Choice[str] | None = None,
        time_per_move: app_commands.Choice[int] | None = None,
        thread: bool = False,
        level: app_commands.Choice[int] | None = None,
    ) -> None:
        await self.start_challenge(
            interaction,
            opponent,
            colour=Colour(colour.value) if colour else Colour.RANDOM,
            time_per_move=float(time_per_move.value) if time_per_move else None,
            thread=thread,
            level=level.value if level else DEFAULT_LEVEL,
        )

    async def challenge_from_menu(
        self, interaction: discord.Interaction, member: discord.Member
    ) -> None:
        await self.start_challenge(interaction, member)

    async def start_challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.Member | discord.User | None,
        *,
        colour: Colour = Colour.RANDOM,
        time_per_move: float | None = None,
        thread: bool = False,
        level: int = DEFAULT_LEVEL,
    ) -> None:
        async with answering(interaction, "challenge"):
            guild_id, channel = interaction.guild_id, interaction.channel
            if guild_id is None or channel is None:
                raise Refusal("Reversi games are played in server channels.")
            if opponent is not None and opponent.id == interaction.user.id:
                raise Refusal(
                    "You can't challenge yourself. Leave the opponent empty for an open "
                    "challenge anyone can accept."
                )
            if opponent is not None and self.bot.user and opponent.id == self.bot.user.id:
                await self.start_bot_game(interaction, level, colour)
                return
            if opponent is not None and opponent.bot:
                raise Refusal(f"{opponent.display_name} is a bot and can't play Reversi.")
            if thread and isinstance(channel, discord.Thread):
                raise Refusal("This is already a thread: play here without `thread`.")
            storage = self.bot.storage
            await self.check_channel(interaction, thread=thread)
            created = await storage.create_challenge(
                guild_id,
                channel.id,
                interaction.user.id,
                None if opponent is None else opponent.id,
                now=self.bot.now(),
                colour=colour,
                time_per_move=time_per_move,
                in_thread=thread,
            )
            await interaction.response.send_message(
                challenge_message.invitation(created),
                view=challenge_message.invitation_view(created),
            )
            message = await interaction.original_response()
            created = await storage.set_challenge_message(created.id, message.id)
            self.arm_expiry(created)

    async def check_channel(self, interaction: discord.Interaction, *, thread: bool) -> None:
        """Refuse a new game where games aren't allowed, the bot lacks permissions, or (unless it
        goes to a new thread) a game is already on."""
        channel = interaction.channel
        assert interaction.guild_id is not None and channel is not None
        settings = await self.bot.storage.guild_settings(interaction.guild_id)
        home = channel.parent_id if isinstance(channel, discord.Thread) else channel.id
        if home is None or not settings.allows(home):
            raise Refusal("Games aren't allowed in this channel. Ask an admin where to play.")
        check_permissions(interaction, thread=thread)
        if not thread:
            busy = await self.bot.storage.active_game(channel.id)
            if busy is not None:
                raise Refusal(self.busy_message(busy))

    def busy_message(self, busy: GameRecord) -> str:
        link = message_link(busy.guild_id, busy.channel_id, busy.message_id)
        return (
            f"There's already a game in this channel: {link}. Wait for it to end, "
            "or start yours in a thread with `thread: True`."
        )

    async def on_challenge_button(
        self, interaction: discord.Interaction, challenge_id: int, action: str
    ) -> None:
        async with answering(interaction, f"challenge {challenge_id} {action}"):
            storage, now = self.bot.storage, self.bot.now()
            try:
                if action == "decline":
                    closed = await storage.decline_challenge(
                        challenge_id, interaction.user.id, now=now
                    )
                elif action == "cancel":
                    closed = await storage.cancel_challenge(
                        challenge_id, interaction.user.id, now=now
                    )
                else:
                    await self.accept(interaction, challenge_id)
                    return
            except ChallengeClosedError as error:
                if error.status is ChallengeStatus.EXPIRED:
                    await self.expire_challenges()
                raise
            self.timers.cancel(("challenge", challenge_id))
            await interaction.response.edit_message(
                content=challenge_message.closed(closed), view=None
            )

    async def accept(self, interaction: discord.Interaction, challenge_id: int) -> None:
        storage = self.bot.storage
        challenge = await storage.get_challenge(challenge_id)
        if interaction.user.id == challenge.challenger_id:
            raise Refusal("You can't accept your own challenge; use Cancel to withdraw it.")
        if challenge.opponent_id not in (None, interaction.user.id):
            raise Refusal("This challenge is for someone else.")
        thread: discord.Thread | None = None
        if challenge.in_thread and challenge.status is ChallengeStatus.PENDING:
            await interaction.response.defer()
            assert interaction.message is not None
            thread = await interaction.message.create_thread(name="Reversi")
        try:
            closed, record = await storage.accept_challenge(
                challenge_id,
                interaction.user.id,
                now=self.bot.now(),
                channel_id=None if thread is None else thread.id,
            )
        except ChannelBusyError as error:
            if thread is not None:
                await thread.delete()
            busy = await storage.get_game(error.game_id)
            raise Refusal(self.busy_message(busy)) from None
        except Exception:
            if thread is not None:
                await thread.delete()
            raise
        self.timers.cancel(("challenge", challenge_id))
        self.arm_deadline(record)
        state = replay(record)
        if thread is None:
            await self.publisher.show(state, interaction=interaction)
            return
        assert interaction.message is not None
        await interaction.message.edit(
            content=f"{challenge_message.invitation(closed).splitlines()[0]}\n"
            f"Accepted by {interaction.user.mention}: the game is on in {thread.mention}.",
            view=None,
        )
        await self.publisher.show(state)

    # --- moves -----------------------------------------------------------------------------

    async def on_move(
        self, interaction: discord.Interaction, game_id: int, ply: int, square: str
    ) -> None:
        async with answering(interaction, f"move {square} in game {game_id}"):
            try:
                state = await self.bot.referee.play(
                    game_id, interaction.user.id, square, expected_ply=ply
                )
            except StaleMoveError:
                current = await self.bot.storage.get_game(game_id)
                link = message_link(current.guild_id, current.channel_id, current.message_id)
                raise Refusal(
                    f"This board is out of date; the current one is here: {link}"
                ) from None
            await self.moved(state, interaction=interaction)

    @app_commands.command(name="move", description="Play a move in this channel's game")
    @app_commands.describe(square="The square to play, like d3")
    async def move(self, interaction: discord.Interaction, square: str) -> None:
        async with answering(interaction, f"/reversi move {square}"):
            record = await self.channel_game(interaction)
            state = await self.bot.referee.play(record.id, interaction.user.id, square)
            played = engine.square_name(engine.parse_square(square))
            await interaction.response.send_message(f"You played **{played}**.", ephemeral=True)
            await self.moved(state)

    @move.autocomplete("square")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        record = await self.bot.storage.active_game(interaction.channel_id)
        if record is None:
            return []
        state = replay(record)
        if state.to_move_id != interaction.user.id:
            return []
        typed = current.strip().lower()
        names = [engine.square_name(square) for square in state.position.legal_moves()]
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(typed)][:25]

    async def channel_game(self, interaction: discord.Interaction) -> GameRecord:
        channel_id = interaction.channel_id
        record = None if channel_id is None else await self.bot.storage.active_game(channel_id)
        if record is None:
            raise Refusal("There's no game in progress in this channel.")
        return record

    # --- resigning, reposting, rematches ---------------------------------------------------

    @app_commands.command(name="resign", description="Resign this channel's game")
    async def resign(self, interaction: discord.Interaction) -> None:
        async with answering(interaction, "/reversi resign"):
            record = await self.channel_game(interaction)
            await self.on_resign_button(interaction, record.id)

    async def on_resign_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(interaction, f"resign button in game {game_id}"):
            state = await self.bot.referee.load(game_id)
            if state.color_of(interaction.user.id) is None:
                raise Refusal("You're not playing in this game.")
            if not state.record.active:
                raise Refusal("This game is already over.")
            view = discord.ui.View(timeout=None)
            view.add_item(ResignConfirmButton(game_id))
            await interaction.response.send_message(
                "Resign this game? Your opponent wins. This can't be undone.",
                view=view,
                ephemeral=True,
            )

    async def on_resign_confirm(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(interaction, f"resignation of game {game_id}"):
            state = await self.bot.referee.resign(game_id, interaction.user.id)
            self.arm_deadline(state.record)
            await interaction.response.edit_message(content="You resigned.", view=None)
            await self.publisher.show(state)

    @app_commands.command(name="board", description="Show this channel's game again at the bottom")
    async def board(self, interaction: discord.Interaction) -> None:
        async with answering(interaction, "/reversi board"):
            record = await self.channel_game(interaction)
            await interaction.response.send_message("Here's the board again.", ephemeral=True)
            async with self.bot.referee.lock(record.id):
                await self.publisher.repost(await self.bot.referee.load(record.id))

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(interaction, f"rematch of game {game_id}"):
            state = await self.bot.referee.load(game_id)
            colour = state.color_of(interaction.user.id)
            if colour is None:
                raise Refusal("Only the two players can ask for a rematch.")
            record = state.record
            if record.bot_level is not None:
                await self.start_bot_game(
                    interaction, record.bot_level, Colour(colour.opponent.value)
                )
                return
            opponent_id = record.white_id if colour is engine.Color.BLACK else record.black_id
            if not opponent_id:
                raise Refusal("Your opponent's account is gone; challenge someone else.")
            opponent = self.bot.get_user(opponent_id) or await self.bot.fetch_user(opponent_id)
            await self.start_challenge(
                interaction,
                opponent,
                colour=Colour(colour.opponent.value),
                time_per_move=record.time_per_move,
            )


async def setup(bot: commands.Bot) -> None:
    reversi_bot = cast(ReversiBot, bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(Reversi(reversi_bot))
