"""The domain core: the records the bot keeps (games, challenges, time controls, players) and
what it refuses, as plain data. No I/O and no language: storage keeps these, the services
decide with them, and the Discord layer words them."""

from bot.domain.challenges import Challenge, ChallengeStatus
from bot.domain.errors import InvalidInputError
from bot.domain.games import (
    DELETED_USER_ID,
    Ending,
    EndReason,
    FavouriteOpening,
    FinishedGame,
    GamePage,
    GameRecord,
    GameStatus,
    is_forgotten,
)
from bot.domain.glicko2 import PROVISIONAL_DEVIATION, Rating
from bot.domain.in_progress import GamesInProgress, PlayerGames
from bot.domain.players import (
    BotRecord,
    HeadToHead,
    LeaderboardEntry,
    LeaderboardPage,
    PlayerRecord,
    RatedResult,
    RatingChange,
    RatingPoint,
    rating_history,
)
from bot.domain.reviews import ReviewRecord
from bot.domain.settings import ChannelAction, ChannelChange, ChannelEffect, GuildSettings
from bot.domain.state import GameState
from bot.domain.time_control import TimeControl

__all__ = [
    "DELETED_USER_ID",
    "PROVISIONAL_DEVIATION",
    "BotRecord",
    "Challenge",
    "ChallengeStatus",
    "ChannelAction",
    "ChannelChange",
    "ChannelEffect",
    "EndReason",
    "Ending",
    "FavouriteOpening",
    "FinishedGame",
    "GamePage",
    "GameRecord",
    "GameState",
    "GameStatus",
    "GamesInProgress",
    "GuildSettings",
    "HeadToHead",
    "InvalidInputError",
    "LeaderboardEntry",
    "LeaderboardPage",
    "PlayerGames",
    "PlayerRecord",
    "RatedResult",
    "Rating",
    "RatingChange",
    "RatingPoint",
    "ReviewRecord",
    "TimeControl",
    "is_forgotten",
    "rating_history",
]
