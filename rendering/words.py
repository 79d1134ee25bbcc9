"""The words of the images and their texts, in the language the caller hands over.

Rendering knows no language in force: every function that writes words takes `words`, a
catalogue with gettext's two methods (a `gettext.NullTranslations` is one), so the same board
can be drawn in two languages side by side in one task or thread. The messages are marked as
calls of those methods, which Babel extracts as it does `_()`.
"""

from __future__ import annotations

import gettext
from typing import Protocol

from bot.engine import Color


class Words(Protocol):
    """A catalogue of translations, e.g. `gettext.NullTranslations` and its subclasses."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


ENGLISH: Words = gettext.NullTranslations()
"""The messages as the code writes them."""


def color_name(color: Color, words: Words) -> str:
    """`Black` or `White`."""
    return words.gettext("Black") if color is Color.BLACK else words.gettext("White")
