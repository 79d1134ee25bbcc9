"""Read-only look-ups for the cogs: leaderboards, stats and history, games in progress, a
member's language, a server's settings. Nothing here changes anything, so nothing here emits an
event."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from bot.domain import (
    BotRecord,
    FavouriteOpening,
    GamePage,
    GamesInProgress,
    GameState,
    GuildSettings,
    HeadToHead,
    LeaderboardPage,
    PlayerGames,
    PlayerRecord,
)
from bot.domain.puzzles import PuzzleBoard, PuzzleStats, day_of
from bot.engine import parse_transcript
from bot.engine.openings import opening_of, openings
from bot.services.context import Service

OPENING_GAMES = 500
"""How many of a player's latest games as Black their favourite opening is chosen from."""


class Lookups(Service):
    """What the records, the stats and the settings show."""

    async def leaderboard(
        self, guild_id: int, *, page: int = 1, per_page: int = 10, viewer_id: int | None = None
    ) -> LeaderboardPage:
        """One page of the server's players by rating, plus the viewer's own entry."""
        return await self.storage.players.leaderboard(
            guild_id, page=page, per_page=per_page, viewer_id=viewer_id
        )

    async def puzzle_leaderboard(
        self, guild_id: int, *, page: int = 1, per_page: int = 10, viewer_id: int | None = None
    ) -> PuzzleBoard:
        """One page of the server's members by puzzle rating, once it is no longer provisional,
        plus the viewer's own entry."""
        return await self.storage.puzzles.leaderboard(
            guild_id, page=page, per_page=per_page, viewer_id=viewer_id
        )

    async def puzzle_stats(self, guild_id: int, user_id: int) -> PuzzleStats | None:
        """The member's puzzle record in the server and the daily streak still going today;
        None before their first attempt there."""
        record = await self.storage.puzzles.solver(guild_id, user_id)
        if record is None:
            return None
        return PuzzleStats(record, record.streak.current(day_of(self.now())))

    async def history(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        opponent_id: int | None = None,
        page: int = 1,
        per_page: int = 10,
    ) -> GamePage:
        """Finished games in the server (those of `user_id` if given, against `opponent_id` if
        given too), latest first."""
        return await self.storage.history.games(
            guild_id, user_id=user_id, opponent_id=opponent_id, page=page, per_page=per_page
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
        tournaments = await self.storage.tournaments.names_of_games(guild_id, user_id)
        return PlayerGames(user_id, tuple(states), tuple(challenges), tournaments)

    async def servers_of(self, user_id: int) -> dict[int, int]:
        """How many games in progress and open challenges the player has in each server of this
        process's shards that has any, by server: where `games_of` finds something."""
        games = await self.storage.games.in_progress_by_server(user_id, self.shards)
        challenges = await self.storage.challenges.open_by_server(
            user_id, now=self.now(), shards=self.shards
        )
        return dict(Counter(games) + Counter(challenges))

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

    async def favourite_opening(self, guild_id: int, user_id: int) -> FavouriteOpening | None:
        """The opening, named as a review names it (the longest in the table that the game
        began with), that the player has played most often as Black in their latest
        `OPENING_GAMES` games; of equals, the one played last. None if no game had a name."""
        transcripts = await self.storage.history.first_moves_as_black(
            guild_id, user_id, moves=max(map(len, openings())), limit=OPENING_GAMES
        )
        counts: Counter[str] = Counter()
        played: dict[str, str] = {}
        for transcript in transcripts:  # latest first
            opening = opening_of(parse_transcript(transcript))
            if opening is not None:
                counts[opening.name] += 1
                played.setdefault(opening.name, opening.transcript)
        if not counts:
            return None
        name = max(counts, key=counts.__getitem__)  # the first of equals: the latest
        return FavouriteOpening(name, played[name], counts[name])

    async def game(self, game_id: int) -> GameState | None:
        """The game with this id, whatever its server (its page checks that); None if there is
        none."""
        try:
            return GameState.of(await self.storage.games.get(game_id))
        except LookupError:
            return None

    async def ratings(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, PlayerRecord]:
        """The rated records in the server of those of `user_ids` who have one."""
        found = {}
        for user_id in set(user_ids):
            if (record := await self.storage.players.get(guild_id, user_id)) is not None:
                found[user_id] = record
        return found

    async def settings(self, guild_id: int) -> GuildSettings:
        return await self.storage.settings.get(guild_id)
