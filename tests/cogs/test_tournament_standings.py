"""The standings as the bot shows them, from constructed records: the image's rows (players by
starting number, each game's points, colour and disc score as the standings count them) and
the text (withdrawn players marked, the Brightwell quotient as the image writes it)."""

from __future__ import annotations

import asyncio

from bot.domain import TimeControl
from bot.domain.tournament import (
    Board,
    Entrant,
    Format,
    Pairing,
    TournamentRecord,
    TournamentState,
    TournamentView,
    standings,
)
from bot.domain.tournament.records import bye, forfeit
from bot.engine import Color
from cogs.tournaments.image import standings_rows
from cogs.tournaments.texts import standings_text
from rendering import BYE, Outcome, RoundResult

ANN, BO, CY, DI, ED = 1, 2, 3, 4, 5


class StubNames:
    async def name(self, user_id: int, fallback: str) -> str:
        return {ANN: "Ann", BO: "Bo", CY: "Cy", DI: "Di", ED: "Ed"}[user_id]


def view() -> TournamentView:
    """A Swiss of five: Ed withdraws after round 1, Bo resigns in round 2 with fewer discs on
    the board, and the game of round 3 is being played."""
    record = TournamentRecord(
        1, 1, 9, "Club Cup", Format.SWISS, 3, TimeControl(per_move=86400), True, 64, 0.0, 7,
        None, None, TournamentState.RUNNING, 3, 3, 0, 0.0, 0.0,
    )  # fmt: skip
    entrants = (
        Entrant(ANN, 1500.0),
        Entrant(BO, 1900.0),
        Entrant(CY, 1500.0),
        Entrant(DI, 1700.0),
        Entrant(ED, 1400.0, withdrawn_after=1),
    )
    pairings = [
        Pairing(1, ANN, BO, 40, 24, winner=ANN, finished=True),
        Pairing(1, CY, DI, 32, 32, finished=True),
        bye(1, ED),
        Pairing(2, DI, ANN, 20, 30, winner=DI, finished=True),  # Ann resigned
        forfeit(Pairing(2, ED, CY), ED),
        bye(2, BO),
        Pairing(3, ANN, CY),
        bye(3, DI),
        bye(3, BO),
    ]
    boards = tuple(Board(1, n, p) for n, p in enumerate(pairings, 1))
    return TournamentView(record, entrants, boards)


def test_the_image_knows_players_by_starting_number_with_each_game_s_discs() -> None:
    shown = view()
    table = standings(shown.entrants, shown.pairings)

    rows = asyncio.run(standings_rows(shown, table, StubNames()))  # type: ignore[arg-type]

    by_name = {row.name: row for row in rows}
    assert {name: row.number for name, row in by_name.items()} == {
        "Bo": 1, "Di": 2, "Ann": 3, "Cy": 4, "Ed": 5,
    }  # fmt: skip
    assert by_name["Ann"].rounds == (
        RoundResult(1, Color.BLACK, Outcome.WIN, 40),
        RoundResult(2, Color.WHITE, Outcome.LOSS, 30),
        RoundResult(4, Color.BLACK),
    )
    assert by_name["Di"].rounds[1] == RoundResult(3, Color.BLACK, Outcome.WIN, 34)  # 34-30
    assert by_name["Cy"].rounds[:2] == (
        RoundResult(2, Color.BLACK, Outcome.DRAW, 32),
        RoundResult(5, None, Outcome.WIN, 32, forfeit=True),
    )
    assert by_name["Ed"].rounds == (BYE, RoundResult(4, None, Outcome.LOSS, 0, forfeit=True), None)
    assert [row.name for row in rows if row.withdrawn] == ["Ed"]


def test_the_text_marks_a_withdrawn_player_and_writes_the_quotient_as_the_image() -> None:
    shown = view()
    table = standings(shown.entrants, shown.pairings)

    text = standings_text(shown, table)

    (ed,) = [line for line in text.splitlines() if "<@5>" in line]
    assert ed.endswith(" · withdrew after round 1")
    assert sum("withdrew" in line for line in text.splitlines()) == 1
    assert ".0 " not in text and all(f"BQ {s.brightwell:.0f} " in text for s in table)
