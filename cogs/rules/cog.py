"""`/reversi rules` and `/reversi help`: how to play, in the languages of the original rule sheets,
and the commands on one screen, read from the command tree so it always matches what is
registered: how to start first, then the commands by what they are for, the organisers', the
admins' and the moderators' shown only to those who may use them."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Collection
from enum import Enum, auto
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.engine import Position
from bot.i18n import N_, _, current, in_force, using
from cogs.group import GROUP_NAME, IN_DMS, FeatureCog
from cogs.language import CHOICES
from cogs.records.leaderboard import COLOR
from cogs.replies import answering
from cogs.rules.texts import rules
from cogs.text import EMBED_DESCRIPTION, fit
from cogs.tournaments.cog import manager_of
from rendering import board_alt_text, render_board

if TYPE_CHECKING:
    from bot.services.lookups import Lookups
    from cogs.audience import Audience
    from cogs.host import Bot


PICTURE_SIZE = 320
PICTURE_NAME = "reversi-start.png"
MENU_TARGETS = {
    discord.AppCommandType.user: N_("**{menu}** — right-click a member, then Apps"),
    discord.AppCommandType.message: N_("**{menu}** — right-click a message, then Apps"),
}
HOW_TO_START = N_(
    "**To start a game**, challenge a member (or anyone) with `/reversi challenge`, or play me "
    "with `/reversi play-bot`. Then click the button of a square under the board to play there."
)


class Who(Enum):
    """Who may use a section of the help's commands, and so sees it."""

    EVERYONE = auto()
    ORGANISERS = auto()
    """Manage Server, or the organiser role of the server's settings."""
    ADMINS = auto()
    """Manage Server."""
    MODERATORS = auto()
    """Manage Messages."""


SECTIONS = (
    (N_("Start playing"), Who.EVERYONE, ("challenge", "play-bot", "Challenge to Reversi", "rules")),
    (N_("During a game"), Who.EVERYONE, ("move", "board", "hint", "resign", "games")),
    (
        N_("Your record"),
        Who.EVERYONE,
        ("stats", "Reversi stats", "h2h", "history", "game", "review", "leaderboard"),
    ),
    (N_("Puzzles"), Who.EVERYONE, ("puzzle",)),
    (N_("Your settings"), Who.EVERYONE, ("language", "notify", "forget-me", "help")),
    (
        N_("Tournaments"),
        Who.EVERYONE,
        ("tournament list", "tournament standings", "tournament pairings"),
    ),
    (
        N_("Running tournaments (organisers)"),
        Who.ORGANISERS,
        (
            "tournament create",
            "tournament start",
            "tournament pause",
            "tournament resume",
            "tournament cancel",
            "tournament remove",
        ),
    ),
    (N_("Server settings (admins)"), Who.ADMINS, ("settings",)),
    (N_("Moderation (moderators)"), Who.MODERATORS, ("admin cancel",)),
)
"""The help's sections in order, each with who sees it and its commands (a slash command by its
name under `/reversi`, a menu by its name), in order."""
MORE = N_("More commands")
"""The heading of any command no section names, for everyone."""


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


def command_lines(tree: app_commands.CommandTree[Any]) -> dict[str, str]:
    """Each slash command (subcommands included) and context menu, by its name in `SECTIONS`,
    with its line, from the tree the bot syncs, so the help can't drift from the real
    commands."""
    lines = {}
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            name = command.qualified_name.removeprefix(f"{GROUP_NAME} ")
            lines[name] = f"`{signature(command)}` — {_(command.description)}"
    for kind, line in MENU_TARGETS.items():
        for menu in tree.get_commands(type=kind):
            lines[menu.name] = _(line).format(menu=menu.name)
    return lines


def help_lines(tree: app_commands.CommandTree[Any], who: Collection[Who]) -> list[str]:
    """How to start, then each section `who` may use, its heading over its commands."""
    lines = command_lines(tree)
    shown = [_(HOW_TO_START)]
    for heading, audience, names in SECTIONS:
        found = [lines.pop(name) for name in names if name in lines]
        if found and audience in who:
            shown.extend(["", f"**{_(heading)}**", *found])
    if lines:
        shown.extend(["", f"**{_(MORE)}**", *(lines[name] for name in sorted(lines))])
    return shown


def help_embed(tree: app_commands.CommandTree[Any], who: Collection[Who]) -> discord.Embed:
    embed = discord.Embed(
        title=_("Reversi commands"),
        description=fit(help_lines(tree, who), EMBED_DESCRIPTION),
        color=COLOR,
    )
    embed.set_footer(text=_("<option> must be given, [option] may be left out."))
    return embed


class RulesCog(FeatureCog, name="Rules"):
    """Both replies are ephemeral: a personal read that needn't fill the channel."""

    def __init__(self, bot: Bot, *, audience: Audience, lookups: Lookups) -> None:
        super().__init__(bot, audience=audience)
        self.lookups = lookups

    @app_commands.command(
        name="rules",
        description=locale_str("How to play Reversi, and its rules"),
        extras={IN_DMS: True},
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
        async with answering(self.audience, interaction, "/reversi rules"):
            with using(language.value if language else current()):
                embed, picture = rules_embed(), await START_PICTURE.file()
            await interaction.response.send_message(embed=embed, file=picture, ephemeral=True)

    @app_commands.command(
        name="help",
        description=locale_str("Every Reversi command on one screen"),
        extras={IN_DMS: True},
    )
    async def help_screen(self, interaction: discord.Interaction) -> None:
        async with answering(self.audience, interaction, "/reversi help"):
            embed = help_embed(self.bot.tree, await self.sections_for(interaction))
            await interaction.response.send_message(embed=embed, ephemeral=True)

    async def sections_for(self, interaction: discord.Interaction) -> set[Who]:
        """Whose sections the member asking may see: their permissions in this channel, and
        for tournaments the server's organiser role; in a DM, everyone's alone."""
        who = {Who.EVERYONE}
        if interaction.guild_id is None:
            return who
        permissions = interaction.permissions
        if permissions.manage_guild:
            who.add(Who.ADMINS)
        if permissions.manage_messages:
            who.add(Who.MODERATORS)
        if (await manager_of(self.lookups, interaction)).any_tournament:
            who.add(Who.ORGANISERS)
        return who
