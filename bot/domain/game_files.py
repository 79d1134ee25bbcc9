"""A game as files Othello programs open: its transcript (`f5d6c3...`) and its GGF record, with
file names that say who played and when. The same files come from Discord and from the web."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from bot.domain.games import EndReason, GameRecord, result_of
from bot.engine import parse_transcript
from bot.engine.ggf import GgfGame, WonBy, ggf

WON_BY = {EndReason.RESIGNATION: WonBy.RESIGNATION, EndReason.TIMEOUT: WonBy.TIME}
NAME_CHARACTERS = 24
"""Of each player's name in a file name."""
_NOT_IN_NAMES = re.compile(r"[^A-Za-z0-9]+")


@dataclass(frozen=True, slots=True)
class GameFile:
    name: str
    text: str


def transcript_file(record: GameRecord, names: tuple[str, str]) -> GameFile:
    """The moves run together, passes left out, as tournament records write them."""
    return GameFile(file_name(record, names, "txt"), record.transcript + "\n")


def ggf_file(record: GameRecord, names: tuple[str, str]) -> GameFile:
    """The game's GGF record: players, start, clock, result and moves, forced passes written."""
    black, white = names
    clock = None
    control = record.time_control
    if control.base is not None:
        clock = (control.base, control.increment)
    game = GgfGame(
        parse_transcript(record.transcript),
        black,
        white,
        record.created_at,
        clock=clock,
        result=result_of(record),
        won_by=None if record.end_reason is None else WON_BY.get(record.end_reason),
    )
    return GameFile(file_name(record, names, "ggf"), ggf(game))


def file_name(record: GameRecord, names: tuple[str, str], extension: str) -> str:
    """`reversi-12-Ann-vs-Bo-2026-11-28.ggf`: letters and digits of the names alone, so that
    every system and every browser keeps it as it is; a name with none reads `black` or
    `white`."""
    black, white = (
        _NOT_IN_NAMES.sub("-", name).strip("-")[:NAME_CHARACTERS].strip("-") or fallback
        for name, fallback in zip(names, ("black", "white"), strict=True)
    )
    day = time.strftime("%Y-%m-%d", time.gmtime(record.created_at))
    return f"reversi-{record.id}-{black}-vs-{white}-{day}.{extension}"
