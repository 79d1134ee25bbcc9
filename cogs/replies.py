"""Answering players: short ephemeral replies, and one guard that turns every failure into one."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from bot.engine import IllegalMoveError, InvalidMoveError
from bot.referee import RefereeError
from bot.storage import DatabaseError, StorageError

log = logging.getLogger("cogs.gameplay")

APOLOGY = "Sorry, something went wrong on my side. Nothing was changed; please try again."


class Refusal(Exception):
    """A request this bot turns down; the message is shown to the user as it is."""


USER_ERRORS = (Refusal, RefereeError, InvalidMoveError, IllegalMoveError)


async def reply(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


@asynccontextmanager
async def answering(interaction: discord.Interaction, what: str) -> AsyncIterator[None]:
    """Run a handler; refusals become polite replies, anything unexpected is logged and apologised
    for. The storage's transactions mean a failure leaves the game as it was."""
    try:
        yield
    except USER_ERRORS as error:
        await reply(interaction, str(error))
    except StorageError as error:
        if isinstance(error, DatabaseError):
            log.exception("Database failure in %s for user %s", what, interaction.user.id)
        await reply(interaction, str(error))
    except Exception:
        log.exception("Unexpected error in %s for user %s", what, interaction.user.id)
        try:
            await reply(interaction, APOLOGY)
        except discord.HTTPException:
            log.warning("Could not send the apology for %s", what)
