"""Discord's OpenAPI description of HTTP API v10: which routes exist and what bodies they accept.

Every request the bot sends is matched to a route template of the spec and its JSON body (for
multipart requests, the `payload_json` part) is validated against the route's schema.  Where the
spec is stricter than what Discord accepts from discord.py, `ALLOWED_MISMATCHES` says so.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import referencing
from referencing.jsonschema import DRAFT202012

from .errors import FieldError

SPEC_PATH = Path(__file__).parent / "data" / "openapi.json"
_SPEC_URI = "urn:discord-openapi"


@dataclass(frozen=True)
class AllowedMismatch:
    """A place where the spec rejects something Discord accepts (and discord.py sends)."""

    route: str  # "METHOD /template"; "*" for any route
    path: str  # dotted path of the offending value inside the body; "*" matches one level
    keyword: str  # the JSON-schema keyword that fails there, e.g. "type"
    accepts: Callable[[Any], bool]  # which offending values are in fact fine
    reason: str

    def covers(self, route: str, path: str, keyword: str, value: Any) -> bool:
        if self.route not in ("*", route) or self.keyword != keyword or not self.accepts(value):
            return False
        want, got = self.path.split("."), path.split(".")
        return len(want) == len(got) and all(w in ("*", g) for w, g in zip(want, got, strict=True))


# Keep this short: each entry is a known gap between the spec and Discord's real behaviour.
_UPLOAD_INDEX = (
    "a new upload is named by its index in files[n]; discord.py sends it as an integer, "
    "which Discord accepts although the spec types every snowflake as a string"
)


def _upload_index(value: Any) -> bool:
    return type(value) is int and value >= 0


_RECIPIENT = (
    "discord.py opens a DM channel with the recipient's id as an integer, which Discord "
    "accepts although the spec types every snowflake as a string"
)


def _snowflake_number(value: Any) -> bool:
    return type(value) is int and 0 < value < 2**64


ALLOWED_MISMATCHES: tuple[AllowedMismatch, ...] = (
    AllowedMismatch("*", "attachments.*.id", "type", _upload_index, _UPLOAD_INDEX),
    AllowedMismatch("*", "data.attachments.*.id", "type", _upload_index, _UPLOAD_INDEX),
    AllowedMismatch(
        "POST /users/@me/channels", "recipient_id", "type", _snowflake_number, _RECIPIENT
    ),
)


@dataclass(frozen=True)
class SpecRoute:
    """One route of the spec: `template` such as `/channels/{channel_id}/messages`."""

    method: str
    template: str
    operation: Mapping[str, Any]

    @property
    def key(self) -> str:
        return f"{self.method} {self.template}"

    @property
    def query_parameters(self) -> frozenset[str]:
        parameters = self.operation.get("parameters", ())
        return frozenset(p["name"] for p in parameters if p["in"] == "query")

    @property
    def has_body(self) -> bool:
        return "requestBody" in self.operation


class Spec:
    """The routes and request schemas of Discord's OpenAPI document."""

    def __init__(self, document: dict[str, Any]) -> None:
        _simplify_unions(document, document["components"]["schemas"])
        self._document = document
        resource = referencing.Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: referencing.Registry[Any] = referencing.Registry().with_resource(
            _SPEC_URI, resource
        )
        self._routes: list[tuple[re.Pattern[str], int, SpecRoute]] = []
        for template, item in document["paths"].items():
            pattern, literals = _compile_template(template)
            for method, operation in item.items():
                if method == "parameters":
                    continue
                route = SpecRoute(method.upper(), template, operation)
                self._routes.append((pattern, literals, route))
        # Prefer templates with more literal parts: `/messages/@original` over `/{message_id}`.
        self._routes.sort(key=lambda entry: -entry[1])
        self._by_key = {route.key: route for _, _, route in self._routes}
        self._validators: dict[str, jsonschema.protocols.Validator | None] = {}

    def match(self, method: str, path: str) -> tuple[SpecRoute, dict[str, str]] | None:
        """The spec route for a request path (below the API base), with its path parameters."""
        for pattern, _, route in self._routes:
            if route.method != method:
                continue
            found = pattern.fullmatch(path)
            if found:
                return route, found.groupdict()
        return None

    def route(self, key: str) -> SpecRoute | None:
        """The route named "METHOD /template", if the spec has it."""
        return self._by_key.get(key)

    def has_path(self, path: str) -> bool:
        return any(pattern.fullmatch(path) for pattern, _, _ in self._routes)

    def validate(self, route: SpecRoute, body: Any) -> list[FieldError]:
        """The spec's objections to `body` as the JSON body of `route`, minus allowed mismatches."""
        # Bots send the same bodies again and again (command sync at every test's start).
        return list(self._validate_json(route.key, json.dumps(body, sort_keys=True)))

    @lru_cache(maxsize=512)  # noqa: B019 - one Spec per process, kept for its lifetime
    def _validate_json(self, key: str, text: str) -> tuple[FieldError, ...]:
        route, body = self._by_key[key], json.loads(text)
        validator = self._validator(route)
        if validator is None:
            return () if body is None else (FieldError("", "NO_BODY", "This route takes no body"),)
        errors = []
        for error in _leaf_errors(validator.iter_errors(body)):
            path = ".".join(str(part) for part in error.absolute_path)
            keyword = str(error.validator)
            if not any(m.covers(key, path, keyword, error.instance) for m in ALLOWED_MISMATCHES):
                errors.append(_as_field_error(path, error))
        return tuple(errors)

    def _validator(self, route: SpecRoute) -> jsonschema.protocols.Validator | None:
        if route.key not in self._validators:
            content = route.operation.get("requestBody", {}).get("content", {})
            if "application/json" not in content:
                self._validators[route.key] = None
            else:
                pointer = "/".join(
                    _escape_pointer(part)
                    for part in (
                        "paths",
                        route.template,
                        route.method.lower(),
                        "requestBody",
                        "content",
                        "application/json",
                        "schema",
                    )
                )
                schema = {"$ref": f"{_SPEC_URI}#/{pointer}"}
                self._validators[route.key] = jsonschema.Draft202012Validator(
                    schema, registry=self._registry
                )
        return self._validators[route.key]


def _simplify_unions(node: Any, schemas: Mapping[str, Any]) -> None:
    """Rewrite, in place, the spec's unions into equivalent schemas that validate much faster.

    A `oneOf` of distinct constants (Discord's enums: component types, button styles) becomes
    an `enum`.  A `oneOf`/`anyOf` of object schemas told apart by the enum of their `type`
    property (components, callback bodies) becomes `if type in enum then that schema` for each
    branch: the same verdicts, one schema checked instead of all, and that schema's errors.
    """
    if isinstance(node, list):
        for item in node:
            _simplify_unions(item, schemas)
        return
    if not isinstance(node, dict):
        return
    constants = node.get("oneOf")
    if isinstance(constants, list) and all(
        isinstance(c, dict) and "const" in c and c.keys() <= {"const", "title", "description"}
        for c in constants
    ):
        values = [c["const"] for c in constants]
        if len(values) == len(set(values)):
            del node["oneOf"]
            node["enum"] = values
    for keyword in ("oneOf", "anyOf"):
        branches = node.get(keyword)
        if not isinstance(branches, list) or (tags := _branch_tags(branches, schemas)) is None:
            continue
        del node[keyword]
        tagged = {
            "type": "object",
            "required": ["type"],
            "properties": {"type": {"enum": [tag for branch in tags for tag in branch]}},
            "allOf": [
                {"if": {"properties": {"type": {"enum": tag}}}, "then": branch}
                for tag, branch in zip(tags, branches, strict=True)
            ],
        }
        node["allOf"] = [*node.get("allOf", []), tagged]
    for value in node.values():
        _simplify_unions(value, schemas)


def _branch_tags(branches: list[Any], schemas: Mapping[str, Any]) -> list[list[Any]] | None:
    """The `type` enum of each branch, if the union is tagged by disjoint `type` enums."""
    tags: list[list[Any]] = []
    for branch in branches:
        ref = branch.get("$ref", "") if isinstance(branch, dict) else ""
        if set(branch) != {"$ref"} or not ref.startswith("#/components/schemas/"):
            return None
        target = schemas[ref.rsplit("/", 1)[1]]
        kind = target.get("properties", {}).get("type", {})
        if "type" not in target.get("required", ()) or "enum" not in kind:
            return None
        tags.append(list(kind["enum"]))
    flat = [tag for branch in tags for tag in branch]
    return tags if len(flat) == len(set(flat)) else None


def _compile_template(template: str) -> tuple[re.Pattern[str], int]:
    parts = template.strip("/").split("/")
    regex = []
    literals = 0
    for part in parts:
        name = re.fullmatch(r"\{(\w+)\}", part)
        if name:
            regex.append(f"(?P<{name.group(1)}>[^/]+)")
        else:
            literals += 1
            regex.append(re.escape(part))
    return re.compile("/" + "/".join(regex)), literals


def _escape_pointer(part: str) -> str:
    return part.replace("~", "~0").replace("/", "~1")


def _leaf_errors(
    errors: Iterable[jsonschema.ValidationError],
) -> Iterator[jsonschema.ValidationError]:
    """The most specific errors: for a failed `oneOf`/`anyOf`, those of the branch meant.

    The branch meant is one whose `type` discriminator matches (Discord's unions are tagged by
    `type`), and among those the one whose errors reach deepest into the body.
    """
    for error in errors:
        if not error.context:
            yield error
            continue
        branches: dict[object, list[jsonschema.ValidationError]] = defaultdict(list)
        for sub in error.context:
            branches[sub.schema_path[0]].append(sub)
        candidates = [
            subs
            for subs in branches.values()
            if not any(list(sub.relative_path) == ["type"] for sub in subs)
        ] or list(branches.values())
        chosen = max(candidates, key=lambda subs: max(len(sub.absolute_path) for sub in subs))
        yield from _leaf_errors(chosen)


def _as_field_error(path: str, error: jsonschema.ValidationError) -> FieldError:
    """Phrase a schema violation the way Discord phrases the same mistake."""
    keyword, limit = error.validator, error.validator_value
    schema = error.schema if isinstance(error.schema, Mapping) else {}
    if keyword in ("minLength", "maxLength") and {"minLength", "maxLength"} <= schema.keys():
        low, high = schema["minLength"], schema["maxLength"]
        return FieldError(
            path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length."
        )
    if keyword in ("maxLength", "maxItems"):
        return FieldError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
    if keyword in ("minLength", "minItems"):
        return FieldError(path, "BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length.")
    if keyword == "required":
        return FieldError(path, "BASE_TYPE_REQUIRED", f"This field is required ({error.message})")
    if keyword == "enum":
        return FieldError(path, "BASE_TYPE_CHOICES", f"Value must be one of {limit}.")
    if keyword == "additionalProperties":
        return FieldError(path, "UNKNOWN_FIELD", error.message)
    return FieldError(path, f"SCHEMA_{str(keyword).upper()}", error.message)


@cache
def load_spec() -> Spec:
    """The spec shipped with the tests, parsed once per process."""
    return Spec(json.loads(SPEC_PATH.read_text(encoding="utf-8")))
