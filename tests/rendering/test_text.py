"""Names made drawable with the shipped font and shortened to fit; the bot's own words wrapped."""

from __future__ import annotations

import logging

import pytest

from bot.engine import Position
from rendering import render_board
from rendering.text import (
    BOLD,
    ELLIPSIS,
    REGULAR,
    SUBSTITUTE,
    drawable_codepoints,
    drawable_name,
    drawable_text,
    fit_text,
    font_codepoints,
    font_for,
    load_font,
    wrap_name,
    wrap_text,
    wrap_words,
)
from tests.rendering.images import decode

AWKWARD_NAMES = [
    "Zoë Ångström-Ødegård",
    "山田太郎",
    "山田 Taro",
    "Bob 🎉🎉",
    "👨‍👩‍👧 family",
    "🇫🇷🇩🇪",
    "محمد عبد الله",
    "שרה לוי",
    "\u202eevil override",
    "x" * 300,
    "Aurélien-Maximilian de la Fontaine-Marchetti III",
    "",
    "   ",
    "tab\tnew\nline\x00\x1b[31m",
    "e\u0301\u0301\u0301" * 30,
    "\ud800 lone surrogate",
    "\ufeff",
]


def test_the_shipped_fonts_are_read() -> None:
    assert REGULAR.exists() and BOLD.exists()
    assert (REGULAR.parent / "LICENSE-DejaVu.txt").exists()
    regular = font_codepoints(REGULAR)
    for char in "Aaé€Ωж\u00d7·…\u05d0\u0627":  # Latin, Greek, Cyrillic, Hebrew, Arabic, dots
        assert ord(char) in regular, char
    for char in "山🎉\U0001f1eb":
        assert ord(char) not in regular, char
    assert SUBSTITUTE in "".join(map(chr, drawable_codepoints()))


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Zoë", "Zoë"),
        ("e\u0301", "é"),  # composed to the precomposed letter the font has
        ("山田太郎", "Black"),  # nothing drawable: the colour's name
        ("🎉", "Black"),
        ("山田 Taro", f"{SUBSTITUTE} Taro"),  # one dot for the whole undrawable run
        ("Bob 🎉🎉 x", f"Bob {SUBSTITUTE} x"),
        ("👨‍👩‍👧 fam", f"{SUBSTITUTE} fam"),  # joiners belong to the run
        ("👍🏽 ok", f"{SUBSTITUTE} ok"),
        ("שלום", "שלום"),
        ("a\nb\t\x00c", "a b c"),
        ("   ", "Black"),
        ("", "Black"),
    ],
)
def test_drawable_name(name: str, shown: str) -> None:
    assert drawable_name(name, "Black") == shown


@pytest.mark.parametrize("name", AWKWARD_NAMES)
def test_drawable_text_has_only_glyphs_the_font_has(name: str) -> None:
    covered = drawable_codepoints()
    assert all(ord(char) in covered for char in drawable_text(name))


def test_fit_text_shortens_with_an_ellipsis() -> None:
    font = load_font(True, 20)
    assert fit_text("Ann", font, 200) == "Ann"
    long = "Aurélien-Maximilian de la Fontaine-Marchetti III"
    short = fit_text(long, font, 150)
    assert short.endswith(ELLIPSIS) and long.startswith(short[:-1])
    assert font.getlength(short) <= 150
    assert len(fit_text(long, font, 5)) <= 1


@pytest.mark.parametrize("name", AWKWARD_NAMES)
def test_awkward_names_render(name: str) -> None:
    image = decode(render_board(Position.initial(), black_name=name, white_name=name[::-1]))
    assert image.mode == "P"


def test_awkward_status_renders() -> None:
    decode(render_board(Position.initial(), status=" ".join(AWKWARD_NAMES)))


def test_the_bot_s_words_wrap_onto_two_lines_after_punctuation_before_being_cut() -> None:
    big, small = load_font(False, 22), load_font(False, 17)
    text = "White wins by resignation · 33-31 (20-40 on the board)"
    assert wrap_words(text, (big, small), 1000) == (big, [text])
    font, lines = wrap_words(text, (big, small), 300)
    assert font is small
    assert lines == ["White wins by resignation ·", "33-31 (20-40 on the board)"]
    assert all(small.getlength(line) <= 300 for line in lines)
    font, lines = wrap_words(text, (big, small), 60)  # too long even for two lines
    assert len(lines) == 1 and lines[0].endswith(ELLIPSIS)


def test_a_user_s_text_wraps_like_the_bot_s_words_and_is_cut_without_a_word(
    caplog: pytest.LogCaptureFixture,
) -> None:
    big, small = load_font(True, 26), load_font(True, 22)
    title = "The Grand Autumn Swiss of the Reykjavík Othello Society · round 3 of 4"
    with caplog.at_level(logging.WARNING, logger="rendering"):
        assert wrap_text(title, (big, small), 600) == wrap_words(title, (big, small), 600)
        _, lines = wrap_text(title, (big, small), 100)
    assert len(lines) == 1 and lines[0].endswith(ELLIPSIS)
    assert caplog.records == []


def test_a_name_too_long_for_two_lines_fills_the_first_and_is_cut_on_the_second() -> None:
    big, small = load_font(True, 22), load_font(True, 17)
    name = "Maria Clara Fernandez de la Cruz Santos"
    assert wrap_name("Maria Clara", (big, small), 200) == (big, ["Maria Clara"])
    assert wrap_name("Maria Clara Santos", (big, small), 130) == (small, ["Maria Clara", "Santos"])
    font, (first, second) = wrap_name(name, (big, small), 130)
    assert font is small and name.startswith(f"{first} {second[:-1]}")
    assert second.endswith(ELLIPSIS) and len(first) > len("Maria")
    assert all(small.getlength(line) <= 130 for line in (first, second))
    font, lines = wrap_name("Maximilianus", (big, small), 60)  # one word: cut once
    assert font is small and len(lines) == 1 and lines[0].endswith(ELLIPSIS)
    long = "Aurélien-Maximilian de la Fontaine"  # its first word breaks at its hyphen
    font, (first, second) = wrap_name(long, (big, small), 100)
    assert first == "Aurélien-" and long.startswith(f"{first}{second[:-1]}")
    assert second.endswith(ELLIPSIS) and small.getlength(second) <= 100


def test_the_tamil_font_keeps_its_weight_when_asked_again() -> None:
    for bold in (False, True):
        tamil = font_for("கா", load_font(bold, 20))
        assert font_for("கா", tamil).path == tamil.path
