"""The catalogues on disk, and their translations, compiled on first use."""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LOCALES = Path(__file__).parent / "locales"
DOMAIN = "reversi"


def po_path(code: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(code: str) -> Catalog:
    """The catalogue of `code` as Babel reads it (fuzzy entries are kept, marked)."""
    with po_path(code).open("rb") as file:
        return read_po(file, locale=code, domain=DOMAIN)


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled translations of `code`; English, and a language without a catalogue, are
    the messages themselves. Fuzzy (unchecked) entries are left out."""
    if not po_path(code).exists():
        return gettext.NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, read_catalogue(code))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)
