"""The daily puzzle's post, in the server's language: the board, its themes, how many members
solved it so far, the day before's solution and who solved it first, and a Solve button that
opens the puzzle privately (`PuzzleCog.on_daily`). Nothing in the channel gives the answer away
before the next day's post.

The post is made for the daily clock (`bot.daily_timers`); a post that may have reached Discord
before a crash is looked for in the channel's recent messages (by its Solve button, which names
the day) before it is sent again. Each solve edits the count: one edit at a time per server,
each reading the count afresh, so the latest count is the one left shown.
"""

from __future__ import annotations

import io
import logging
import re
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Self

import discord
from discord.utils import escape_markdown, escape_mentions

from bot.domain.daily import DAY, DailyView
from bot.domain.events import PuzzleSolved
from bot.i18n import _, in_force, ngettext
from bot.services.bus import Events
from bot.services.errors import StorageError
from cogs.buttons import Taken
from cogs.features import features
from cogs.puzzles.message import drawn, moves_to_find
from cogs.puzzles.texts import THEMES, solution_text
from cogs.text import shorten
from rendering.words import color_name

if TYPE_CHECKING:
    from bot.background import Background
    from bot.services.daily import DailyPuzzles
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names

log = logging.getLogger(__name__)

RECENT = 50
"""The channel's latest messages searched for a post that may have gone out before a crash."""
NAME = 64
"""Characters of the first solver's name."""
NEEDED = {
    "view_channel": "View Channel",
    "send_messages": "Send Messages",
    "attach_files": "Attach Files",
    "read_message_history": "Read Message History",
}
"""What the daily post needs in its channel: the last to find a post a crash left unrecorded."""


def solve_id(day: int) -> str:
    return f"reversi:daily-solve:{day}"


class DailySolveButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:daily-solve:(?P<day>[0-9]+)",
):
    def __init__(self, day: int) -> None:
        super().__init__(
            discord.ui.Button(
                # TRANSLATORS: the button under the daily puzzle: opens it for the clicker alone.
                label=_("Solve"),
                style=discord.ButtonStyle.success,
                emoji="🧩",
                custom_id=solve_id(day),
            )
        )
        self.day = day

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["day"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).puzzles.on_daily(interaction, self.day)


def missing_in(channel: discord.abc.GuildChannel) -> list[str]:
    """What the daily post needs in `channel` that the bot lacks, by name."""
    granted = channel.permissions_for(channel.guild.me)
    return [label for flag, label in NEEDED.items() if not getattr(granted, flag)]


def date_of(day: int) -> str:
    return datetime.fromtimestamp(day * DAY, UTC).strftime("%Y-%m-%d")


def post_text(view: DailyView, first: str | None) -> str:
    """The post's words; `first` is the escaped name of the day before's first solver."""
    position = view.line.positions[0]
    left = moves_to_find(view.line, 0)
    lines = [
        _("🧩 **Daily puzzle** · {date}").format(date=date_of(view.puzzle.day)),
        ngettext(
            "{color} to move · {count} move to find",
            "{color} to move · {count} moves to find",
            left,
        ).format(color=color_name(position.turn, in_force()), count=left),
    ]
    if themes := view.line.entry.themes:
        named = ", ".join(_(THEMES[theme]) for theme in sorted(themes))
        lines.append(_("Theme: {themes}").format(themes=named))
    if view.solved:
        lines.append(
            ngettext(
                "✅ Solved by {count} member so far.",
                "✅ Solved by {count} members so far.",
                view.solved,
            ).format(count=view.solved)
        )
    else:
        lines.append(_("Nobody has solved it yet: press **Solve** to try, just for you."))
    if (reveal := view.previous) is not None:
        solution = _("Solution of {date}: {line}").format(
            date=date_of(reveal.puzzle.day), line=solution_text(reveal.line)
        )
        if first is not None:
            solved = ngettext(
                "solved by {count} member, first by {name}",
                "solved by {count} members, first by {name}",
                reveal.solved,
            ).format(count=reveal.solved, name=first)
        else:
            solved = _("nobody solved it")
        lines += ["", f"{solution} · {solved}"]
    return "\n".join(lines)


class DailyMessages:
    """Posts each day's puzzle and keeps its count of solvers up to date."""

    def __init__(
        self,
        bot: Bot,
        *,
        daily: DailyPuzzles,
        audience: Audience,
        names: Names,
        background: Background,
    ) -> None:
        self.bot = bot
        self.daily, self.audience, self.names, self.background = daily, audience, names, background
        self._editing: set[int] = set()
        """Servers whose post is being edited; a solve meanwhile asks for another edit."""
        self._again: set[int] = set()
        self._shown: dict[int, tuple[int, int]] = {}
        """The day and the count each server's latest post shows: an unchanged count edits
        nothing."""

    def subscribe(self, events: Events) -> None:
        events.subscribe(PuzzleSolved, self.on_solved)

    async def post(self, view: DailyView) -> int | None:
        daily = view.puzzle
        channel = self.bot.get_channel(daily.channel_id)
        if not isinstance(channel, discord.TextChannel):
            log.warning(
                "Daily puzzle of server %s: no channel %s", daily.guild_id, daily.channel_id
            )
            return None
        if missing := missing_in(channel):
            log.warning(
                "Daily puzzle of server %s: missing %s in channel %s",
                daily.guild_id,
                ", ".join(missing),
                channel.id,
            )
            return None
        if not view.fresh:
            async for message in channel.history(limit=RECENT):
                if message.author == self.bot.user and _solves(message, daily.day):
                    self._shown[daily.guild_id] = (daily.day, view.solved)
                    return message.id
        async with self.audience.for_everyone(daily.guild_id):
            content, file, view_ = await self._built(view)
        message = await channel.send(content, file=file, view=view_)
        self._shown[daily.guild_id] = (daily.day, view.solved)
        return message.id

    def on_solved(self, event: PuzzleSolved) -> None:
        guild_id = event.attempt.guild_id
        if guild_id in self._editing:
            self._again.add(guild_id)
            return
        self._editing.add(guild_id)
        self.background.spawn(self._edit(guild_id), name=f"daily count {guild_id}")

    async def _edit(self, guild_id: int) -> None:
        try:
            while True:
                self._again.discard(guild_id)
                await self._edit_once(guild_id)
                if guild_id not in self._again:
                    return
        except (StorageError, discord.HTTPException) as error:
            log.warning("Daily puzzle count of server %s not updated: %s", guild_id, error)
        finally:
            self._editing.discard(guild_id)
            self._again.discard(guild_id)

    async def _edit_once(self, guild_id: int) -> None:
        view = await self.daily.latest(guild_id)
        if view is None or view.puzzle.message_id is None:
            return
        shown = (view.puzzle.day, view.solved)
        if self._shown.get(guild_id) == shown:
            return
        channel = self.bot.get_channel(view.puzzle.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        async with self.audience.for_everyone(guild_id):
            content = post_text(view, await self._first(view))
        try:
            await channel.get_partial_message(view.puzzle.message_id).edit(content=content)
        except discord.NotFound:  # deleted by a moderator: nothing to keep up to date
            return
        self._shown[guild_id] = shown

    async def _built(self, view: DailyView) -> tuple[str, discord.File, discord.ui.View]:
        image, alt = await drawn(view.line.positions[0])
        file = discord.File(io.BytesIO(image), f"daily-{view.puzzle.day}.png", description=alt)
        buttons = discord.ui.View(timeout=None)
        buttons.add_item(DailySolveButton(view.puzzle.day))
        return post_text(view, await self._first(view)), file, buttons

    async def _first(self, view: DailyView) -> str | None:
        reveal = view.previous
        if reveal is None or reveal.first is None:
            return None
        name = await self.names.name(reveal.first, _("a member"))
        return escape_mentions(escape_markdown(shorten(name, NAME)))


def _solves(message: discord.Message, day: int) -> bool:
    """Whether `message` is day `day`'s post, by its Solve button."""
    wanted = solve_id(day)
    return any(
        getattr(child, "custom_id", None) == wanted
        for row in message.components
        for child in getattr(row, "children", ())
    )
