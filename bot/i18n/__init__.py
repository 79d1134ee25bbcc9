"""Translations: the bot's gettext catalogues, and the language in force.

Text is translated where it is made, in the language in force there: a context variable that
the front end sets for each interaction (the reader's language) and around every public message
(the server's), so the Discord layer (cogs, and the rendering they call) marks its text with `_()`
without passing a language along. The layers below it say what they mean as data (codes and
parameters, as `bot.domain.refusals`), never as text.
Messages are English in the code; the catalogues (`locales/<code>/LC_MESSAGES/reversi.po`,
made with Babel's `pybabel`, see the README) are compiled in memory on first use, so a `.po`
file edited in the repository is what runs.

Code that takes its words as a parameter rather than reading the language in force (`rendering`)
is handed `in_force()` by the front end.

Text that is made before any language is known (module constants, command descriptions) is
marked with `N_()` or discord.py's `locale_str` for extraction and translated where it is shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from gettext import NullTranslations

from bot.i18n.catalogues import translations
from bot.language_codes import DEFAULT, LANGUAGES

__all__ = ["N_", "Nn_", "Plural", "_", "current", "in_force", "ngettext", "using"]

_current: ContextVar[str] = ContextVar("language", default=DEFAULT)


def current() -> str:
    """The language code in force."""
    return _current.get()


@contextmanager
def using(code: str) -> Iterator[None]:
    """Make `code` the language in force inside the block (an unknown code means English)."""
    token = _current.set(code if code in LANGUAGES else DEFAULT)
    try:
        yield
    finally:
        _current.reset(token)


def in_force() -> NullTranslations:
    """The translations of the language in force, to hand to code that takes its words."""
    return translations(_current.get())


def _(message: str) -> str:
    """`message` in the language in force (itself where there is no translation)."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n`, by the plural rule of the language in force."""
    return translations(_current.get()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for translation where it is shown, not where it is defined."""
    return message


Plural = tuple[str, str]
"""A message's singular and plural, marked with `Nn_` and shown with `ngettext(*plural, n)`."""


def Nn_(singular: str, plural: str) -> Plural:
    """Marks a message with a count for translation where it is shown, as `N_` does."""
    return singular, plural
