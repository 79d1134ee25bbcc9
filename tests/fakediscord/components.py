"""Read-only views of a message's components, for tests and for the driver's clicks."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT, LABEL = 1, 2, 3, 4, 18
LINK_STYLE = 5


@dataclass(frozen=True)
class Button:
    label: str | None
    custom_id: str | None
    style: int
    disabled: bool
    url: str | None
    emoji: Mapping[str, Any] | None
    row: int

    @property
    def is_link(self) -> bool:
        return self.style == LINK_STYLE


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None
    default: bool


@dataclass(frozen=True)
class Select:
    custom_id: str
    options: list[SelectOption]
    placeholder: str | None
    min_values: int
    max_values: int
    disabled: bool
    row: int

    @property
    def values(self) -> list[str]:
        return [option.value for option in self.options]


def walk(components: Sequence[Mapping[str, Any]]) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """Every component with the index of the top-level component (row) it sits in."""
    for row, top in enumerate(components):
        stack = [top]
        while stack:
            component = stack.pop(0)
            yield row, component
            stack.extend(component.get("components") or [])
            for key in ("component", "accessory"):
                if isinstance(component.get(key), Mapping):
                    stack.append(component[key])


def buttons(components: Sequence[Mapping[str, Any]]) -> list[Button]:
    return [
        Button(
            c.get("label"),
            c.get("custom_id"),
            c["style"],
            bool(c.get("disabled")),
            c.get("url"),
            c.get("emoji"),
            row,
        )
        for row, c in walk(components)
        if c.get("type") == BUTTON
    ]


def selects(components: Sequence[Mapping[str, Any]]) -> list[Select]:
    return [
        Select(
            c["custom_id"],
            [
                SelectOption(o["label"], o["value"], o.get("description"), bool(o.get("default")))
                for o in c.get("options") or []
            ],
            c.get("placeholder"),
            c.get("min_values", 1),
            c.get("max_values", 1),
            bool(c.get("disabled")),
            row,
        )
        for row, c in walk(components)
        if c.get("type") == STRING_SELECT
    ]
