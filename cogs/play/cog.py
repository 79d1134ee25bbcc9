"""Challenges and play: `/reversi challenge`, `move`, `resign`, `board`, the "Challenge to Reversi"
menu and the buttons on invitations and boards. Each handler turns an interaction into one call of
the services, then answers it with what changed (a board drawn by the board publisher, in the
handler's own task)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot import engine
from bot.computer import DEFAULT_LEVEL
from bot.domain import Challenge, EndReason, GameState
from bot.domain.refusals import Refusal, Refused, ResignationChangedRefusal
from bot.i18n import N_, _
from bot.services.endings import resignation
from cogs import time_option
from cogs.group import FeatureCog
from cogs.permissions import check_permissions
from cogs.place import place_of
from cogs.play import challenge_message
from cogs.play.buttons import (
    ChallengeButton,
    MoveButton,
    MoveSelect,
    RematchButton,
    ResignButton,
    ResignConfirmButton,
)
from cogs.play.challenge_message import COLOR_CHOICES, chosen_color
from cogs.play.versus_bot import LEVEL_CHOICES, started_against_me
from cogs.refusal_texts import refusal_text
from cogs.replies import Declined, Reply, answering

if TYPE_CHECKING:
    from bot.services.challenges import Challenges
    from bot.services.endings import Endings
    from bot.services.games import Games
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names
    from cogs.play.challenge_message import ChallengeMessages
    from cogs.play.publish import BoardPublisher

NO_THREAD_ACCESS = {50001, 50013}
THREAD_REFUSED = N_(
    "I couldn't create the game's thread: I need the Create Public Threads permission here. "
    "The challenge is still open; accept again once an admin grants it."
)
THREAD_FAILED = N_(
    "Discord didn't let me create the game's thread just now. The challenge is still open; "
    "try Accept again."
)


async def is_member(interaction: discord.Interaction, user_id: int) -> bool:
    """Whether `user_id` is a member of the interaction's server now: asked of Discord, since
    without the members intent the bot never hears of anyone leaving."""
    guild = interaction.guild
    if guild is None:  # not loaded yet: the bot is still connecting
        raise Refusal(Refused.STARTING_UP)
    try:
        await guild.fetch_member(user_id)
    except discord.NotFound:
        return False
    return True


class PlayCog(FeatureCog, name="Play"):
    """Play Reversi (Othello) in this channel."""

    def __init__(
        self,
        bot: Bot,
        *,
        audience: Audience,
        games: Games,
        challenges: Challenges,
        endings: Endings,
        publisher: BoardPublisher,
        challenge_messages: ChallengeMessages,
        names: Names,
    ) -> None:
        super().__init__(bot, audience=audience)
        self.games, self.challenges, self.endings = games, challenges, endings
        self.publisher, self.challenge_messages, self.names = publisher, challenge_messages, names
        self.menu = app_commands.ContextMenu(
            name="Challenge to Reversi", callback=self.challenge_from_menu
        )
        self.menu.guild_only = True

    # --- challenges ---------------------------------------------------------------------------

    @app_commands.command(
        name="challenge", description=locale_str("Challenge someone (or anyone) to Reversi")
    )
    @app_commands.describe(
        opponent=locale_str("Who to play; leave empty for an open challenge anyone can accept"),
        color=locale_str("The colour you play (default: random)"),
        time=time_option.DESCRIPTION,
        thread=locale_str("Play in a new thread"),
        level=locale_str("If you challenge me: how well I play, 1 to 5 (default 3)"),
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.choices(color=COLOR_CHOICES)
    @app_commands.rename(color="colour")  # the option's name, as players know it
    @app_commands.autocomplete(time=FeatureCog.time_choices)
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User | None = None,
        color: app_commands.Choice[str] | None = None,
        time: app_commands.Range[str, 1, 20] | None = None,
        thread: bool = False,
        level: app_commands.Choice[int] | None = None,
    ) -> None:
        await self.start_challenge(
            interaction,
            opponent,
            color=chosen_color(color),
            time=time,
            thread=thread,
            level=level.value if level else DEFAULT_LEVEL,
        )

    async def challenge_from_menu(
        self, interaction: discord.Interaction, member: discord.Member | discord.User
    ) -> None:
        await self.start_challenge(interaction, member)

    async def start_challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.abc.User | None,
        *,
        color: engine.Color | None = None,
        time: str | None = None,
        thread: bool = False,
        level: int = DEFAULT_LEVEL,
    ) -> None:
        async with answering(self.audience, interaction, "challenge"):
            check_permissions(interaction, thread=thread)
            created = await self.challenges.challenge(
                place_of(interaction),
                interaction.user.id,
                None if opponent is None else opponent.id,
                opponent_is_bot=opponent is not None and opponent.bot,
                opponent_is_member=opponent is None or isinstance(opponent, discord.Member),
                color=color,
                time_control=time_option.parse(time),
                thread=thread,
                level=level,
            )
            await self.post_challenge(interaction, created)

    async def post_challenge(
        self, interaction: discord.Interaction, created: Challenge | GameState
    ) -> None:
        """Show the invitation (or, for a game against me, say it has begun)."""
        if isinstance(created, GameState):
            await started_against_me(interaction, created)
            return
        async with self.audience.for_everyone(created.guild_id):
            text = challenge_message.invitation(created)
            view = challenge_message.invitation_view(created)
        await interaction.response.send_message(text, view=view)
        message = await interaction.original_response()
        await self.challenges.challenge_posted(created.id, message.id)

    async def on_challenge_button(
        self, interaction: discord.Interaction, challenge_id: int, action: str
    ) -> None:
        async with answering(
            self.audience, interaction, f"challenge {challenge_id} {action}"
        ) as reply:
            challenges = self.challenges
            place, user = place_of(interaction), interaction.user.id
            if action == "decline":
                closed = await challenges.decline(challenge_id, user, place)
                await self.challenge_messages.answer_closed(reply, closed)
            elif action == "cancel":
                closed = await challenges.cancel(challenge_id, user, place)
                await self.challenge_messages.answer_closed(reply, closed)
            else:
                await self.accept(reply, challenge_id)

    async def accept(self, reply: Reply, challenge_id: int) -> None:
        interaction = reply.interaction
        self.names.remember(interaction.user)
        challenges = self.challenges
        challenge, state = await challenges.accept(
            challenge_id, interaction.user.id, place_of(interaction)
        )
        if not challenge.in_thread:
            await self.publisher.answer(reply, state)  # the invitation becomes it
            return
        # The game exists, so the thread is created now; it shares the invitation's id.
        message = interaction.message
        assert message is not None
        try:
            async with self.audience.for_everyone(state.record.guild_id):
                name = _("Reversi · game #{id}").format(id=state.record.id)
            await message.create_thread(name=name)
        except discord.HTTPException as error:
            await challenges.reopen(challenge, state)
            if error.code in NO_THREAD_ACCESS:
                raise Declined(_(THREAD_REFUSED)) from None
            raise Declined(_(THREAD_FAILED)) from None
        challenges.thread_ready(challenge, state)
        await self.challenge_messages.answer_closed(reply, challenge)

    # --- moves --------------------------------------------------------------------------------

    async def on_move(
        self, interaction: discord.Interaction, game_id: int, ply: int, square: str
    ) -> None:
        async with answering(
            self.audience, interaction, f"move {square} in game {game_id}"
        ) as reply:
            state = await self.games.move(
                game_id, interaction.user.id, square, place_of(interaction), expected_ply=ply
            )
            await self.publisher.answer(reply, state)

    @app_commands.command(name="move", description=locale_str("Play a move in this channel's game"))
    @app_commands.describe(square=locale_str("The square to play, like d3"))
    async def move(self, interaction: discord.Interaction, square: str) -> None:
        async with answering(self.audience, interaction, "/reversi move") as reply:
            state = await self.games.move_here(place_of(interaction), interaction.user.id, square)
            last = state.game.last
            assert last is not None
            played = f"**{engine.square_name(last.square)}**"
            said = _("You played {square}.").format(square=played)
            await self.publisher.answer(reply, state, said=said)

    @move.autocomplete("square")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None or interaction.channel_id is None:
            return []
        names = await self.games.legal_moves(place_of(interaction), interaction.user.id)
        typed = current.strip().lower()
        return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(typed)][:25]

    # --- resigning, reposting, rematches ------------------------------------------------------

    @app_commands.command(name="resign", description=locale_str("Resign this channel's game"))
    async def resign(self, interaction: discord.Interaction) -> None:
        async with answering(self.audience, interaction, "/reversi resign"):
            state = await self.games.channel_game(place_of(interaction))
            await self.confirm_resignation(interaction, state.record.id)

    async def on_resign_button(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(self.audience, interaction, f"resign button in game {game_id}"):
            await self.confirm_resignation(interaction, game_id)

    async def confirm_resignation(
        self, interaction: discord.Interaction, game_id: int, note: str | None = None
    ) -> None:
        state = await self.endings.resignable(game_id, interaction.user.id, place_of(interaction))
        await self.ask_to_resign(interaction, state, note)

    async def ask_to_resign(
        self, interaction: discord.Interaction, state: GameState, note: str | None = None
    ) -> None:
        """Ask, ephemerally, to confirm what resigning does now (after `note`, if any)."""
        offered = resignation(state.game)
        if offered is EndReason.ABORTED:
            question = _(
                "Abort this game? Before each side has made two moves, it ends without a "
                "result and changes no rating."
            )
        else:
            question = _("Resign this game? Your opponent wins. This can't be undone.")
        view = discord.ui.View(timeout=None)
        view.add_item(ResignConfirmButton(state.record.id, offered))
        text = question if note is None else f"{note} {question}"
        await interaction.response.send_message(text, view=view, ephemeral=True)

    async def on_resign_confirm(
        self, interaction: discord.Interaction, game_id: int, offered: EndReason | None
    ) -> None:
        async with answering(self.audience, interaction, f"resignation of game {game_id}"):
            if offered is None:  # a button from before they said what they offer
                await self.confirm_resignation(
                    interaction, game_id, _("That button is out of date.")
                )
                return
            try:
                ended = await self.endings.resign(
                    game_id, interaction.user.id, place_of(interaction), offered=offered
                )
            except ResignationChangedRefusal as changed:
                await self.ask_to_resign(interaction, changed.state, refusal_text(changed))
                return
            aborted = ended.record.end_reason is EndReason.ABORTED
            done = _("You aborted the game.") if aborted else _("You resigned.")
            await interaction.response.edit_message(content=done, view=None)

    @app_commands.command(
        name="board", description=locale_str("Show this channel's game again at the bottom")
    )
    async def board(self, interaction: discord.Interaction) -> None:
        async with answering(self.audience, interaction, "/reversi board"):
            state = await self.games.channel_game(place_of(interaction))
            await interaction.response.send_message(_("Here's the board again."), ephemeral=True)
            self.publisher.repost(state.record.id)

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        async with answering(self.audience, interaction, f"rematch of game {game_id}"):
            check_permissions(interaction, thread=False)
            self.names.remember(interaction.user)
            created = await self.challenges.rematch(
                game_id,
                interaction.user.id,
                place_of(interaction),
                is_member=partial(is_member, interaction),
            )
            await self.post_challenge(interaction, created)


DYNAMIC_ITEMS = (
    ChallengeButton,
    MoveButton,
    MoveSelect,
    ResignButton,
    ResignConfirmButton,
    RematchButton,
)
