"""`Service.retried`, the one shape of a change that applies to the state as it is: read again
and tried again when the state changed under it, each attempt made again told to the context's
`on_retry` (the bot's metrics), and the last change's refusal raised once it keeps changing."""

from __future__ import annotations

import pytest

from bot.domain.refusals import Refusal, Refused
from bot.services import Services
from bot.services.context import ATTEMPTS, Changed


async def test_each_attempt_made_again_is_told(services: Services) -> None:
    retries: list[None] = []
    services.context.on_retry = lambda: retries.append(None)
    changes = [Changed(), Changed()]

    async def attempt() -> str:
        if changes:
            raise changes.pop()
        return "stored"

    assert await services.endings.retried(attempt) == "stored"
    assert len(retries) == 2

    async def always_changed() -> str:
        raise Changed(Refusal(Refused.NOT_YOUR_TURN))

    retries.clear()
    with pytest.raises(Refusal) as refused:
        await services.endings.retried(always_changed)
    assert refused.value.code is Refused.NOT_YOUR_TURN
    assert len(retries) == ATTEMPTS - 1
