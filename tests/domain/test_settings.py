"""Where games may start: every state reachable from every other, and the changes that close or
open every channel at once are the ones confirmed first."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from bot.domain import ChannelAction, ChannelChange, ChannelEffect, GuildSettings, TimeControl

A, B, C = 11, 12, 13


def settings(allowed: Iterable[int] = (), blocked: Iterable[int] = ()) -> GuildSettings:
    return GuildSettings(
        guild_id=1,
        time_control=TimeControl(per_move=60),
        rated=True,
        allowed_channels=frozenset(allowed),
        blocked_channels=frozenset(blocked),
    )


EVERYWHERE, EXCEPT_A, ONLY_A, ONLY_A_B = (
    settings(),
    settings(blocked={A}),
    settings({A}),
    settings({A, B}),
)
ALLOW, DISALLOW = ChannelAction.ALLOW, ChannelAction.DISALLOW


@pytest.mark.parametrize(
    ("before", "change", "effect", "after", "sweeping"),
    [
        (EVERYWHERE, ChannelChange(DISALLOW, A), ChannelEffect.BLOCK, EXCEPT_A, False),
        (EXCEPT_A, ChannelChange(DISALLOW, A), ChannelEffect.NOTHING, EXCEPT_A, False),
        (EXCEPT_A, ChannelChange(ALLOW, A), ChannelEffect.UNBLOCK, EVERYWHERE, False),
        (EVERYWHERE, ChannelChange(ALLOW, A), ChannelEffect.ONLY, ONLY_A, True),
        (EXCEPT_A, ChannelChange(ALLOW, B), ChannelEffect.ONLY, settings({B}), True),
        (ONLY_A, ChannelChange(ALLOW, B), ChannelEffect.ADD, ONLY_A_B, False),
        (ONLY_A, ChannelChange(ALLOW, A), ChannelEffect.NOTHING, ONLY_A, False),
        (ONLY_A_B, ChannelChange(DISALLOW, B), ChannelEffect.REMOVE, ONLY_A, False),
        (ONLY_A, ChannelChange(DISALLOW, C), ChannelEffect.NOTHING, ONLY_A, False),
        (ONLY_A, ChannelChange(DISALLOW, A), ChannelEffect.EXCEPT, EXCEPT_A, True),
        (
            ONLY_A_B,
            ChannelChange(ChannelAction.EVERYWHERE),
            ChannelEffect.EVERYWHERE,
            EVERYWHERE,
            True,
        ),
        (
            EXCEPT_A,
            ChannelChange(ChannelAction.EVERYWHERE),
            ChannelEffect.EVERYWHERE,
            EVERYWHERE,
            False,
        ),
        (
            EVERYWHERE,
            ChannelChange(ChannelAction.EVERYWHERE),
            ChannelEffect.NOTHING,
            EVERYWHERE,
            False,
        ),
    ],
)
def test_each_change_in_each_state(
    before: GuildSettings,
    change: ChannelChange,
    effect: ChannelEffect,
    after: GuildSettings,
    sweeping: bool,
) -> None:
    assert change.effect(before) is effect
    assert change.applied(before) == (after.allowed_channels, after.blocked_channels)
    assert change.sweeping(before) is sweeping


def test_where_games_may_start() -> None:
    assert EVERYWHERE.allows(A) and EVERYWHERE.allows(C)
    assert not EXCEPT_A.allows(A) and EXCEPT_A.allows(C)
    assert ONLY_A.allows(A) and not ONLY_A.allows(C)
