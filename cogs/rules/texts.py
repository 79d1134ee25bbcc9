"""The texts of `/reversi rules`: how to play and the rules, in English here and in every
language of the catalogues (first written from the original rule sheets in Tagalog, Icelandic,
Tamil, Hausa and Kinyarwanda). Each says the same things, the rules the engine implements."""

from __future__ import annotations

from bot.i18n import N_, _

TITLE = N_("How to play Reversi")
SECTIONS = (
    N_(
        "**The board**\n"
        "8 by 8 squares. Columns a to h run left to right, rows 1 to 8 top to bottom, so a1 "
        "is the top-left corner. Every game starts as in the picture: white on d4 and e5, "
        "black on d5 and e4."
    ),
    N_(
        "**Moves**\n"
        "• Black always moves first; then the players take turns.\n"
        "• Put a disc of your colour on an empty square so that one or more of your "
        "opponent's discs lie in a straight line (across, up and down, or diagonal), with no "
        "gaps, between your new disc and another of yours. That is outflanking them.\n"
        "• Every outflanked disc, in all eight directions, flips to your colour, even if you "
        "would rather it did not. Only lines running straight from the new disc flip; a "
        "flipped disc flips nothing else.\n"
        "• With no legal move, you pass and your opponent plays again. You may not pass if "
        "you can move."
    ),
    N_(
        "**The end**\n"
        "The game ends when neither player can move, even if the board is not full. The "
        "player with more discs wins; equal counts are a draw. (Official tournament scores "
        "also give the empty squares to the winner.)"
    ),
    N_(
        "**Playing here**\n"
        "Click the button of the square you want under the board, or type `/reversi move "
        "d3`. Each move has a time limit: running out of time, or resigning, loses the game."
    ),
)
"""The board, the moves, the end, and playing here: one message each, for the translators."""


def rules() -> tuple[str, str]:
    """The title and text of the rules, in the language in force."""
    return _(TITLE), "\n\n".join(_(section) for section in SECTIONS)
