"""`/reversi rules` and `/reversi help`: how to play, in the languages of the original rule sheets,
and every command on one screen, read from the command tree so it always matches what is
registered."""

from __future__ import annotations

import asyncio
import io
from typing import Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.client import ReversiBot
from bot.engine import Position
from bot.i18n import N_, _, current, in_force, using
from cogs.group import add_feature_cog, remove_feature_commands
from cogs.language import CHOICES
from cogs.leaderboard import COLOR
from cogs.replies import answering
from cogs.rules_texts import rules
from cogs.text import EMBED_DESCRIPTION, fit
from rendering import board_alt_text, render_board

PICTURE_SIZE = 320
PICTURE_NAME = "reversi-start.png"
MENU_TARGETS = {
    discord.AppCommandType.user: N_("**{menu}** — right-click a member, then Apps"),
    discord.AppCommandType.message: N_("**{menu}** — right-click a message, then Apps"),
}
BUTTON_TIP = N_(
    "💡 In a game, just click the button of a square under the board to play there; "
    "`/reversi move` does the same by typing."
)


class StartPicture:
    """The start position as a small PNG, in each language (its names and status line are
    words). It never changes, so it is drawn once a language, off the event loop, and the bytes
    are reused for every reply."""

    def __init__(self) -> None:
        self._pngs: dict[str, tuple[bytes, str]] = {}

    async def file(self) -> discord.File:
        """The picture in the language in force."""
        language = current()
        if language not in self._pngs:
            words = in_force()
            png = await asyncio.to_thread(
                render_board, Position.initial(), size=PICTURE_SIZE, words=words
            )
            self._pngs[language] = png, board_alt_text(Position.initial(), words=words)
        png, alt_text = self._pngs[language]
        return discord.File(io.BytesIO(png), PICTURE_NAME, description=alt_text)


START_PICTURE = StartPicture()


def rules_embed() -> discord.Embed:
    title, body = rules()
    embed = discord.Embed(title=title, description=body, color=COLOR)
    embed.set_image(url=f"attachment://{PICTURE_NAME}")
    return embed


def signature(command: app_commands.Command[Any, ..., Any]) -> str:
    """E.g. `/reversi h2h <player> [other]`: required options in <>, optional in []."""
    options = (
        f"<{p.display_name}>" if p.required else f"[{p.display_name}]" for p in command.parameters
    )
    return " ".join((f"/{command.qualified_name}", *options))


def help_lines(tree: app_commands.CommandTree[Any]) -> list[str]:
    """One line per slash command (subcommands included) and per context menu, from the tree
    the bot syncs, so the help can't drift from the real commands."""
    commands = sorted(
        (c for c in tree.walk_commands() if isinstance(c, app_commands.Command)),
        key=lambda c: c.qualified_name,
    )
    lines = [f"`{signature(c)}` — {_(c.description)}" for c in commands]
    for kind, line in MENU_TARGETS.items():
        for menu in sorted(tree.get_commands(type=kind), key=lambda m: m.name):
            lines.append(_(line).format(menu=menu.name))
    return lines


def help_embed(tree: app_commands.CommandTree[Any]) -> discord.Embed:
    embed = discord.Embed(
        title=_("Reversi commands"),
        description=fit([*help_lines(tree), "", _(BUTTON_TIP)], EMBED_DESCRIPTION),
        color=COLOR,
    )
    embed.set_footer(text=_("<option> must be given, [option] may be left out."))
    return embed


class Rules(commands.Cog):
    """Both replies are ephemeral: a personal read that needn't fill the channel."""

    def __init__(self, bot: ReversiBot) -> None:
        self.bot = bot

    async def cog_unload(self) -> None:
        remove_feature_commands(self.bot, self)

    @app_commands.command(
        name="rules", description=locale_str("How to play Reversi, and its rules")
    )
    @app_commands.describe(
        language=locale_str("The language to read them in (default: yours, else English)")
    )
    @app_commands.choices(language=CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        async with answering(interaction, "/reversi rules"):
            with using(language.value if language else current()):
                embed, picture = rules_embed(), await START_PICTURE.file()
            await interaction.response.send_message(embed=embed, file=picture, ephemeral=True)

    @app_commands.command(
        name="help", description=locale_str("Every Reversi command on one screen")
    )
    async def help_screen(self, interaction: discord.Interaction) -> None:
        async with answering(interaction, "/reversi help"):
            await interaction.response.send_message(embed=help_embed(self.bot.tree), ephemeral=True)


async def setup(bot: commands.AutoShardedBot) -> None:
    await add_feature_cog(bot, Rules(cast(ReversiBot, bot)))
