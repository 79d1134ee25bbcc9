"""The standings image: every text whole and inside its cell, in every language's script, from 2
players to 200; each round's result as given; the winner crowned only when final."""

from __future__ import annotations

import gettext
import logging
from collections.abc import Sequence
from itertools import pairwise

import pytest
from PIL import Image

from bot.engine import Color
from bot.i18n.catalogues import translations
from bot.language_codes import LANGUAGES
from rendering.gallery import PLAYERS, sample_standings
from rendering.standings import (
    FORFEITS,
    GAP,
    HEADER_HEIGHT,
    MARGIN,
    MARK_SIZE,
    MAX_WIDTH,
    NAME_WIDTH,
    PAD,
    PHONE_WIDTH,
    POINTS,
    ROUND_PAD,
    ROW_HEIGHT,
    StandingsImage,
    TableWords,
    Text,
    points_text,
    quotient_text,
    render_standings,
    standings_image,
)
from rendering.standings_table import (
    BYE,
    Outcome,
    RoundResult,
    StandingsRow,
)
from rendering.text import ELLIPSIS, drawable_name, font_for, load_font
from rendering.themes import THEMES
from tests.rendering.images import decode, distance

CLASSIC = THEMES["classic"]
DISCORD_FILE_LIMIT = 8 * 1024 * 1024
MAX_ROW_HEIGHT = 40


CATALOGUES = {code: translations(code) for code in LANGUAGES}
WORDS = {code: TableWords.of(catalogue) for code, catalogue in CATALOGUES.items()}
"""The table's words as the bot draws them in each language: the catalogue's own."""
NAMES = {
    "en": ("Aurélien-Maximilian de la Fontaine-Marchetti III", "Bo", "Alice"),
    "tl": ("Maria Clara dela Cruz-Santos", "Jose Protasio Rizal Mercado y Alonso", "Ligaya"),
    "is": ("Þórunn Guðmundsdóttir", "Ævar Örn Ásgeirsson", "Ýr"),
    "ta": (
        "முத்துக்குமாரசுவாமி சுப்பிரமணியன் கிருஷ்ணமூர்த்தி",
        "கா",
        "செல்வி ஆனந்தலட்சுமி",
    ),
    "ha": ("Aminu Ɗanjuma Ƙwarai", "Ƴar'Adua Ɓaƙo", "Hauwa"),
    "rw": ("Uwimana Jean-Baptiste Nshimiyimana", "Mukamana", "Ndayisaba Ishimwe"),
}
TITLES = {
    "en": "Autumn Swiss · round 3 of 4",
    "tl": "Swiss ng Taglagas · ikatlong round ng 4",
    "is": "Haustmótið · umferð 3 af 4",
    "ta": "இலையுதிர் சுவிஸ் · சுற்று 3 / 4",
    "ha": "Gasar Kaka · zagaye na 3 cikin 4",
    "rw": "Irushanwa ry'Umuhindo · icyiciro cya 3 kuri 4",
}
SIZES = {2: (1, None), 9: (4, 2), 12: (11, None), 200: (8, None)}
"""Players: (rounds, rounds played, all by default)."""


def names(code: str, count: int) -> list[str]:
    """The language's names first, then every script's, numbered to be told apart."""
    pool = [*NAMES[code], *PLAYERS]
    return [pool[i] if i < len(pool) else f"{pool[i % len(pool)]} {i}" for i in range(count)]


class Catalogue(gettext.NullTranslations):
    """A catalogue of the given translations, the other messages as they are."""

    def __init__(self, texts: dict[str, str]) -> None:
        super().__init__()
        self.texts = texts

    def gettext(self, message: str) -> str:
        return self.texts.get(message, message)


def untouched(image: Image.Image, box: tuple[int, int, int, int]) -> bool:
    """Whether `box` is one plain colour: nothing was drawn into it."""
    return image.crop(box).getcolors(1) is not None


def assert_inside_cells(drawn: StandingsImage, rows: int) -> None:
    """Each text's ink lies in its cell, and the image; each cell's padding and each row's top
    and bottom lines are bare but for the rules between rounds (read from the pixels, so
    whatever drew there is caught)."""
    image = drawn.image
    for text in drawn.texts:
        left, top, right, bottom = text.box
        c_left, c_top, c_right, c_bottom = text.cell
        assert c_left <= left and right <= c_right and c_top <= top and bottom <= c_bottom, text
        assert left >= 0 and top >= 0, text
        assert right <= image.width and bottom <= image.height, text
    cells = sorted(
        {(t.cell[0], t.cell[2]) for t in drawn.texts if t.cell[3] - t.cell[1] == ROW_HEIGHT}
    )
    rounds = sorted(
        t.cell[0]
        for t in drawn.texts
        if t.cell[3] - t.cell[1] == HEADER_HEIGHT and t.text in {str(n) for n in drawn.rounds}
    )
    edges = [*rounds, image.width - MARGIN]  # a rule at each round's left edge
    lines = [(MARGIN, edges[0]), *((left + 1, right) for left, right in pairwise(edges))]
    first_row = min(t.cell[1] for t in drawn.texts if t.cell[3] - t.cell[1] == ROW_HEIGHT)
    for row in range(rows):
        top = first_row + row * ROW_HEIGHT
        bottom = top + ROW_HEIGHT
        for left, right in lines:
            assert untouched(image, (left, top, right, top + 1)), row
            assert untouched(image, (left, bottom - 1, right, bottom)), row
        for left, right in cells:
            pad = ROUND_PAD if left in rounds else PAD
            for strip in ((left + 1, left + pad - 2), (right - pad + 2, right - 1)):
                assert untouched(image, (strip[0], top, strip[1], bottom)), (row, left, strip)


def result_marks(rows: Sequence[StandingsRow], shown: range, words: TableWords) -> set[str]:
    """The marks of the results in the rounds shown: points, forfeits, the bye."""
    found = set()
    for row in rows:
        for result in row.rounds[shown.start - 1 :]:
            if result is None or (result.outcome is None and result.opponent is not None):
                continue
            if result.opponent is None:
                found.add(words.bye)
            elif result.forfeit:
                found.add(FORFEITS[result.outcome])
            else:
                found.add(POINTS[result.outcome])
    return found


def texts_in(drawn: StandingsImage) -> list[str]:
    return [text.text for text in drawn.texts]


@pytest.mark.parametrize("players", sorted(SIZES))
@pytest.mark.parametrize("code", sorted(WORDS))
def test_every_text_is_whole_and_inside_its_cell(
    code: str, players: int, caplog: pytest.LogCaptureFixture
) -> None:
    rounds, played = SIZES[players]
    words = WORDS[code]
    rows = sample_standings(names(code, players), rounds, played)
    with caplog.at_level(logging.WARNING, logger="rendering"):
        drawn = standings_image(
            TITLES[code], rows, rounds=rounds, final=played is None, words=CATALOGUES[code]
        )

    assert [r.getMessage() for r in caplog.records if r.name.startswith("rendering")] == []
    assert_inside_cells(drawn, players)
    shown = texts_in(drawn)
    assert shown[0] == TITLES[code]  # whole, on one line
    headers = [words.rank, words.player, words.points, words.brightwell, words.discs]  # and ""
    assert drawn.rounds.stop == rounds + 1  # the earliest left out if they are too many
    numbers = [str(number) for number in drawn.rounds]
    assert shown[1 : 6 + len(drawn.rounds)] == [*headers, *numbers]
    if players < 200:
        assert len(drawn.rounds) == rounds
    if rounds == 11:  # every round and a readable name on a phone, in every language
        assert drawn.image.width <= PHONE_WIDTH
        name = next(t for t in drawn.texts if t.text == words.player).cell
        assert name[2] - name[0] - 2 * PAD >= NAME_WIDTH[0]
    name_cells = [
        t for t in drawn.texts if t.cell[0] == drawn.texts[2].cell[0] and t.text != words.withdrawn
    ][1:]
    assert len(name_cells) == players
    for row, text in zip(rows, name_cells, strict=True):
        name = drawable_name(row.name, f"{words.player} {row.number}")
        if text.text != name:  # only a name too long for its column is shortened
            assert text.text.endswith(ELLIPSIS) and name.startswith(text.text[:-1]), text
            font = font_for(name, load_font(played is None and row.rank == 1, 20))
            mark = font_for(words.withdrawn, load_font(False, MARK_SIZE))
            beside = mark.getlength(words.withdrawn) + GAP if row.withdrawn else 0
            assert font.getlength(name) > text.cell[2] - text.cell[0] - 2 * PAD - beside
    marks = result_marks(rows, drawn.rounds, words)
    assert {POINTS[Outcome.WIN], POINTS[Outcome.LOSS]} <= marks <= set(shown)


@pytest.mark.parametrize("code", ["en", "ta"])
def test_two_hundred_players_make_a_file_discord_takes(code: str) -> None:
    rows = sample_standings(names(code, 200), 8)

    data = render_standings(TITLES[code], rows, final=True, words=CATALOGUES[code])

    image = decode(data)
    assert len(data) < DISCORD_FILE_LIMIT
    assert image.width <= MAX_WIDTH
    assert image.height <= 200 * MAX_ROW_HEIGHT + 200
    assert image.mode == "P"  # a palette PNG: smaller and quicker to encode


def test_a_long_tournament_shows_its_latest_rounds_within_the_width() -> None:
    rows = sample_standings(names("ta", 200), 13)

    drawn = standings_image(TITLES["ta"], rows, words=CATALOGUES["ta"])

    assert drawn.image.width <= MAX_WIDTH
    assert drawn.rounds.stop == 14 and 5 <= len(drawn.rounds) < 13
    headers = texts_in(drawn)[6 : 6 + len(drawn.rounds)]  # "" over the numbers is not drawn
    assert headers == [str(number) for number in drawn.rounds]
    assert_inside_cells(drawn, 200)


def test_a_page_of_a_long_table_keeps_the_ranks_of_the_whole() -> None:
    rows = sample_standings(names("en", 200), 4)

    page = standings_image(TITLES["en"], rows[50:75], final=True)

    assert [t.text for row in range(25) for t in cell_texts(page, row, 0)] == [
        str(rank) for rank in range(51, 76)
    ]
    assert page.image.height < 25 * MAX_ROW_HEIGHT + 200
    numbers = [int(t.text) for row in range(25) for t in cell_texts(page, row, 1)]
    assert numbers == [row.number for row in rows[50:75]]
    opponents = [int(t.text) for row in range(25) for t in cell_texts(page, row, 6)[1:2]]
    assert max(opponents) > 75  # from the whole table, not the page
    assert not has(page.image, (0, 0, page.image.width, page.image.height), CLASSIC.winner)


def test_a_long_title_goes_onto_a_second_line_rather_than_being_cut() -> None:
    title = "The Grand Autumn Swiss of the Reykjavík Othello Society · round 3 of 4"
    rows = sample_standings(["Ann", "Bo"], 1)

    drawn = standings_image(title, rows)

    lines = [t for t in drawn.texts if t.cell[1] < MARGIN]
    assert len(lines) == 2 and " ".join(t.text for t in lines) == title


def cell_texts(drawn: StandingsImage, row: int, column: int) -> list[Text]:
    """The texts of one cell: rows and columns from 0, the header row being -1."""
    tops = sorted({t.cell[1] for t in drawn.texts if t.cell[3] - t.cell[1] == ROW_HEIGHT})
    headers = [t for t in drawn.texts if t.cell[3] - t.cell[1] == HEADER_HEIGHT]
    number = headers[0].cell[2]  # the starting numbers' column has no header
    lefts = sorted({t.cell[0] for t in headers} | {number})
    return [t for t in drawn.texts if t.cell[:2] == (lefts[column], tops[row])]


def has(image: Image.Image, box: tuple[int, int, int, int], color: tuple[int, int, int]) -> bool:
    pixels = image.crop(box).get_flattened_data()
    return any(distance(p, color) <= 6 for p in pixels)  # type: ignore[arg-type]


def test_a_round_shows_the_points_the_opponent_s_number_the_color_and_the_disc_score() -> None:
    """Players known by starting number (ranks are shared: three players are ranked 2), each
    game with the points, the opponent's number on a disc of the colour played and the disc
    score; a forfeit `+` or `-` on an empty disc, a bye its word."""
    rows = (
        StandingsRow(
            1,
            7,
            "Ann",
            3,
            70.0,
            90,
            (
                RoundResult(3, Color.BLACK, Outcome.WIN, 58),
                RoundResult(12, Color.WHITE, Outcome.DRAW, 32),
            ),
        ),
        StandingsRow(
            2, 12, "Bo", 3, 60.0, 64, (BYE, RoundResult(7, Color.BLACK, Outcome.DRAW, 32))
        ),
        StandingsRow(
            2,
            3,
            "Cy",
            3,
            60.0,
            64,
            (
                RoundResult(7, Color.WHITE, Outcome.LOSS, 6),
                RoundResult(4, None, Outcome.LOSS, 0, forfeit=True),
            ),
        ),
        StandingsRow(
            2,
            4,
            "Di",
            3,
            60.0,
            64,
            (None, RoundResult(3, None, Outcome.WIN, 32, forfeit=True)),
            withdrawn=True,
        ),
    )
    drawn = standings_image("Club night", rows)
    image = drawn.image

    def shown(row: int, column: int) -> list[str]:
        return [t.text for t in cell_texts(drawn, row, column)]

    assert [shown(row, 1) for row in range(4)] == [["7"], ["12"], ["3"], ["4"]]
    assert [shown(row, 0) for row in range(4)] == [["1"], ["2"], ["2"], ["2"]]
    assert shown(0, 3) == ["1½"] and shown(0, 4) == ["70"] and shown(3, 5) == ["64"]
    assert shown(0, 6) == ["1", "3", "58"] and shown(0, 7) == ["½", "12", "32"]
    assert shown(1, 6) == ["bye"] and shown(1, 7) == ["½", "7", "32"]
    assert shown(2, 6) == ["0", "7", "6"] and shown(2, 7) == ["\u2212", "4", "0"]
    assert shown(3, 6) == [] and shown(3, 7) == ["+", "3", "32"]

    def disc(row: int, column: int) -> Color | None:
        """The colour of the disc the opponent's number is on, beside its figures."""
        number = cell_texts(drawn, row, column)[1]
        at = (number.box[0] - 1, (number.box[1] + number.box[3]) // 2)
        pixel = image.getpixel(at)
        black = distance(pixel, CLASSIC.black_disc) <= 6  # type: ignore[arg-type]
        white = distance(pixel, CLASSIC.white_disc) <= 6  # type: ignore[arg-type]
        return Color.BLACK if black else Color.WHITE if white else None

    assert [disc(0, 6), disc(0, 7), disc(1, 7), disc(2, 6)] == [
        Color.BLACK,
        Color.WHITE,
        Color.BLACK,
        Color.WHITE,
    ]
    assert disc(2, 7) is None and disc(3, 7) is None  # forfeits were never played


def test_a_withdrawn_player_s_row_is_greyed_and_marked() -> None:
    rows = sample_standings(["Ann", "Bo", "Cy", "Di"], 3)
    (withdrawn,) = [row for row in rows if row.withdrawn]
    drawn = standings_image("Club night", rows, words=CATALOGUES["rw"])

    index = rows.index(withdrawn)
    assert shown_texts(drawn, index, 2) == [withdrawn.name, WORDS["rw"].withdrawn]
    others = [shown_texts(drawn, row, 2) for row in range(4) if row != index]
    assert all(len(texts) == 1 for texts in others)
    (name,) = [t for t in cell_texts(drawn, index, 2) if t.text == withdrawn.name]
    grey = drawn.image.getpixel((MARGIN + 1, name.cell[1] + 1))
    plain = [drawn.image.getpixel((MARGIN + 1, name.cell[1] + 1 + ROW_HEIGHT * n)) for n in (-1, 1)]
    assert grey not in plain and distance(grey, CLASSIC.muted_text) < distance(  # type: ignore[arg-type]
        plain[0],
        CLASSIC.muted_text,  # type: ignore[arg-type]
    )
    assert has(drawn.image, name.box, CLASSIC.muted_text)
    assert not has(drawn.image, name.box, CLASSIC.text)


def shown_texts(drawn: StandingsImage, row: int, column: int) -> list[str]:
    return [t.text for t in cell_texts(drawn, row, column)]


def test_the_brightwell_quotient_is_written_as_the_text_writes_it() -> None:
    rows = (StandingsRow(1, 1, "Ann", 2, 224.0, 40), StandingsRow(2, 2, "Bo", 0, 80.5, 24))
    drawn = standings_image("Club night", rows)

    assert [shown_texts(drawn, row, 4) for row in (0, 1)] == [["224"], ["80.5"]]
    assert [quotient_text(q) for q in (224.0, 80.5, 0.0)] == ["224", "80.5", "0"]


def test_a_game_in_play_shows_the_pairing_without_a_result() -> None:
    rows = sample_standings(["Ann", "Bo", "Cy", "Di"], 2, 1)
    drawn = standings_image("Club night · round 2 of 2", rows, rounds=2)
    for row in range(4):
        (number,) = cell_texts(drawn, row, 7)
        assert number.text.isdigit()


@pytest.mark.parametrize("theme", list(THEMES))
def test_the_final_standings_crown_the_winner(theme: str) -> None:
    chosen = THEMES[theme]
    rows = sample_standings(PLAYERS, 4)

    final = standings_image("Autumn Swiss", rows, final=True, theme=chosen)
    going = standings_image("Autumn Swiss", rows, theme=chosen)

    (rank,) = cell_texts(final, 0, 0)
    left, top, _, bottom = rank.cell
    assert has(final.image, (left, top, rank.box[0], bottom), chosen.winner)  # the crown
    (second,) = cell_texts(final, 1, 0)
    assert not has(final.image, second.cell, chosen.winner)
    assert not has(going.image, (0, 0, going.image.width, going.image.height), chosen.winner)
    highlighted = final.image.getpixel((MARGIN + 1, top + 1))
    plain = going.image.getpixel((MARGIN + 1, top + 1))
    assert highlighted != plain and plain == chosen.background


def test_words_and_names_the_font_cannot_draw_are_not_drawn_as_boxes() -> None:
    words = Catalogue({"Player": "選手 Player", "bye": "🎉"})
    rows = (
        StandingsRow(1, 4, "山田太郎", 2, 35.0, 33, (BYE,)),
        StandingsRow(2, 1, "Bo", 0, 0.0, 0),
    )

    drawn = standings_image("秋のスイス Autumn Swiss", rows, words=words)

    shown = texts_in(drawn)
    assert shown[0] == "· Autumn Swiss" and shown[2] == "· Player"
    assert "· Player 4" in shown  # a name with nothing to draw, by its starting number
    assert "·" in shown  # the bye


def test_no_players_yet() -> None:
    drawn = standings_image("Autumn Swiss", [], rounds=4)
    assert drawn.rounds == range(1, 5) and drawn.image.width >= 640


def test_points_are_drawn_in_halves() -> None:
    assert [points_text(n) for n in (0, 1, 2, 5, 26)] == ["0", "½", "1", "2½", "13"]


@pytest.mark.parametrize(
    "row",
    [
        StandingsRow(0, 1, "Ann", 0, 0.0, 0),
        StandingsRow(1, 0, "Ann", 0, 0.0, 0),
        StandingsRow(1, 1, "Ann", -1, 0.0, 0),
        StandingsRow(1, 1, "Ann", 0, 0.0, 0, (RoundResult(0, Color.BLACK, Outcome.WIN, 40),)),
        StandingsRow(1, 1, "Ann", 0, 0.0, 0, (BYE, BYE, BYE)),
    ],
)
def test_a_table_that_cannot_be_is_refused(row: StandingsRow) -> None:
    with pytest.raises(ValueError):
        standings_image("Club night", [row], rounds=2)
