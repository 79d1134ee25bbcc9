"""The review's marks as players read them, in the language in force."""

from __future__ import annotations

from bot.engine.review import Mark
from bot.i18n import _, ngettext


def mark_name(mark: Mark) -> str:
    """`best`, `good`, `inaccuracy`, `mistake` or `blunder`."""
    match mark:
        case Mark.BEST:
            return _("best")
        case Mark.GOOD:
            return _("good")
        case Mark.INACCURACY:
            return _("inaccuracy")
        case Mark.MISTAKE:
            return _("mistake")
        case Mark.BLUNDER:
            return _("blunder")


def mark_count(mark: Mark, count: int) -> str:
    """`1 mistake`, `3 blunders` (inaccuracies, mistakes and blunders only)."""
    match mark:
        case Mark.INACCURACY:
            text = ngettext("{count} inaccuracy", "{count} inaccuracies", count)
        case Mark.MISTAKE:
            text = ngettext("{count} mistake", "{count} mistakes", count)
        case _:
            text = ngettext("{count} blunder", "{count} blunders", count)
    return text.format(count=f"{count:,}")
