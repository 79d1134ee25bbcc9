"""What the game service refuses, each with a short message fit to show the player as it is.

The cogs turn every `Refusal` into an ephemeral reply; a refusal never changes anything stored.
Messages are translated when the refusal is made, into the language of whoever asked.
"""

from __future__ import annotations

from bot.domain import Challenge, GameRecord, GameState
from bot.engine import IllegalMoveError, InvalidMoveError
from bot.engine.errors import MoveProblem
from bot.i18n import N_, _


class Refusal(Exception):
    """A request the rules or the server's settings turn down."""


class NotHereError(Refusal):
    """A game, challenge or button used from a server or channel it doesn't belong to."""

    def __init__(self) -> None:
        super().__init__(_("That isn't a game or challenge of this channel."))


class NoGameHereError(Refusal):
    def __init__(self) -> None:
        super().__init__(_("There's no game in progress in this channel."))


class NotPlayingError(Refusal):
    def __init__(self) -> None:
        super().__init__(_("You're not playing in this game."))


class NotYourTurnError(Refusal):
    def __init__(self) -> None:
        super().__init__(_("It's not your turn."))


class GameOverRefusal(Refusal):
    def __init__(self) -> None:
        super().__init__(_("This game is already over."))


class OutOfTimeError(Refusal):
    def __init__(self) -> None:
        super().__init__(_("Too late: the time for that move ran out, so the game is over."))


class ResignationChangedRefusal(Refusal):
    """A confirmation of what resigning meant when it was offered (aborting the game, say) that
    means something else now: `state` is the game now, to ask again with what is true."""

    def __init__(self, state: GameState) -> None:
        super().__init__(_("The game has moved on since you asked."))
        self.state = state


class PointingRefusal(Refusal):
    """A refusal that points somewhere: `with_link` is its message with `{link}` for the front
    end to fill in with a link to `where` (server, channel, and message if there is one)."""

    with_link: str
    """Marked with `N_`: translated by `linked`."""
    where: tuple[int, int, int | None]

    def linked(self, link: str) -> str:
        """The message with `link` in its place."""
        return _(self.with_link).format(link=link)


class GameRefusal(PointingRefusal):
    """A refusal that points at a game (`game`) and its board."""

    def __init__(self, game: GameRecord) -> None:
        super().__init__(self.linked(_("game #{id}").format(id=game.id)))
        self.game = game
        self.where = (game.guild_id, game.channel_id, game.message_id)


class RematchOfferedRefusal(PointingRefusal):
    """A rematch of the game is on offer already: `challenge`."""

    with_link = N_("A rematch of this game is already on offer: {link}")

    def __init__(self, challenge: Challenge) -> None:
        super().__init__(self.linked(_("challenge #{id}").format(id=challenge.id)))
        self.challenge = challenge
        self.where = (challenge.guild_id, challenge.channel_id, challenge.message_id)


class StaleBoardError(GameRefusal):
    """The move was made on a board that is no longer the current one; `game` is the current."""

    with_link = N_("This board is out of date; the current one is here: {link}")


class ChannelBusyRefusal(GameRefusal):
    """The channel already hosts a game in progress: `game`."""

    with_link = N_(
        "There's already a game in this channel: {link}. Wait for it to end, or start yours in "
        "a thread with `thread: True`."
    )


def move_problem(error: InvalidMoveError | IllegalMoveError) -> str:
    """What is wrong with a move, in the language in force."""
    match error.problem:
        case MoveProblem.EMPTY:
            return _("An empty move is not a square: use a letter a-h and a number 1-8.")
        case MoveProblem.NOT_A_SQUARE:
            text = _("{text} is not a square: use a letter a-h and a number 1-8.")
        case MoveProblem.NOT_A_TRANSCRIPT:
            text = _(
                "{text} is not a transcript: write each move as a letter a-h and a number 1-8."
            )
        case MoveProblem.GAME_OVER:
            text = _("{text} is not a legal move now: the game is over.")
        case MoveProblem.TAKEN:
            text = _("{text} is not a legal move now: the square is taken.")
        case MoveProblem.FLIPS_NOTHING:
            text = _("{text} is not a legal move now: it flips no disc.")
        case MoveProblem.HAS_MOVES:
            text = _("You cannot pass: you have a legal move ({text}).")
        case MoveProblem.NO_PASS_GAME_OVER:
            return _("You cannot pass: the game is over.")
    return text.format(text=error.subject)
