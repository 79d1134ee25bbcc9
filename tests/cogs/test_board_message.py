"""The board message of a game in progress against the bot, from constructed records: what its
image and alt text show on the bot's turn and on the player's."""

from __future__ import annotations

import dataclasses

from bot.domain import GameState
from bot.engine import Game
from cogs.play import board_message
from tests.cogs.test_game_texts import BLACK, TEN_MOVES, WHITE, record
from tests.rendering.images import decode, hinted_squares

BOT = WHITE
PLAYER_TO_MOVE = TEN_MOVES  # Black, the player, to move
BOT_TO_MOVE = TEN_MOVES + "d7"  # White, the bot, to move


def against_the_bot(transcript: str) -> GameState:
    return GameState.of(dataclasses.replace(record(transcript, None), bot_level=1, rated=False))


def test_the_bots_legal_moves_are_not_drawn_while_it_thinks() -> None:
    state = against_the_bot(BOT_TO_MOVE)
    assert state.to_move_id == BOT and state.position.legal_moves()
    image, alt = board_message._image(state, ("Ann", "Bo"), BOT)
    assert hinted_squares(decode(image)) == []
    assert "Legal moves" not in alt


def test_the_players_legal_moves_are_drawn_on_their_turn() -> None:
    state = against_the_bot(PLAYER_TO_MOVE)
    assert state.to_move_id == BLACK
    image, alt = board_message._image(state, ("Ann", "Bo"), BOT)
    legal = Game.from_transcript(PLAYER_TO_MOVE).position.legal_moves()
    assert hinted_squares(decode(image)) == sorted(legal)
    assert "Legal moves: " in alt
