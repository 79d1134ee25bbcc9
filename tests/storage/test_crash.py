import asyncio
import signal
import sqlite3
import sys
from pathlib import Path

from bot.storage import Storage

ROOT = Path(__file__).resolve().parents[2]
REPORTED_BEFORE_KILL = 1000


async def test_moves_survive_sigkill(db_path: Path) -> None:
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.storage.crash_writer",
        str(db_path),
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    assert child.stdout is not None and child.stderr is not None
    reported: list[list[str]] = []
    while len(reported) < REPORTED_BEFORE_KILL:
        line = await child.stdout.readline()
        assert line, f"the writer stopped early: {(await child.stderr.read()).decode()}"
        reported.append(line.decode().split())
    child.kill()  # SIGKILL: no clean-up of any kind in the child
    await child.wait()
    reported += [line.split() for line in (await child.stdout.read()).decode().splitlines()]
    assert child.returncode == -signal.SIGKILL

    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        games = {
            game_id: (transcript, ply)
            for game_id, transcript, ply in conn.execute("SELECT id, transcript, ply FROM games")
        }
    conn.close()
    for game_id, ply, move in reported:
        transcript, stored_ply = games[int(game_id)]
        assert stored_ply >= int(ply)
        assert transcript[2 * int(ply) - 2 : 2 * int(ply)] == move
    # Nothing beyond the last report was half-written: every game is whole and consistent.
    assert all(len(transcript) == 2 * ply for transcript, ply in games.values())

    async with await Storage.open(db_path) as storage:
        last = await storage.games.get(max(games))
        resumed = await storage.games.record_move(last.id, last.ply, "d3", deadline=None, now=1)
        assert resumed.ply == last.ply + 1
