"""Answering players: short ephemeral replies, and one guard that turns every failure into one.

Every handler runs inside `answering`. A click on a component is acknowledged by a timer if
nothing has answered it when Discord's 3-second window is about to close, whatever the handler
is still waiting for; every refusal becomes an ephemeral reply; anything unexpected is logged
once and answered with an apology that says what is true.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.domain import InvalidInputError
from bot.domain.refusals import Refusal
from bot.domain.time_control import TimeControlError
from bot.engine import IllegalMoveError, InvalidMoveError
from bot.i18n import N_, _
from bot.services.errors import DatabaseUnavailableError, StorageError
from cogs import time_option
from cogs.refusal_texts import move_problem, outage_text, refusal_text
from cogs.text import shorten

if TYPE_CHECKING:
    from cogs.audience import Audience

log = logging.getLogger("cogs")

ACK_WITHIN = 2.0
"""Seconds after which an unanswered click is acknowledged, inside Discord's 3-second window."""

APOLOGY = N_("Sorry, something went wrong on my side; please try again.")


class Reply:
    """One interaction a handler is answering. Its acknowledgement timer and whoever answers it
    with something visible take the answer with `claim` first: Discord refuses a second one."""

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.claimed = False

    @property
    def open(self) -> bool:
        """Whether nobody has answered, or is answering, the interaction yet."""
        return not (self.claimed or self.interaction.response.is_done())

    def claim(self) -> bool:
        """Take the answer for oneself: False if someone else has it already."""
        if not self.open:
            return False
        self.claimed = True
        return True

    def release(self) -> None:
        """Give the answer back after Discord refused it."""
        self.claimed = False


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was already acknowledged; a reply
    Discord refuses (the interaction expired, say) is logged, never raised."""
    text = shorten(text, 2000)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as error:
        log.info("Could not answer interaction %s (%s)", interaction.id, error.code)


async def tell_reader(
    audience: Audience, interaction: discord.Interaction, message: str, **values: str
) -> None:
    """`tell` the `message` (marked with `N_`) in the reader's language, from outside a handler
    (`answering` puts it in force inside one)."""
    async with audience.for_reader(interaction):
        await tell(interaction, _(message).format(**values))


class Declined(Exception):
    """A request the Discord layer turns down itself (a command used outside a server, say):
    its message is already in the reader's language."""


def explain(error: BaseException) -> str | None:
    """What to tell the user about `error`, or None if it is a fault of ours (an apology)."""
    if isinstance(error, Refusal):
        return refusal_text(error)
    if isinstance(error, InvalidMoveError | IllegalMoveError):
        return move_problem(error)
    if isinstance(error, StorageError):
        return outage_text(error)
    if isinstance(error, TimeControlError):
        return time_option.problem(error)
    if isinstance(error, Declined | InvalidInputError):
        return str(error)
    if isinstance(error, app_commands.TransformerError):
        return _("I couldn't make sense of one of the options; please check them and try again.")
    if isinstance(error, app_commands.NoPrivateMessage):
        return _("This command belongs to a server: use it in a server channel.")
    if isinstance(error, app_commands.CheckFailure):
        return _("You can't use that here.")
    return None


async def answer_error(interaction: discord.Interaction, error: BaseException, what: str) -> None:
    """Answer `error` ephemerally, logging it (once) when it is a fault of ours, or in a line
    when the database is out of reach (an outage the admin should hear of, not a bug)."""
    text = explain(error)
    if text is None:
        log.error("Unexpected error in %s for user %s", what, interaction.user.id, exc_info=error)
        text = _(APOLOGY)
    elif isinstance(error, DatabaseUnavailableError):
        log.warning("The database is unavailable in %s: %r", what, error.cause)
    await tell(interaction, text)


def acknowledge_if_slow(reply: Reply) -> asyncio.TimerHandle | None:
    """For a click: defer it (no visible change) if nothing answered it within `ACK_WITHIN`."""
    interaction = reply.interaction
    if interaction.type is not discord.InteractionType.component:
        return None

    def defer() -> None:
        if reply.claim():
            task = asyncio.ensure_future(_defer(interaction))
            _pending.add(task)
            task.add_done_callback(_pending.discard)

    return asyncio.get_running_loop().call_later(ACK_WITHIN, defer)


_pending: set[asyncio.Future[None]] = set()
"""Acknowledgements under way (the event loop keeps only weak references to tasks)."""


async def _defer(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.defer()
    except (discord.HTTPException, discord.InteractionResponded) as error:
        log.info("Could not acknowledge interaction %s: %s", interaction.id, error)


@asynccontextmanager
async def answering(
    audience: Audience, interaction: discord.Interaction, what: str
) -> AsyncIterator[Reply]:
    """Run a handler in the reader's language (which the cog's `audience` knows); refusals become
    polite replies, anything unexpected is logged and apologised for. The services' transactions
    mean a refused or failed change leaves the game as it was. The `Reply` is for what answers
    the click with a board or a challenge's outcome, taking the answer from the acknowledgement
    timer."""
    reply = Reply(interaction)
    acknowledge_if_slow(reply)
    async with audience.for_reader(interaction):
        try:
            yield reply
        except Exception as error:
            await answer_error(interaction, error, what)
