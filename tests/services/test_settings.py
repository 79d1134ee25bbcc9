"""A server's settings through their service: where games may start, and the changes to it that
wait for a confirmation."""

from __future__ import annotations

import pytest

from bot.domain import ChannelAction, ChannelChange, ChannelEffect, TimeControl
from bot.domain.refusals import ChannelsChangedRefusal, Refused
from bot.services import Services, SettingsChange
from bot.storage import Storage
from tests.ids import CHANNEL, GUILD, OTHER_CHANNEL
from tests.refused import refused


async def test_blocking_a_channel_needs_no_confirmation(
    services: Services, storage: Storage
) -> None:
    change = SettingsChange(disallow=CHANNEL)
    with refused(Refused.NEEDS_MANAGE_SERVER):
        await services.settings.change_settings(GUILD, change, manager=False)
    saved = await services.settings.change_settings(GUILD, change, manager=True)
    assert saved.to_confirm is None
    assert not saved.settings.allows(CHANNEL) and saved.settings.allows(OTHER_CHANNEL)
    assert await storage.settings.get(GUILD) == saved.settings


async def test_a_sweeping_change_waits_while_the_rest_is_saved(
    services: Services, storage: Storage
) -> None:
    change = SettingsChange(allow=CHANNEL, time_control=TimeControl(per_move=600))
    saved = await services.settings.change_settings(GUILD, change, manager=True)
    only_here = ChannelChange(ChannelAction.ALLOW, CHANNEL)
    assert saved.to_confirm == only_here
    assert saved.settings.time_control == TimeControl(per_move=600)
    assert saved.settings.allows(OTHER_CHANNEL)  # not until it is confirmed

    done = await services.settings.confirm_channels(
        GUILD, only_here, ChannelEffect.ONLY, manager=True
    )
    assert done.allowed_channels == {CHANNEL} and not done.allows(OTHER_CHANNEL)
    assert await storage.settings.get(GUILD) == done


async def test_a_confirmation_meaning_something_else_now_is_refused(
    services: Services, storage: Storage
) -> None:
    await storage.settings.update(GUILD, now=0, allowed_channels=[CHANNEL])
    saved = await services.settings.change_settings(
        GUILD, SettingsChange(disallow=CHANNEL), manager=True
    )
    assert saved.to_confirm is not None
    assert saved.to_confirm.effect(saved.settings) is ChannelEffect.EXCEPT
    await storage.settings.update(GUILD, now=1, allowed_channels=[CHANNEL, OTHER_CHANNEL])

    with pytest.raises(ChannelsChangedRefusal) as changed:
        await services.settings.confirm_channels(
            GUILD, saved.to_confirm, ChannelEffect.EXCEPT, manager=True
        )
    assert changed.value.settings.allowed_channels == {CHANNEL, OTHER_CHANNEL}
    assert changed.value.change.effect(changed.value.settings) is ChannelEffect.REMOVE
    assert (await storage.settings.get(GUILD)).allowed_channels == {CHANNEL, OTHER_CHANNEL}


async def test_one_channel_change_at_a_time(services: Services, storage: Storage) -> None:
    with refused(Refused.ONE_CHANNEL_CHANGE):
        await services.settings.change_settings(
            GUILD, SettingsChange(allow=CHANNEL, everywhere=True, rated=False), manager=True
        )
    assert (await storage.settings.get(GUILD)).rated  # nothing saved
