"""How hints and reviews word their numbers of discs: the singular where it is one, a decimal
estimate in its own message, and never more than a game allows, in English and Icelandic (whose
singular also takes 21, 31, ...)."""

from __future__ import annotations

import pytest

from bot.engine import Game
from bot.engine.ai import choose_move
from bot.engine.ai.analysis import PositionAnalysis
from bot.engine.review import Review, build_review, format_loss
from bot.i18n import using
from bot.i18n.catalogues import translations
from cogs.play.versus_bot import outlook
from cogs.reviews.message import losing
from rendering.review_board import review_board_alt_text
from rendering.review_graph import review_graph_alt_text
from tests.engine.test_bounds import LOPSIDED

TIGER = "f5d6c3d3c4f4"


def review(values: list[tuple[float, float]], *, exact: bool) -> Review:
    """The Tiger's six moves with these (best, played) values from the mover's side."""
    game = Game.from_transcript(TIGER)
    analyses = []
    for ply, (best, played) in zip(game.plies, values, strict=True):
        other = next(s for s in ply.before.legal_moves() if s != ply.square)
        best_move = ply.square if best == played else other
        analyses.append(PositionAnalysis(best_move, best, ply.square, played, exact, 5, 99))
    return build_review(game, analyses, None)


@pytest.mark.parametrize(
    ("code", "margin", "expected"),
    [
        ("en", 1, "I'd say you're about 1 disc ahead"),
        ("en", -1, "I'd say you're about 1 disc behind"),
        ("en", 2, "I'd say you're about 2 discs ahead"),
        ("is", 1, "ég myndi segja að þú sért um 1 diski yfir"),
        ("is", -21, "ég myndi segja að þú sért um 21 diski undir"),
        ("is", 5, "ég myndi segja að þú sért um 5 diskum yfir"),
        ("is", -11, "ég myndi segja að þú sért um 11 diskum undir"),
    ],
)
def test_a_hint_s_estimate_is_worded_by_its_count(code: str, margin: int, expected: str) -> None:
    with using(code):
        assert outlook(margin, exact=False) == expected


def test_a_hint_in_a_lopsided_position_says_no_more_than_a_game_allows() -> None:
    result = choose_move(LOPSIDED[0], level=5, depth=3)
    with using("en"):
        assert outlook(round(result.score), result.exact) == "I'd say you're about 64 discs ahead"


@pytest.mark.parametrize(
    ("code", "exact", "loss", "line", "alt"),
    [
        ("en", True, 1.0, "losing 1 disc", "losing 1 disc;"),
        ("en", True, 3.0, "losing 3 discs", "losing 3 discs;"),
        ("en", False, 1.0, "losing 1.0 discs", "losing 1.0 discs;"),  # a decimal: plural
        ("is", True, 1.0, "og tapaði 1 diski", "1 diskur tapaður;"),
        ("is", True, 21.0, "og tapaði 21 diski", "21 diskur tapaður;"),
        ("is", True, 3.0, "og tapaði 3 diskum", "3 diskar tapaðir;"),
        ("is", False, 2.5, "og tapaði 2.5 diskum", "2.5 diskar tapaðir;"),
    ],
)
def test_a_reviewed_move_s_loss_is_worded_by_its_count(
    code: str, exact: bool, loss: float, line: str, alt: str
) -> None:
    move = review([(2.0, 2.0)] * 4 + [(4.0, 4.0 - loss), (1.0, 1.0)], exact=exact).move(5)
    with using(code):
        text = losing(move).format(
            player="Ann", square="c4", value="+1", loss=format_loss(move.loss, move.exact)
        )
    assert text.endswith(line)
    assert alt in review_board_alt_text(move, words=translations(code))


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("en", "White is furthest ahead after move 5, by 1 disc."),
        ("is", "Hvítur er mest yfir eftir 5. leik, með 1 diski."),
    ],
)
def test_the_graph_s_lead_of_one_disc_is_singular(code: str, expected: str) -> None:
    values = [(0.2, 0.2), (-0.2, -0.2)] * 2 + [(0.2, -1.2), (1.0, 1.0)]
    lead = review(values, exact=False)  # White leads by 1.2 after move 5, Black never by 0.5
    assert expected in review_graph_alt_text(lead, words=translations(code))
