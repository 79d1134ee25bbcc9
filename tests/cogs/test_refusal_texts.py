"""Every refusal and database outage worded for players, from the data the services give: a
message for each code, its parameters filled in, in every language."""

from __future__ import annotations

import pytest

from bot.domain import GameRecord, GameStatus, TimeControl
from bot.domain.refusals import GameRefusal, Refusal, Refused
from bot.i18n import using
from bot.language_codes import LANGUAGES
from bot.storage import (
    DatabaseBusyError,
    DatabaseUnavailableError,
    SchemaTooNewError,
    StaleMoveError,
    StorageError,
)
from cogs.refusal_texts import REFUSALS, outage_text, refusal_text

PARAMS = {"id": 7, "channel_id": 55, "limit": 16, "days": 365, "players": 4, "rounds": 3}


def test_every_refusal_has_its_message() -> None:
    assert set(REFUSALS) == set(Refused)


POINTING = {Refused.STALE_BOARD, Refused.CHANNEL_BUSY, Refused.REMATCH_OFFERED}
"""Refused only with what they point at (`test_a_pointing_refusal_links_where_it_points`)."""


@pytest.mark.parametrize("code", [code for code in Refused if code not in POINTING])
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_refusal_reads_whole_in_every_language(code: Refused, language: str) -> None:
    with using(language):
        text = refusal_text(Refusal(code, **PARAMS))
    assert text and "{" not in text


def test_parameters_fill_the_message() -> None:
    assert refusal_text(Refusal(Refused.NO_SUCH_GAME, id=7)) == (
        "There's no game #7 in this server."
    )


def test_a_pointing_refusal_links_where_it_points() -> None:
    game = GameRecord(
        id=3,
        guild_id=1,
        channel_id=2,
        message_id=4,
        black_id=10,
        white_id=11,
        transcript="",
        ply=0,
        status=GameStatus.ACTIVE,
        winner=None,
        end_reason=None,
        black_discs=None,
        white_discs=None,
        rated=False,
        time_control=TimeControl(per_move=60),
        deadline=None,
        cancelled_by=None,
        created_at=0,
        updated_at=0,
        turn_started=0,
    )
    assert refusal_text(GameRefusal(Refused.STALE_BOARD, game)) == (
        "This board is out of date; the current one is here: https://discord.com/channels/1/2/4"
    )


@pytest.mark.parametrize(
    ("error", "says"),
    [
        (DatabaseBusyError(), "The database is busy right now; please try again in a moment."),
        (
            DatabaseUnavailableError(OSError()),
            "The database is unavailable right now; please try again shortly.",
        ),
        (SchemaTooNewError(9, 8), None),
        (StaleMoveError(1, 2, 3), None),
    ],
)
def test_only_outages_are_worded_for_players(error: StorageError, says: str | None) -> None:
    """What the storage refuses reaches players as the services' refusals: any other storage
    error is a fault of ours."""
    assert outage_text(error) == says


def test_a_challenge_closed_meanwhile_says_how() -> None:
    assert refusal_text(Refusal(Refused.CHALLENGE_DECLINED)) == (
        "This challenge has already been declined."
    )


def test_a_count_takes_the_form_its_number_asks_for() -> None:
    one = refusal_text(Refusal(Refused.TOO_MANY_ROUNDS, players=2, rounds=1))
    three = refusal_text(Refusal(Refused.TOO_MANY_ROUNDS, players=4, rounds=3))
    assert one.startswith("A Swiss of 2 players has at most 1 round, ")
    assert three.startswith("A Swiss of 4 players has at most 3 rounds, ")
    with using("is"):
        assert refusal_text(Refusal(Refused.TOURNAMENT_FULL, limit=21)).endswith("21 leikmaður.")
        assert refusal_text(Refusal(Refused.TOURNAMENT_FULL, limit=16)).endswith("16 leikmenn.")
