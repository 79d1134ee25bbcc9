"""The container image (`Dockerfile`, `compose.yaml`), checked where no container engine runs:
their linters in `make lint` pass them and catch them broken, and the image's command runs as the
image runs it. The wheel is built from the files the Dockerfile's build stage copies, and installed
into a fresh virtual environment as its runtime stage does, by root; then the Dockerfile's
ENTRYPOINT and CMD run, with its ENV, as an unprivileged user, in a data folder of its own, against
the fake Discord. What differs from the image: the interpreter is this machine's, and the
dependencies are the tests' own, reused (the image downloads them; the tests need no network).
"""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import re
import shlex
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.cli.processes import CHECKOUT, BotProcess, Cli


@dataclass(frozen=True)
class Stage:
    """One stage of the Dockerfile: its instructions, continuation lines joined."""

    instructions: list[tuple[str, str]]

    def arguments(self, keyword: str) -> list[str]:
        return [arguments for name, arguments in self.instructions if name == keyword]


def stages(dockerfile: Path) -> list[Stage]:
    text = re.sub(r"\\\n", " ", dockerfile.read_text())
    found: list[Stage] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        keyword, _, arguments = line.strip().partition(" ")
        if keyword.upper() == "FROM":
            found.append(Stage([]))
        if found:
            found[-1].instructions.append((keyword.upper(), arguments.strip()))
    return found


def lint_commands() -> dict[str, str]:
    """`make lint`'s commands for the Dockerfile and for compose.yaml, by the file each checks."""
    planned = subprocess.run(
        ["make", "--dry-run", "lint"], cwd=CHECKOUT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    return {
        name: next(line for line in planned if line.endswith(f" {name}"))
        for name in ("Dockerfile", "compose.yaml")
    }


@pytest.mark.parametrize(
    ("name", "broken"),
    [
        ("Dockerfile", ('CMD ["run"]', "CMD run")),  # a shell would take SIGTERM, not the bot
        ("compose.yaml", ("condition: service_healthy", "condition: healthy")),
    ],
)
def test_make_lint_passes_the_container_files_and_catches_them_broken(
    name: str, broken: tuple[str, str], tmp_path: Path
) -> None:
    command = lint_commands()[name]
    passed = subprocess.run(
        command, shell=True, cwd=CHECKOUT, capture_output=True, text=True, check=False
    )
    assert passed.returncode == 0, passed.stdout + passed.stderr
    text = (CHECKOUT / name).read_text()
    assert broken[0] in text
    (tmp_path / name).write_text(text.replace(broken[0], broken[1]))
    executable = shlex.split(command)[0]
    failed = subprocess.run(
        command.replace(executable, str(CHECKOUT / executable), 1),
        shell=True,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert failed.returncode != 0, failed.stdout


@dataclass(frozen=True)
class Installed:
    """The bot installed as the image installs it, and how to run a command as its user."""

    venv: Path
    data: Path
    home: Path
    become: list[str]
    """The command prefix that drops to the unprivileged user ([] when the tests run as one)."""
    entrypoint: list[str]
    """The image's ENTRYPOINT: `docker run IMAGE ARGS...` runs it with ARGS."""
    cmd: list[str]
    """The image's CMD: its ARGS when none are given."""
    environment: dict[str, str]
    """The image's ENV, the data folder in place of /data."""
    core: bool
    """Whether the wheel holds the native engine core."""


def unprivileged() -> tuple[list[str], int | None]:
    """Run as `nobody` when the tests run as root; any other user is unprivileged already."""
    if os.geteuid() != 0:
        return [], None
    nobody = pwd.getpwnam("nobody")
    become = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
    return become, nobody.pw_uid


def interpreter(become: list[str]) -> str:
    """A Python of the tests' version that the unprivileged user may run: the one the tests' own
    virtual environment was made from, or one installed for the whole machine. (One whose own
    folder the user may not read can start, but without its standard library.)"""
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    where = "import sys; print(sys.executable, sys.prefix)"
    for folder in (Path(sys.base_prefix) / "bin", Path("/usr/local/bin"), Path("/usr/bin")):
        candidate = str(folder / version)
        if not Path(candidate).is_file():
            continue
        runs = [
            subprocess.run([*user, candidate, "-c", where], capture_output=True, text=True)
            for user in ([], become)
        ]
        if all(run.returncode == 0 for run in runs) and runs[0].stdout == runs[1].stdout:
            return candidate
    pytest.skip(f"no {version} here that an unprivileged user may run")


def build_wheel(build_stage: Stage, folder: Path) -> Path:
    """The wheel the build stage makes, from the files it copies (without what .dockerignore
    keeps out of the build context)."""
    ignored = [
        line.removeprefix("**/")
        for line in (CHECKOUT / ".dockerignore").read_text().splitlines()
        if line.startswith("**/")
    ]
    source = folder / "src"
    source.mkdir()
    for arguments in build_stage.arguments("COPY"):
        assert "--from" not in arguments
        for name in shlex.split(arguments)[:-1]:
            path = CHECKOUT / name
            if path.is_dir():
                shutil.copytree(path, source / name, ignore=shutil.ignore_patterns(*ignored))
            else:
                shutil.copy2(path, source / name)
    wheels = folder / "wheels"
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"),
            *("--no-build-isolation", "--no-index", "--wheel-dir", str(wheels), str(source)),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("reversi_bot-*.whl")
    return wheel


@pytest.fixture
def installed() -> Iterator[Installed]:
    build_stage, runtime_stage = stages(CHECKOUT / "Dockerfile")
    (user,) = runtime_stage.arguments("USER")
    assert all(part.isdigit() and int(part) > 0 for part in user.split(":")), user
    become, uid = unprivileged()
    # Not pytest's tmp_path: its parent is private to the user running the tests.
    with tempfile.TemporaryDirectory(prefix="reversi-image-") as name:
        folder = Path(name)
        folder.chmod(0o755)
        wheel = build_wheel(build_stage, folder)
        venv = folder / "venv"
        subprocess.run([interpreter(become), "-m", "venv", "--without-pip", str(venv)], check=True)
        subprocess.run(
            [
                *(sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python")),
                *("install", "--quiet", "--no-deps", "--no-index", str(wheel)),
            ],
            check=True,
            capture_output=True,
        )
        purelib = sysconfig.get_path("purelib", vars={"base": str(venv)})
        (Path(purelib) / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
        data, home = folder / "data", folder / "home"
        for private in (data, home):
            private.mkdir()
            if uid is not None:
                os.chown(private, uid, -1)
        (env,) = runtime_stage.arguments("ENV")
        environment = dict(setting.split("=", 1) for setting in shlex.split(env))
        environment["PATH"] = (
            environment["PATH"].replace("/opt/venv", str(venv)).replace("$PATH", "/usr/bin:/bin")
        )
        environment["DATABASE_PATH"] = environment["DATABASE_PATH"].replace("/data", str(data))
        ((entrypoint,), (cmd,)) = (runtime_stage.arguments(k) for k in ("ENTRYPOINT", "CMD"))
        core = any("/native/_core" in n for n in zipfile.ZipFile(wheel).namelist())
        yield Installed(
            venv, data, home, become, json.loads(entrypoint), json.loads(cmd), environment, core
        )


async def start(cli: Cli, installed: Installed, *command: str) -> BotProcess:
    """`command` as the unprivileged user, in the data folder, with nothing but the image's
    settings and the fake Discord's."""
    fake = cli.fake
    process = await asyncio.create_subprocess_exec(
        *installed.become,
        *command,
        cwd=installed.data,
        env={
            **installed.environment,
            "HOME": str(installed.home),
            "DISCORD_TOKEN": fake.token,
            "DISCORD_API_URL": fake.api_base,
            "DISCORD_GATEWAY_URL": fake.gateway_url,
        },
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        start_new_session=True,
    )
    bot = BotProcess(process)
    cli.processes.append(bot)
    return bot


def user_ids(pid: int) -> list[int]:
    """The real, effective, saved and filesystem user ids of a process (Linux)."""
    status = Path(f"/proc/{pid}/status").read_text()
    (line,) = [line for line in status.splitlines() if line.startswith("Uid:")]
    return [int(uid) for uid in line.split()[1:]]


def libraries(pid: int) -> set[str]:
    """The shared libraries a process has loaded (Linux)."""
    maps = Path(f"/proc/{pid}/maps").read_text().splitlines()
    return {line.split()[-1] for line in maps if line.endswith(".so")}


def owner(path: Path) -> int:
    return path.stat().st_uid


async def test_the_image_command_runs_the_installed_wheel_as_an_unprivileged_user(
    cli: Cli, installed: Installed
) -> None:
    assert installed.entrypoint == ["python", "-m", "bot"] and installed.cmd == ["run"]
    check = await (await start(cli, installed, *installed.entrypoint, "check")).finished()
    assert check.status == 0, check.stderr
    assert check.stdout.startswith("OK: 15 cogs; commands: ")

    bot = await start(cli, installed, *installed.entrypoint, *installed.cmd)
    await bot.line("Ready as ")
    assert 0 not in user_ids(bot.pid)
    if installed.core:  # the process runs the wheel's own core
        core = [m for m in libraries(bot.pid) if "/native/_core" in m]
        assert core and all(m.startswith(f"{installed.venv}/") for m in core), core
    assert owner(Path(installed.environment["DATABASE_PATH"])) != 0

    bot.signal(signal.SIGTERM)
    stopped = await bot.finished()

    assert stopped.status == 0, stopped.stderr
    assert stopped.stderr.splitlines()[-1].endswith("Stopped")
