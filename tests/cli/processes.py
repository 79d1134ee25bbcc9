"""`python -m bot` run as an admin or a service manager runs it: a process of its own, its settings
in the environment, pointed at the fake Discord by the DISCORD_API_URL and DISCORD_GATEWAY_URL
settings. Nothing waits a fixed time: tests wait for lines the bot prints, for what the fake
sees, or for the process to end; the timeouts only stop a test that would hang.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.fakediscord.driver import FakeDiscord

SETTINGS = (
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DEV_GUILD_ID",
    "LOG_LEVEL",
    "LOG_FORMAT",
    "DISCORD_API_URL",
    "DISCORD_GATEWAY_URL",
    "REVERSI_ENGINE",
)
ERROR_ENTRIES = ("] [ERROR   ] ", "] [CRITICAL] ")
"""How discord.py's log format (`discord.utils.setup_logging`) marks ERROR and CRITICAL entries."""
TIMEOUT = 30.0
"""Seconds before a wait counts as a hang: far above what anything takes on a loaded machine."""
CHECKOUT = Path(__file__).resolve().parents[2]
"""Put first on the processes' PYTHONPATH: they run from another folder, and must run the code
under test rather than whatever copy of the bot is installed."""


def closed_port() -> int:
    """A loopback port nothing listens on: connecting to it is refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Finished:
    """A command that has run to its end."""

    status: int
    stdout: str
    stderr: str

    @property
    def last_line(self) -> str:
        lines = self.stderr.splitlines()
        return lines[-1] if lines else ""


class BotProcess:
    """One running `python -m bot ...`, in a process group of its own; stderr (the log) is read as
    it comes, line by line."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []
        self._new_line = asyncio.Event()
        self._stderr_ended = False
        self._stderr = asyncio.create_task(self._read_stderr())
        self._stdout = asyncio.create_task(self._read_stdout())

    @property
    def pid(self) -> int:
        return self.process.pid

    async def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        try:
            while line := await self.process.stderr.readline():
                self.lines.append(line.decode(errors="replace").rstrip("\n"))
                self._new_line.set()
        finally:
            self._stderr_ended = True
            self._new_line.set()

    async def _read_stdout(self) -> str:
        assert self.process.stdout is not None
        return (await self.process.stdout.read()).decode(errors="replace")

    async def line(self, text: str) -> str:
        """The first line of the log containing `text`, once printed."""
        async with asyncio.timeout(TIMEOUT):
            while True:
                self._new_line.clear()
                found = next((line for line in self.lines if text in line), None)
                if found is not None:
                    return found
                if self._stderr_ended:
                    raise AssertionError(f"the bot ended without printing {text!r}:\n{self.log}")
                await self._new_line.wait()

    @property
    def log(self) -> str:
        return "\n".join(self.lines)

    def take_errors(self) -> list[str]:
        """The log's ERROR entries (their first lines), removed: what the test expected."""
        taken = [line for line in self.lines if any(e in line for e in ERROR_ENTRIES)]
        self.lines = [line for line in self.lines if line not in taken]
        return taken

    def signal(self, signum: signal.Signals, *, group: bool = False) -> None:
        """Send `signum` to the bot, or to its whole process group (its workers too), as a
        terminal's Ctrl-C or systemd's stop does."""
        if group:
            os.killpg(self.pid, signum)
        else:
            self.process.send_signal(signum)

    async def finished(self) -> Finished:
        """Wait for the process to end on its own."""
        async with asyncio.timeout(TIMEOUT):
            status = await self.process.wait()
            await self._stderr
            stdout = await self._stdout
        return Finished(status, stdout, self.log)

    async def kill(self) -> None:
        """End the process and anything it started (test teardown)."""
        if self.process.returncode is None:
            os.killpg(self.pid, signal.SIGKILL)
            await self.process.wait()
        for task in (self._stderr, self._stdout):
            task.cancel()


class Cli:
    """Runs `python -m bot` commands against one fake Discord, from a folder with no `.env`."""

    def __init__(self, fake: FakeDiscord, folder: Path) -> None:
        self.fake = fake
        self.folder = folder
        self.database = folder / "reversi.sqlite3"
        self.processes: list[BotProcess] = []

    def environment(self, **settings: str) -> dict[str, str]:
        """The test's environment without the bot's settings, then the fake's, then `settings`."""
        env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
        env.update(
            DISCORD_TOKEN=self.fake.token,
            DATABASE_PATH=str(self.database),
            DISCORD_API_URL=self.fake.api_base,
            DISCORD_GATEWAY_URL=self.fake.gateway_url,
            LOG_LEVEL="INFO",
        )
        env.update(settings)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(CHECKOUT), env.get("PYTHONPATH")]))
        return {k: v for k, v in env.items() if v}  # an empty value removes the setting

    async def start(self, *args: str, **settings: str) -> BotProcess:
        """Start `python -m bot *args` with these settings."""
        return await self.start_program(sys.executable, "-m", "bot", *args, **settings)

    async def start_program(self, *command: str, **settings: str) -> BotProcess:
        """Start `command` (the bot, or a script that starts it) with these settings."""
        process = await asyncio.create_subprocess_exec(
            *command,
            cwd=self.folder,
            env=self.environment(**settings),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            start_new_session=True,
        )
        bot = BotProcess(process)
        self.processes.append(bot)
        return bot

    async def run(self, *args: str, **settings: str) -> Finished:
        """Run `python -m bot *args` to its end."""
        return await (await self.start(*args, **settings)).finished()

    async def serve(self, **settings: str) -> BotProcess:
        """Start the bot (`python -m bot`) and return once it has connected to the gateway, so
        interactions sent from then on reach it after its guilds."""
        sessions = len(self.fake.gateway.sessions)
        bot = await self.start(**settings)
        connected = asyncio.ensure_future(
            self.fake.wait_until(lambda: len(self.fake.gateway.sessions) > sessions)
        )
        ended = asyncio.ensure_future(bot.process.wait())
        async with asyncio.timeout(TIMEOUT):
            await asyncio.wait([connected, ended], return_when=asyncio.FIRST_COMPLETED)
        connected.cancel()
        ended.cancel()
        if bot.process.returncode is not None:
            raise AssertionError(
                f"the bot ended before connecting:\n{(await bot.finished()).stderr}"
            )
        return bot

    async def close(self) -> None:
        """End every process; an ERROR one logged that its test did not take fails the test."""
        for bot in self.processes:
            await bot.kill()
        errors = [line for bot in self.processes for line in bot.take_errors()]
        if errors:
            lines = "\n  ".join(errors)
            raise AssertionError(f"the bot logged errors the test did not expect:\n  {lines}")
