"""Post-game reviews through Discord: the Review button, the progress message, the review and its
menus, the stored review a second time, a restart in the middle, and no review while playing.

The reviews run in the bot's worker processes at a small budget, so they take a moment; a gate in
front of the analysis holds one at a chosen move, so that its progress can be looked at."""

from __future__ import annotations

import asyncio
import itertools
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

import bot.computer
import bot.services.reviews
from bot import engine
from bot.domain import Ending, EndReason, GameRecord, TimeControl
from bot.engine.ai.analysis import PositionAnalysis, ReviewBudget
from bot.services.reviews import ReviewService
from cogs.reviews import message as review_message
from rendering.review_graph import HEIGHT, WIDTH
from tests.errorlog import ErrorLog
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message, User

from .play import eventually, game_id, start_game, wthor_games

FAST = ReviewBudget(nodes=60, exact_empties=6, attempt_empties=6)
Analyse = Callable[[str, int | None, ReviewBudget], Awaitable[PositionAnalysis]]


@pytest.fixture(autouse=True)
def fast_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bot started in these tests reviews at a small budget: seconds, not half a minute."""
    monkeypatch.setattr(bot.services.reviews, "default_budget", lambda: FAST)


def reviews(harness: BotHarness) -> ReviewService:
    """The review cog's service."""
    service = getattr(harness.bot.get_cog("Review"), "reviews", None)
    assert isinstance(service, ReviewService)
    return service


class AnalysisGate:
    """Holds the review before it analyses move `at`, until `release()`."""

    def __init__(self, service: ReviewService, at: int) -> None:
        self.original: Analyse = service.analyse
        self.at, self.calls = at, 0
        self.reached, self._open = asyncio.Event(), asyncio.Event()
        service.analyse = self.analyse

    async def analyse(self, position: str, played: int | None, budget: ReviewBudget) -> Any:
        self.calls += 1
        if self.calls == self.at:
            self.reached.set()
            await self._open.wait()
        return await self.original(position, played, budget)

    def release(self) -> None:
        self._open.set()


async def finished_game(
    fake: FakeDiscord,
    harness: BotHarness,
    *,
    against_bot: bool = False,
    sample: int = 0,
    black: User | None = None,
    white: User | None = None,
) -> GameRecord:
    """A tournament game of the WTHOR sample (by default the first, WTH_1977#1, 60 moves, Black
    wins 34-30) as stored when played here, by Alice and Bob unless told (Alice and the bot
    `against_bot`)."""
    game_row = wthor_games()[sample]
    moves = game_row["moves"]
    storage = harness.bot.storage
    black = black or fake.alice
    white = white or (fake.world.bot_user if against_bot else fake.bob)
    now = harness.bot.services.games.now() - 3600
    game = await storage.games.create(
        fake.guild.id,
        fake.general.id,
        black.id,
        white.id,
        rated=not against_bot,
        time_control=TimeControl(per_move=86_400),
        deadline=None,
        now=now,
        bot_level=3 if against_bot else None,
    )
    for ply in range(len(moves) // 2):
        game = await storage.games.record_move(
            game.id, ply, moves[2 * ply : 2 * ply + 2], deadline=None, now=now
        )
    discs = int(game_row["final_black"]), int(game_row["final_white"])
    winner = None if discs[0] == discs[1] else engine.Color.BLACK
    winner = engine.Color.WHITE if discs[0] < discs[1] else winner
    ending = Ending(EndReason.NORMAL, winner, *discs)
    return (await storage.games.finish(game.id, game.ply, ending, now=now)).game


def review_shown(message: Message) -> bool:
    return bool(message.embeds) and "review of game" in message.embeds[0].get("title", "")


def menus(message: Message) -> list[list[str]]:
    return [menu.values for menu in message.selects]


async def test_a_finished_game_is_reviewed_move_by_move_and_kept(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    record = await finished_game(fake, bot_harness, against_bot=True)  # the bot's games too
    summary = await fake.slash(fake.carol, "reversi game", id=record.id)
    assert summary.message is not None
    assert [b.label for b in summary.message.buttons] == ["Review", "Share"]
    gate = AnalysisGate(reviews(bot_harness), at=23)

    asked = await fake.click(fake.carol, summary.message, "Review")  # anyone may ask

    progress = asked.message
    assert progress is not None and not progress.ephemeral and progress.channel is fake.general
    await eventually(gate.reached.is_set)
    await fake.advance(seconds=2)  # edits come at most every 2 s of the bot's clock
    assert progress.content == f"🔍 Reviewing… move 23 of 60 · game #{record.id}"
    again = await fake.slash(fake.bob, "reversi review", id=record.id)
    assert again.ephemeral and "under way" in again.content and progress.jump_url in again.content

    gate.release()
    await eventually(lambda: review_shown(progress))

    overview, *worst = progress.embeds
    assert overview["title"] == f"Reversi · review of game #{record.id}"
    black, white = overview["fields"]
    assert black["name"] == "⚫ Black" and fake.alice.mention in black["value"]
    assert "Accuracy **" in black["value"] and "Average loss" in black["value"]
    assert white["name"] == "⚪ White" and fake.world.bot_user.mention in white["value"]
    assert "Values in discs from Black's side" in overview["description"]
    assert "exact (perfect play) from move" in overview["description"]
    graph, *boards = progress.attachments
    assert overview["image"]["url"] == f"attachment://{graph.filename}"
    assert graph.image().size == (WIDTH, HEIGHT) and "Graph of Black's advantage" in (
        graph.description or ""
    )
    assert len(worst) == len(boards) and worst  # a board at each player's worst move
    assert "worst move" in worst[0]["title"] and boards[0].image().format == "PNG"
    assert menus(progress) == [
        [str(n) for n in range(1, 26)],
        [str(n) for n in range(26, 51)],
        [str(n) for n in range(51, 61)],
    ]
    assert [(b.label, b.disabled) for b in progress.buttons] == [("Summary", True)]

    picked = await fake.select(fake.bob, progress, ["23"], custom_id=progress.selects[0].custom_id)
    assert picked.message is progress and fake.messages(fake.general) == [progress]  # in place
    assert picked.callback_type == 7  # the message updated, not a new one
    move = progress.embeds[1]
    assert move["title"].startswith("Move 23 · ⚫ Black h5")
    assert "Value before the move" in move["description"]
    assert [a.filename for a in progress.attachments] == [
        graph.filename,
        f"review-{record.id}-move-23.png",
    ]
    chosen = [o.value for o in progress.selects[0].options if o.default]
    assert chosen == ["23"]
    await fake.click(fake.bob, progress, "Summary")
    assert len(progress.embeds) == 1 + len(worst)

    stored = await bot_harness.bot.storage.reviews.get(record.id, FAST.key)
    assert stored is not None and stored.done and stored.analysed == 60
    calls = gate.calls
    second = await fake.slash(fake.alice, "reversi review", id=record.id)
    assert second.ephemeral and progress.jump_url in second.content  # posted once: a link
    assert second.content == f"The review of game #{record.id} is here: {progress.jump_url}"
    assert fake.messages(fake.general) == [progress] and gate.calls == calls


CARD = re.compile(
    r"played \*\*(\w\d)\*\*: (\S+?),?(?:\n| losing).*Value before the move: (\S+),", re.S
)


async def move_card(fake: FakeDiscord, message: Message, number: int) -> tuple[str, str, str]:
    """Move `number`'s square, its value before and after, as its card (chosen in the menu)
    shows them."""
    menu = message.selects[(number - 1) // review_message.PER_MENU]
    await fake.select(fake.bob, message, [str(number)], custom_id=menu.custom_id)
    card = message.embeds[1]
    assert card["title"].startswith(f"Move {number} ·")
    shown = CARD.search(card["description"])
    assert shown is not None, card["description"]
    return shown[1], shown[3], shown[2]


async def test_a_position_has_one_value_in_the_turning_point_and_the_moves(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    record = await finished_game(fake, bot_harness)
    asked = await fake.slash(fake.alice, "reversi review", id=record.id)
    review = asked.message
    assert review is not None
    await eventually(lambda: review_shown(review))
    turning = re.search(
        r"Turning point: move (\d+), \S+ \*\*(\w\d)\*\* by .*? \((\S+) → (\S+)\)",
        review.embeds[0]["description"],
    )
    assert turning is not None, review.embeds[0]["description"]

    cards = [await move_card(fake, review, number) for number in range(1, 61)]
    assert cards[int(turning[1]) - 1] == (turning[2], turning[3], turning[4])
    for number, (card, following) in enumerate(itertools.pairwise(cards), start=1):
        assert card[2] == following[1], f"the position after move {number}"


async def test_a_deleted_review_is_posted_anew_once_then_linked(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    record = await finished_game(fake, bot_harness)
    progress = (await fake.slash(fake.alice, "reversi review", id=record.id)).message
    assert progress is not None
    await eventually(lambda: review_shown(progress))
    await fake.delete_message(progress)  # a moderator tidies the channel
    fake.bob.locale = "is"

    first = fake.slash(fake.bob, "reversi review", channel=fake.games, id=record.id)
    second = fake.slash(fake.carol, "reversi review", channel=fake.games, id=record.id)
    replies = [await first, await second]

    posted = [reply.message for reply in replies if reply.message and not reply.ephemeral]
    assert len(posted) == 1 and posted[0] is not None and review_shown(posted[0])
    assert fake.messages(fake.games) == posted  # the whole review once, at once: no analysis
    told = next(reply for reply in replies if reply.ephemeral)
    assert told.content in (
        f"The review of game #{record.id} is under way: it will be posted here",
        f"The review of game #{record.id} is here: {posted[0].jump_url}",
    )
    later = await fake.slash(fake.bob, "reversi review", id=record.id)  # in his language
    assert later.ephemeral
    assert later.content == f"Greining leiks #{record.id} er hér: {posted[0].jump_url}"
    assert fake.messages(fake.games) == posted
    stored = await bot_harness.bot.storage.reviews.get(record.id, FAST.key)
    assert stored is not None and stored.message_id == posted[0].id


async def test_a_review_cut_by_a_restart_resumes_on_its_message(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = await start_game(fake)
    for user, square in ((fake.alice, "d3"), (fake.bob, "c3"), (fake.alice, "c4")):
        await fake.click(user, board, square)
    confirm = (await fake.click(fake.bob, board, "Abort")).message
    assert confirm is not None
    await fake.click(fake.bob, confirm, "Yes, abort")  # an aborted game can be reviewed too
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]
    gate = AnalysisGate(reviews(bot_harness), at=3)
    progress = (await fake.click(fake.carol, board, "Review")).message
    assert progress is not None
    await eventually(gate.reached.is_set)

    analysed: list[int | None] = []
    original = bot.computer.Computer.analyse

    async def counted(self: Any, position: str, played: int | None, budget: Any) -> Any:
        analysed.append(played)
        return await original(self, position, played, budget)

    monkeypatch.setattr(bot.computer.Computer, "analyse", counted)
    await bot_harness.restart()
    await eventually(lambda: review_shown(progress))

    assert len(analysed) == 1  # moves 1 and 2 were stored: only move 3 was left
    assert f"Reversi · review of game #{game_id(board)}" in progress.embeds[0]["title"]
    assert "· aborted" in progress.embeds[0]["description"]
    record = await bot_harness.bot.storage.reviews.get(game_id(board), FAST.key)
    assert record is not None and record.done


async def test_no_review_while_the_game_is_played(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await fake.click(fake.alice, board, "d3")
    assert "Review" not in [b.label for b in board.buttons]

    refused = await fake.slash(fake.carol, "reversi review", id=game_id(board))

    assert refused.ephemeral and "still being played" in refused.content
    assert await bot_harness.bot.storage.reviews.get(game_id(board), FAST.key) is None
    elsewhere = await fake.slash(fake.dave, "reversi review", id=game_id(board), channel=fake.lobby)
    assert elsewhere.ephemeral and "no game #" in elsewhere.content


async def test_a_review_that_cannot_be_drawn_says_so_on_its_message(
    fake: FakeDiscord,
    bot_harness: BotHarness,
    logged_errors: ErrorLog,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = await finished_game(fake, bot_harness)

    def broken(*args: Any) -> Any:
        raise RuntimeError("the renderer ran out of memory")

    with monkeypatch.context() as patch:
        patch.setattr(review_message, "render_summary", broken)
        progress = (await fake.slash(fake.bob, "reversi review", id=record.id)).message
        assert progress is not None
        await eventually(lambda: "failed" in progress.content)

    assert progress.content.startswith(f"Sorry, the review of game #{record.id} failed")
    (logged,) = logged_errors.take("cogs")
    assert logged.getMessage() == f"The review of game {record.id} could not be drawn"
    again = (await fake.slash(fake.bob, "reversi review", id=record.id)).message
    assert again is not None and review_shown(again)  # the analysis was kept: drawn at once


async def test_a_failed_review_says_so_on_its_message(
    fake: FakeDiscord, bot_harness: BotHarness, logged_errors: ErrorLog
) -> None:
    record = await finished_game(fake, bot_harness)
    service = reviews(bot_harness)

    async def broken(position: str, played: int | None, budget: ReviewBudget) -> Any:
        raise RuntimeError("the worker died")

    service.analyse = broken
    progress = (await fake.slash(fake.bob, "reversi review", id=record.id)).message
    assert progress is not None
    await eventually(lambda: "failed" in progress.content)

    assert progress.content.startswith(f"Sorry, the review of game #{record.id} failed")
    (logged,) = logged_errors.take("bot.services.reviews")
    assert logged.exc_info is not None and "the worker died" in str(logged.exc_info[1])
    assert await bot_harness.bot.storage.reviews.get(record.id, FAST.key) is None
    service.analyse = bot_harness.bot.computer.analyse  # asked again, it runs afresh
    again = (await fake.slash(fake.bob, "reversi review", id=record.id)).message
    assert again is not None and again is not progress
    await eventually(lambda: review_shown(again))
