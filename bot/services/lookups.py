"""Read-only look-ups for the cogs: leaderboards, stats and history, games in progress, a
member's language, a server's settings. Nothing here changes anything, so nothing here emits an
event."""

from __future__ import annotations

from bot.domain import (
    BotRecord,
    GamePage,
    GamesInProgress,
    GameState,
    GuildSettings,
    HeadToHead,
    LeaderboardPage,
    Opening,
    PlayerGames,
)
from bot.services.context import Service


class Lookups(Service):
    """What the records, the stats and the settings show."""

    async def leaderboard(
        self, guild_id: int, *, page: int = 1, per_page: int = 10, viewer_id: int | None = None
    ) -> LeaderboardPage:
        """One page of the server's players by rating, plus the viewer's own entry."""
        return await self.storage.players.leaderboard(
            guild_id, page=page, per_page=per_page, viewer_id=viewer_id
        )

    async def history(
        self, guild_id: int, *, user_id: int | None = None, page: int = 1, per_page: int = 10
    ) -> GamePage:
        """Finished games in the server (those of `user_id` if given), latest first."""
        return await self.storage.history.games(
            guild_id, user_id=user_id, page=page, per_page=per_page
        )

    async def games_of(self, guild_id: int, user_id: int) -> PlayerGames:
        """The player's games in progress in the server and their open challenges. The games
        where it is their turn come first, then those of their opponents; in each, the one whose
        time runs out first leads (a game against the bot's thinking last)."""
        records = await self.storage.games.in_progress_of(guild_id, user_id)
        challenges = await self.storage.challenges.open_of(guild_id, user_id, now=self.now())

        def urgency(state: GameState) -> tuple[bool, bool, float, int]:
            deadline = state.record.deadline
            waiting = state.to_move_id != user_id
            return waiting, deadline is None, deadline or 0.0, state.record.id

        states = sorted((GameState.of(record) for record in records), key=urgency)
        return PlayerGames(user_id, tuple(states), tuple(challenges))

    async def in_progress(
        self, guild_id: int, *, page: int = 1, per_page: int = 10
    ) -> GamesInProgress:
        """One page of the server's games in progress, the latest moved first, for spectators."""
        found = await self.storage.games.in_progress(guild_id, page=page, per_page=per_page)
        return GamesInProgress(found, tuple(GameState.of(record) for record in found.games))

    async def head_to_head(self, guild_id: int, user_id: int, opponent_id: int) -> HeadToHead:
        return await self.storage.history.head_to_head(guild_id, user_id, opponent_id)

    async def record_against_bot(self, guild_id: int, user_id: int) -> BotRecord:
        return await self.storage.history.record_against_bot(guild_id, user_id)

    async def favourite_opening(
        self, guild_id: int, user_id: int, *, moves: int = 3
    ) -> Opening | None:
        return await self.storage.history.favourite_opening(guild_id, user_id, moves=moves)

    async def personal_language(self, user_id: int) -> str | None:
        """The language the member chose, or None if they follow the server's."""
        return await self.storage.languages.personal(user_id)

    async def settings(self, guild_id: int) -> GuildSettings:
        return await self.storage.settings.get(guild_id)
