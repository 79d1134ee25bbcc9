"""A round in the tournament's channel: every board listed, however many, each board's thread
started from its line, thread names that tell the boards apart, and a round that waits for the
permissions it needs, says what is missing, and starts as soon as they are granted."""

from __future__ import annotations

from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message

from .test_tournaments import create, view


async def entered(fake: FakeDiscord, signup: Message, count: int) -> None:
    for index in range(count):
        await fake.click(fake.add_user(f"p{index}"), signup, label="Join")


async def test_every_board_of_a_full_tournament_is_listed_and_has_its_thread(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """256 entrants: 128 boards, each on a line of its own that starts its thread, and all of
    them in `/reversi tournament pairings`, a few messages long."""
    signup = await create(fake, "swiss", rounds=1, limit=256)
    await entered(fake, signup, 256)
    await fake.slash(fake.world.owner, "reversi tournament start")

    boards = (await view(bot_harness)).round_boards(1)
    assert len(boards) == 128 and all(b.game_id is not None for b in boards)
    threads = {t.id: t for t in fake.threads(fake.games)}
    for board in boards:
        record = await bot_harness.bot.storage.games.get(board.game_id or 0)
        line = fake.world.messages[record.channel_id]  # the message its thread started from
        assert line.channel is fake.games and line.content.startswith(f"{board.number}. ")
        assert threads[record.channel_id].name == f"Club Cup · round 1 · board {board.number}"
    posted = fake.messages(fake.games)
    assert len(posted) == 1 + 1 + 128 and all(m.type == 0 for m in posted)

    asked = await fake.slash(fake.bob, "reversi tournament pairings")
    answers = asked.messages
    assert len(answers) > 1 and all(m.ephemeral for m in answers)
    assert all(len(m.content) <= 2000 for m in answers)
    text = "\n".join(m.content for m in answers)
    assert text.startswith("**Club Cup** (#1): round 1 of 1\n1. ") and "more" not in text
    assert all(f"<#{thread}>" in text for thread in threads)
    assert [int(line.split(".")[0]) for line in text.splitlines()[1:]] == list(range(1, 129))


async def test_a_long_tournament_name_is_cut_in_thread_names_not_the_board(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    name = "The Grand Autumn Open of the Reversi Club, with its Juniors, Seniors and Guests " * 2
    reply = await fake.slash(
        fake.world.owner,
        "reversi tournament create",
        name=name[:100],
        start="1h",
        options={"channel": fake.games},
    )
    assert reply.content.startswith("Tournament **The Grand Autumn Open"), reply.content
    await entered(fake, fake.last_message(fake.games), 4)
    await fake.slash(fake.world.owner, "reversi tournament start")

    names = sorted(thread.name for thread in fake.threads(fake.games))
    assert len(names) == 2 and all(len(n) == 100 for n in names)
    assert names[0].endswith("… · round 1 · board 1") and names[1].endswith("… · round 1 · board 2")
    assert names[0].startswith("The Grand Autumn Open of the Reversi Club")


async def test_a_start_without_the_thread_permissions_says_what_is_missing(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    signup = await create(fake, "swiss", rounds=1)
    await entered(fake, signup, 2)
    fake.deny(fake.games, "create_public_threads", "send_messages_in_threads")

    refused = await fake.slash(fake.world.owner, "reversi tournament start")

    assert refused.content == (
        "I can't start the games of **Club Cup** (#1): I'm missing the Create Public Threads, "
        f"Send Messages in Threads permissions in <#{fake.games.id}>. Ask an admin to grant "
        "them, then try again."
    )
    assert (await view(bot_harness)).tournament.state.value == "signup"
    assert [b.label for b in signup.buttons] == ["Join", "Leave"]


async def test_a_round_waits_for_its_thread_permission_and_begins_once_granted(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    signup = await create(fake, "swiss", rounds=1)
    await entered(fake, signup, 2)
    fake.deny(fake.games, "create_public_threads")

    await fake.advance(hours=1)  # the start time comes

    told = fake.last_message(fake.games)
    assert told.content == (
        f"{fake.world.owner.mention} The games of **Club Cup** (#1) can't begin: I'm missing the "
        f"Create Public Threads permission in <#{fake.games.id}>. They begin as soon as an "
        "admin grants it."
    )
    assert told.mentioned_ids() == [fake.world.owner.id]
    assert fake.threads(fake.games) == []
    await fake.advance(minutes=10)  # tried again meanwhile, and still refused: said once
    assert fake.last_message(fake.games) is told and fake.threads(fake.games) == []

    fake.set_permissions(fake.games, allow=("create_public_threads",))
    await fake.settle()

    (thread,) = fake.threads(fake.games)
    (board,) = (await view(bot_harness)).round_boards(1)
    record = await bot_harness.bot.storage.games.get(board.game_id or 0)
    assert record.channel_id == thread.id and record.active
    title, line = fake.messages(fake.games)[-2:]
    assert title.content == "**Club Cup** (#1): round 1 of 1" and line.id == thread.id


async def test_the_organiser_is_told_directly_where_the_bot_can_t_post(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await fake.slash(fake.world.owner, "reversi language", language="is")
    signup = await create(fake, "swiss", expect="Mótið **Club Cup** (#1) er stofnað: ", rounds=1)
    await entered(fake, signup, 2)
    fake.deny(fake.games, "send_messages")

    await fake.advance(hours=1)
    await fake.advance(hours=1)

    (dm,) = fake.world.dms_to(fake.world.owner)  # once, in the organiser's language
    assert dm.content == (
        "Leikir mótsins **Club Cup** (#1) geta ekki hafist: mig vantar heimildirnar Send "
        f"Messages, Attach Files á <#{fake.games.id}>. Þeir hefjast um leið og stjórnandi veitir "
        "þær."
    )
    assert fake.threads(fake.games) == []
