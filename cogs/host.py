"""The bot as the cogs see it: the Discord client and the feature cogs its buttons call, put there
by the composition root (`bot.app`) as it adds them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.client import ReversiBot

if TYPE_CHECKING:
    from cogs.features import Features


class Bot(ReversiBot):
    """The client with the feature cogs the buttons call. Everything else a cog or a
    Discord-side subscriber uses, the root hands it."""

    features: Features
