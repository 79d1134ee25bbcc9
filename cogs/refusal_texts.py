"""The wording of every refusal, database outage and bad move, in the reader's language: the
services and the engine say what went wrong as data, and this says it to players."""

from __future__ import annotations

from bot.domain.refusals import ChannelRefusal, PointingRefusal, Refusal, Refused
from bot.engine import IllegalMoveError, InvalidMoveError
from bot.engine.errors import MoveProblem
from bot.i18n import N_, Nn_, Plural, _, ngettext
from bot.services.errors import DatabaseBusyError, DatabaseUnavailableError, StorageError
from cogs.links import message_link

REFUSALS: dict[Refused, str | Plural] = {
    Refused.NOT_HERE: N_("That isn't a game or challenge of this channel."),
    Refused.NO_GAME_HERE: N_("There's no game in progress in this channel."),
    Refused.NO_SUCH_GAME: N_("There's no game #{id} in this server."),
    Refused.NOT_PLAYING: N_("You're not playing in this game."),
    Refused.NOT_YOUR_TURN: N_("It's not your turn."),
    Refused.GAME_OVER: N_("This game is already over."),
    Refused.OUT_OF_TIME: N_("Too late: the time for that move ran out, so the game is over."),
    Refused.RESIGNATION_CHANGED: N_("The game has moved on since you asked."),
    Refused.STALE_BOARD: N_("This board is out of date; the current one is here: {link}"),
    Refused.CHANNEL_BUSY: N_(
        "There's already a game in this channel: {link}. Wait for it to end, or start yours in "
        "a thread with `thread: True`."
    ),
    Refused.REMATCH_OFFERED: N_("A rematch of this game is already on offer: {link}"),
    Refused.CHALLENGED_YOURSELF: N_(
        "You can't challenge yourself. Leave the opponent empty for an open challenge "
        "anyone can accept."
    ),
    Refused.OPPONENT_IS_A_BOT: N_("Other bots can't play Reversi here; challenge a member, or me."),
    Refused.OPPONENT_NOT_A_MEMBER: N_(
        "That player isn't a member of this server, so they couldn't accept. "
        "Challenge a member, or leave the opponent empty for an open challenge."
    ),
    Refused.ALREADY_A_THREAD: N_("This is already a thread: play here without `thread`."),
    Refused.CHALLENGE_GONE: N_("This challenge no longer exists."),
    Refused.CHALLENGE_ACCEPTED: N_("This challenge has already been accepted."),
    Refused.CHALLENGE_DECLINED: N_("This challenge has already been declined."),
    Refused.CHALLENGE_CANCELLED: N_("This challenge has already been cancelled."),
    Refused.CHALLENGE_EXPIRED: N_("This challenge has expired."),
    Refused.OWN_CHALLENGE: N_("You can't accept your own challenge; use Cancel to withdraw it."),
    Refused.CHALLENGE_FOR_SOMEONE_ELSE: N_("This challenge is for someone else."),
    Refused.CHALLENGE_NOT_READY: N_("This challenge isn't ready yet; try again in a moment."),
    Refused.COLOR_TAKEN: N_("The challenger chose the other colour."),
    Refused.ONLY_CHALLENGED_DECLINES: N_("Only the challenged player can decline."),
    Refused.ONLY_CHALLENGER_CANCELS: N_("Only the challenger can cancel this challenge."),
    Refused.STARTING_UP: N_("I'm still starting up; try again in a moment."),
    Refused.ONLY_PLAYERS_REMATCH: N_("Only the two players can ask for a rematch."),
    Refused.NO_TOURNAMENT_REMATCH: N_(
        "Tournament games have no rematch: the tournament pairs the next one."
    ),
    Refused.OPPONENT_GONE: N_("Your opponent's account is gone; challenge someone else."),
    Refused.CHANNEL_NOT_ALLOWED: N_(
        "Games aren't allowed in this channel. Ask an admin where to play."
    ),
    Refused.NEEDS_MANAGE_MESSAGES: N_(
        "Only members with the Manage Messages permission can do that."
    ),
    Refused.NEEDS_MANAGE_SERVER: N_("Only members with the Manage Server permission can do that."),
    Refused.NO_REPLAY_YET: N_("This game is still being played; its replay comes when it ends."),
    Refused.HINTS_AGAINST_THE_BOT_ONLY: N_(
        "Hints are only for games against me, not between people."
    ),
    Refused.ONE_CHANNEL_CHANGE: N_(
        "Change one channel setting at a time: allow, disallow or everywhere."
    ),
    Refused.CHANNELS_CHANGED: N_("The channel settings have changed since you asked."),
    Refused.UNKNOWN_LANGUAGE: N_("I don't speak that language yet."),
    Refused.ONLY_THE_ASKER_CONFIRMS: N_("Only the member who asked can confirm this."),
    Refused.FORGET_WHILE_PLAYING: N_(
        "You have a game in progress here; finish or resign it first."
    ),
    Refused.FORGET_DURING_TOURNAMENT: N_(
        "You're in tournament #{id} (or organise it), which isn't over yet; your stats can be "
        "deleted once it is, or once you withdraw from it before it starts."
    ),
    Refused.REVIEW_WHILE_PLAYING: N_(
        "Game #{id} is still being played. Reviews come once a game is over, so "
        "that nobody gets the engine's help during it."
    ),
    Refused.NOTHING_TO_REVIEW: N_(
        "No move was played in game #{id}, so there's nothing to review."
    ),
    Refused.SAME_PLAYER_TWICE: N_("Pick two different players."),
    Refused.NO_SUCH_TOURNAMENT: N_("There's no tournament #{id} in this server."),
    Refused.NOT_ORGANISER: N_("Only the tournament's organiser can do that."),
    Refused.ALREADY_ENTERED: N_("You're already in this tournament."),
    Refused.TOURNAMENT_STARTED: N_("This tournament has already started; sign-up is closed."),
    Refused.TOURNAMENT_FULL: Nn_(
        "This tournament is full: {limit} player.", "This tournament is full: {limit} players."
    ),
    Refused.NOT_ENTERED: N_("You're not in this tournament."),
    Refused.LEAVING_DURING_GAME: N_(
        "You're playing game #{id} of this tournament: finish it first."
    ),
    Refused.TOURNAMENT_OVER: N_("This tournament is over."),
    Refused.TOO_FEW_ENTRANTS: N_("A tournament needs at least two players to start."),
    Refused.TOURNAMENT_NOT_RUNNING: N_("This tournament isn't running."),
    Refused.TOURNAMENT_NOT_PAUSED: N_("This tournament isn't paused."),
    Refused.START_IN_THE_PAST: N_("That start time has already passed."),
    Refused.START_TOO_LATE: N_("A tournament starts within {days} days: pick an earlier time."),
    Refused.TOO_MANY_ROUNDS: Nn_(
        "A Swiss of {players} players has at most {rounds} round, or some would meet twice: "
        "choose fewer rounds, more players or a round robin.",
        "A Swiss of {players} players has at most {rounds} rounds, or some would meet twice: "
        "choose fewer rounds, more players or a round robin.",
    ),
    Refused.NO_SUCH_PUZZLE: N_("That puzzle doesn't exist."),
    Refused.NOT_YOUR_PUZZLE: N_(
        "That's someone else's puzzle: start your own with `/reversi puzzle`."
    ),
    Refused.PUZZLE_ELSEWHERE: N_("That puzzle was started in another server."),
    Refused.PUZZLE_FINISHED: N_(
        "That puzzle is already over: start another with `/reversi puzzle`."
    ),
    Refused.STALE_PUZZLE: N_("That puzzle has moved on since this board; use the latest one."),
    Refused.NO_PUZZLE_LEFT: N_("You've met every puzzle there is in this server. Well done!"),
    Refused.DAILY_NEEDS_BOTH: N_(
        "The daily puzzle needs a channel and an hour: give both `daily_channel` and `daily_hour`."
    ),
    Refused.NO_WEB_ADDRESS: N_(
        "This bot has no pages on the web yet: whoever runs it sets `WEB_PORT` and `WEB_URL` first."
    ),
    Refused.DAILY_OVER: N_(
        "That daily puzzle is over and its solution is out: try today's, or `/reversi puzzle`."
    ),
    Refused.NO_SERVER_PUZZLE_LEFT: N_(
        "No puzzle from this server's games is waiting for you: they come from reviewed games, "
        "where a player missed the one move that kept the best result, and never from your own "
        "games. Try `/reversi puzzle` for any puzzle."
    ),
}
"""Each refusal's message, marked with `N_` (`Nn_` for one with a count); `{link}` is where a
pointing refusal points."""
COUNTED = {Refused.TOURNAMENT_FULL: "limit", Refused.TOO_MANY_ROUNDS: "rounds"}
"""The parameter whose count picks the form of a message with a plural."""


NAMED_CHANNELS = 3
"""The allowed channels a refusal names before it counts the rest."""


def refusal_text(refusal: Refusal) -> str:
    """What to tell the player about `refusal`, in the language in force."""
    if isinstance(refusal, ChannelRefusal) and refusal.allowed:
        return _("Games aren't allowed in this channel. Play in {channels}.").format(
            channels=channel_list(refusal.allowed)
        )
    message = REFUSALS[refusal.code]
    if isinstance(message, tuple):  # by the count of the code's `COUNTED` parameter
        text = ngettext(*message, refusal.params[COUNTED[refusal.code]])
    else:
        text = _(message)
    if isinstance(refusal, PointingRefusal):
        return text.format(link=message_link(*refusal.where))
    return text.format(**refusal.params)


def channel_list(channel_ids: tuple[int, ...]) -> str:
    """The first channels as mentions, then how many more: `<#1>, <#2>, <#3> and 2 more`."""
    shown = ", ".join(f"<#{channel_id}>" for channel_id in channel_ids[:NAMED_CHANNELS])
    more = len(channel_ids) - NAMED_CHANNELS
    if more <= 0:
        return shown
    return ngettext("{channels} and {count} more", "{channels} and {count} more", more).format(
        channels=shown, count=more
    )


def outage_text(error: StorageError) -> str | None:
    """What to tell the player when the database is out of reach, in the language in force;
    None for any other trouble of the database's (a fault of ours: an apology, and the log)."""
    match error:
        case DatabaseBusyError():
            return _("The database is busy right now; please try again in a moment.")
        case DatabaseUnavailableError():
            return _("The database is unavailable right now; please try again shortly.")
    return None


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
