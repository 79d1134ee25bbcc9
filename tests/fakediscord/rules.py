"""Discord's own limits on messages and components, beyond what the OpenAPI schema expresses.

These are checked the way Discord checks them and reported with Discord's codes and messages,
so a bot that builds too many rows or a too-long label gets the same 50035 answer it would get
in production.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator, Mapping
from typing import Any

from .errors import FieldError

MAX_CONTENT = 2000
MAX_EMBEDS = 10
EMBED_TEXT_LIMITS = {"title": 256, "description": 4096}
MAX_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR_NAME = 256
MAX_EMBED_TOTAL = 6000
"""All the text of a message's embeds together: titles, descriptions, field names and values,
footers and author names."""
MAX_ROWS = 5
MAX_ROW_WIDTH = 5
MAX_SELECT_OPTIONS = 25
MAX_LABEL = 80
MAX_CUSTOM_ID = 100
MAX_MODAL_TITLE = 45
IS_COMPONENTS_V2 = 1 << 15

BUTTON = 2
STRING_SELECT = 3
SELECT_TYPES = frozenset({STRING_SELECT, 5, 6, 7, 8})
LINK_STYLE = 5
PREMIUM_STYLE = 6


def message_errors(body: Mapping[str, Any]) -> list[FieldError]:
    """Field errors for a message body (create, edit, interaction reply, webhook message)."""
    errors: list[FieldError] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > MAX_CONTENT:
        errors.append(_too_long("content", MAX_CONTENT))
    embeds = body.get("embeds")
    if isinstance(embeds, list):
        errors.extend(_embed_errors(embeds))
    components = body.get("components")
    flags = body.get("flags") or 0
    if isinstance(components, list) and not flags & IS_COMPONENTS_V2:
        errors.extend(_layout_errors(components))
    if isinstance(components, list):
        errors.extend(_custom_id_errors(components, "components"))
    return errors


def modal_errors(body: Mapping[str, Any]) -> list[FieldError]:
    """Field errors for a modal (interaction callback type 9 data)."""
    errors: list[FieldError] = []
    title = body.get("title")
    if isinstance(title, str) and len(title) > MAX_MODAL_TITLE:
        errors.append(_too_long("title", MAX_MODAL_TITLE))
    components = body.get("components")
    if isinstance(components, list):
        if len(components) > MAX_ROWS:
            errors.append(_too_long("components", MAX_ROWS))
        errors.extend(_custom_id_errors(components, "components"))
    return errors


def _embed_errors(embeds: list[Any]) -> Iterator[FieldError]:
    """Discord's embed limits (the spec knows the per-field ones, not the total)."""
    if len(embeds) > MAX_EMBEDS:
        yield _too_long("embeds", MAX_EMBEDS)
    total = 0
    for e, embed in enumerate(embeds):
        if not isinstance(embed, Mapping):
            continue
        where = f"embeds.{e}"
        for key, limit in EMBED_TEXT_LIMITS.items():
            total += yield from _text(embed.get(key), f"{where}.{key}", limit)
        fields = embed.get("fields")
        if isinstance(fields, list):
            if len(fields) > MAX_FIELDS:
                yield _too_long(f"{where}.fields", MAX_FIELDS)
            for f, entry in enumerate(fields):
                if not isinstance(entry, Mapping):
                    continue
                path = f"{where}.fields.{f}"
                for key, limit in (("name", MAX_FIELD_NAME), ("value", MAX_FIELD_VALUE)):
                    if not entry.get(key):
                        yield FieldError(
                            f"{path}.{key}", "BASE_TYPE_REQUIRED", "This field is required"
                        )
                    total += yield from _text(entry.get(key), f"{path}.{key}", limit)
        for key, limit in (("footer", MAX_FOOTER), ("author", MAX_AUTHOR_NAME)):
            part = embed.get(key)
            if isinstance(part, Mapping):
                name = "text" if key == "footer" else "name"
                total += yield from _text(part.get(name), f"{where}.{key}.{name}", limit)
    if total > MAX_EMBED_TOTAL:
        yield FieldError(
            "embeds",
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
        )


def _text(value: Any, path: str, limit: int) -> Generator[FieldError, None, int]:
    """An error if the text is too long; returns its length, for the total."""
    if not isinstance(value, str):
        return 0
    if len(value) > limit:
        yield _too_long(path, limit)
    return len(value)


def _layout_errors(components: list[Any]) -> Iterator[FieldError]:
    if len(components) > MAX_ROWS:
        yield _too_long("components", MAX_ROWS)
    for r, row in enumerate(components):
        if not isinstance(row, Mapping) or not isinstance(row.get("components"), list):
            continue
        children = row["components"]
        where = f"components.{r}.components"
        if not children:
            yield FieldError(where, "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        elif len(children) > MAX_ROW_WIDTH:
            yield _too_long(where, MAX_ROW_WIDTH)
        elif len(children) > 1 and any(_type(child) in SELECT_TYPES for child in children):
            yield FieldError(
                where,
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "The specified component exceeds the maximum width",
            )
        for c, child in enumerate(children):
            yield from _child_errors(child, f"{where}.{c}")


def _child_errors(child: Any, where: str) -> Iterator[FieldError]:
    if not isinstance(child, Mapping):
        return
    label = child.get("label")
    if isinstance(label, str) and len(label) > MAX_LABEL:
        yield _too_long(f"{where}.label", MAX_LABEL)
    if _type(child) == BUTTON:
        style = child.get("style")
        if style == LINK_STYLE and not child.get("url"):
            yield FieldError(f"{where}.url", "BUTTON_COMPONENT_URL_REQUIRED", "A url is required")
        elif style not in (LINK_STYLE, PREMIUM_STYLE) and child.get("custom_id") is None:
            yield FieldError(
                f"{where}.custom_id",
                "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED",
                "A custom id is required",
            )
    if _type(child) == STRING_SELECT:
        options = child.get("options")
        if isinstance(options, list) and len(options) > MAX_SELECT_OPTIONS:
            yield _too_long(f"{where}.options", MAX_SELECT_OPTIONS)


def _custom_id_errors(components: list[Any], where: str) -> Iterator[FieldError]:
    seen: set[str] = set()
    for path, component in _walk(components, where):
        custom_id = component.get("custom_id")
        if not isinstance(custom_id, str):
            continue
        if not 1 <= len(custom_id) <= MAX_CUSTOM_ID:
            yield FieldError(
                f"{path}.custom_id",
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between 1 and {MAX_CUSTOM_ID} in length.",
            )
        elif custom_id in seen:
            yield FieldError(
                f"{path}.custom_id",
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        seen.add(custom_id)


def _walk(components: list[Any], where: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every component, depth first, with its dotted path (rows, sections, containers, labels)."""
    for i, component in enumerate(components):
        if not isinstance(component, Mapping):
            continue
        path = f"{where}.{i}"
        yield path, component
        nested = component.get("components")
        if isinstance(nested, list):
            yield from _walk(nested, f"{path}.components")
        for key in ("component", "accessory"):
            single = component.get(key)
            if isinstance(single, Mapping):
                yield f"{path}.{key}", single


def _type(component: Any) -> Any:
    return component.get("type") if isinstance(component, Mapping) else None


def _too_long(path: str, limit: int) -> FieldError:
    return FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
