"""What the bot refuses, as data: a code and its parameters, which the Discord layer words in
the reader's language (`cogs/refusal_texts.py`), as the engine's `MoveProblem` is.

The cogs turn every `Refusal` into an ephemeral reply; a refusal never changes anything stored.
"""

from __future__ import annotations

from enum import Enum, auto

from bot.domain.challenges import Challenge
from bot.domain.games import GameRecord
from bot.domain.settings import ChannelChange, GuildSettings
from bot.domain.state import GameState


class Refused(Enum):
    """Why a request is refused."""

    NOT_HERE = auto()
    """A game, challenge or button used from a server or channel it doesn't belong to."""
    NO_GAME_HERE = auto()
    NO_SUCH_GAME = auto()
    """`id`: no such game in this server (other servers' games stay private)."""
    NOT_PLAYING = auto()
    NOT_YOUR_TURN = auto()
    GAME_OVER = auto()
    OUT_OF_TIME = auto()
    RESIGNATION_CHANGED = auto()
    STALE_BOARD = auto()
    CHANNEL_BUSY = auto()
    REMATCH_OFFERED = auto()
    CHALLENGED_YOURSELF = auto()
    OPPONENT_IS_A_BOT = auto()
    OPPONENT_NOT_A_MEMBER = auto()
    ALREADY_A_THREAD = auto()
    CHALLENGE_GONE = auto()
    CHALLENGE_ACCEPTED = auto()
    CHALLENGE_DECLINED = auto()
    CHALLENGE_CANCELLED = auto()
    CHALLENGE_EXPIRED = auto()
    OWN_CHALLENGE = auto()
    CHALLENGE_FOR_SOMEONE_ELSE = auto()
    CHALLENGE_NOT_READY = auto()
    COLOR_TAKEN = auto()
    """The challenger chose the other colour."""
    ONLY_CHALLENGED_DECLINES = auto()
    ONLY_CHALLENGER_CANCELS = auto()
    STARTING_UP = auto()
    ONLY_PLAYERS_REMATCH = auto()
    NO_TOURNAMENT_REMATCH = auto()
    """A tournament pairs its own games: its boards offer no rematch."""
    OPPONENT_GONE = auto()
    CHANNEL_NOT_ALLOWED = auto()
    NEEDS_MANAGE_MESSAGES = auto()
    NEEDS_MANAGE_SERVER = auto()
    NO_REPLAY_YET = auto()
    HINTS_AGAINST_THE_BOT_ONLY = auto()
    ONE_CHANNEL_CHANGE = auto()
    """Allowing, disallowing and allowing everywhere asked at once."""
    CHANNELS_CHANGED = auto()
    UNKNOWN_LANGUAGE = auto()
    ONLY_THE_ASKER_CONFIRMS = auto()
    FORGET_WHILE_PLAYING = auto()
    """`id`: a game the player is playing in the server, whose stats are not to be deleted."""
    FORGET_DURING_TOURNAMENT = auto()
    """`id`: a tournament of the server not over that the player is in (even withdrawn) or
    organises: its rounds still pair and tell them."""
    REVIEW_WHILE_PLAYING = auto()
    """`id`: the game is still being played."""
    NOTHING_TO_REVIEW = auto()
    """`id`: no move was played in the game."""
    SAME_PLAYER_TWICE = auto()
    """Head to head asked of one player against themself."""
    NO_SUCH_TOURNAMENT = auto()
    """`id`: no such tournament in this server."""
    NOT_ORGANISER = auto()
    """Managing a tournament takes its organiser, Manage Server or the server's organiser role."""
    ALREADY_ENTERED = auto()
    TOURNAMENT_STARTED = auto()
    """Joining once sign-up has closed."""
    TOURNAMENT_FULL = auto()
    """`limit`: its entry limit."""
    NOT_ENTERED = auto()
    LEAVING_DURING_GAME = auto()
    """`id`: the tournament game they are playing."""
    TOURNAMENT_OVER = auto()
    TOO_FEW_ENTRANTS = auto()
    TOURNAMENT_NOT_RUNNING = auto()
    TOURNAMENT_NOT_PAUSED = auto()
    START_IN_THE_PAST = auto()
    START_TOO_LATE = auto()
    """`days`: how far ahead a tournament may start at the latest."""
    TOO_MANY_ROUNDS = auto()
    """`players`, `rounds`: a Swiss of at most that many players pairs at most that many
    rounds without anyone meeting twice."""
    NO_SUCH_PUZZLE = auto()
    """A puzzle attempt that doesn't exist: it never did, or its member was forgotten."""
    NOT_YOUR_PUZZLE = auto()
    PUZZLE_ELSEWHERE = auto()
    """An attempt started in another server."""
    PUZZLE_FINISHED = auto()
    STALE_PUZZLE = auto()
    """An answer to a position the attempt has left (or a square that is no move there)."""
    NO_PUZZLE_LEFT = auto()
    """The member has attempted every puzzle of the bank in this server."""
    DAILY_NEEDS_BOTH = auto()
    """A daily puzzle set with a channel or an hour alone, where none was set before."""
    NO_WEB_ADDRESS = auto()
    """Pages on the web turned on where the bot has no public address (`WEB_URL`)."""
    DAILY_OVER = auto()
    """A Solve button of a daily puzzle whose next day's post has revealed it."""
    NO_SERVER_PUZZLE_LEFT = auto()
    """No puzzle of this server's games is left for the member: none found yet, all met, or
    only those of their own games."""


class Refusal(Exception):
    """A request the rules or the server's settings turn down: `code`, with `params` for its
    wording."""

    def __init__(self, code: Refused, **params: int) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params


class ResignationChangedRefusal(Refusal):
    """A confirmation of what resigning meant when it was offered (aborting the game, say) that
    means something else now: `state` is the game now, to ask again with what is true."""

    def __init__(self, state: GameState) -> None:
        super().__init__(Refused.RESIGNATION_CHANGED)
        self.state = state


class ChannelsChangedRefusal(Refusal):
    """A confirmed change of where games may start that would do something else now than what
    was confirmed: `settings` are the server's now, to ask again about `change` with what is
    true."""

    def __init__(self, settings: GuildSettings, change: ChannelChange) -> None:
        super().__init__(Refused.CHANNELS_CHANGED)
        self.settings, self.change = settings, change


class ChannelRefusal(Refusal):
    """Games may not start in this channel: `allowed` are the channels where they may, in the
    order they were made, for the front end to name (none while games may start everywhere but
    in some blocked channels)."""

    def __init__(self, settings: GuildSettings) -> None:
        super().__init__(Refused.CHANNEL_NOT_ALLOWED)
        self.allowed = tuple(sorted(settings.allowed_channels))


class PointingRefusal(Refusal):
    """A refusal that points somewhere: `where` (server, channel, and message if there is one),
    for the front end to link to."""

    where: tuple[int, int, int | None]


class GameRefusal(PointingRefusal):
    """A refusal that points at a game (`game`) and its board: a stale board (the current
    one), or a channel busy with a game in progress."""

    def __init__(self, code: Refused, game: GameRecord) -> None:
        super().__init__(code, id=game.id)
        self.game = game
        self.where = (game.guild_id, game.channel_id, game.message_id)


class RematchOfferedRefusal(PointingRefusal):
    """A rematch of the game is on offer already: `challenge`."""

    def __init__(self, challenge: Challenge) -> None:
        super().__init__(Refused.REMATCH_OFFERED, id=challenge.id)
        self.challenge = challenge
        self.where = (challenge.guild_id, challenge.channel_id, challenge.message_id)
