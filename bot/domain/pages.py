"""The addresses of the pages on the web: each carries a token signed with the bot's secret, so
a page can be found only from a link the bot gave, never listed or guessed from the ids."""

from __future__ import annotations

import base64
import hashlib
import hmac
from enum import StrEnum


class PageKind(StrEnum):
    """What a page shows, and the first part of its path."""

    GAME = "games"
    TOURNAMENT = "tournaments"
    PLAYER = "players"
    SERVER = "servers"
    """The server's leaderboard."""


TOKEN_BYTES = 16
"""128 bits of the signature: no guess finds a page."""


def page_token(secret: bytes, kind: PageKind, ids: tuple[int, ...]) -> str:
    """The token of the page of `kind` for `ids` (a game's id; a server's and a member's...)."""
    message = ":".join((kind.value, *map(str, ids))).encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()[:TOKEN_BYTES]
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def page_path(secret: bytes, kind: PageKind, ids: tuple[int, ...]) -> str:
    """The page's path: `/games/<id>/<token>`, `/players/<server>/<member>/<token>`..."""
    return "/" + "/".join((kind.value, *map(str, ids), page_token(secret, kind, ids)))


def token_holds(secret: bytes, kind: PageKind, ids: tuple[int, ...], token: str) -> bool:
    """Whether `token` is the page's, compared in constant time."""
    return hmac.compare_digest(page_token(secret, kind, ids), token)
