"""Personal rated puzzles: `/reversi puzzle`, answered privately, and its buttons, each click
editing that one message: the next position, a hint, the end of the attempt, the next puzzle.

The puzzle service (`bot.services.puzzles`) decides and stores; this cog only shows, in the
reader's language.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.utils import escape_markdown, escape_mentions

from bot.domain.puzzles import PuzzleSource, Shown
from bot.domain.refusals import Refusal, Refused
from bot.engine import Color, parse_square
from bot.engine.errors import InvalidMoveError
from bot.i18n import _, in_force
from cogs.group import FeatureCog
from cogs.play.publish import LATE
from cogs.puzzles import message
from cogs.puzzles.texts import done_text, hint_text
from cogs.replies import Reply, answering
from rendering.words import color_name

if TYPE_CHECKING:
    from bot.services.daily import DailyPuzzles
    from bot.services.puzzles import Puzzles
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names

log = logging.getLogger(__name__)

SOURCES = [
    # TRANSLATORS: the choices of /reversi puzzle's `source`: where the puzzle comes from.
    app_commands.Choice(name=locale_str("Any puzzle"), value=PuzzleSource.ANY.value),
    app_commands.Choice(
        name=locale_str("This server's games"), value=PuzzleSource.SERVER_GAMES.value
    ),
]


def _server(interaction: discord.Interaction) -> int:
    """The server a click comes from: an attempt answers only there (0 in a DM matches none)."""
    return interaction.guild_id or 0


class PuzzleCog(FeatureCog, name="Puzzles"):
    def __init__(
        self,
        bot: Bot,
        *,
        audience: Audience,
        puzzles: Puzzles,
        daily: DailyPuzzles,
        names: Names,
    ) -> None:
        super().__init__(bot, audience=audience)
        self.puzzles, self.daily, self.names = puzzles, daily, names

    @app_commands.command(
        name="puzzle", description=locale_str("A puzzle at your level, rated, just for you")
    )
    @app_commands.describe(
        source=locale_str("Any puzzle, or only those from this server's games (default: any)")
    )
    @app_commands.choices(source=SOURCES)
    async def puzzle(
        self, interaction: discord.Interaction, source: str = PuzzleSource.ANY.value
    ) -> None:
        async with answering(self.audience, interaction, "/reversi puzzle"):
            shown = await self.puzzles.start(
                _server(interaction), interaction.user.id, PuzzleSource(source)
            )
            built = await self._question(shown)
            await interaction.response.send_message(
                built.content, file=built.file(), view=built.view, ephemeral=True
            )

    async def on_move(
        self, interaction: discord.Interaction, attempt_id: int, step: int, square: str
    ) -> None:
        async with answering(
            self.audience, interaction, f"move {square!r} of puzzle attempt {attempt_id}"
        ) as r:
            try:
                index = parse_square(square)
            except InvalidMoveError:
                raise Refusal(Refused.STALE_PUZZLE) from None
            outcome = await self.puzzles.answer(
                attempt_id, interaction.user.id, _server(interaction), step, index
            )
            if isinstance(outcome, Shown):
                built = await self._question(outcome, message.right_note(outcome))
            else:
                built = await message.finished(outcome)
            await _edit(r, built)

    async def on_hint(self, interaction: discord.Interaction, attempt_id: int, step: int) -> None:
        async with answering(
            self.audience, interaction, f"hint of puzzle attempt {attempt_id}"
        ) as reply:
            hint = await self.puzzles.hint(
                attempt_id, interaction.user.id, _server(interaction), step
            )
            built = await self._question(hint.shown, hint_text(hint.quadrant, hint.themes))
            await _edit(reply, built)

    async def on_daily(self, interaction: discord.Interaction, day: int) -> None:
        """The daily post's Solve: the day's puzzle just for the clicker, or their result."""
        async with answering(self.audience, interaction, f"daily puzzle of day {day}"):
            outcome = await self.daily.solve(_server(interaction), interaction.user.id, day)
            if isinstance(outcome, Shown):
                built = await message.question(outcome)
                await interaction.response.send_message(
                    built.content, file=built.file(), view=built.view, ephemeral=True
                )
                return
            await interaction.response.send_message(done_text(outcome), ephemeral=True)

    async def on_next(self, interaction: discord.Interaction) -> None:
        async with answering(self.audience, interaction, "next puzzle") as reply:
            shown = await self.puzzles.start(_server(interaction), interaction.user.id)
            await _edit(reply, await self._question(shown))

    async def _question(self, shown: Shown, note: str | None = None) -> message.PuzzleMessage:
        """The puzzle's message, saying which of the server's games it comes from, if any."""
        return await message.question(shown, note, origin=await self._origin(shown))

    async def _origin(self, shown: Shown) -> str | None:
        """`From Alice vs Bob, move 47`: the players as their game holds them now, unnamed once
        either asked to be forgotten."""
        origin = shown.origin
        if origin is None:
            return None
        if not origin.named:
            return _("🏟️ From a game in this server, move {move}").format(move=origin.move)
        names = []
        for user_id, color in ((origin.black_id, Color.BLACK), (origin.white_id, Color.WHITE)):
            found = await self.names.name(user_id, color_name(color, in_force()))
            names.append(escape_mentions(escape_markdown(found)))
        return _("🏟️ From {black} vs {white}, move {move}").format(
            black=names[0], white=names[1], move=origin.move
        )


async def _edit(reply: Reply, built: message.PuzzleMessage) -> None:
    """Edit the clicked message into `built`; after the acknowledgement timer answered the
    click, through the interaction's follow-up (an ephemeral message has no other way in)."""
    interaction = reply.interaction
    changes = {"content": built.content, "attachments": [built.file()], "view": built.view}
    if reply.claim():
        try:
            await interaction.response.edit_message(**changes)  # type: ignore[arg-type]
            return
        except discord.HTTPException as error:
            if error.code != LATE:
                raise
    if interaction.message is not None:
        await interaction.followup.edit_message(
            interaction.message.id,
            content=built.content,
            attachments=[built.file()],
            view=built.view,
        )
