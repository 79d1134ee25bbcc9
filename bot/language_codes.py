"""The languages the bot speaks, by code, and which of them a Discord locale asks for: what
the services check a choice against and the translations are kept for (`bot.i18n`)."""

from __future__ import annotations

DEFAULT = "en"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "tl": "Tagalog",
    "is": "Íslenska",
    "ta": "தமிழ்",
    "ha": "Hausa",
    "rw": "Ikinyarwanda",
}
"""The languages the bot speaks, by code, each named in itself; each but English has its
catalogue in `bot/i18n/locales`."""


def language_of_locale(locale: str | None) -> str | None:
    """Our language for a Discord locale (`en-US`, `fil`...), or None if we have none: matched by
    the language code before any `-`, with `fil` (Filipino) read as Tagalog."""
    if not locale:
        return None
    code = locale.split("-")[0].lower()
    code = {"fil": "tl"}.get(code, code)
    return code if code in LANGUAGES else None
