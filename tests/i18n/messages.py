"""The messages of the code, extracted as `make messages` extracts them, and the catalogues."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from bot.i18n.catalogues import read_catalogue
from bot.language_codes import LANGUAGES

ROOT = Path(__file__).parents[2]
KEYWORDS = {**DEFAULT_KEYWORDS, "locale_str": None, "Nn_": (1, 2)}
TRANSLATED = [code for code in LANGUAGES if code != "en"]
FIELD = re.compile(r"\{(\w*)\}")


@dataclass(frozen=True)
class CatalogueMessage:
    ids: tuple[str, ...]
    """The message, or its singular and plural."""
    files: frozenset[str]


@cache
def code_messages() -> dict[str, CatalogueMessage]:
    """Every message the code marks, by its (singular) text."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[str, CatalogueMessage] = {}
    for path, _line, message, _comments, _context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS
    ):
        ids = (message,) if isinstance(message, str) else tuple(message)
        key = ids[0]
        files = found[key].files if key in found else frozenset()
        found[key] = CatalogueMessage(ids, files | {path})
    return found


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def image_messages() -> list[CatalogueMessage]:
    """The messages drawn on images (everything `rendering/` marks besides alt text)."""
    return [
        message
        for message in code_messages().values()
        if any(f.startswith("rendering/") and not f.endswith("alt_text.py") for f in message.files)
    ]


@cache
def translations(code: str) -> dict[str, tuple[str, ...]]:
    """The catalogue's translations by message id (its forms for a plural message), checked
    entries only."""
    return {
        (message.id if isinstance(message.id, str) else message.id[0]): (
            (message.string,) if isinstance(message.string, str) else tuple(message.string)
        )
        for message in read_catalogue(code)
        if message.id and not message.fuzzy
    }
