"""Crash safety of the move that ends a game: a child process plays final moves through the
services (`tests/storage/crash_player.py`) and is SIGKILLed at random moments; the database must
show each game either still one move from its end or finished with its true result, the ratings
counted exactly once, and a restart must find no game left in play at a final position.

The child's reports are read as a byte stream and only complete lines count: the kill may cut
the last one anywhere. What the test checks is the database, not the reports.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import signal
import sqlite3
import sys
from pathlib import Path

from bot import engine
from bot.domain import EndReason, GameStatus, Rating
from bot.domain.events import GameEnded, GameEvent, GameResumed
from bot.domain.glicko2 import rate
from bot.services import Place, Services
from bot.services.bus import Events
from bot.storage import Storage
from tests.fakediscord.clock import FakeClock
from tests.ids import BOT, GUILD

from . import crash_player
from .crash_player import CrashGame, build, crash_games

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 6
STARTUP_TIMEOUT = 60.0
"""Seconds the child may take to report at all: only a broken child takes that long."""


async def test_final_moves_survive_sigkill(tmp_path: Path) -> None:
    template = tmp_path / "template.sqlite3"
    await build(template)
    games = crash_games()
    rng = random.Random()
    seed = rng.randrange(2**32)
    rng.seed(seed)
    kills_mid_round = 0
    for round_number in range(ROUNDS):
        path = tmp_path / f"round-{round_number}.sqlite3"
        shutil.copy(template, path)
        kill_after = rng.randint(1, len(games) - 1)
        reported = await play_then_kill(path, rng.randrange(2**32), kill_after)
        context = f"round {round_number} of seed {seed}: killed after {kill_after} reports"
        finished = await check_after_kill(path, games, reported, context)
        kills_mid_round += finished < len(games)
        await check_restart(path, games, context)
    assert kills_mid_round, "every kill came after the child was done: nothing was tested"


async def play_then_kill(path: Path, seed: int, kill_after: int) -> set[int]:
    """Run the crash player on `path`; SIGKILL it once it reported `kill_after` final moves.
    Returns the games it reported (complete lines only)."""
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        crash_player.__name__,
        str(path),
        str(seed),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    output = b""
    try:
        async with asyncio.timeout(STARTUP_TIMEOUT):
            while output.count(b"\n") < kill_after:
                chunk = await child.stdout.read(4096)
                if not chunk:
                    error = (await child.stderr.read()).decode()
                    raise AssertionError(f"the crash player stopped early:\n{error}")
                output += chunk
    finally:
        child.kill()  # SIGKILL: no clean-up of any kind in the child
        await child.wait()
    output += await child.stdout.read()
    assert child.returncode == -signal.SIGKILL
    lines = output.split(b"\n")[:-1]  # what follows the last newline may be cut short
    return {int(line) for line in lines if line != b"done"}


def expected_result(game: CrashGame) -> tuple[engine.Color | None, int, int]:
    result = engine.Game(game.moves).result()
    assert result is not None
    assert (result.black_discs, result.white_discs) == (game.final_black, game.final_white)
    return result.winner, result.black_discs, result.white_discs


async def check_after_kill(
    path: Path, games: list[CrashGame], reported: set[int], context: str
) -> int:
    """Each game is one move from its end, or over with its result counted once; returns how
    many are over."""
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)], context
    conn.close()
    finished = 0
    async with await Storage.open(path) as storage:
        for game_id, game in enumerate(games, start=1):
            record = await storage.games.get(game_id)
            where = f"{context}, game {game_id} ({game.wthor_id})"
            players = [
                await storage.players.get(GUILD, user)
                for user in (record.black_id, record.white_id)
            ]
            if record.active:
                assert game_id not in reported, f"{where}: a move reported done was lost"
                assert record.transcript != "".join(game.moves), f"{where}: over but in play"
                assert record.transcript == "".join(game.moves[:-1]), where
                assert record.ply == len(game.moves) - 1, where
                assert players == [None, None], f"{where}: rated before it ended"
                continue
            finished += 1
            winner, black_discs, white_discs = expected_result(game)
            assert record.status is GameStatus.FINISHED, where
            assert record.transcript == "".join(game.moves), where
            assert record.end_reason is EndReason.NORMAL, where
            assert (record.winner, record.black_discs, record.white_discs) == (
                winner,
                black_discs,
                white_discs,
            ), where
            if game.bot_level is not None:
                assert not record.rated and players == [None, None], where
                continue
            assert record.rated, where
            black_score = {engine.Color.BLACK: 1.0, engine.Color.WHITE: 0.0, None: 0.5}[winner]
            for player, score, discs in (
                (players[0], black_score, black_discs - white_discs),
                (players[1], 1.0 - black_score, white_discs - black_discs),
            ):
                assert player is not None, f"{where}: finished but not rated"
                assert player.games == 1, f"{where}: counted {player.games} times"
                assert (player.wins, player.losses, player.draws) == (
                    score == 1.0,
                    score == 0.0,
                    score == 0.5,
                ), where
                assert player.disc_diff == discs, where
                assert player.rating == rate(Rating(), [(Rating(), score)]), where
    return finished


async def check_restart(path: Path, games: list[CrashGame], context: str) -> None:
    """A restart finds no game in play at a final position (nothing to finish), resumes the
    others and the games that ended unannounced, and a game the kill interrupted can still be
    finished."""
    events = Events()
    seen: list[GameEvent] = []
    events.subscribe(GameEvent, seen.append)
    async with await Storage.open(path) as storage:
        services = Services.build(storage, FakeClock(crash_player.NOW), events)
        services.context.bot_id = BOT
        active = await storage.games.active()
        stored = [await storage.games.get(game_id) for game_id in range(1, len(games) + 1)]
        unannounced = [record for record in stored if not record.active]  # the kill's doing

        await services.recovery.recover()

        assert all(isinstance(event, GameResumed) for event in seen), context
        assert [event.state.record for event in seen] == active + unannounced, context
        for record in await storage.games.active():
            assert not engine.Game.from_transcript(record.transcript).is_over(), context
        if active:
            record = active[0]
            game = games[record.id - 1]
            mover = game.last_mover
            if mover == BOT:
                ended = await services.games.bot_move(record.id, record.ply, game.moves[-1])
            else:
                place = Place(GUILD, game.channel_id)
                ended = await services.games.move(record.id, mover, game.moves[-1], place)
            assert isinstance(seen[-1], GameEnded) and seen[-1].state == ended, context
            assert ended.record.winner == expected_result(game)[0], context
