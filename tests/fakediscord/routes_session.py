"""Login and lookups: the bot user, the application, the gateway URL, guilds, members, channels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import DiscordError, missing_access, unknown_member
from .permissions import VIEW_CHANNEL

if TYPE_CHECKING:
    from .rest import ApiRequest, Handler
    from .server import FakeDiscordServer


def handlers(server: FakeDiscordServer) -> dict[str, Handler]:
    world = server.world

    def me(_: ApiRequest) -> Any:
        return {**world.bot_user.payload(), "verified": True, "mfa_enabled": False}

    def application(_: ApiRequest) -> Any:
        return {
            "id": str(world.application_id),
            "name": world.bot_user.name,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": world.owner.payload(),
            "team": None,
            "bot": world.bot_user.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
        }

    def gateway(_: ApiRequest) -> Any:
        return {"url": server.gateway.url}

    def gateway_bot(_: ApiRequest) -> Any:
        return {
            "url": server.gateway.url,
            "shards": server.gateway.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 86_400_000,
                "max_concurrency": 1,
            },
        }

    def user(request: ApiRequest) -> Any:
        found = world.users.get(int(request.param("user_id")))
        if found is None:
            raise DiscordError(404, 10013, "Unknown User")
        return found.payload()

    def guild(request: ApiRequest) -> Any:
        payload = server.find_guild(request.param("guild_id")).payload()
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
            payload.pop(key)
        return payload

    def guild_channels(request: ApiRequest) -> Any:
        return [c.payload() for c in server.find_guild(request.param("guild_id")).text_channels]

    def member(request: ApiRequest) -> Any:
        found = server.find_guild(request.param("guild_id")).members.get(
            int(request.param("user_id"))
        )
        if found is None:
            raise unknown_member()
        return found.payload()

    def channel(request: ApiRequest) -> Any:
        found = server.find_channel(request.param("channel_id"))
        if not server.bot_member(found.guild).permissions_in(found) & VIEW_CHANNEL:
            raise missing_access()
        return found.payload()

    return {
        "GET /users/@me": me,
        "GET /oauth2/applications/@me": application,
        "GET /applications/@me": application,
        "GET /gateway": gateway,
        "GET /gateway/bot": gateway_bot,
        "GET /users/{user_id}": user,
        "GET /guilds/{guild_id}": guild,
        "GET /guilds/{guild_id}/channels": guild_channels,
        "GET /guilds/{guild_id}/members/{user_id}": member,
        "GET /channels/{channel_id}": channel,
    }
