"""The standings image: every text whole and inside its cell, in every language's script, from 2
players to 200; each round's result as given; the winner crowned only when final."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pytest
from PIL import Image

from bot.engine import Color
from rendering.gallery import PLAYERS, sample_standings
from rendering.standings import (
    HEADER_HEIGHT,
    MARGIN,
    MAX_WIDTH,
    PAD,
    ROW_HEIGHT,
    StandingsImage,
    Text,
    points_text,
    render_standings,
    standings_image,
)
from rendering.standings_table import (
    BYE,
    Outcome,
    RoundResult,
    StandingsRow,
    StandingsWords,
)
from rendering.text import ELLIPSIS, drawable_name, font_for, load_font
from rendering.themes import THEMES
from tests.rendering.images import decode, distance

CLASSIC = THEMES["classic"]
DISCORD_FILE_LIMIT = 8 * 1024 * 1024
MAX_ROW_HEIGHT = 40

# Stand-ins for the catalogues' words (the cog translates them): long where a language's are.
WORDS = {
    "en": StandingsWords(),
    "tl": StandingsWords(
        player="Manlalaro",
        points="Puntos",
        discs="Disc",
        win="Panalo",
        draw="Tabla",
        loss="Talo",
        bye="pahinga",
        forfeit="hindi nilaro",
    ),
    "is": StandingsWords(
        player="Leikmaður",
        points="Stig",
        discs="Skífur",
        win="S",
        draw="J",
        loss="T",
        bye="yfirseta",
        forfeit="gefið",
    ),
    "ta": StandingsWords(
        player="ஆட்டக்காரர்",
        points="புள்ளிகள்",
        discs="வட்டுகள்",
        win="வெ",
        draw="ச",
        loss="தோ",
        bye="ஓய்வு",
        forfeit="விலகல்",
    ),
    "ha": StandingsWords(
        player="Ɗan wasa",
        points="Maki",
        discs="Faifai",
        win="C",
        draw="K",
        loss="R",
        bye="hutu",
        forfeit="ƙi",
    ),
    "rw": StandingsWords(
        player="Umukinnyi",
        points="Amanota",
        discs="Disiki",
        win="Yatsinze",
        draw="Kunganya",
        loss="Yatsinzwe",
        bye="ikiruhuko",
        forfeit="ntiyakinnye",
    ),
}
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
SIZES = {2: (1, None), 9: (4, 2), 200: (8, None)}
"""Players: (rounds, rounds played, all by default)."""


def names(code: str, count: int) -> list[str]:
    """The language's names first, then every script's, numbered to be told apart."""
    pool = [*NAMES[code], *PLAYERS]
    return [pool[i] if i < len(pool) else f"{pool[i % len(pool)]} {i}" for i in range(count)]


def untouched(image: Image.Image, box: tuple[int, int, int, int]) -> bool:
    """Whether `box` is one plain colour: nothing was drawn into it."""
    return image.crop(box).getcolors(1) is not None


def assert_inside_cells(drawn: StandingsImage, rows: int) -> None:
    """Each text's ink lies in its cell, and the image; each cell's padding and each row's top
    and bottom lines are bare (read from the pixels, so whatever drew there is caught)."""
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
    first_row = min(t.cell[1] for t in drawn.texts if t.cell[3] - t.cell[1] == ROW_HEIGHT)
    for row in range(rows):
        top = first_row + row * ROW_HEIGHT
        bottom = top + ROW_HEIGHT
        assert untouched(image, (MARGIN, top, image.width - MARGIN, top + 1)), row
        assert untouched(image, (MARGIN, bottom - 1, image.width - MARGIN, bottom)), row
        for left, right in cells:
            for strip in ((left, left + PAD - 2), (right - PAD + 2, right)):
                assert untouched(image, (strip[0], top, strip[1], bottom)), (row, left, strip)


def result_words(rows: Sequence[StandingsRow], shown: range, words: StandingsWords) -> set[str]:
    """The words of the results in the rounds shown."""
    letters = {Outcome.WIN: words.win, Outcome.DRAW: words.draw, Outcome.LOSS: words.loss}
    found = set()
    for row in rows:
        for result in row.rounds[shown.start - 1 :]:
            if result is None:
                continue
            if result.opponent_rank is None:
                found.add(words.bye)
            elif result.outcome is not None:
                found.add(letters[result.outcome])
            if result.forfeit:
                found.add(words.forfeit)
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
            TITLES[code], rows, rounds=rounds, final=played is None, words=words
        )

    assert [r.getMessage() for r in caplog.records if r.name.startswith("rendering")] == []
    assert_inside_cells(drawn, players)
    shown = texts_in(drawn)
    assert shown[0] == TITLES[code]  # whole, on one line
    headers = [words.rank, words.player, words.points, words.brightwell, words.discs]
    assert drawn.rounds.stop == rounds + 1  # the earliest left out if they are too many
    numbers = [str(number) for number in drawn.rounds]
    assert shown[1 : 6 + len(drawn.rounds)] == [*headers, *numbers]
    if players < 200:
        assert len(drawn.rounds) == rounds
    name_cells = [t for t in drawn.texts if t.cell[0] == drawn.texts[2].cell[0]][1:]
    assert len(name_cells) == players
    for row, text in zip(rows, name_cells, strict=True):
        name = drawable_name(row.name, f"{words.player} {row.rank}")
        if text.text != name:  # only a name too long for its column is shortened
            assert text.text.endswith(ELLIPSIS) and name.startswith(text.text[:-1]), text
            font = font_for(name, load_font(played is None and row.rank == 1, 20))
            assert font.getlength(name) > text.cell[2] - text.cell[0] - 2 * PAD
    results = result_words(rows, drawn.rounds, words)
    assert {words.win, words.loss} <= results <= set(shown)


@pytest.mark.parametrize("code", ["en", "ta"])
def test_two_hundred_players_make_a_file_discord_takes(code: str) -> None:
    rows = sample_standings(names(code, 200), 8)

    data = render_standings(TITLES[code], rows, final=True, words=WORDS[code])

    image = decode(data)
    assert len(data) < DISCORD_FILE_LIMIT
    assert image.width <= MAX_WIDTH
    assert image.height <= 200 * MAX_ROW_HEIGHT + 200
    assert image.mode == "P"  # a palette PNG: smaller and quicker to encode


def test_a_long_tournament_shows_its_latest_rounds_within_the_width() -> None:
    rows = sample_standings(names("ta", 200), 13)

    drawn = standings_image(TITLES["ta"], rows, words=WORDS["ta"])

    assert drawn.image.width <= MAX_WIDTH
    assert drawn.rounds.stop == 14 and 5 <= len(drawn.rounds) < 13
    headers = texts_in(drawn)[6 : 6 + len(drawn.rounds)]
    assert headers == [str(number) for number in drawn.rounds]
    assert_inside_cells(drawn, 200)


def test_a_page_of_a_long_table_keeps_the_ranks_of_the_whole() -> None:
    rows = sample_standings(names("en", 200), 4)

    page = standings_image(TITLES["en"], rows[50:75], final=True)

    assert [t.text for row in range(25) for t in cell_texts(page, row, 0)] == [
        str(rank) for rank in range(51, 76)
    ]
    assert page.image.height < 25 * MAX_ROW_HEIGHT + 200
    opponents = [int(t.text) for row in range(25) for t in cell_texts(page, row, 5)[:1]]
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
    lefts = sorted({t.cell[0] for t in headers})
    return [t for t in drawn.texts if t.cell[:2] == (lefts[column], tops[row])]


def has(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> bool:
    pixels = image.crop(box).get_flattened_data()
    return any(distance(p, colour) <= 6 for p in pixels)  # type: ignore[arg-type]


def test_a_round_shows_the_opponent_s_rank_the_colour_and_the_result() -> None:
    rows = (
        StandingsRow(
            1,
            "Ann",
            3,
            70.0,
            90,
            (RoundResult(3, Color.BLACK, Outcome.WIN), RoundResult(2, Color.WHITE, Outcome.DRAW)),
        ),
        StandingsRow(
            2,
            "Bo",
            3,
            60.0,
            64,
            (BYE, RoundResult(1, Color.BLACK, Outcome.DRAW)),
        ),
        StandingsRow(
            3,
            "Cy",
            0,
            20.0,
            30,
            (RoundResult(1, Color.WHITE, Outcome.LOSS), RoundResult(4, None, Outcome.LOSS, True)),
        ),
        StandingsRow(4, "Di", 2, 40.0, 64, (None, RoundResult(3, None, Outcome.WIN, True))),
    )
    drawn = standings_image("Club night", rows)
    image = drawn.image

    def shown(row: int, column: int) -> list[str]:
        return [t.text for t in cell_texts(drawn, row, column)]

    assert [shown(row, 2) for row in range(4)] == [["1½"], ["1½"], ["0"], ["1"]]
    assert shown(0, 3) == ["70.0"] and shown(3, 4) == ["64"]
    assert shown(0, 5) == ["3", "W"] and shown(0, 6) == ["2", "D"]
    assert shown(1, 5) == ["bye"] and shown(1, 6) == ["1", "D"]
    assert shown(2, 5) == ["1", "L"] and shown(2, 6) == ["4", "L", "ff"]
    assert shown(3, 5) == [] and shown(3, 6) == ["3", "W", "ff"]

    def disc(row: int, column: int) -> Color | None:
        (number, *_) = cell_texts(drawn, row, column)
        left, top, _, bottom = number.cell
        box = (left, top, number.box[0], bottom)  # before the opponent's rank
        black, white = has(image, box, CLASSIC.black_disc), has(image, box, CLASSIC.white_disc)
        assert not (black and white)
        return Color.BLACK if black else Color.WHITE if white else None

    assert [disc(0, 5), disc(0, 6), disc(1, 6), disc(2, 5)] == [
        Color.BLACK,
        Color.WHITE,
        Color.BLACK,
        Color.WHITE,
    ]
    assert disc(2, 6) is None and disc(3, 6) is None  # forfeits were never played


def test_a_game_in_play_shows_the_pairing_without_a_result() -> None:
    rows = sample_standings(["Ann", "Bo", "Cy", "Di"], 2, 1)
    drawn = standings_image("Club night · round 2 of 2", rows, rounds=2)
    for row in range(4):
        (number,) = cell_texts(drawn, row, 6)
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
    words = StandingsWords(player="選手 Player", bye="🎉")
    rows = (StandingsRow(1, "山田太郎", 2, 35.0, 33, (BYE,)), StandingsRow(2, "Bo", 0, 0.0, 0))

    drawn = standings_image("秋のスイス Autumn Swiss", rows, words=words)

    shown = texts_in(drawn)
    assert shown[0] == "· Autumn Swiss" and shown[2] == "· Player"
    assert "· Player 1" in shown  # a name with nothing to draw
    assert "·" in shown  # the bye


def test_no_players_yet() -> None:
    drawn = standings_image("Autumn Swiss", [], rounds=4)
    assert drawn.rounds == range(1, 5) and drawn.image.width >= 640


def test_points_are_drawn_in_halves() -> None:
    assert [points_text(n) for n in (0, 1, 2, 5, 26)] == ["0", "½", "1", "2½", "13"]


@pytest.mark.parametrize(
    "row",
    [
        StandingsRow(0, "Ann", 0, 0.0, 0),
        StandingsRow(1, "Ann", -1, 0.0, 0),
        StandingsRow(1, "Ann", 0, 0.0, 0, (RoundResult(0, Color.BLACK, Outcome.WIN),)),
        StandingsRow(1, "Ann", 0, 0.0, 0, (BYE, BYE, BYE)),
    ],
)
def test_a_table_that_cannot_be_is_refused(row: StandingsRow) -> None:
    with pytest.raises(ValueError):
        standings_image("Club night", [row], rounds=2)
