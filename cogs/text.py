"""Keeping every text inside Discord's limits, whatever names and input it carries."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import _

CONTENT = 2000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
FIELD_VALUE = 1024
FOOTER = 2048


def shorten(text: str, limit: int) -> str:
    """`text`, cut with an ellipsis if it is longer than `limit` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit(items: Sequence[str], limit: int, *, separator: str = "\n") -> str:
    """The items joined, as many as fit in `limit` characters; when some don't, a last item says
    how many were left out."""
    text = separator.join(items)
    if len(text) <= limit:
        return text
    for shown in range(len(items) - 1, -1, -1):
        more = _("… and {count} more").format(count=f"{len(items) - shown:,}")
        text = separator.join([*items[:shown], more])
        if len(text) <= limit:
            return text
    return shorten(text, limit)


def in_messages(lines: Sequence[str], limit: int = CONTENT) -> list[str]:
    """The lines in order, each whole, in as few messages of at most `limit` characters as hold
    them (a line too long for any is shortened)."""
    messages: list[str] = []
    for line in (shorten(line, limit) for line in lines):
        if messages and len(messages[-1]) + 1 + len(line) <= limit:
            messages[-1] += "\n" + line
        else:
            messages.append(line)
    return messages


def page_of(page: int, pages: int) -> str:
    """`Page 2 of 7`."""
    return _("Page {page} of {pages}").format(page=f"{page:,}", pages=f"{pages:,}")
