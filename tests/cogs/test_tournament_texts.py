"""A tournament's words: its name read as typed wherever it is shown, and counts that agree."""

from __future__ import annotations

from dataclasses import replace

from bot.domain import TimeControl
from bot.domain.tournament import (
    Entrant,
    Format,
    Pairing,
    TournamentRecord,
    TournamentState,
    TournamentView,
    standings,
)
from cogs.tournaments.texts import details, list_line, signup_text, standings_text, title

HOSTILE = "[free nitro](https://example.com) **big** @everyone"
RECORD = TournamentRecord(
    id=3,
    guild_id=1,
    organiser_id=2,
    name=HOSTILE,
    format=Format.SWISS,
    swiss_rounds=1,
    time_control=TimeControl(per_move=3600),
    rated=True,
    entry_limit=16,
    starts_at=1_900_000_000.0,
    channel_id=5,
    message_id=None,
    event_id=None,
    state=TournamentState.SIGNUP,
    round=0,
    rounds=0,
    seed=1,
    created_at=0.0,
    updated_at=0.0,
)


def test_a_name_is_shown_as_typed_never_as_markdown() -> None:
    view = TournamentView(RECORD, (), ())
    escaped = r"\[free nitro](https://example.com) \*\*big\*\* @everyone"
    assert title(RECORD) == f"**{escaped}** (#3)"
    assert list_line(RECORD).startswith(f"#3 {escaped}: ")
    assert f"**{escaped}** (#3)" in signup_text(view)


def test_rounds_and_points_are_counted_in_words_that_agree_with_the_number() -> None:
    assert details(RECORD).startswith("Swiss, 1 round · ")
    assert details(replace(RECORD, swiss_rounds=4)).startswith("Swiss, 4 rounds · ")
    entrants = (Entrant(10, 1500.0), Entrant(11, 1500.0), Entrant(12, 1500.0))
    played = (
        Pairing(1, 10, 11, 40, 24, winner=10, finished=True),
        Pairing(1, 12, None, 32, None, winner=12, finished=True),
        Pairing(2, 12, 10, 32, 32, finished=True),
        Pairing(2, 11, None, 32, None, winner=11, finished=True),
    )
    running = replace(RECORD, state=TournamentState.RUNNING, round=2, rounds=3)
    view = TournamentView(running, entrants, ())
    text = standings_text(view, standings(entrants, played))
    assert "<@10>: 1½ points · " in text
    assert "<@12>: 1½ points · " in text
    assert "<@11>: 1 point · " in text
