"""The HTTP side of the fake: every request is matched to Discord's spec, checked, then served.

Order of business for a request: find its route in the OpenAPI spec (a route Discord does not
have is a violation), check the token, parse the JSON or multipart body, validate it against the
route's schema (a body Discord would refuse is a violation, answered 400/50035), apply any fault
the test armed, and only then let the route's handler change the world.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web
from multidict import MultiMapping

from .errors import DiscordError, invalid_form_body, invalid_json, json_response
from .message_bodies import Upload
from .spec import SpecRoute

if TYPE_CHECKING:
    from .server import FakeDiscordServer

API_PREFIX = "/api/v10"
_log = logging.getLogger(__name__)

# Routes that authenticate with the interaction or webhook token in the URL, not a bot token.
_TOKEN_ROUTES = ("/interactions/", "/webhooks/")


@dataclass
class ApiRequest:
    """A parsed request: its spec route, path parameters, query, JSON body and uploaded files."""

    method: str
    path: str
    route: SpecRoute
    params: dict[str, str]
    query: MultiMapping[str]
    body: Any
    uploads: list[Upload] = field(default_factory=list)

    def param(self, name: str) -> str:
        return self.params[name]


@dataclass(frozen=True)
class RecordedRequest:
    """What the bot sent and what it got back; tests may inspect `fake.requests`."""

    method: str
    path: str
    route: str | None
    body: Any
    status: int


@dataclass(frozen=True)
class Violation:
    """A request Discord would not accept; fails the test unless taken by it."""

    method: str
    path: str
    reason: str

    def __str__(self) -> str:
        return f"{self.method} {self.path}: {self.reason}"


Handler = Callable[[ApiRequest], Any]


class RestApi:
    """Dispatches requests under `/api/v10` to the handlers registered per spec route."""

    def __init__(self, server: FakeDiscordServer) -> None:
        self._server = server
        self.handlers: dict[str, Handler] = {}
        self.in_flight = 0

    def register(self, handlers: dict[str, Handler]) -> None:
        for key in handlers:
            if self._server.spec.route(key) is None:
                raise ValueError(f"handler for a route the spec lacks: {key}")
        self.handlers.update(handlers)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        server = self._server
        path = request.path[len(API_PREFIX) :] or "/"
        self.in_flight += 1
        server.monitor.touch()
        trace: dict[str, Any] = {"route": None, "body": None}
        status = 500
        try:
            response = await self._serve(request, path, trace)
            status = response.status
            return response
        finally:
            self.in_flight -= 1
            server.monitor.touch()
            server.requests.append(
                RecordedRequest(request.method, path, trace["route"], trace["body"], status)
            )

    async def _serve(self, request: web.Request, path: str, trace: dict[str, Any]) -> web.Response:
        server = self._server
        match = server.spec.match(request.method, path)
        if match is None:
            if server.spec.has_path(path):
                server.violate(request.method, path, "method not in the spec for this route")
                return json_response({"message": "405: Method Not Allowed", "code": 0}, status=405)
            server.violate(request.method, path, "route not in the spec")
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        route, params = match
        trace["route"] = route.key
        await server.faults.pass_holds(route.key, params)
        if request.transport is None or request.transport.is_closing():
            # Its sender died while it was held in transit: it never reaches Discord.
            return web.Response(status=CLIENT_GONE)
        unknown = set(request.query) - route.query_parameters
        if unknown:
            server.violate(
                request.method, path, f"query parameters not in the spec: {sorted(unknown)}"
            )
        if not path.startswith(_TOKEN_ROUTES) and request.headers.get("Authorization") != (
            f"Bot {server.token}"
        ):
            return json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        try:
            body, uploads = await _read_body(request)
            trace["body"] = body
            api_request = ApiRequest(
                request.method, path, route, params, request.query, body, uploads
            )
            if server.validate_schemas and (route.has_body or body is not None):
                errors = server.spec.validate(route, body)
                if errors:
                    raise invalid_form_body(errors)
            fault = server.faults.take(route.key, params)
            if fault is not None:
                raise fault
            handler = self.handlers.get(route.key)
            if handler is None:
                server.violate(request.method, path, f"the fake does not implement {route.key}")
                return json_response(
                    {"message": "not implemented by the fake", "code": 0}, status=501
                )
            result = handler(api_request)
        except DiscordError as error:
            if error.code in _BOT_MISTAKES:
                server.violate(request.method, path, str(error))
            return error.response()
        except Exception as error:  # a bug in the fake: fail the test, do not make discord.py retry
            _log.exception("the fake Discord failed on %s %s", request.method, path)
            server.violate(request.method, path, f"the fake Discord failed: {error!r}")
            return json_response({"message": "the fake Discord failed", "code": 0}, status=400)
        if result is None:
            return web.Response(status=204)
        return json_response(result)


CLIENT_GONE = 499
"""The status recorded for a request whose sender was gone before it arrived (as nginx logs it)."""

# Answers that mean the bot sent something wrong, not that the world said no.
_BOT_MISTAKES = frozenset({50035, 50006, 40060, 50005, 50109})


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    if not request.can_read_body:
        return None, []
    content_type = request.content_type
    if content_type == "multipart/form-data":
        body: Any = None
        uploads: list[Upload] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                raise DiscordError(400, 50109, "Nested multipart bodies are not accepted.")
            data = await part.read()
            name = part.name or ""
            if name == "payload_json":
                body = json.loads(data)
            else:
                uploads.append(Upload(name, part.filename or name, bytes(data)))
        return body, uploads
    raw = await request.read()
    if not raw:
        return None, []
    if content_type != "application/json":
        raise invalid_json()
    try:
        return json.loads(raw), []
    except ValueError as error:
        raise invalid_json() from error
