"""Playing against the bot: `/reversi play-bot` and `/reversi hint`.

The bot's own moves are not made here: `bot.bot_player` follows the services' events and
plays whenever it is the bot's turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot import engine
from bot.computer import DEFAULT_LEVEL
from bot.domain import GameState
from bot.engine.ai import LEVELS
from bot.i18n import N_, _, in_force, ngettext
from cogs import time_option
from cogs.group import FeatureCog
from cogs.permissions import check_permissions
from cogs.place import place_of
from cogs.play.challenge_message import COLOR_CHOICES, chosen_color
from cogs.replies import answering
from rendering.words import color_name

if TYPE_CHECKING:
    from bot.computer import Computer
    from bot.services.versus_bot import VersusBot
    from cogs.audience import Audience
    from cogs.host import Bot


HINT_BUDGET_MS = 1000
LEVEL_TITLES = (
    N_("1 · Beginner: Grabs as many discs as it can and often gives away corners."),
    N_("2 · Casual: Looks two moves ahead and knows corners matter, but is careless."),
    N_("3 · Club player: Looks four moves ahead and plays the last ten moves perfectly."),
    N_(
        "4 · Expert: Knows the openings, looks eight moves ahead, plays the last fourteen moves "
        "perfectly."
    ),
    N_("5 · Master: Full strength: tournament openings, its deepest search and a perfect endgame."),
)
"""The levels (`bot.engine.ai.LEVELS`) as the choices of `/reversi play-bot` name them."""
LEVEL_CHOICES = [
    app_commands.Choice(name=locale_str(title), value=number)
    for number, title in enumerate(LEVEL_TITLES, start=1)
]
LEVEL_WORDS = (
    N_("Beginner"),
    N_("Casual"),
    N_("Club player"),
    N_("Expert"),
    N_("Master"),
)
"""The levels' names (`bot.engine.ai.LEVELS`), marked here for translation."""


def level_name(level: int) -> str:
    return _(LEVELS[level].name)


def outlook(margin: int, exact: bool) -> str:
    """The hint's verdict for the player, `margin` discs ahead (exact: the solver's score; the
    engine keeps it within -64..+64)."""
    discs = abs(margin)
    if exact:
        if margin == 0:
            return _("with best play it's a draw")
        if margin > 0:
            return _("with best play you win by {discs}").format(discs=discs)
        return _("with best play you lose by {discs}").format(discs=discs)
    if margin == 0:
        return _("I'd say it's about even")
    if margin > 0:
        text = ngettext(
            "I'd say you're about {discs} disc ahead",
            "I'd say you're about {discs} discs ahead",
            discs,
        )
    else:
        text = ngettext(
            "I'd say you're about {discs} disc behind",
            "I'd say you're about {discs} discs behind",
            discs,
        )
    return text.format(discs=discs)


async def started_against_me(interaction: discord.Interaction, state: GameState) -> None:
    """Tell the player their game against the bot has begun; the board follows in the channel."""
    record = state.record
    color = record.color_of(interaction.user.id)
    level = record.bot_level or DEFAULT_LEVEL
    facts = {"level": level, "name": level_name(level)}
    if color is None:
        text = _("Game on! You play against me at level {level} ({name}).").format(**facts)
    else:
        text = _("Game on! You play {color} against me at level {level} ({name}).").format(
            color=color_name(color, in_force()), **facts
        )
    await interaction.response.send_message(
        f"{text} " + _("Games against me are not rated."), ephemeral=True
    )


class VersusBotCog(FeatureCog, name="VersusBot"):
    def __init__(
        self, bot: Bot, *, audience: Audience, versus_bot: VersusBot, computer: Computer
    ) -> None:
        super().__init__(bot, audience=audience)
        self.versus_bot = versus_bot
        self.computer = computer

    @app_commands.command(name="play-bot", description=locale_str("Play a game against me"))
    @app_commands.describe(
        level=locale_str("How well I play: 1 (beginner) to 5 (full strength); default 3"),
        color=locale_str("The colour you play (default: random)"),
        time=time_option.DESCRIPTION,
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.choices(color=COLOR_CHOICES)
    @app_commands.rename(color="colour")  # the option's name, as players know it
    @app_commands.autocomplete(time=FeatureCog.time_choices)
    async def play_bot(
        self,
        interaction: discord.Interaction,
        level: app_commands.Choice[int] | None = None,
        color: app_commands.Choice[str] | None = None,
        time: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        async with answering(self.audience, interaction, "/reversi play-bot"):
            check_permissions(interaction, thread=False)
            state = await self.versus_bot.start_bot_game(
                place_of(interaction),
                interaction.user.id,
                level=level.value if level else DEFAULT_LEVEL,
                color=chosen_color(color),
                time_control=time_option.parse(time),
            )
            await started_against_me(interaction, state)

    @app_commands.command(
        name="hint", description=locale_str("Ask me for a move (in games against me)")
    )
    async def hint(self, interaction: discord.Interaction) -> None:
        async with answering(self.audience, interaction, "/reversi hint"):
            state = await self.versus_bot.hint_position(place_of(interaction), interaction.user.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            result = await self.computer.choose(state.position, 5, budget_ms=HINT_BUDGET_MS)
            assert result.move is not None
            square = engine.square_name(result.move)
            await interaction.followup.send(
                _("Try {square}: {outlook}.").format(
                    square=f"**{square}**", outlook=outlook(round(result.score), result.exact)
                ),
                ephemeral=True,
            )
