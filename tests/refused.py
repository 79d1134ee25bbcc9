"""Asserting a refusal by its code, as the service and the storage give it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.domain.refusals import Refusal, Refused


@contextmanager
def refused(code: Refused) -> Iterator[pytest.ExceptionInfo[Refusal]]:
    """Expect the block to be refused with `code`."""
    with pytest.raises(Refusal) as caught:
        yield caught
    assert caught.value.code is code, caught.value
