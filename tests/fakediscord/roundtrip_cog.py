"""A tiny cog for the fake Discord's own tests: one `/probe` command per thing the fake carries.

It uses discord.py the way the real cogs do (app commands, a DynamicItem, a select, a modal,
files, threads, the bot's clock, SQLite) so the tests prove the round trip through the fake.
"""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta
from io import BytesIO
from typing import TYPE_CHECKING, Any

import aiosqlite
import discord
from discord import app_commands
from discord.ext import commands
from PIL import Image

if TYPE_CHECKING:
    from bot.app import Parts
    from bot.clock import Clock

SQUARES = [f"{file}{rank}" for file in "abcdefgh" for rank in range(1, 9)]


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"probe:count:(?P<n>\d+)"):
    """A button that carries its count in its custom_id, so it works across restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", custom_id=f"probe:count:{n}", style=discord.ButtonStyle.primary
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"count {self.n + 1}", view=counter_view(self.n + 1)
        )


def counter_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(n))
    return view


class Letters(discord.ui.View):
    """A select whose choice is written back with a deferred update and an `@original` edit."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="probe:letters",
        placeholder="Pick letters",
        max_values=2,
        options=[discord.SelectOption(label=c.upper(), value=c) for c in "abc"],
    )
    async def letters(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"chose {','.join(select.values)}")


class Confirm(discord.ui.View):
    """A yes/no question whose asker waits for the answer (a View with the default timeout)."""

    confirmed = False

    @discord.ui.button(label="Yes", style=discord.ButtonStyle.danger)
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.confirmed = True
        await interaction.response.edit_message(content="confirmed", view=None)
        self.stop()


class Feedback(discord.ui.Modal, title="Feedback"):
    comment: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Comment", custom_id="comment")
    mood: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Mood", custom_id="mood", required=False
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"thanks: {self.comment.value} ({self.mood.value or 'no mood'})", ephemeral=True
        )


def png(colour: str = "green", size: int = 32) -> bytes:
    buffer = BytesIO()
    Image.new("RGB", (size, size), colour).save(buffer, format="PNG")
    return buffer.getvalue()


class Probe(commands.GroupCog, group_name="probe", group_description="Fake Discord probes"):
    settings = app_commands.Group(name="settings", description="A nested group")

    def __init__(self, bot: commands.Bot, *, clock: Clock) -> None:
        self.bot = bot
        self.clock = clock
        self.db: aiosqlite.Connection | None = None
        self.errors: list[int] = []  # Discord error codes the probes ran into
        self.reminders: list[asyncio.Task[None]] = []

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(Counter)
        self.bot.add_view(Letters())
        self.db = await aiosqlite.connect(self.bot.config.database)  # type: ignore[attr-defined]
        await self.db.execute("CREATE TABLE IF NOT EXISTS counter (n INTEGER NOT NULL)")
        await self.db.commit()

    async def cog_unload(self) -> None:
        for task in self.reminders:
            task.cancel()
        if self.db is not None:
            await self.db.close()

    @app_commands.command(description="Answer pong")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    @app_commands.command(description="Repeat text")
    @app_commands.describe(text="What to say", times="How often", loud="Shout")
    async def echo(
        self,
        interaction: discord.Interaction,
        text: str,
        times: app_commands.Range[int, 1, 5] = 1,
        loud: bool = False,
    ) -> None:
        said = " ".join([text] * times)
        await interaction.response.send_message(said.upper() if loud else said)

    @app_commands.command(description="Greet a member")
    @app_commands.choices(
        style=[
            app_commands.Choice(name="Warm", value="warm"),
            app_commands.Choice(name="Cool", value="cool"),
        ]
    )
    async def greet(
        self,
        interaction: discord.Interaction,
        user: discord.Member,
        style: str = "warm",
        where: discord.TextChannel | None = None,
    ) -> None:
        place = f" in #{where.name}" if where else ""
        await interaction.response.send_message(
            f"{style} hello {user.display_name} ({user.mention}){place}"
        )

    @settings.command(name="show", description="Show a setting")
    async def settings_show(self, interaction: discord.Interaction, key: str) -> None:
        await interaction.response.send_message(f"{key} is unset", ephemeral=True)

    @app_commands.command(description="Whisper with a button")
    async def whisper(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("psst", view=counter_view(0), ephemeral=True)

    @app_commands.command(description="Think, then answer with an image")
    async def think(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        data = await asyncio.to_thread(png, "blue", 48)
        await interaction.followup.send(
            "done thinking", file=discord.File(BytesIO(data), "square.png", description="A square")
        )

    @app_commands.command(description="A counter button")
    async def counter(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("count 0", view=counter_view(0))

    @app_commands.command(description="A select")
    async def choose(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("choose", view=Letters())

    @app_commands.command(description="Pick a square")
    async def pick(self, interaction: discord.Interaction, square: str) -> None:
        await interaction.response.send_message(f"picked {square}", ephemeral=True)

    @pick.autocomplete("square")
    async def pick_square(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=s, value=s) for s in SQUARES if s.startswith(current)][:25]

    @app_commands.command(description="Open a modal")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(Feedback())

    @app_commands.command(description="Post to the channel directly")
    async def post(self, interaction: discord.Interaction, text: str, image: bool = False) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel | discord.Thread)
        file = discord.File(BytesIO(png()), "post.png") if image else discord.utils.MISSING
        try:
            message = await channel.send(text, file=file)
        except discord.HTTPException as error:
            self.errors.append(error.code)
            await interaction.response.send_message(f"failed: {error.code}", ephemeral=True)
        else:
            await interaction.response.send_message(f"posted {message.id}", ephemeral=True)

    @app_commands.command(description="Edit a message the bot posted")
    async def edit(self, interaction: discord.Interaction, message_id: str, text: str) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel | discord.Thread)
        try:
            await channel.get_partial_message(int(message_id)).edit(content=text)
        except discord.HTTPException as error:
            self.errors.append(error.code)
            await interaction.response.send_message(f"failed: {error.code}", ephemeral=True)
        else:
            await interaction.response.send_message("edited", ephemeral=True)

    @app_commands.command(description="Open a thread and post in it")
    async def thread(self, interaction: discord.Interaction, name: str) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        await interaction.response.defer(ephemeral=True)
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.send("first post", file=discord.File(BytesIO(png("white")), "board.png"))
        await interaction.followup.send(f"opened {thread.mention}", ephemeral=True)

    @app_commands.command(description="Count in the database")
    async def count(self, interaction: discord.Interaction) -> None:
        assert self.db is not None
        await self.db.execute("INSERT INTO counter (n) VALUES (1)")
        await self.db.commit()
        async with self.db.execute("SELECT COUNT(*) FROM counter") as cursor:
            row = await cursor.fetchone()
        await interaction.response.send_message(f"count {row[0] if row else 0}")

    @app_commands.command(description="Post a reminder later (bot clock)")
    async def remind(self, interaction: discord.Interaction, minutes: int) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        when = self.clock.now() + timedelta(minutes=minutes)
        self.reminders.append(asyncio.create_task(self._remind(channel, when)))
        await interaction.response.send_message(f"reminder at {discord.utils.format_dt(when, 'R')}")

    async def _remind(self, channel: discord.TextChannel, when: Any) -> None:
        await self.clock.sleep_until(when)
        await channel.send("reminder")

    @app_commands.command(description="Answer after some seconds of bot time")
    async def slow(self, interaction: discord.Interaction, seconds: int) -> None:
        await self.clock.sleep_until(self.clock.now() + timedelta(seconds=seconds))
        try:
            await interaction.response.send_message("finally")
        except discord.NotFound as error:
            self.errors.append(error.code)

    @app_commands.command(description="Defer, then follow up after some minutes of bot time")
    async def later(self, interaction: discord.Interaction, minutes: int) -> None:
        await interaction.response.defer(thinking=True)
        await self.clock.sleep_until(self.clock.now() + timedelta(minutes=minutes))
        try:
            await interaction.followup.send(f"{minutes} minutes later")
            second = await interaction.followup.send(
                "a second follow-up", ephemeral=True, wait=True
            )
            await second.edit(content="an edited follow-up")
        except discord.HTTPException as error:
            self.errors.append(error.code)

    @app_commands.command(description="Ask, wait for the answer, then follow up")
    async def confirm(self, interaction: discord.Interaction) -> None:
        view = Confirm()
        await interaction.response.send_message("sure?", view=view, ephemeral=True)
        await view.wait()
        await interaction.followup.send("done" if view.confirmed else "timed out", ephemeral=True)

    @app_commands.command(description="Answer, then delete the answer")
    async def vanish(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("now you see me")
        await interaction.delete_original_response()


@app_commands.context_menu(name="Wave at")
async def wave_at(interaction: discord.Interaction, member: discord.Member) -> None:
    await interaction.response.send_message(
        f"{interaction.user.display_name} waves at {member.display_name}"
    )


@app_commands.command(name="tidy", description="For moderators only")
@app_commands.default_permissions(manage_messages=True)
async def tidy(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("tidied", ephemeral=True)


async def add_probe(bot: commands.Bot, parts: Parts) -> None:
    """The probe as a feature of the bot under test (`create_bot(features=...)`)."""
    await bot.add_cog(Probe(bot, clock=parts.clock))
    bot.tree.add_command(wave_at)
    bot.tree.add_command(tidy)
