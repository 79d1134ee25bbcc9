"""The language of a page: the reader's browser's, where the bot speaks it, else the server's."""

from __future__ import annotations

from aiohttp import web

from bot.language_codes import language_of_locale
from bot.services.languages import Languages


def browser_languages(request: web.Request) -> list[str]:
    """The languages of `Accept-Language`, most wanted first (`q` weights; ties keep order)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(request.headers.get("Accept-Language", "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if tag and weight > 0:
            ranked.append((-weight, index, tag))
    return [tag for _, _, tag in sorted(ranked)]


async def page_language(request: web.Request, languages: Languages, guild_id: int) -> str:
    for tag in browser_languages(request):
        if (code := language_of_locale(tag)) is not None:
            return code
    return await languages.for_everyone(guild_id)
