import pytest

from bot.storage import InvalidInputError, Storage
from tests.storage.conftest import CHANNEL, GUILD, OTHER_GUILD


async def test_defaults(storage: Storage) -> None:
    settings = await storage.settings.get(GUILD)

    assert (settings.guild_id, settings.time_per_move, settings.rated) == (GUILD, 86400, True)
    assert settings.allowed_channels == frozenset() and settings.allows(CHANNEL)


async def test_update_changes_only_what_is_given(storage: Storage) -> None:
    await storage.settings.update(GUILD, time_per_move=300, now=1)
    await storage.settings.update(GUILD, rated=False, now=2)
    updated = await storage.settings.update(
        GUILD, allowed_channels=[CHANNEL, CHANNEL + 1, CHANNEL], now=3
    )

    assert (updated.time_per_move, updated.rated) == (300, False)
    assert updated.allowed_channels == {CHANNEL, CHANNEL + 1}
    assert updated.allows(CHANNEL) and not updated.allows(CHANNEL + 2)
    assert await storage.settings.get(GUILD) == updated
    assert (await storage.settings.get(OTHER_GUILD)).rated


async def test_empty_channel_list_allows_everywhere_again(storage: Storage) -> None:
    await storage.settings.update(GUILD, allowed_channels=[CHANNEL], now=1)

    settings = await storage.settings.update(GUILD, allowed_channels=[], now=2)

    assert settings.allows(CHANNEL + 7)


async def test_bad_time_per_move_is_refused(storage: Storage) -> None:
    with pytest.raises(InvalidInputError, match="positive number of seconds"):
        await storage.settings.update(GUILD, time_per_move=-1, now=1)
    assert (await storage.settings.get(GUILD)).time_per_move == 86400
