"""What the game service refuses, each with a short message fit to show the player as it is.

The cogs turn every `Refusal` into an ephemeral reply; a refusal never changes anything stored.
"""

from __future__ import annotations

from bot.storage import Challenge, GameRecord


class Refusal(Exception):
    """A request the rules or the server's settings turn down."""


class NotHereError(Refusal):
    """A game, challenge or button used from a server or channel it doesn't belong to."""

    def __init__(self) -> None:
        super().__init__("That isn't a game or challenge of this channel.")


class NoGameHereError(Refusal):
    def __init__(self) -> None:
        super().__init__("There's no game in progress in this channel.")


class NotPlayingError(Refusal):
    def __init__(self) -> None:
        super().__init__("You're not playing in this game.")


class NotYourTurnError(Refusal):
    def __init__(self) -> None:
        super().__init__("It's not your turn.")


class GameOverRefusal(Refusal):
    def __init__(self) -> None:
        super().__init__("This game is already over.")


class OutOfTimeError(Refusal):
    def __init__(self) -> None:
        super().__init__("Too late: the time for that move ran out, so the game is over.")


class PointingRefusal(Refusal):
    """A refusal that points somewhere: `with_link` is its message with `{link}` for the front
    end to fill in with a link to `where` (server, channel, and message if there is one)."""

    with_link: str
    where: tuple[int, int, int | None]


class GameRefusal(PointingRefusal):
    """A refusal that points at a game (`game`) and its board."""

    def __init__(self, game: GameRecord) -> None:
        super().__init__(self.with_link.format(link=f"game #{game.id}"))
        self.game = game
        self.where = (game.guild_id, game.channel_id, game.message_id)


class RematchOfferedRefusal(PointingRefusal):
    """A rematch of the game is on offer already: `challenge`."""

    with_link = "A rematch of this game is already on offer: {link}"

    def __init__(self, challenge: Challenge) -> None:
        super().__init__(self.with_link.format(link=f"challenge #{challenge.id}"))
        self.challenge = challenge
        self.where = (challenge.guild_id, challenge.channel_id, challenge.message_id)


class StaleBoardError(GameRefusal):
    """The move was made on a board that is no longer the current one; `game` is the current."""

    with_link = "This board is out of date; the current one is here: {link}"


class ChannelBusyRefusal(GameRefusal):
    """The channel already hosts a game in progress: `game`."""

    with_link = (
        "There's already a game in this channel: {link}. Wait for it to end, or start yours in "
        "a thread with `thread: True`."
    )
