"""Discord's OpenAPI spec as the fake uses it: route matching, fast unions, allowed mismatches."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest

from tests.fakediscord.spec import SPEC_PATH, Spec, load_spec

CALLBACK = "/interactions/1/token/callback"


def buttons(count: int, style: int = 1) -> list[dict[str, Any]]:
    return [
        {"type": 1, "components": [{"type": 2, "style": style, "label": "b", "custom_id": f"{i}"}]}
        for i in range(count)
    ]


BODIES = [
    {"type": 4, "data": {"content": "hi", "components": buttons(2)}},
    {"type": 7, "data": {"content": "hi", "components": buttons(5)}},
    {"type": 7, "data": {"components": buttons(1, style=42)}},
    {"type": 8, "data": {"choices": [{"name": "d3", "value": "d3"}]}},
    {"type": 8, "data": {"choices": [{"name": "d3"}]}},
    {"type": 9, "data": {"custom_id": "m", "title": "T", "components": []}},
    {"type": 99, "data": {}},
    {"data": {"content": "no type"}},
    {"type": 5},
    {"type": 4, "data": {"components": [{"type": 1, "components": [{"type": 3}]}]}},
]


def test_routes_prefer_literal_segments() -> None:
    spec = load_spec()

    original = spec.match("PATCH", "/webhooks/1/abc/messages/@original")
    numbered = spec.match("PATCH", "/webhooks/1/abc/messages/42")

    assert original is not None and original[0].template.endswith("/@original")
    assert numbered is not None and numbered[1]["message_id"] == "42"
    assert spec.match("POST", "/channels/1/pancakes") is None
    assert spec.match("PUT", "/channels/1/messages") is None and spec.has_path(
        "/channels/1/messages"
    )


@pytest.mark.parametrize("body", BODIES)
def test_fast_unions_give_the_spec_verdict(body: dict[str, Any]) -> None:
    """The rewritten schema accepts exactly what Discord's own schema accepts."""
    document = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    pointer = document["paths"]["/interactions/{interaction_id}/{interaction_token}/callback"]
    schema = pointer["post"]["requestBody"]["content"]["application/json"]["schema"]
    plain = jsonschema.Draft202012Validator(
        {**copy.deepcopy(schema), "components": document["components"]}
    )
    spec = load_spec()
    route, _ = spec.match("POST", CALLBACK) or (None, None)
    assert route is not None

    assert (spec.validate(route, body) == []) == plain.is_valid(body)


def test_errors_point_into_the_branch_meant() -> None:
    spec = load_spec()
    route, _ = spec.match("POST", CALLBACK) or (None, None)
    assert route is not None

    (error,) = spec.validate(route, {"type": 7, "data": {"components": buttons(1, style=42)}})

    assert error.path == "data.components.0.components.0.style"
    assert error.code == "BASE_TYPE_CHOICES"


def test_allowed_mismatch_is_narrow() -> None:
    spec = Spec(json.loads(SPEC_PATH.read_text(encoding="utf-8")))
    route, _ = spec.match("POST", "/channels/1/messages") or (None, None)
    assert route is not None

    assert spec.validate(route, {"content": "x", "attachments": [{"id": 0}]}) == []
    (error,) = spec.validate(route, {"content": "x", "attachments": [{"id": [0]}]})
    assert error.path == "attachments.0.id"
