import pytest

from bot.domain import TimeControl
from bot.storage import ChannelsChangedError, Storage
from tests.ids import CHANNEL, GUILD, OTHER_GUILD


async def test_defaults(storage: Storage) -> None:
    settings = await storage.settings.get(GUILD)

    assert (settings.guild_id, settings.time_control.per_move, settings.rated) == (
        GUILD,
        86400,
        True,
    )
    assert settings.allowed_channels == frozenset() and settings.allows(CHANNEL)


async def test_update_changes_only_what_is_given(storage: Storage) -> None:
    await storage.settings.update(GUILD, time_control=TimeControl(per_move=300), now=1)
    await storage.settings.update(GUILD, rated=False, now=2)
    updated = await storage.settings.update(
        GUILD, allowed_channels=[CHANNEL, CHANNEL + 1, CHANNEL], now=3
    )

    assert (updated.time_control.per_move, updated.rated) == (300, False)
    assert updated.allowed_channels == {CHANNEL, CHANNEL + 1}
    assert updated.allows(CHANNEL) and not updated.allows(CHANNEL + 2)
    assert await storage.settings.get(GUILD) == updated
    assert (await storage.settings.get(OTHER_GUILD)).rated


async def test_empty_channel_list_allows_everywhere_again(storage: Storage) -> None:
    await storage.settings.update(GUILD, allowed_channels=[CHANNEL], now=1)

    settings = await storage.settings.update(GUILD, allowed_channels=[], now=2)

    assert settings.allows(CHANNEL + 7)


async def test_blocked_channels_are_kept_apart_from_the_allowed(storage: Storage) -> None:
    blocked = await storage.settings.update(GUILD, blocked_channels=[CHANNEL, CHANNEL + 1], now=1)
    assert (blocked.allowed_channels, blocked.blocked_channels) == (set(), {CHANNEL, CHANNEL + 1})
    assert not blocked.allows(CHANNEL) and blocked.allows(CHANNEL + 2)
    assert await storage.settings.get(GUILD) == blocked
    assert (await storage.settings.get(OTHER_GUILD)).blocked_channels == set()

    only = await storage.settings.update(
        GUILD, allowed_channels=[CHANNEL + 2], blocked_channels=[], now=2
    )
    assert (only.allowed_channels, only.blocked_channels) == ({CHANNEL + 2}, set())
    kept = await storage.settings.update(GUILD, rated=False, now=3)
    assert (kept.allowed_channels, kept.blocked_channels) == ({CHANNEL + 2}, set())


async def test_a_channel_change_worked_out_from_an_old_read_stores_nothing(
    storage: Storage,
) -> None:
    read = await storage.settings.get(GUILD)
    await storage.settings.update(GUILD, blocked_channels=[CHANNEL], now=1)  # meanwhile

    with pytest.raises(ChannelsChangedError):
        await storage.settings.update(
            GUILD,
            rated=False,
            allowed_channels=[CHANNEL + 1],
            blocked_channels=[],
            channels_were=(read.allowed_channels, read.blocked_channels),
            now=2,
        )
    kept = await storage.settings.get(GUILD)
    assert (kept.rated, kept.allowed_channels, kept.blocked_channels) == (True, set(), {CHANNEL})

    done = await storage.settings.update(
        GUILD, blocked_channels=[], channels_were=(frozenset(), frozenset({CHANNEL})), now=3
    )
    assert done.blocked_channels == set()


async def test_a_default_clock_replaces_the_time_per_move_and_back(storage: Storage) -> None:
    await storage.settings.update(GUILD, time_control=TimeControl(per_move=600), now=1)
    live = await storage.settings.update(GUILD, time_control=TimeControl.parse("3+2"), now=2)
    assert live.time_control == TimeControl(base=180, increment=2)
    rated_off = await storage.settings.update(GUILD, rated=False, now=3)
    assert rated_off.time_control == live.time_control

    back = await storage.settings.update(GUILD, time_control=TimeControl(per_move=3600), now=4)
    assert back.time_control == TimeControl(per_move=3600)


async def test_organiser_role_is_kept_until_changed_or_cleared(storage: Storage) -> None:
    role = 1_190_000_000_000_000_001
    await storage.settings.update(GUILD, organiser_role=role, now=1)
    kept = await storage.settings.update(GUILD, rated=False, now=2)
    cleared = await storage.settings.update(GUILD, organiser_role=0, now=3)

    assert kept.organiser_role == role
    assert cleared.organiser_role is None
