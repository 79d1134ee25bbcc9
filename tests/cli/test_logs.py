"""`LOG_FORMAT=json`: the bot's stderr, from start to stop, is one JSON object a line for a log
collector, and a line about a game names the game, its server and the server's shard. (The
default, readable lines are those `tests/cli/test_start.py` reads.)"""

from __future__ import annotations

import json
import signal
from datetime import datetime, timedelta

from bot import engine
from tests.cli.processes import Cli, closed_port
from tests.fakediscord.driver import FakeDiscord
from tests.gameplay.play import game_id, legal_names

EDIT_MESSAGE = "PATCH /channels/{channel_id}/messages/{message_id}"
POST_MESSAGE = "POST /channels/{channel_id}/messages"


async def test_json_logs_are_one_object_a_line_naming_the_game_server_and_shard(
    fake_discord: FakeDiscord, cli: Cli
) -> None:
    fake = fake_discord
    bot = await cli.serve(LOG_FORMAT="json")
    await bot.line('"Ready as ')
    challenge = await fake.slash(
        fake.alice, "reversi challenge", opponent=fake.bob, colour="black"
    ).answered()
    board = challenge.message
    assert board is not None, challenge.content
    await fake.click(fake.bob, board, "Accept").answered()
    game = game_id(board)
    # The board can't be edited: the answer to the move, in the interaction's handler, posts it
    # anew and says so.
    fake.faults.fail(EDIT_MESSAGE, status=403, code=50001, message="Missing Access")
    await fake.slash(fake.alice, "reversi move", square="d3").answered()
    anew = await bot.line("posting the board anew")
    played = engine.Game.from_transcript("d3")
    for player in (fake.bob, fake.alice, fake.bob):
        square = legal_names(played.position)[0]
        await fake.slash(player, "reversi move", square=square).answered()
        played.play(square)
    # Nor can the end be announced: the event's subscriber, in a task of its own, says so.
    fake.faults.fail(POST_MESSAGE, status=403, code=50013, message="Missing Permissions")
    asked = await fake.slash(fake.alice, "reversi resign").answered()
    assert asked.message is not None, asked.content
    await fake.click(fake.alice, asked.message, "Yes, resign").answered()
    unannounced = await bot.line("the end was not announced")
    bot.signal(signal.SIGTERM)
    stopped = await bot.finished()

    assert stopped.status == 0, stopped.stderr
    entries = [json.loads(line) for line in stopped.stderr.splitlines()]
    assert len(entries) > 3
    for entry in entries:
        assert {"time", "level", "logger", "message"} <= entry.keys(), entry
        assert datetime.fromisoformat(entry["time"]).utcoffset() == timedelta(0)
        assert entry["level"] in {"DEBUG", "INFO", "WARNING"}, entry
    assert entries[-1]["message"] == "Stopped" and entries[-1]["logger"] == "bot"
    about = {"guild": fake.guild.id, "game": game, "shard": 0}
    for line, logger in [(anew, "cogs.play.publish"), (unannounced, "cogs.play.notify")]:
        entry = json.loads(line)
        assert entry["logger"] == logger and entry["level"] == "INFO"
        assert {name: entry.get(name) for name in about} == about, entry
    ready = next(entry for entry in entries if entry["message"].startswith("Ready as "))
    assert not {"guild", "game", "shard"} & ready.keys()


async def test_a_failure_is_a_json_line_too(cli: Cli) -> None:
    done = await cli.run(LOG_FORMAT="json", DISCORD_API_URL=f"http://127.0.0.1:{closed_port()}")

    assert done.status == 1
    entries = [json.loads(line) for line in done.stderr.splitlines()]
    assert entries[-1]["level"] == "CRITICAL" and entries[-1]["logger"] == "bot"
    assert entries[-1]["message"].startswith("Cannot reach Discord at http://127.0.0.1:")


async def test_a_log_format_other_than_text_or_json_is_refused(cli: Cli) -> None:
    done = await cli.run(LOG_FORMAT="xml")

    assert done.status == 2
    assert done.stderr == "Configuration error: LOG_FORMAT must be text or json, not 'xml'."
