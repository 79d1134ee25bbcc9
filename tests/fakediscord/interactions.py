"""Interactions: what a user did, how the bot answered it, and the rules Discord applies.

The bot gets 3 seconds (real time, or fake time if a test moves the clock) to acknowledge an
interaction once; afterwards its token lets it edit the answer and send follow-ups for 15 minutes.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from .errors import (
    DiscordError,
    FieldError,
    invalid_form_body,
    unknown_interaction,
    unknown_message,
    unknown_webhook,
)
from .world import Channel, Message, User

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

ACK_DEADLINE = timedelta(seconds=3)
TOKEN_LIFETIME = timedelta(minutes=15)

_VALID_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}


@dataclass(eq=False)
class InteractionRecord:
    """One interaction sent to the bot, and everything the bot did with it."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    created_at: datetime
    created_monotonic: float = field(default_factory=time.monotonic)
    source: Message | None = None
    command_type: int | None = None
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    late: bool = False
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)  # set at the callback

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    def check_acknowledge(self, callback_type: int, now: datetime) -> None:
        """Raise Discord's answer to a callback that is late, repeated or of the wrong type."""
        waited_real = timedelta(seconds=time.monotonic() - self.created_monotonic)
        if now - self.created_at > ACK_DEADLINE or waited_real > ACK_DEADLINE:
            self.late = True
            self.answered.set()
            raise unknown_interaction()
        if self.acknowledged:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        valid = _VALID_CALLBACKS[self.type]
        if self.source is None:  # nothing to update: a command, or a modal opened by a command
            valid = valid - {UPDATE_MESSAGE, DEFERRED_UPDATE}
        if callback_type not in valid:
            raise invalid_form_body(
                [
                    FieldError(
                        "type",
                        "INTERACTION_CALLBACK_TYPE_INVALID",
                        f"Callback type {callback_type} is not valid for interaction type "
                        f"{self.type}.",
                    )
                ]
            )

    def check_token(self, now: datetime) -> None:
        """Raise Discord's answer for a webhook call with an expired or unused token."""
        if now - self.created_at > TOKEN_LIFETIME:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        if not self.acknowledged:
            raise unknown_webhook()

    def message(self, message_id: str) -> Message:
        """The original response (`@original`) or one of the follow-ups, by id."""
        candidates = [self.original, *self.followups]
        for candidate in candidates:
            if candidate is None or candidate.deleted:
                continue
            if message_id == "@original" and candidate is self.original:
                return candidate
            if message_id == str(candidate.id):
                return candidate
        raise unknown_message()
