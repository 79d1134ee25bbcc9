"""What players see, scene by scene and in every language, held to golden files: the messages the
bot leaves (content, embeds, components with their custom ids, attachments), each image's
pixels and each other file's text. A change to any of them fails here, with the first scenes that
differ, until
`UPDATE_SNAPSHOTS=1` records the files anew (`tests/snapshots/<language>.json`).

Ids are written as what they name: `<@alice>`, `<#general>`, a thread by its name, `general/3`
for the bot's third message in #general and `general/bob:2` for the second that only Bob sees
there, so that one message more or less early on renames no later one. The messages that come
in one scene are numbered in the order of their forms: the bot may post them in either order.
The script draws no colour by lot, and seeds the Swiss's draw."""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageSequence

import bot.services.reviews
from bot.engine.ai.analysis import ReviewBudget
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Attachment, Channel, DirectMessage, Message, User
from tests.gameplay.play import OUT_OF_ABORT_WINDOW, eventually, play

LANGUAGES = ("en", "tl", "is", "ta", "ha", "rw")
SNAPSHOTS = Path(__file__).parent / "snapshots"
SHOWN_DIFFERENCES = 3
"""How many differing scenes a failure shows."""
SNOWFLAKE = re.compile(r"(?<![0-9])[0-9]{17,20}(?![0-9])")
FAST_REVIEW = ReviewBudget(nodes=60, exact_empties=6, attempt_empties=6)

PASSING = ("d3", "c3", "b3", "b2", "f5", "a3", "a1", "c1")
"""Black has no move after White's c1, the eighth move: Black passes and White plays again."""
WIPEOUT = ("d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4")
"""Nine moves and White has no disc left."""

ACCEPT = "reversi:challenge:.*:accept"
LONG_NAME = "Aurélien-Maximilian de Fontaine"
"""A name whose first word is too long for its line on a board."""

Form = dict[str, Any]


def pixels(data: bytes) -> str:
    """sha256 of the image's decoded frames (mode, size, pixels, duration): the same picture
    hashes the same whatever zlib or the encoder did."""
    digest = hashlib.sha256()
    with Image.open(BytesIO(data)) as image:
        for frame in ImageSequence.Iterator(image):
            shown = frame.convert("RGBA") if frame.mode == "P" else frame
            digest.update(f"{shown.mode} {shown.size} {frame.info.get('duration')}\n".encode())
            digest.update(shown.tobytes())
    return digest.hexdigest()


class Recorder:
    """Takes what changed since the last scene: each message of the bot's that is new, edited
    or deleted, each direct message and each new thread, as forms with their ids named."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.scenes: list[Form] = []
        self._shown: dict[int, Form] = {}
        self._order: dict[int, int] = {}
        self._counted: dict[tuple[int, int | None], int] = {}
        self._images: dict[bytes, str] = {}
        self._names: dict[int, str] = {}
        """Users, servers, channels and threads (a thread by its name), named anew each scene."""
        self._labels: dict[int, str] = {}
        """Messages, named once."""
        self._threads = {thread.id for thread in fake.threads()}

    def scene(self, scene: str) -> None:
        world = self.fake.world
        self._name_the_world()
        self._name_new_messages()
        changed: list[Form] = []
        for thread in sorted(self.fake.threads(), key=lambda thread: thread.name):
            if thread.id not in self._threads:
                self._threads.add(thread.id)
                assert thread.parent is not None
                changed.append({"thread": thread.name, "in": self._names[thread.parent.id]})
        shown = [(m.id, self._message(m)) for m in world.messages.values() if m.author.bot]
        shown += [(dm.id, self._direct(dm)) for dm in world.direct_messages]
        for key, form in sorted(shown, key=lambda pair: self._order[pair[0]]):
            if self._shown.get(key) != form:
                self._shown[key] = form
                changed.append(form)
        self.scenes.append({"scene": scene, "shown": changed})

    def _name_the_world(self) -> None:
        """Every id but a message's, by what it names: a thread by its name."""
        world, names = self.fake.world, self._names
        names[world.application_id] = "bot"
        for user in world.users.values():
            names[user.id] = user.name
        for guild in world.guilds:
            names[guild.id] = guild.name
        for channel in world.channels.values():
            names[channel.id] = channel.name
        for channel_id, user in world.dm_channels.items():
            names[channel_id] = f"DM with {user.name}"

    def _name_new_messages(self) -> None:
        """A message is named by its place among the bot's messages in its channel (the
        ephemeral ones counted apart, per reader). Those that came in one scene are counted in
        the order of their forms: the bot may post them in any order."""
        world = self.fake.world
        new: dict[tuple[int, int | None], list[tuple[str, int]]] = {}
        for message in world.messages.values():
            if message.author.bot and message.id not in self._order:
                reader = None if message.visible_to is None else message.visible_to.id
                form = json.dumps(self._message(message), ensure_ascii=False)
                new.setdefault((message.channel.id, reader), []).append((form, message.id))
        for dm in world.direct_messages:
            if dm.id not in self._order:
                form = json.dumps(self._direct(dm), ensure_ascii=False)
                new.setdefault((dm.channel_id, None), []).append((form, dm.id))
        for where in sorted(new, key=lambda key: (self._names[key[0]], key[1] or 0)):
            channel_id, reader = where
            to = "" if reader is None else f"{self._names[reader]}:"
            for _form, message_id in sorted(new[where]):
                self._counted[where] = self._counted.get(where, 0) + 1
                self._labels[message_id] = f"{self._names[channel_id]}/{to}{self._counted[where]}"
                self._order[message_id] = len(self._order)

    def _named(self, value: Any) -> Any:
        if isinstance(value, str):
            return SNOWFLAKE.sub(self._name, value)
        if isinstance(value, list):
            return [self._named(item) for item in value]
        if isinstance(value, dict):
            return {key: self._named(item) for key, item in value.items()}
        return value

    def _name(self, found: re.Match[str]) -> str:
        """What an id in a text names: a thread before the message it starts (same id)."""
        key = int(found[0])
        return self._names.get(key) or self._labels.get(key, "?id")

    def _message(self, message: Message) -> Form:
        form: Form = {"message": self._labels.get(message.id, "?")}
        if message.visible_to is not None:
            form["to"] = message.visible_to.name
        if message.deleted:
            form["deleted"] = True
        form.update(content=message.content, embeds=message.embeds, components=message.components)
        form = self._named(form)
        form["attachments"] = [self._attachment(a) for a in message.attachments]
        return form

    def _direct(self, message: DirectMessage) -> Form:
        form: Form = {
            "direct message": self._labels.get(message.id, "?"),
            "content": message.content,
        }
        if message.deleted:
            form["deleted"] = True
        named: Form = self._named(form)
        return named

    def _attachment(self, attachment: Attachment) -> Form:
        """An image by its pixels; any other file (a game's transcript or GGF) by its text."""
        if not attachment.content_type.startswith("image/"):
            return {
                "filename": attachment.filename,
                "description": attachment.description,
                "text": attachment.data.decode(),
            }
        digest = hashlib.sha256(attachment.data).digest()
        if digest not in self._images:
            self._images[digest] = pixels(attachment.data)
        return {
            "filename": attachment.filename,
            "description": attachment.description,
            "pixels": self._images[digest],
        }


def button(message: Message, pattern: str) -> str:
    """The custom id of the message's button that matches `pattern` (labels are translated)."""
    (found,) = [b.custom_id for b in message.buttons if re.fullmatch(pattern, b.custom_id or "")]
    assert found is not None
    return found


def game_of(board: Message) -> int:
    """The game a board shows, read from its move buttons' custom ids."""
    for found in board.buttons:
        parts = (found.custom_id or "").split(":")
        if parts[:2] == ["reversi", "move"]:
            return int(parts[2])
    raise AssertionError(f"no move button on {board.content!r}")


def boards_in(fake: FakeDiscord, channel: Channel) -> list[Message]:
    """The boards of games in progress in `channel`."""
    return [
        m
        for m in fake.messages(channel)
        if any((b.custom_id or "").startswith("reversi:move:") for b in m.buttons)
    ]


async def resign(fake: FakeDiscord, user: User, channel: Channel) -> None:
    """`user` resigns the game in `channel`, and confirms it."""
    asked = await fake.slash(user, "reversi resign", channel=channel)
    assert asked.message is not None, asked.content
    await fake.click(user, asked.message, custom_id=button(asked.message, "reversi:resign-yes:.*"))


async def play_round(fake: FakeDiscord, harness: BotHarness, users: dict[int, User]) -> None:
    """Each game of the round in progress: two moves each, then the player with the larger id
    resigns."""
    for thread in fake.threads(fake.games):
        for board in boards_in(fake, thread):
            record = await harness.bot.storage.games.get(game_of(board))
            black, white = users[record.black_id], users[record.white_id]
            for index, square in enumerate(OUT_OF_ABORT_WINDOW):
                await play(fake, board, white if index % 2 else black, square)
            await resign(fake, max(black, white, key=lambda user: user.id), thread)


async def script(fake: FakeDiscord, harness: BotHarness, language: str, record: Recorder) -> None:
    """The scenes, in a server that speaks `language`; Carol chose it for herself too."""
    owner, alice, bob, carol = fake.world.owner, fake.alice, fake.bob, fake.carol
    general = fake.general

    await fake.slash(owner, "reversi settings", language=language)
    record.scene("an admin sets the server's language")
    await fake.slash(carol, "reversi language", language=language)
    await fake.slash(alice, "reversi language")
    record.scene("a member's own language, chosen and asked")
    await fake.slash(alice, "reversi help")
    await fake.slash(owner, "reversi help")
    record.scene("help, for a member and for an admin")
    await fake.slash(bob, "reversi rules")
    record.scene("the rules")

    challenge = (await fake.slash(alice, "reversi challenge", opponent=bob, colour="black")).message
    assert challenge is not None
    record.scene("a challenge is posted")
    await fake.click(bob, challenge, custom_id=button(challenge, ACCEPT))
    record.scene("the challenge is accepted")
    await fake.slash(carol, "reversi challenge", opponent=bob)
    record.scene("refused: a challenge where a game is played")
    board = challenge
    game = game_of(board)

    await play(fake, board, alice, PASSING[0])
    record.scene("a move by a click")
    await fake.slash(alice, "reversi move", square="c4")
    record.scene("refused: not your turn")
    await fake.slash(bob, "reversi move", square=PASSING[1])
    record.scene("a move by the command")
    await fake.slash(alice, "reversi move", square="a8")
    record.scene("refused: an illegal move")
    await fake.click(carol, board, custom_id=button(board, f"reversi:move:{game}:2:{PASSING[2]}"))
    record.scene("refused: not a player")
    await fake.slash(alice, "reversi hint")
    record.scene("refused: a hint in a game between people")
    await play(fake, board, alice, PASSING[2])
    await fake.advance(minutes=1)
    record.scene("a turn notice after a minute")
    await fake.slash(bob, "reversi games")
    record.scene("a member's games in progress")
    await fake.advance(hours=18)
    record.scene("a reminder when a quarter of the time is left")
    for index, square in enumerate(PASSING[3:], start=3):
        await play(fake, board, bob if index % 2 else alice, square)
    record.scene("a pass")
    await fake.slash(bob, "reversi resign", channel=fake.quiet)
    record.scene("refused: no game in this channel")
    await resign(fake, bob, general)
    record.scene("a resignation ends the game")

    review = (await fake.click(carol, board, custom_id=button(board, "reversi:review:.*"))).message
    assert review is not None
    await eventually(lambda: bool(review.embeds))
    record.scene("a review")
    await fake.click(carol, board, custom_id=button(board, "reversi:replay:.*"))
    record.scene("a replay")
    await fake.click(bob, board, custom_id=button(board, "reversi:rematch:.*"))
    record.scene("a rematch is offered")
    offer = fake.last_message(general)
    await fake.click(alice, offer, custom_id=button(offer, ACCEPT))
    record.scene("the rematch begins")
    await fake.slash(alice, "reversi notify", choice="dm")
    record.scene("a member chooses direct messages for notices")
    await play(fake, offer, bob, WIPEOUT[0])
    await fake.advance(minutes=1)
    record.scene("a turn notice by direct message")
    for index, square in enumerate(WIPEOUT[1:-1], start=1):
        await play(fake, offer, alice if index % 2 else bob, square)
    record.scene("the rematch is played")
    await play(fake, offer, bob, WIPEOUT[-1])
    record.scene("a game's end")

    await fake.slash(alice, "reversi stats")
    record.scene("stats")
    await fake.slash(carol, "reversi leaderboard")
    record.scene("the leaderboard")
    await fake.slash(alice, "reversi history")
    record.scene("history")
    await fake.slash(bob, "reversi h2h", player=alice)
    record.scene("head to head")
    await fake.slash(carol, "reversi game", id=game)
    record.scene("one game")

    aborted = await fake.slash(
        carol, "reversi challenge", channel=fake.quiet, opponent=bob, colour="black"
    )
    assert aborted.message is not None
    await fake.click(bob, aborted.message, custom_id=button(aborted.message, ACCEPT))
    await resign(fake, carol, fake.quiet)
    record.scene("a game aborted before a move")

    await tournament(fake, harness, record)


async def tournament(fake: FakeDiscord, harness: BotHarness, record: Recorder) -> None:
    """A Swiss of four in #games, two rounds, each game resigned by the player with the larger
    id."""
    owner = fake.world.owner
    players = [fake.alice, fake.bob, fake.carol, fake.add_user("dan", display_name=LONG_NAME)]
    users = {user.id: user for user in players}
    await fake.slash(owner, "reversi settings", disallow=fake.quiet)
    record.scene("an admin disallows games in a channel")
    await fake.slash(
        owner, "reversi tournament create", channel=fake.quiet, name="Quiet Cup", start="1h"
    )
    record.scene("refused: a tournament where games are not allowed")
    create: dict[str, Any] = {
        "name": "Club Cup",
        "start": "1h",
        "time": "1h",
        "options": {"channel": fake.games},
    }
    await fake.slash(owner, "reversi tournament create", rounds=5, limit=4, **create)
    record.scene("refused: too many rounds for the players")
    harness.bot.services.context.rng.seed(0)  # the Swiss's draw by lot
    await fake.slash(owner, "reversi tournament create", rounds=2, **create)
    record.scene("a tournament's sign-up")
    signup = fake.last_message(fake.games)
    join = button(signup, "reversi:tournament:.*:join")
    for user in players:
        await fake.click(user, signup, custom_id=join)
    record.scene("four players join")
    await fake.click(fake.alice, signup, custom_id=join)
    record.scene("refused: joined twice")
    await fake.slash(fake.alice, "reversi tournament start")
    record.scene("refused: not the organiser")
    await fake.advance(hours=1)
    record.scene("the first round begins")
    await play_round(fake, harness, users)
    record.scene("the first round ends and the second begins")
    await fake.slash(fake.carol, "reversi tournament standings")
    record.scene("the standings")
    await fake.slash(fake.bob, "reversi tournament pairings", round=1)
    record.scene("a round's pairings")
    await play_round(fake, harness, users)
    record.scene("the tournament ends")


def differences(golden: list[Form], taken: list[Form]) -> Iterator[str]:
    """A unified diff of each scene that differs, in order."""
    for number in range(max(len(golden), len(taken))):
        before = golden[number] if number < len(golden) else None
        now = taken[number] if number < len(taken) else None
        if before != now:
            scene = (now or before or {}).get("scene")
            yield "\n".join(
                difflib.unified_diff(
                    json.dumps(before, indent=1, ensure_ascii=False).splitlines(),
                    json.dumps(now, indent=1, ensure_ascii=False).splitlines(),
                    f"golden: scene {number + 1}, {scene}",
                    "now",
                    lineterm="",
                )
            )


@pytest.fixture(autouse=True)
def fast_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot reviews at a small budget: a second, not half a minute."""
    monkeypatch.setattr(bot.services.reviews, "default_budget", lambda: FAST_REVIEW)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_what_players_see(fake: FakeDiscord, bot_harness: BotHarness, language: str) -> None:
    recorder = Recorder(fake)
    await script(fake, bot_harness, language, recorder)

    path = SNAPSHOTS / f"{language}.json"
    if os.environ.get("UPDATE_SNAPSHOTS") == "1":
        SNAPSHOTS.mkdir(exist_ok=True)
        text = json.dumps(recorder.scenes, indent=1, ensure_ascii=False)
        path.write_text(text + "\n", encoding="utf-8")
        return
    golden = json.loads(path.read_text(encoding="utf-8"))
    found = list(differences(golden, recorder.scenes))
    assert not found, (
        f"{len(found)} scenes differ from {path.name} (UPDATE_SNAPSHOTS=1 records them):\n"
        + "\n".join(found[:SHOWN_DIFFERENCES])
    )
