"""Guild scheduled events somewhere outside Discord (external, entity type 3): create, fetch,
edit and delete, with Discord's checks.

Creating an event takes Create Events in the guild (Manage Events alone no longer does); the
bot's own events may then be fetched, edited and deleted with either. An external event needs a
location and an end time after its start, which must be in the future. Its status goes only
from scheduled to active or cancelled, and from active to completed.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from . import permissions as perms
from .errors import DiscordError, FieldError, invalid_form_body, missing_permissions
from .world import ACTIVE, CANCELED, COMPLETED, EXTERNAL, SCHEDULED, Guild, ScheduledEvent

if TYPE_CHECKING:
    from .rest import ApiRequest, Handler
    from .server import FakeDiscordServer

CREATE_PERMISSION = perms.bits(["create_events"])
EVENT_PERMISSIONS = perms.bits(["create_events", "manage_events"])
NEXT_STATUS = {SCHEDULED: {ACTIVE, CANCELED}, ACTIVE: {COMPLETED}}


def handlers(server: FakeDiscordServer) -> dict[str, Handler]:
    world = server.world

    def allowed(request: ApiRequest, needed: int = EVENT_PERMISSIONS) -> Guild:
        guild = server.find_guild(request.param("guild_id"))
        if not perms.base_permissions(server.bot_member(guild)) & needed:
            raise missing_permissions()
        return guild

    def find(request: ApiRequest) -> ScheduledEvent:
        guild = allowed(request)
        event = world.scheduled_events.get(int(request.param("guild_scheduled_event_id")))
        if event is None or event.deleted or event.guild is not guild:
            raise DiscordError(404, 10070, "Unknown Guild Scheduled Event")
        return event

    def check_times(start: datetime, end: datetime | None) -> None:
        if start <= world.clock.now():
            raise invalid_form_body(
                [FieldError("scheduled_start_time", "BASE_TYPE_BAD_TIME", "Cannot be in the past")]
            )
        if end is None or end <= start:
            raise invalid_form_body(
                [FieldError("scheduled_end_time", "BASE_TYPE_BAD_TIME", "Must be after the start")]
            )

    def create(request: ApiRequest) -> Any:
        guild = allowed(request, CREATE_PERMISSION)
        body = request.body or {}
        location = (body.get("entity_metadata") or {}).get("location")
        if body.get("entity_type") != EXTERNAL or not location:
            raise invalid_form_body(
                [FieldError("entity_metadata.location", "BASE_TYPE_REQUIRED", "Required")]
            )
        start = datetime.fromisoformat(body["scheduled_start_time"])
        end_text = body.get("scheduled_end_time")
        end = datetime.fromisoformat(end_text) if end_text else None
        check_times(start, end)
        assert end is not None
        event = ScheduledEvent(
            world.ids.next(),
            guild,
            world.bot_user.id,
            body["name"],
            body.get("description"),
            start,
            end,
            location,
        )
        world.scheduled_events[event.id] = event
        return event.payload()

    def get(request: ApiRequest) -> Any:
        return find(request).payload()

    def edit(request: ApiRequest) -> Any:
        event = find(request)
        body = request.body or {}
        status = body.get("status")
        moves = status is not None and status != event.status
        if moves and status not in NEXT_STATUS.get(event.status, set()):
            raise invalid_form_body(
                [FieldError("status", "GUILD_SCHEDULED_EVENT_INVALID_STATUS", "Invalid")]
            )
        if "scheduled_end_time" in body:
            end = datetime.fromisoformat(body["scheduled_end_time"])
            if end <= max(event.start, world.clock.now()):
                raise invalid_form_body(
                    [FieldError("scheduled_end_time", "BASE_TYPE_BAD_TIME", "Too early")]
                )
            event.end = end
        for key in ("name", "description"):
            if key in body:
                setattr(event, key, body[key])
        if status is not None:
            event.status = status
        return event.payload()

    def delete(request: ApiRequest) -> None:
        find(request).deleted = True

    one = "/guilds/{guild_id}/scheduled-events/{guild_scheduled_event_id}"
    return {
        "POST /guilds/{guild_id}/scheduled-events": create,
        f"GET {one}": get,
        f"PATCH {one}": edit,
        f"DELETE {one}": delete,
    }
