"""Per-guild settings: the default time control, whether games are rated, where games may start,
the language of what everyone sees."""

from __future__ import annotations

from collections.abc import Iterable

from bot.domain import GuildSettings, TimeControl
from bot.domain.daily import DailySchedule
from bot.domain.settings import DEFAULT_TIME_PER_MOVE
from bot.storage.database import Row, Store, Transaction
from bot.storage.errors import ChannelsChangedError
from bot.storage.rows import time_control_columns, time_control_from_row


async def load_settings(db: Transaction, guild_id: int) -> GuildSettings:
    """The guild's settings, or the defaults for a guild that never changed them."""
    row = await db.one(
        """
        SELECT time_per_move, clock_base, clock_increment, rated, language, organiser_role_id,
               daily_channel_id, daily_hour, daily_since, web_pages
        FROM guild_settings
        WHERE guild_id = ?
        """,
        (guild_id,),
    )
    channels = await db.all(
        "SELECT channel_id FROM allowed_channels WHERE guild_id = ?", (guild_id,)
    )
    blocked = await db.all(
        "SELECT channel_id FROM blocked_channels WHERE guild_id = ?", (guild_id,)
    )
    return GuildSettings(
        guild_id=guild_id,
        time_control=TimeControl(per_move=DEFAULT_TIME_PER_MOVE)
        if row is None
        else time_control_from_row(row),
        rated=True if row is None else bool(row["rated"]),
        allowed_channels=frozenset(r["channel_id"] for r in channels),
        language=None if row is None else row["language"],
        blocked_channels=frozenset(r["channel_id"] for r in blocked),
        organiser_role=None if row is None else row["organiser_role_id"],
        daily=None if row is None else schedule_from_row(guild_id, row),
        web_pages=row is not None and bool(row["web_pages"]),
    )


def schedule_from_row(guild_id: int, row: Row) -> DailySchedule | None:
    if row["daily_channel_id"] is None:
        return None
    return DailySchedule(
        guild_id, row["daily_channel_id"], row["daily_hour"], float(row["daily_since"])
    )


class SettingsStore(Store):
    async def get(self, guild_id: int) -> GuildSettings:
        async with self.transaction(read_only=True) as db:
            return await load_settings(db, guild_id)

    async def update(
        self,
        guild_id: int,
        *,
        now: float,
        time_control: TimeControl | None = None,
        rated: bool | None = None,
        allowed_channels: Iterable[int] | None = None,
        blocked_channels: Iterable[int] | None = None,
        channels_were: tuple[frozenset[int], frozenset[int]] | None = None,
        language: str | None = None,
        clear_language: bool = False,
        organiser_role: int | None = None,
        daily: tuple[int, int] | None = None,
        daily_off: bool = False,
        web_pages: bool | None = None,
    ) -> GuildSettings:
        """Change the given settings, keep the others. Games may start in the `allowed_channels`
        only, or while none are, in every channel but the `blocked_channels`; `clear_language` goes
        back to the server's Discord locale; `organiser_role` 0 names none.
        With `channels_were` (the allowed and blocked channels a change was worked out from),
        nothing is stored if they are no longer so (`ChannelsChangedError`).
        A correspondence `time_control` keeps the clock off; a live one keeps the time per move
        for when the clock is turned off again. `daily` (a channel and an hour) schedules the
        daily puzzle from `now` on; `daily_off` turns it off; `web_pages` turns the server's pages
        on or off."""
        per_move = base = increment = None
        if time_control is not None:
            per_move, base, increment = time_control_columns(time_control)
        async with self.transaction() as db:
            # One statement that keeps what is not given, so that concurrent updates of other
            # settings are not undone; on PostgreSQL the row stays locked until the commit, which
            # keeps concurrent changes to the channel list whole.
            await db.all(
                """
                INSERT INTO guild_settings AS saved
                    (guild_id, time_per_move, clock_base, clock_increment, rated, language,
                     organiser_role_id, updated_at, daily_channel_id, daily_hour, daily_since,
                     web_pages)
                VALUES (:guild, coalesce(CAST(:time AS DOUBLE PRECISION), :default_time),
                        :base, :increment, coalesce(CAST(:rated AS BOOLEAN), TRUE),
                        CAST(:language AS TEXT), nullif(CAST(:role AS BIGINT), 0), :now,
                        CAST(:daily_channel AS BIGINT), CAST(:daily_hour AS INTEGER),
                        CAST(:daily_since AS DOUBLE PRECISION),
                        coalesce(CAST(:web_pages AS BOOLEAN), FALSE))
                ON CONFLICT (guild_id) DO UPDATE SET
                    time_per_move = coalesce(CAST(:time AS DOUBLE PRECISION), saved.time_per_move),
                    clock_base = CASE WHEN :new_control THEN excluded.clock_base
                                      ELSE saved.clock_base END,
                    clock_increment = CASE WHEN :new_control THEN excluded.clock_increment
                                           ELSE saved.clock_increment END,
                    rated = coalesce(CAST(:rated AS BOOLEAN), saved.rated),
                    language = CASE WHEN :clear_language THEN NULL
                                    ELSE coalesce(CAST(:language AS TEXT), saved.language) END,
                    organiser_role_id = CASE WHEN CAST(:role AS BIGINT) IS NULL
                                             THEN saved.organiser_role_id
                                             ELSE nullif(CAST(:role AS BIGINT), 0) END,
                    updated_at = excluded.updated_at,
                    daily_channel_id = CASE WHEN :daily_changed THEN excluded.daily_channel_id
                                            ELSE saved.daily_channel_id END,
                    daily_hour = CASE WHEN :daily_changed THEN excluded.daily_hour
                                      ELSE saved.daily_hour END,
                    daily_since = CASE WHEN :daily_changed THEN excluded.daily_since
                                       ELSE saved.daily_since END,
                    web_pages = coalesce(CAST(:web_pages AS BOOLEAN), saved.web_pages)
                """,
                {
                    "guild": guild_id,
                    "time": per_move,
                    "base": base,
                    "increment": increment,
                    "new_control": time_control is not None,
                    "default_time": DEFAULT_TIME_PER_MOVE,
                    "rated": rated,
                    "language": language,
                    "clear_language": clear_language,
                    "role": organiser_role,
                    "now": now,
                    "daily_changed": daily is not None or daily_off,
                    "daily_channel": None if daily is None else daily[0],
                    "daily_hour": None if daily is None else daily[1],
                    "daily_since": None if daily is None else now,
                    "web_pages": web_pages,
                },
            )
            if channels_were is not None:  # the row is locked now: no change comes between
                stored = await load_settings(db, guild_id)
                if (stored.allowed_channels, stored.blocked_channels) != channels_were:
                    raise ChannelsChangedError(guild_id)
            for table, channels in (
                ("allowed_channels", allowed_channels),
                ("blocked_channels", blocked_channels),
            ):
                if channels is None:
                    continue
                await db.all(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
                for channel_id in set(channels):
                    await db.all(
                        f"INSERT INTO {table} (guild_id, channel_id) VALUES (?, ?)",
                        (guild_id, channel_id),
                    )
            return await load_settings(db, guild_id)
