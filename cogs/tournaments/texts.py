"""A tournament's texts, in the language in force: the sign-up message, the pairings of a round,
the standings, and the start time an organiser writes."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from discord.utils import escape_markdown

from bot.domain import EndReason, GameRecord
from bot.domain.tournament import (
    Board,
    Format,
    Pairing,
    Standing,
    TournamentRecord,
    TournamentState,
    TournamentView,
)
from bot.domain.tournament.standings import discs
from bot.i18n import N_, _, ngettext
from cogs import time_option
from cogs.links import mention
from cogs.text import CONTENT, fit, in_messages, shorten
from rendering import points_text, quotient_text

ROUND_ROBINS = {
    Format.ROUND_ROBIN: N_("round robin"),
    Format.DOUBLE_ROUND_ROBIN: N_("double round robin"),
}
STATES = {
    # TRANSLATORS: a tournament's state, under its name in its posts.
    # {when} is a date and a relative time ("in 2 hours") that Discord
    # words in the reader's own language: keep it after the colon.
    TournamentState.SIGNUP: N_("Sign-up is open. It starts: {when}."),
    TournamentState.RUNNING: N_("Round {round} of {rounds} is being played."),
    TournamentState.PAUSED: N_("Paused after round {round} of {rounds}."),
    TournamentState.FINISHED: N_("Finished."),
    TournamentState.CANCELLED: N_("Cancelled."),
}
NAME = 100
_TIMESTAMP = re.compile(r"<t:(-?[0-9]{1,12})(:[tTdDfFR])?>|([0-9]{9,12})")
_DELAY = re.compile(r"([0-9]{1,4})\s*([mhd])", re.IGNORECASE)
_UNITS = {"m": 60, "h": 3600, "d": 86400}


def start_time(text: str, now: float) -> float | None:
    """When a tournament starts, from what the organiser wrote: a Discord timestamp
    (`<t:1900000000:F>`), Unix seconds, or a delay such as `30m`, `2h` or `1d`; None if it is none
    of these."""
    typed = text.strip()
    if match := _TIMESTAMP.fullmatch(typed):
        return float(match.group(1) or match.group(3))
    if match := _DELAY.fullmatch(typed):
        return now + int(match.group(1)) * _UNITS[match.group(2).lower()]
    return None


def when(timestamp: float) -> str:
    """A time every reader sees in their own zone, and how far off it is."""
    return f"<t:{int(timestamp)}:F> (<t:{int(timestamp)}:R>)"


def format_name(tournament: TournamentRecord) -> str:
    """The format; a Swiss with its rounds, and once started, whether the field cut them."""
    t = tournament
    if t.format is not Format.SWISS:
        return _(ROUND_ROBINS[t.format])
    rounds = t.rounds or t.swiss_rounds
    name = ngettext("Swiss, {rounds} round", "Swiss, {rounds} rounds", rounds).format(rounds=rounds)
    if rounds < t.swiss_rounds:
        cut = _("(cut from {asked}: the most its players allow)").format(asked=t.swiss_rounds)
        name = f"{name} {cut}"
    return name


def state_line(tournament: TournamentRecord) -> str:
    return _(STATES[tournament.state]).format(
        when=when(tournament.starts_at), round=tournament.round, rounds=tournament.rounds
    )


def name(tournament: TournamentRecord) -> str:
    """Its name as a message shows it: shortened, and escaped, so that what the organiser typed
    reads as typed (`[a](link)` no live link, `**` no bold)."""
    return escape_markdown(shorten(tournament.name, NAME))


def title(tournament: TournamentRecord) -> str:
    return f"**{name(tournament)}** (#{tournament.id})"


def details(tournament: TournamentRecord) -> str:
    """Its format, time control and whether it is rated, on one line."""
    rated = _("rated") if tournament.rated else _("unrated")
    control = time_option.describe(tournament.time_control)
    return f"{format_name(tournament)} · {control} · {rated}"


def event_description(tournament: TournamentRecord, signup: str) -> str:
    """The Discord scheduled event's description: what it is and where to sign up."""
    link = _("Sign up on its message: {link}").format(link=signup)
    return f"{details(tournament)}\n{link}"


def signup_text(view: TournamentView) -> str:
    """The sign-up message: what the tournament is, where it stands, and who has entered."""
    t = view.tournament
    head = [
        _("🏆 Tournament {title}").format(title=title(t)),
        details(t),
        _("Games are played in threads of {channel}.").format(channel=f"<#{t.channel_id}>"),
        state_line(t),
        _("Entrants ({count} of {limit}):").format(count=len(view.entrants), limit=t.entry_limit),
    ]
    entrants = [
        mention(e.player_id) + ("" if e.withdrawn_after is None else " " + _("(withdrawn)"))
        for e in view.entrants
    ] or [_("nobody yet")]
    text = "\n".join(head)
    return text + "\n" + fit(entrants, CONTENT - len(text) - 1, separator=", ")


def board_line(board: Board, games: Mapping[int, GameRecord]) -> str:
    """One board: its players, its result once in, and where it is played (its thread, if
    `games` knows its game by the board's number)."""
    p = board.pairing
    if p.white is None:
        return _("{player} has a bye").format(player=mention(p.black))
    players = _("{black} (black) vs {white} (white)").format(
        black=mention(p.black), white=mention(p.white)
    )
    game = games.get(board.number)
    parts = [result(p, game)] if p.finished else []
    if game is not None:
        parts.append(f"<#{game.channel_id}>")
    elif board.game_id is not None:
        parts.append(_("game #{id}").format(id=board.game_id))
    line = f"{board.number}. {players}"
    return f"{line}: {' · '.join(parts)}" if parts else line


def result(pairing: Pairing, game: GameRecord | None = None) -> str:
    """A board's result as the standings count it: the official score, Black's first (a game
    won off the board at least 33-31), and how its `game` was won off the board; or a
    forfeit."""
    if pairing.forfeit:
        if pairing.winner is None:
            return _("no result")
        return _("{player} wins by forfeit").format(player=mention(pairing.winner))
    score = f"{discs(pairing, pairing.black)}-{discs(pairing, pairing.white or 0)}"
    if pairing.winner is None:
        return _("draw {score}").format(score=score)
    winner = mention(pairing.winner)
    reason = None if game is None else game.end_reason
    if reason is EndReason.RESIGNATION:
        return _("{player} wins {score} by resignation").format(player=winner, score=score)
    if reason is EndReason.TIMEOUT:
        return _("{player} wins {score} on time").format(player=winner, score=score)
    return _("{player} wins {score}").format(player=winner, score=score)


def pairings_texts(view: TournamentView, number: int, games: Mapping[int, GameRecord]) -> list[str]:
    """Round `number`'s boards, every one, in as many messages as they take; `games` by board
    number link the threads of those it knows and say how they were won."""
    boards = [board_line(b, games) for b in view.round_boards(number)]
    return in_messages([round_title(view, number), *boards])


def no_such_round(tournament: TournamentRecord, number: int) -> str:
    """Why round `number` has no pairings to show."""
    if not tournament.round:
        return _("No round has been paired yet.")
    return _("{title} has no round {round}: it is in round {current} of {rounds}.").format(
        title=title(tournament), round=number, current=tournament.round, rounds=tournament.rounds
    )


def round_post(view: TournamentView, number: int, withdrawn: Sequence[int] = ()) -> list[str]:
    """What opens round `number` in the channel before the line of each board to play, which
    starts its thread: the round's title, the players `withdrawn` as it was paired for having
    left the server, and the boards already decided (byes, games lost without play)."""
    left = [
        _("{player} left the server and is withdrawn.").format(player=mention(player))
        for player in withdrawn
    ]
    decided = [board_line(b, {}) for b in view.round_boards(number) if b.pairing.finished]
    return in_messages([round_title(view, number), *left, *decided])


def round_title(view: TournamentView, number: int) -> str:
    t = view.tournament
    return _("{title}: round {round} of {rounds}").format(
        title=title(t), round=number, rounds=t.rounds
    )


def standings_text(view: TournamentView, table: Sequence[Standing]) -> str:
    """The standings by points, then the Brightwell quotient, then discs, each withdrawn player
    marked with the round they left after; the final ones crown the winner."""
    t = view.tournament
    head = [_("{title}: standings").format(title=title(t)), state_line(t)]
    if t.state is TournamentState.FINISHED and table:
        head.append(
            _("🥇 {player} wins the tournament!").format(player=mention(table[0].player_id))
        )
    rows = []
    for s in table:
        whole, half = divmod(s.half_points, 2)
        row = ngettext(
            "{rank}. {player}: {points} point · BQ {bq} · {discs} discs",
            "{rank}. {player}: {points} points · BQ {bq} · {discs} discs",
            2 if half else whole,
        ).format(
            rank=s.rank,
            player=mention(s.player_id),
            points=points_text(s.half_points),
            bq=quotient_text(s.brightwell),
            discs=s.discs,
        )
        entrant = view.entrant(s.player_id)
        if entrant is not None and entrant.withdrawn_after is not None:
            left = entrant.withdrawn_after
            withdrew = (
                _("withdrew after round {round}").format(round=left)
                if left
                else _("withdrew before round 1")
            )
            row += f" · {withdrew}"
        rows.append(row)
    return fit([*head, *rows], CONTENT)


def list_line(tournament: TournamentRecord) -> str:
    return f"#{tournament.id} {name(tournament)}: {state_line(tournament)}"
