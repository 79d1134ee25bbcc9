"""The review's marks as players read them."""

from __future__ import annotations

from bot.engine.review import Mark
from rendering.words import ENGLISH, Words


def mark_name(mark: Mark, *, words: Words = ENGLISH) -> str:
    """`best`, `good`, `inaccuracy`, `mistake` or `blunder`."""
    match mark:
        case Mark.BEST:
            return words.gettext("best")
        case Mark.GOOD:
            return words.gettext("good")
        case Mark.INACCURACY:
            return words.gettext("inaccuracy")
        case Mark.MISTAKE:
            return words.gettext("mistake")
        case Mark.BLUNDER:
            return words.gettext("blunder")


def mark_count(mark: Mark, count: int, *, words: Words = ENGLISH) -> str:
    """`1 mistake`, `3 blunders` (inaccuracies, mistakes and blunders only)."""
    match mark:
        case Mark.INACCURACY:
            text = words.ngettext("{count} inaccuracy", "{count} inaccuracies", count)
        case Mark.MISTAKE:
            text = words.ngettext("{count} mistake", "{count} mistakes", count)
        case _:
            text = words.ngettext("{count} blunder", "{count} blunders", count)
    return text.format(count=f"{count:,}")
