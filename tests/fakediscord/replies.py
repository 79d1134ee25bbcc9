"""What a scripted user gets back: a pending interaction, then the bot's reply to it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator, Mapping
from dataclasses import dataclass
from typing import Any

from .interactions import AUTOCOMPLETE_RESULT, DEFERRED_CHANNEL_MESSAGE, MODAL, InteractionRecord
from .world import Message


@dataclass(frozen=True)
class Suggestion:
    """An autocomplete suggestion."""

    name: str
    value: str | int | float


@dataclass(frozen=True)
class BotReply:
    """How the bot answered one interaction; the messages are live (they show later edits)."""

    record: InteractionRecord

    @property
    def callback_type(self) -> int | None:
        return self.record.callback_type

    @property
    def message(self) -> Message | None:
        """The answer message; for a component updated in place, the component's message."""
        return self.record.original

    @property
    def followups(self) -> list[Message]:
        return list(self.record.followups)

    @property
    def messages(self) -> list[Message]:
        """Messages this interaction created: the answer (unless an update) and follow-ups."""
        own = self.record.original
        first = [own] if own is not None and own is not self.record.source else []
        return [*first, *self.record.followups]

    @property
    def content(self) -> str:
        """Text of the answer message ("" if there is none)."""
        return self.message.content if self.message is not None else ""

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def deferred(self) -> bool:
        return self.record.callback_type == DEFERRED_CHANNEL_MESSAGE

    @property
    def late(self) -> bool:
        """The bot answered after Discord's 3-second limit and got 10062."""
        return self.record.late

    @property
    def choices(self) -> list[Suggestion]:
        if self.record.callback_type != AUTOCOMPLETE_RESULT:
            return []
        data = self.record.callback_data or {}
        return [Suggestion(c["name"], c["value"]) for c in data.get("choices") or []]

    @property
    def modal(self) -> Mapping[str, Any] | None:
        """The modal the bot opened (callback type 9 data), if it did."""
        return self.record.callback_data if self.record.callback_type == MODAL else None


class Pending:
    """An interaction already sent to the bot.

    Await it for the `BotReply`, once the bot has settled.  Or, to send several at once (a double
    click), to measure latency or for a bot in another process, hold on to it: `record` is there
    at once and `answered()` returns as soon as the bot's first answer (the callback) arrives.
    """

    def __init__(
        self, record: InteractionRecord, finish: Callable[[InteractionRecord], Awaitable[BotReply]]
    ) -> None:
        self.record = record
        self._finish = finish

    async def answered(self) -> BotReply:
        """The `BotReply` as soon as the bot has called back (or was refused for answering too
        late), without waiting for it to settle: how to wait for a bot in another process, which
        the fake can't watch settle. Its follow-up work may still be under way."""
        await self.record.answered.wait()
        return BotReply(self.record)

    def __await__(self) -> Generator[Any, None, BotReply]:
        return self._finish(self.record).__await__()
