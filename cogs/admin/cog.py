"""Server settings, cancelling a game, and a player deleting their own stats.

The admin commands live inside `/reversi`, where Discord allows no per-subcommand default
permissions, so each checks the caller's permissions itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.domain import ChannelChange, ChannelEffect, GuildSettings
from bot.domain.refusals import ChannelsChangedRefusal
from bot.i18n import _, ngettext
from bot.language_codes import LANGUAGES
from bot.services import SettingsChange
from cogs import time_option
from cogs.admin.buttons import ChannelsConfirmButton, ForgetConfirmButton
from cogs.group import FeatureCog
from cogs.language import language_choices
from cogs.links import mention, message_link
from cogs.place import place_of
from cogs.puzzles.daily import missing_in
from cogs.refusal_texts import refusal_text
from cogs.replies import Declined, answering
from cogs.text import fit

if TYPE_CHECKING:
    from bot.services.endings import Endings
    from bot.services.lookups import Lookups
    from bot.services.settings import Settings
    from cogs.audience import Audience
    from cogs.host import Bot


CHANNEL_LIST = 1500
"""Characters of the settings' list of channels, so the whole text stays a message."""


def channel_list(channels: frozenset[int]) -> str:
    return fit([f"<#{c}>" for c in sorted(channels)], CHANNEL_LIST, separator=", ")


def settings_text(settings: GuildSettings) -> str:
    if settings.allowed_channels:
        where = channel_list(settings.allowed_channels)
    elif settings.blocked_channels:
        where = _("every channel except {channels}").format(
            channels=channel_list(settings.blocked_channels)
        )
    else:
        where = _("every channel")
    if settings.language is None:
        language = _("each member's Discord language, else English")
    else:
        language = LANGUAGES[settings.language]
    lines = [
        _("**Reversi settings for this server**"),
        _("Time control: **{time_control}** (for new challenges)").format(
            time_control=time_option.describe(settings.time_control)
        ),
        _("Rated games: **on**") if settings.rated else _("Rated games: **off**"),
        _("Games allowed in: {channels}").format(channels=where),
        _("Language: **{language}**").format(language=language),
    ]
    if settings.daily is None:
        lines.append(_("Daily puzzle: **off**"))
    else:
        lines.append(
            _("Daily puzzle: in {channel} at **{hour}:00** UTC").format(
                channel=f"<#{settings.daily.channel_id}>", hour=f"{settings.daily.hour:02d}"
            )
        )
    lines.append(
        _("Pages on the web: **on**") if settings.web_pages else _("Pages on the web: **off**")
    )
    if settings.organiser_role is not None:
        role = f"<@&{settings.organiser_role}>"
        lines.append(_("Tournament organisers: {role} and Manage Server").format(role=role))
    return "\n".join(lines)


def cannot_post(channel: discord.TextChannel, missing: list[str]) -> str:
    text = ngettext(
        "I can't post the daily puzzle in {channel}: I'm missing the {permissions} permission "
        "there. Grant it, then set the channel again.",
        "I can't post the daily puzzle in {channel}: I'm missing the {permissions} permissions "
        "there. Grant them, then set the channel again.",
        len(missing),
    )
    return text.format(channel=channel.mention, permissions=", ".join(missing))


def channels_question(change: ChannelChange, settings: GuildSettings) -> str:
    """Asks to confirm what `change` does to `settings`, saying so when it closes or opens every
    channel at once."""
    channel = f"<#{change.channel_id}>"
    match change.effect(settings):
        case ChannelEffect.ONLY:
            return _(
                "Allow games only in {channel}? Every other channel will refuse new games."
            ).format(channel=channel)
        case ChannelEffect.EXCEPT:
            return _(
                "{channel} is the only channel that allows games. Disallow it, and allow games "
                "in every other channel?"
            ).format(channel=channel)
        case ChannelEffect.EVERYWHERE if settings.allowed_channels:
            only = _("Only {channels} allow games now.").format(
                channels=channel_list(settings.allowed_channels)
            )
            return f"{only} " + _("Allow games in every channel?")
        case ChannelEffect.EVERYWHERE:
            return _("Allow games in every channel?")
        case ChannelEffect.ADD | ChannelEffect.UNBLOCK:
            return _("Allow games in {channel}?").format(channel=channel)
        case _:
            return _("Disallow games in {channel}?").format(channel=channel)


def channels_confirmation(change: ChannelChange, settings: GuildSettings) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChannelsConfirmButton(change, change.effect(settings)))
    return view


class AdminCog(FeatureCog, name="Admin"):
    def __init__(
        self,
        bot: Bot,
        *,
        audience: Audience,
        lookups: Lookups,
        settings_service: Settings,
        endings: Endings,
    ) -> None:
        super().__init__(bot, audience=audience)
        self.lookups = lookups
        self.settings_service = settings_service
        self.endings = endings

    @app_commands.command(
        name="settings", description=locale_str("Show or change this server's settings")
    )
    @app_commands.describe(
        time=time_option.SETTING_DESCRIPTION,
        rated=locale_str("Whether games between members change ratings"),
        allow=locale_str(
            "Allow games in this channel (if games are allowed everywhere: only in this one)"
        ),
        disallow=locale_str("Disallow games in this channel"),
        everywhere=locale_str("Allow games in every channel again"),
        language=locale_str("The language of boards and of what everyone sees"),
        organiser_role=locale_str("A role whose members may run tournaments (@everyone: none)"),
        daily_channel=locale_str("The channel of the daily puzzle"),
        daily_hour=locale_str("The hour of the daily puzzle, 0-23 UTC"),
        daily_off=locale_str("Turn the daily puzzle off"),
        web_pages=locale_str("Whether this server's games and tournaments have pages on the web"),
    )
    @app_commands.choices(
        language=language_choices(locale_str("Each member's own Discord language"))
    )
    @app_commands.autocomplete(time=FeatureCog.time_choices)
    async def settings(
        self,
        interaction: discord.Interaction,
        time: app_commands.Range[str, 1, 20] | None = None,
        rated: bool | None = None,
        allow: discord.TextChannel | None = None,
        disallow: discord.TextChannel | None = None,
        everywhere: bool = False,
        language: app_commands.Choice[str] | None = None,
        organiser_role: discord.Role | None = None,
        daily_channel: discord.TextChannel | None = None,
        daily_hour: app_commands.Range[int, 0, 23] | None = None,
        daily_off: bool = False,
        web_pages: bool | None = None,
    ) -> None:
        async with answering(self.audience, interaction, "/reversi settings"):
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Declined(_("Settings belong to servers; use this in a server channel."))
            changes = SettingsChange(
                time_control=time_option.parse(time),
                rated=rated,
                allow=None if allow is None else allow.id,
                disallow=None if disallow is None else disallow.id,
                everywhere=everywhere,
                language=None if language is None else language.value,
                organiser_role=None
                if organiser_role is None
                else 0
                if organiser_role.is_default()
                else organiser_role.id,
                daily_channel=None if daily_channel is None else daily_channel.id,
                daily_hour=daily_hour,
                daily_off=daily_off,
                web_pages=web_pages,
            )
            if daily_channel is not None and (missing := missing_in(daily_channel)):
                raise Declined(cannot_post(daily_channel, missing))
            if not changes:
                current = await self.lookups.settings(guild_id)
                await interaction.response.send_message(settings_text(current), ephemeral=True)
                return
            saved = await self.settings_service.change_settings(
                guild_id, changes, manager=interaction.permissions.manage_guild
            )
            # in the server's new language, if it changed
            async with self.audience.for_reader(interaction):
                text = _("Saved.") + "\n" + settings_text(saved.settings)
                asked = saved.to_confirm
                if asked is None:
                    await interaction.response.send_message(text, ephemeral=True)
                    return
                question = channels_question(asked, saved.settings)
                view = channels_confirmation(asked, saved.settings)
            text = f"{text}\n\n{question}" if changes.besides_channels() else question
            await interaction.response.send_message(text, view=view, ephemeral=True)

    admin = app_commands.Group(name="admin", description=locale_str("Moderators' tools"))

    @admin.command(
        name="cancel", description=locale_str("End this channel's game without a result")
    )
    async def admin_cancel(self, interaction: discord.Interaction) -> None:
        async with answering(self.audience, interaction, "/reversi admin cancel"):
            state = await self.endings.cancel(
                place_of(interaction),
                interaction.user.id,
                moderator=interaction.permissions.manage_messages,
            )
            record = state.record
            link = message_link(record.guild_id, record.channel_id, record.message_id)
            async with self.audience.for_everyone(record.guild_id):
                text = _(
                    "{moderator} cancelled game #{id} ({link}). It ends without a result and is "
                    "not rated."
                ).format(moderator=interaction.user.mention, id=record.id, link=link)
            await interaction.response.send_message(
                text, allowed_mentions=discord.AllowedMentions.none()
            )

    @app_commands.command(
        name="forget-me", description=locale_str("Delete your Reversi stats in this server")
    )
    async def forget_me(self, interaction: discord.Interaction) -> None:
        async with answering(self.audience, interaction, "/reversi forget-me"):
            if interaction.guild_id is None:
                raise Declined(_("Stats belong to servers; use this in a server channel."))
            view = discord.ui.View(timeout=None)
            view.add_item(ForgetConfirmButton(interaction.user.id))
            await interaction.response.send_message(
                _(
                    "Delete your rating, record, puzzle rating and challenges in this server? "
                    "Your finished games and tournaments stay, shown as played by a deleted user. "
                    "This can't be undone."
                ),
                view=view,
                ephemeral=True,
            )

    async def on_channels_confirm(
        self, interaction: discord.Interaction, change: ChannelChange, offered: ChannelEffect
    ) -> None:
        async with answering(self.audience, interaction, f"channels confirmation {change.action}"):
            guild_id = interaction.guild_id
            if guild_id is None:
                raise Declined(_("Settings belong to servers; use this in a server channel."))
            try:
                updated = await self.settings_service.confirm_channels(
                    guild_id, change, offered, manager=interaction.permissions.manage_guild
                )
            except ChannelsChangedRefusal as changed:
                note = refusal_text(changed)
                if change.effect(changed.settings) is ChannelEffect.NOTHING:
                    text = f"{note}\n{settings_text(changed.settings)}"
                    await interaction.response.edit_message(content=text, view=None)
                    return
                question = channels_question(change, changed.settings)
                view = channels_confirmation(change, changed.settings)
                await interaction.response.edit_message(content=f"{note} {question}", view=view)
                return
            text = _("Saved.") + "\n" + settings_text(updated)
            await interaction.response.edit_message(content=text, view=None)

    async def on_forget_confirm(self, interaction: discord.Interaction, user_id: int) -> None:
        async with answering(self.audience, interaction, "forget-me confirmation"):
            if interaction.guild_id is None:
                raise Declined(_("Stats belong to servers; use this in a server channel."))
            await self.settings_service.forget(
                interaction.guild_id, user_id, confirmed_by=interaction.user.id
            )
            await interaction.response.edit_message(
                content=_("Done: {player}'s Reversi stats in this server are deleted.").format(
                    player=mention(user_id)
                ),
                view=None,
            )
