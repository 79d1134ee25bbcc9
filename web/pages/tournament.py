"""A tournament's page (`/tournaments/<id>/<token>`): where it stands, its standings as a
federation crosstable (rank, starting number, points, Brightwell quotient, discs, then each
round's game: the points, the opponent's number on a disc of the colour played, the disc score)
and every round's boards, each linking to its game's page, live or over. While the tournament
goes on, the open page reads itself again now and then and shows what changed in place
(`web/static/tournament.js`).

The crosstable reads on a phone: it scrolls sideways in its own box while the players' column
stays put, so that no row loses its name and the page itself never grows wider than the screen.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from functools import partial
from html import escape

from aiohttp import web

from bot.domain.pages import PageKind
from bot.domain.tournament import (
    Board,
    Format,
    Standing,
    TournamentRecord,
    TournamentState,
    TournamentView,
    standings,
)
from bot.domain.tournament.records import starting_numbers
from bot.domain.tournament.standings import discs
from bot.engine import Color
from bot.i18n import N_, _, ngettext, using
from bot.services.languages import Languages
from bot.services.pages import Pages
from bot.services.tournaments import Tournaments
from rendering import Outcome, RoundResult, points_text, quotient_text, round_result
from rendering.standings import FORFEITS, POINTS
from web.pages.language import page_language
from web.pages.layout import page
from web.pages.parts import NameOf, SharedReads, game_path, names_of, page_ids, route

FORMATS = {
    Format.ROUND_ROBIN: N_("round robin"),
    Format.DOUBLE_ROUND_ROBIN: N_("double round robin"),
}
STATES = {
    # TRANSLATORS: a tournament's state, under its name on its page.
    TournamentState.SIGNUP: N_("Sign-up is open."),
    TournamentState.RUNNING: N_("Round {round} of {rounds} is being played."),
    TournamentState.PAUSED: N_("Paused after round {round} of {rounds}."),
    TournamentState.FINISHED: N_("Finished."),
    TournamentState.CANCELLED: N_("Cancelled."),
}
WITHDRAWN_ROW = ' class="withdrawn"'
SCRIPT = "tournament.js"
REFRESH_SECONDS = 20
"""How often an open page of a tournament under way reads itself again: its results land a
game at a time, minutes apart."""
KEPT = 256
"""Pages kept as last made, by tournament and language: made again only once what they show
changed, so that a crowd watching a round costs one page's making per change."""


def routes(
    *, pages: Pages, tournaments: Tournaments, languages: Languages, name_of: NameOf
) -> list[web.RouteDef]:
    shared = SharedReads()
    made: OrderedDict[tuple[int, str], tuple[tuple[TournamentView, tuple[str, ...]], str]]
    made = OrderedDict()

    async def show(request: web.Request) -> web.Response:
        (tournament_id,) = page_ids(request, "id")
        token = request.match_info["token"]
        view = await shared.read(tournament_id, partial(tournaments.find, tournament_id))
        if view is None:
            raise web.HTTPNotFound()
        ids, guild_id = (tournament_id,), view.tournament.guild_id
        shown = partial(pages.shown, guild_id, PageKind.TOURNAMENT, ids, token)
        if not await shared.read((tournament_id, token), shown):
            raise web.HTTPNotFound()
        language = await page_language(request, languages, guild_id)
        with using(language):
            names = await names_of(name_of, (e.player_id for e in view.entrants))
        key, source = (tournament_id, language), (view, tuple(names.values()))
        kept = made.get(key)
        if kept is None or kept[0] != source:
            with using(language):
                table = standings(view.entrants, view.pairings)
                kept = made[key] = (
                    source,
                    tournament_body(view, table, names, await pages.secret()),
                )
            while len(made) > KEPT:
                made.popitem(last=False)
        made.move_to_end(key)
        return page(language=language, title=view.tournament.name, body=kept[1], scripts=[SCRIPT])

    return [web.get(route(PageKind.TOURNAMENT, "id"), show)]


def tournament_body(
    view: TournamentView,
    table: tuple[Standing, ...],
    names: Mapping[int, str],
    secret: bytes,
) -> str:
    """The page's HTML, every name and text escaped; while the tournament goes on, it says how
    often the page reads itself again (`tournament.js`)."""
    t = view.tournament
    head = (
        f"<h1>{escape(t.name)}</h1>"
        f'<p class="muted">{escape(format_name(t))} · {escape(state_line(t))}</p>'
    )
    if not view.boards:
        entrants = ", ".join(escape(names[e.player_id]) for e in view.entrants)
        count = ngettext("{count} entrant", "{count} entrants", len(view.entrants))
        body = f"{head}<h2>{escape(count.format(count=len(view.entrants)))}</h2><p>{entrants}</p>"
    else:
        rounds = [round_section(view, number, names, secret) for number in range(t.round, 0, -1)]
        body = head + crosstable(view, table, names) + "".join(rounds)
    follow = "" if t.state.over else f' data-refresh="{REFRESH_SECONDS}"'
    return f'<div id="tournament"{follow}>{body}</div>'


def format_name(tournament: TournamentRecord) -> str:
    if tournament.format is not Format.SWISS:
        return _(FORMATS[tournament.format])
    rounds = tournament.rounds or tournament.swiss_rounds
    text = ngettext("Swiss, {rounds} round", "Swiss, {rounds} rounds", rounds)
    return text.format(rounds=rounds)


def state_line(tournament: TournamentRecord) -> str:
    return _(STATES[tournament.state]).format(round=tournament.round, rounds=tournament.rounds)


def crosstable(view: TournamentView, table: tuple[Standing, ...], names: Mapping[int, str]) -> str:
    """The standings and each player's games, round by round, as the standings image has them."""
    t = view.tournament
    numbers = starting_numbers(view.entrants)
    rounds = t.rounds or t.round
    headers = "".join(
        f'<th scope="col" class="figure">{escape(text)}</th>'
        for text in (_("Pts"), "BQ", _("Discs"))
    )
    headers += "".join(
        f'<th scope="col" class="round" title="{escape(round_name(n))}">{n}</th>'
        for n in range(1, rounds + 1)
    )
    withdrawal, number_title = _("(withdrawn)"), _("Starting number")
    heading, player_header = _("Standings"), _("Player")
    rows = []
    for standing in table:
        player = standing.player_id
        entrant = view.entrant(player)
        withdrawn = entrant is not None and entrant.withdrawn_after is not None
        mark = f' <span class="mark">{escape(withdrawal)}</span>' if withdrawn else ""
        cells = "".join(
            f'<td class="figure">{escape(text)}</td>'
            for text in (
                points_text(standing.half_points),
                quotient_text(standing.brightwell),
                str(standing.discs),
            )
        )
        for number in range(1, rounds + 1):
            pairing = standing.results[number - 1] if number <= len(standing.results) else None
            opponent = None if pairing is None else pairing.opponent(player)
            result = round_result(pairing, player, numbers)
            cells += result_cell(result, None if opponent is None else names[opponent])
        rows.append(
            f"<tr{WITHDRAWN_ROW if withdrawn else ''}>"
            f'<th scope="row" class="player"><span class="rank">{standing.rank}</span>'
            f'<span class="number" title="{escape(number_title)}">'
            f"{numbers[player]}</span> "
            f'<span class="name">{escape(names[player])}</span>{mark}</th>{cells}</tr>'
        )
    caption = _("Standings: points, then the Brightwell quotient (BQ), then discs")
    return (
        f'<h2 id="standings">{escape(heading)}</h2>'
        f'<p class="muted">{escape(caption)}</p>'
        '<div class="scroll crosstable" tabindex="0" role="region" aria-labelledby="standings">'
        "<table>"
        f'<thead><tr><th scope="col" class="player">{escape(player_header)}</th>{headers}</tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def round_name(number: int) -> str:
    # TRANSLATORS: a round's heading on a tournament's page.
    return _("Round {round}").format(round=number)


def result_cell(result: RoundResult | None, opponent: str | None) -> str:
    """One game of a row: `1 (7) 38`, the opponent's number on a disc of the colour played
    (read out as the colour and the opponent's name); `+` or `-` for a game decided without play,
    the bye, or nothing for a round without a game."""
    if result is None:
        return "<td></td>"
    if result.opponent is None:
        bye = _("bye")
        return f'<td class="bye">{escape(bye)}</td>'
    points = ""
    if result.outcome is not None:
        marks = FORFEITS if result.forfeit else POINTS
        mark = marks.get(result.outcome, POINTS[result.outcome])
        kind = {Outcome.WIN: "win", Outcome.DRAW: "draw", Outcome.LOSS: "loss"}[result.outcome]
        points = f'<span class="points {kind}">{escape(mark)}</span>'
    disc = {Color.BLACK: "black", Color.WHITE: "white", None: "none"}[result.color]
    color = {Color.BLACK: _("Black"), Color.WHITE: _("White"), None: ""}[result.color]
    said = " · ".join(part for part in (color, opponent or "") if part)
    score = "" if result.discs is None else f'<span class="score">{result.discs}</span>'
    return (
        f'<td class="game">{points}<span class="disc {disc}" title="{escape(said)}">'
        f'{result.opponent}<span class="sr"> {escape(said)}</span></span>{score}</td>'
    )


def round_section(
    view: TournamentView, number: int, names: Mapping[int, str], secret: bytes
) -> str:
    boards = "".join(
        f"<li>{board_line(board, names, secret)}</li>" for board in view.round_boards(number)
    )
    return f'<h2>{escape(round_name(number))}</h2><ol class="boards">{boards}</ol>'


def board_line(board: Board, names: Mapping[int, str], secret: bytes) -> str:
    """A board: its players (linking to its game's page), and its result or that it is being
    played."""
    p = board.pairing
    if p.white is None:
        return escape(_("{player} has a bye")).format(player=escape(names[p.black]))
    players = escape(_("{black} (black) vs {white} (white)")).format(
        black=escape(names[p.black]), white=escape(names[p.white])
    )
    if board.game_id is not None:
        players = f'<a href="{escape(game_path(secret, board.game_id))}">{players}</a>'
    if p.finished:
        state = result_text(board, names)
    elif board.game_id is not None:
        playing = _("in progress")
        state = f'<span class="live">{escape(playing)}</span>'
    else:
        return players
    return f"{players} · {state}"


def result_text(board: Board, names: Mapping[int, str]) -> str:
    """The result as the standings count it: the official score, Black's first; or a
    forfeit."""
    p = board.pairing
    if p.forfeit:
        if p.winner is None:
            return escape(_("no result"))
        return escape(_("{player} wins by forfeit")).format(player=escape(names[p.winner]))
    score = f"{discs(p, p.black)}-{discs(p, p.white or 0)}"
    if p.winner is None:
        return escape(_("draw {score}").format(score=score))
    return escape(_("{player} wins {score}")).format(player=escape(names[p.winner]), score=score)
