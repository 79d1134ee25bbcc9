"""A crash between the service's write and its subscribers: the move is stored but its board was
never shown. The next start shows the board as stored (the `shown_version` marker tells it which
boards are behind) and the game goes on from it."""

from __future__ import annotations

from bot import engine
from bot.domain import GameState, GameStatus
from bot.domain.events import GameEnded, GameEvent, MovePlayed
from cogs.replies import Reply
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness

from .play import legal_names, move_labels, play, start_game, stored, to_move, wthor_games


def board_never_shown(harness: BotHarness, kind: type[GameEvent]) -> list[GameEvent]:
    """The board publisher misses the next event of `kind`, and the handler that made it never
    asks for its answer, as if the bot died right after the service stored the change; returns
    the events it missed."""
    bot, publisher = harness.bot, harness.parts.publisher
    missed: list[GameEvent] = []
    unanswered: list[Reply] = []
    answer = publisher.answer

    def on_game(event: GameEvent) -> None:
        if not missed and isinstance(event, kind):
            missed.append(event)
            return
        publisher.on_game(event)

    async def answer_unless_missed(
        reply: Reply, state: GameState, *, said: str | None = None
    ) -> None:
        if missed and not unanswered:
            unanswered.append(reply)
            if said is not None:  # the command's own words, without the board
                await reply.interaction.response.send_message(said, ephemeral=True)
            return
        await answer(reply, state, said=said)

    publisher.unsubscribe(bot.events)
    bot.events.subscribe(GameEvent, on_game)
    publisher.answer = answer_unless_missed  # type: ignore[method-assign]
    return missed


async def test_a_move_stored_but_never_shown_is_shown_at_the_next_start(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await play(fake, board, fake.alice, "d3")
    missed = board_never_shown(bot_harness, MovePlayed)

    moved = await fake.slash(fake.bob, "reversi move", square="c3")

    assert moved.content == "You played **c3**."
    assert len(missed) == 1
    record = await stored(bot_harness, board)
    assert record.transcript == "d3c3" and record.board_behind
    assert move_labels(board) == ["c3", "e3", "c5"]  # still the board before Bob's move

    await bot_harness.restart()

    game = engine.Game.from_transcript("d3c3")
    assert move_labels(board) == legal_names(game.position)
    assert fake.messages(fake.general) == [board]  # the same message, edited
    shown = await stored(bot_harness, board)
    assert shown.shown_version == shown.version and not shown.board_behind

    square = move_labels(board)[0]
    reply = await play(fake, board, fake.alice, square)
    assert reply.message is board
    game.play(square)
    assert (await stored(bot_harness, board)).transcript == game.transcript()
    assert move_labels(board) == legal_names(game.position)


async def test_a_final_move_stored_but_never_shown_is_shown_at_the_next_start(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    row = wthor_games()[1]  # WTH_1977#2: Black wins 52-12
    moves = [row["moves"][i : i + 2] for i in range(0, len(row["moves"]), 2)]
    board = await start_game(fake)
    # The game reached its last move while the bot was down (written straight to storage):
    # the start-up shows it where it stands.
    storage = bot_harness.bot.storage
    record = await stored(bot_harness, board)
    for square in moves[:-1]:
        record = await storage.games.record_move(
            record.id, record.ply, square, deadline=record.deadline, now=record.updated_at
        )
    await bot_harness.restart()
    before_last = engine.Game(moves[:-1])
    assert move_labels(board) == legal_names(before_last.position)
    missed = board_never_shown(bot_harness, GameEnded)
    last_mover = to_move(before_last, fake.alice, fake.bob)

    moved = await fake.slash(last_mover, "reversi move", square=moves[-1])

    assert moved.content == f"You played **{moves[-1]}**."
    assert len(missed) == 1
    record = await stored(bot_harness, board)
    assert record.status is GameStatus.FINISHED and record.board_behind
    assert "wins" not in board.content

    await bot_harness.restart()

    assert f"🏆 {fake.alice.mention} wins · ⚫ 52-12 ⚪" in board.content
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]
    shown, end = fake.messages(fake.general)  # the end told once, not again on resuming
    assert shown is board and end.content.startswith("🏁")
    assert not (await stored(bot_harness, board)).board_behind
    rematch = await fake.click(fake.bob, board, label="Rematch")  # and play goes on
    assert rematch.message is not None and "challenge" in rematch.message.content.lower()
