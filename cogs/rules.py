"""`/reversi rules` and `/reversi help`: how to play, in the languages of the original rule sheets,
and every command on one screen, read from the command tree so it always matches what is
registered."""

from __future__ import annotations

import asyncio
import io
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import ReversiBot
from bot.engine import Position
from cogs.group import add_feature_cog, remove_feature_commands
from cogs.leaderboard import COLOUR
from cogs.replies import answering
from cogs.rules_texts import ENGLISH, TEXTS, RulesText
from cogs.text import EMBED_DESCRIPTION, fit
from rendering import board_alt_text, render_board

PICTURE_SIZE = 320
PICTURE_NAME = "reversi-start.png"
LANGUAGE_CHOICES = [app_commands.Choice(name=text.name, value=code) for code, text in TEXTS.items()]
MENU_TARGETS = {
    discord.AppCommandType.user: "a member",
    discord.AppCommandType.message: "a message",
}
BUTTON_TIP = (
    "💡 In a game, just click the button of a square under the board to play there; "
    "`/reversi move` does the same by typing."
)


def text_for(locale: str) -> RulesText:
    """The rules in the caller's language, else English.

    Discord's client offers none of these languages yet, so match by language code (the part
    before any `-`): discord.py keeps locale values it doesn't know, so `tl`, `fil-PH` or `is`
    pick their text as soon as Discord sends them.
    """
    code = locale.split("-")[0].lower()
    return next((text for text in TEXTS.values() if code in text.codes), ENGLISH)


class StartPicture:
    """The start position as a small PNG. It never changes, so it is drawn once, off the event
    loop, and the bytes are reused for every reply."""

    def __init__(self) -> None:
        self._png: bytes | None = None
        self.alt_text = board_alt_text(Position.initial())

    async def file(self) -> discord.File:
        if self._png is None:
            self._png = await asyncio.to_thread(render_board, Position.initial(), size=PICTURE_SIZE)
        return discord.File(io.BytesIO(self._png), PICTURE_NAME, description=self.alt_text)


START_PICTURE = StartPicture()


def rules_embed(text: RulesText) -> discord.Embed:
    embed = discord.Embed(title=text.title, description=text.body, colour=COLOUR)
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
    lines = [f"`{signature(c)}` — {c.description}" for c in commands]
    for kind, target in MENU_TARGETS.items():
        for menu in sorted(tree.get_commands(type=kind), key=lambda m: m.name):
            lines.append(f"**{menu.name}** — right-click {target}, then Apps")
    return lines


def help_embed(tree: app_commands.CommandTree[Any]) -> discord.Embed:
    embed = discord.Embed(
        title="Reversi commands",
        description=fit([*help_lines(tree), "", BUTTON_TIP], EMBED_DESCRIPTION),
        colour=COLOUR,
    )
    embed.set_footer(text="<option> must be given, [option] may be left out.")
    return embed


class Rules(commands.Cog):
    """Both replies are ephemeral: a personal read that needn't fill the channel."""

    def __init__(self, bot: ReversiBot) -> None:
        self.bot = bot

    async def cog_unload(self) -> None:
        remove_feature_commands(self.bot, self)

    @app_commands.command(name="rules", description="How to play Reversi, and its rules")
    @app_commands.describe(language="The language to read them in (default: yours, else English)")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def rules(
        self,
        interaction: discord.Interaction,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        async with answering(interaction, "/reversi rules"):
            text = TEXTS[language.value] if language else text_for(interaction.locale.value)
            await interaction.response.send_message(
                embed=rules_embed(text), file=await START_PICTURE.file(), ephemeral=True
            )

    @app_commands.command(name="help", description="Every Reversi command on one screen")
    async def help_screen(self, interaction: discord.Interaction) -> None:
        async with answering(interaction, "/reversi help"):
            await interaction.response.send_message(embed=help_embed(self.bot.tree), ephemeral=True)


async def setup(bot: commands.AutoShardedBot) -> None:
    await add_feature_cog(bot, Rules(cast(ReversiBot, bot)))
