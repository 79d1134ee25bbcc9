"""A side's name, the one word that boards, captions and messages alike call it by."""

from __future__ import annotations

from bot.engine import Color
from bot.i18n import _


def colour_name(color: Color) -> str:
    """`Black` or `White` in the language in force."""
    return _("Black") if color is Color.BLACK else _("White")
