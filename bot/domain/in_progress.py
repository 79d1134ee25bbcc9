"""What is going on in a server: a player's games in progress and open challenges, and a page of
the server's games in progress, each game replayed to show whose turn it is and the score."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.domain.challenges import Challenge
from bot.domain.games import GamePage
from bot.domain.players import PlayerRecord
from bot.domain.state import GameState


@dataclass(frozen=True, slots=True)
class PlayerGames:
    """A player's games in progress in a server, those where it is their turn first, and their
    open challenges, sent or addressed to them."""

    user_id: int
    games: tuple[GameState, ...]
    challenges: tuple[Challenge, ...]
    tournaments: Mapping[int, str] = field(default_factory=dict)
    """The tournament a game is played in, by game id (its name)."""

    @property
    def their_move(self) -> tuple[GameState, ...]:
        return tuple(game for game in self.games if game.to_move_id == self.user_id)

    @property
    def waiting(self) -> tuple[GameState, ...]:
        """The games where their opponent is to move."""
        return tuple(game for game in self.games if game.to_move_id != self.user_id)

    @property
    def sent(self) -> tuple[Challenge, ...]:
        return tuple(c for c in self.challenges if c.challenger_id == self.user_id)

    @property
    def received(self) -> tuple[Challenge, ...]:
        return tuple(c for c in self.challenges if c.challenger_id != self.user_id)


@dataclass(frozen=True, slots=True)
class GamesInProgress:
    """One page of a server's games in progress (`found`), the same games replayed, and the
    rated records of their players who have one, by user id."""

    found: GamePage
    states: tuple[GameState, ...]
    ratings: Mapping[int, PlayerRecord] = field(default_factory=dict)
