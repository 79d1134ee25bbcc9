"""The frame of every page: its language, its title, the site's style sheet and its own
scripts (files of the bot's, never inline), readable from 320 px wide. The body arrives as HTML
whose every name and text the page escaped (`html.escape`)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from aiohttp import web

from rendering.text import FONT_DIR

STATIC = "/static"
FONTS = "/fonts"
STATIC_FOLDER = Path(__file__).resolve().parents[1] / "static"


def page(
    *, language: str, title: str, body: str, scripts: Sequence[str] = (), status: int = 200
) -> web.Response:
    """The whole page: `title` is text (escaped here), `body` HTML, `scripts` file names of
    `web/static`, loaded deferred."""
    tags = "".join(f'<script src="{STATIC}/{escape(name)}" defer></script>' for name in scripts)
    html = (
        f'<!DOCTYPE html><html lang="{escape(language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="robots" content="noindex, nofollow">'
        '<meta name="referrer" content="no-referrer">'
        f"<title>{escape(title)}</title>"
        f'<link rel="icon" href="{STATIC}/favicon.svg" type="image/svg+xml">'
        f'<link rel="stylesheet" href="{STATIC}/site.css">{tags}</head>'
        f"<body><main>{body}</main></body></html>"
    )
    return web.Response(text=html, content_type="text/html", charset="utf-8", status=status)


def add_static(app: web.Application, folder: Path) -> None:
    """Serve the pages' style sheet and scripts (`web/static`), and the fonts the board images
    are drawn with, so that a page in Tamil reads where the reader's system has no Tamil font."""
    app.router.add_static(STATIC, folder)
    app.router.add_static(FONTS, FONT_DIR)
