"""Representative boards and standings in every theme, plus one replay, written out for a person
to look at."""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from bot.engine import Color, Game, Position, Result
from rendering.board import render_board
from rendering.replay import render_replay
from rendering.results import WonBy, result_text
from rendering.standings import render_standings
from rendering.standings_table import BYE, Outcome, RoundResult, StandingsRow
from rendering.themes import THEMES
from rendering.words import ENGLISH, Words

# A 1977 WTHOR tournament game that has two forced passes and ends 34-30.
GAME = (
    "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2"
    "a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"
)
MIDGAME_PLIES = 20
PASS_PLY = 53  # the 53rd move leaves white without a move
PLAYERS = (
    "Þórunn Guðmundsdóttir",
    "முத்துக்குமாரசுவாமி சுப்பிரமணியன்",
    "Maria Clara dela Cruz-Santos",
    "Aminu Ɗanjuma Ƙwarai",
    "Uwimana Jean-Baptiste Nshimiyimana",
    "Alice",
    "Bob",
    "山田太郎 🎉",
    "Aurélien-Maximilian de la Fontaine-Marchetti III",
)
"""Names for sample standings: every script the bot speaks, long ones, one with nothing the
font can draw."""


def write_gallery(directory: Path, *, words: Words = ENGLISH) -> list[Path]:
    """Write the gallery into `directory` (created if needed), in `words`; returns the files
    written."""
    directory.mkdir(parents=True, exist_ok=True)
    game = Game.from_transcript(GAME)
    mid, passing = game.plies[MIDGAME_PLIES - 1], game.plies[PASS_PLY - 1]
    last = game.plies[-1]
    black, white = mid.after.count(Color.BLACK), mid.after.count(Color.WHITE)
    resigned = Result(black, white, forfeited_by=Color.BLACK)
    cases = {
        "start": partial(render_board, Position.initial()),
        "midgame": partial(
            render_board,
            mid.after,
            last_move=mid.square,
            flipped=mid.flipped,
            black_name="Alice",
            white_name="Bob",
        ),
        "pass": partial(
            render_board,
            passing.after,
            last_move=passing.square,
            flipped=passing.flipped,
            passed=passing.passed,
        ),
        "final": partial(render_board, last.after, last_move=last.square, flipped=last.flipped),
        "long-names": partial(
            render_board,
            mid.after,
            last_move=mid.square,
            black_name="Aurélien-Maximilian de la Fontaine-Marchetti III",
            white_name="山田太郎 🎉 Taro",
        ),
        "rtl-names": partial(
            render_board, mid.after, black_name="محمد عبد الله", white_name="שרה לוי"
        ),
        "clocks": partial(
            render_board,
            mid.after,
            last_move=mid.square,
            flipped=mid.flipped,
            black_name="Aurélien-Maximilian de la Fontai",  # 32 characters
            white_name="Bob",
            clocks=(3725.0, 7.3),
            clock_running=Color.BLACK,
        ),
        "flag": partial(
            render_board,
            mid.after,
            black_name="Alice",
            white_name="Bob",
            show_legal=False,
            status=result_text(resigned, WonBy.TIME, words=words),
            ended=True,
            winner=Color.WHITE,
            clocks=(0.0, 42.0),
        ),
        "resigned": partial(
            render_board,
            mid.after,
            black_name="Alice",
            white_name="Bob",
            show_legal=False,
            status=result_text(resigned, WonBy.RESIGNATION, words=words),
            ended=True,
            winner=Color.WHITE,
        ),
        "standings": partial(
            render_standings,
            "Autumn Swiss · round 3 of 4",
            sample_standings(PLAYERS, 4, 2),
            rounds=4,
        ),
        "final-standings": partial(
            render_standings, "Autumn Swiss · final", sample_standings(PLAYERS, 4), final=True
        ),
    }
    written = []
    for theme in THEMES:
        for case, render in cases.items():
            path = directory / f"{theme}-{case}.png"
            path.write_bytes(render(theme=theme, words=words))
            written.append(path)
    replay = directory / "replay.gif"
    replay.write_bytes(render_replay(game, black_name="Alice", white_name="Bob", words=words))
    written.append(replay)
    return written


def sample_standings(
    names: Sequence[str], rounds: int, played: int | None = None, seed: int = 27
) -> tuple[StandingsRow, ...]:
    """The standings of a made-up Swiss of `rounds` rounds among `names` (in the order of their
    starting numbers), after `played` of them (all by default) with the next one under way: each
    round pairs neighbours in the standings, the odd one out has a bye, the results are random.
    The second player withdraws after round 1: their game of round 2 is lost by forfeit (32
    discs to the winner, none to them, as the standings count it), and they are not paired
    again."""
    played = rounds if played is None else played
    chance = random.Random(seed)
    count = len(names)
    points, discs = [0] * count, [0] * count
    games: list[list[tuple[int | None, RoundResult | None]]] = [[] for _ in names]
    for number in range(1, min(rounds, played + 1) + 1):
        order = sorted(range(count), key=lambda p: (-points[p], -discs[p], p))
        if number > 2 and count > 1:
            order.remove(1)
            games[1].append((None, None))
        if len(order) % 2:
            odd = order[-2] if order[-1] == 1 else order[-1]  # the one withdrawing forfeits
            games[odd].append((None, BYE))
            points[odd] += 2
            discs[odd] += 32
            order.remove(odd)
        for black, white in zip(order[::2], order[1::2], strict=True):
            forfeit = number == 2 and 1 in (black, white)
            if forfeit:
                black_discs = 0 if black == 1 else 32
                white_discs = 32 - black_discs
            else:
                black_discs = chance.choice((14, 22, 28, 32, 33, 36, 40, 50))
                white_discs = 64 - black_discs
            for player, opponent, color, mine, theirs in (
                (black, white, Color.BLACK, black_discs, white_discs),
                (white, black, Color.WHITE, white_discs, black_discs),
            ):
                if number > played:
                    games[player].append((opponent, RoundResult(opponent + 1, color)))
                    continue
                outcome = (
                    Outcome.WIN
                    if mine > theirs
                    else Outcome.DRAW
                    if mine == theirs
                    else Outcome.LOSS
                )
                points[player] += {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}[outcome]
                discs[player] += mine
                shown = None if forfeit else color
                result = RoundResult(opponent + 1, shown, outcome, mine, forfeit)
                games[player].append((opponent, result))
    quotient = [
        discs[p] + 3 * sum(points[p if o is None else o] for o, r in games[p] if r is not None)
        for p in range(count)
    ]
    order = sorted(range(count), key=lambda p: (-points[p], -quotient[p], -discs[p], p))
    rank = {player: place for place, player in enumerate(order, 1)}
    return tuple(
        StandingsRow(
            rank[p],
            p + 1,
            names[p],
            points[p],
            float(quotient[p]),
            discs[p],
            tuple(result for _, result in games[p]),
            withdrawn=p == 1 and played > 1,
        )
        for p in order
    )
