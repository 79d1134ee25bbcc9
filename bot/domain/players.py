"""Players' records: ratings and tallies, and the leaderboard they make."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from bot.domain.glicko2 import Rating, rate


class Tally:
    """Games counted as wins, losses and draws (the subclasses' fields)."""

    __slots__ = ()
    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(frozen=True, slots=True)
class PlayerRecord(Tally):
    """A player's rated record in one guild."""

    guild_id: int
    user_id: int
    rating: Rating
    wins: int
    losses: int
    draws: int
    disc_diff: int
    """Sum over games of own discs minus the opponent's."""
    streak: int
    """Positive: wins in a row; negative: losses in a row; 0 after a draw."""
    best_streak: int
    """Longest run of wins."""
    updated_at: float

    @property
    def provisional(self) -> bool:
        return self.rating.provisional

    @property
    def win_rate(self) -> float:
        """Share of points won, draws counting half; 0 before any game."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def average_disc_diff(self) -> float:
        return self.disc_diff / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class RatingChange:
    user_id: int
    before: Rating
    after: Rating


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    rank: int
    player: PlayerRecord


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    guild_id: int
    page: int
    """1-based, clamped to the pages that exist."""
    per_page: int
    total: int
    """Number of rated players in the guild."""
    entries: tuple[LeaderboardEntry, ...]
    viewer: LeaderboardEntry | None
    """The requesting player's own entry, on this page or not; None if they are unrated."""

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))


@dataclass(frozen=True, slots=True)
class HeadToHead(Tally):
    """Finished, uncancelled games between two players, from `user_id`'s side."""

    user_id: int
    opponent_id: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True, slots=True)
class BotRecord(Tally):
    """A player's finished games against the bot, at any level; such games are never rated."""

    user_id: int
    wins: int
    losses: int
    draws: int


@dataclass(frozen=True, slots=True)
class RatedResult:
    """A rated game's result as the ratings counted it: who played, Black's score (1, ½ or 0)
    and when it ended."""

    game_id: int
    black_id: int
    white_id: int
    black_score: float
    ended_at: float


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """A player's rating just after one of their rated games."""

    game_id: int
    at: float
    rating: Rating


def rating_history(results: Iterable[RatedResult], user_id: int) -> tuple[RatingPoint, ...]:
    """`user_id`'s rating after each of their rated games, replayed from every rated result of
    their server in the order the games ended, as the ratings were counted then: each game its
    own rating period, both players rated from their ratings before it. The ratings are not
    kept game by game, and this replay gives them back exactly, as long as nobody the player
    met was forgotten: a forgotten member's games all count for one unknown player."""
    ratings: dict[int, Rating] = {}
    points = []
    for result in results:
        black = ratings.get(result.black_id, Rating())
        white = ratings.get(result.white_id, Rating())
        ratings[result.black_id] = rate(black, [(white, result.black_score)])
        ratings[result.white_id] = rate(white, [(black, 1.0 - result.black_score)])
        if user_id in (result.black_id, result.white_id):
            points.append(RatingPoint(result.game_id, result.ended_at, ratings[user_id]))
    return tuple(points)
