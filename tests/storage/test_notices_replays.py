"""Replays posted once, and turn notices: each player's choice, once per move, one on screen."""

import asyncio

from bot.domain import Ending, EndReason
from bot.domain.notices import Notice, NoticeKind, NotifyChoice
from bot.domain.replays import Replay
from bot.storage import Storage
from tests.ids import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.storage.conftest import start_game


async def test_one_request_posts_a_replay_and_the_others_are_pointed_to_it(
    storage: Storage,
) -> None:
    game = await start_game(storage, ALICE, BOB)
    claims = await asyncio.gather(
        *(storage.replays.claim(game.id, now=100, stale_after=60) for _ in range(3))
    )
    assert claims.count(None) == 1
    assert [c for c in claims if c is not None] == [Replay(game.id, None, None)] * 2

    await storage.replays.posted(game.id, CHANNEL, 555)
    assert await storage.replays.claim(game.id, now=101, stale_after=60) == Replay(
        game.id, CHANNEL, 555
    )
    await storage.replays.release(game.id)  # its message was deleted
    assert await storage.replays.claim(game.id, now=102, stale_after=60) is None


async def test_a_claim_that_never_posted_lapses(storage: Storage) -> None:
    game = await start_game(storage, ALICE, BOB)
    assert await storage.replays.claim(game.id, now=100, stale_after=60) is None
    assert await storage.replays.claim(game.id, now=159, stale_after=60) is not None
    assert await storage.replays.claim(game.id, now=161, stale_after=60) is None


async def test_each_player_chooses_how_to_be_told(storage: Storage) -> None:
    assert await storage.notices.choice(ALICE) is NotifyChoice.CHANNEL
    await storage.notices.choose(ALICE, NotifyChoice.DM, now=1)
    await storage.notices.choose(BOB, NotifyChoice.NONE, now=1)
    assert await storage.notices.choice(ALICE) is NotifyChoice.DM
    await storage.notices.choose(ALICE, NotifyChoice.CHANNEL, now=2)
    assert await storage.notices.choice(ALICE) is NotifyChoice.CHANNEL

    await storage.forget_player(GUILD, BOB)
    assert await storage.notices.choice(BOB) is NotifyChoice.CHANNEL


async def test_several_players_choices_are_read_together(storage: Storage) -> None:
    await storage.notices.choose(ALICE, NotifyChoice.DM, now=1)
    await storage.notices.choose(BOB, NotifyChoice.NONE, now=1)

    choices = await storage.notices.choices([CAROL, BOB, ALICE, BOB])
    assert list(choices.items()) == [
        (CAROL, NotifyChoice.CHANNEL),  # never chose
        (BOB, NotifyChoice.NONE),
        (ALICE, NotifyChoice.DM),
    ]
    assert await storage.notices.choices([]) == {}


async def test_a_notice_is_sent_once_per_move_and_replaces_the_last(storage: Storage) -> None:
    game = await start_game(storage, ALICE, BOB)
    claims = await asyncio.gather(
        *(storage.notices.claim(game.id, 3, NoticeKind.PING) for _ in range(3))
    )
    assert sorted(claims) == [False, False, True]
    assert await storage.notices.claim(game.id, 3, NoticeKind.REMINDER)
    assert not await storage.notices.claim(game.id, 3, NoticeKind.REMINDER)
    assert await storage.notices.claim(game.id, 4, NoticeKind.PING)

    first, second = Notice(game.id, CHANNEL, 10), Notice(game.id, CHANNEL, 11)
    assert await storage.notices.shown(first, 0) is None
    assert await storage.notices.shown(second, 0) == first
    assert await storage.notices.take(game.id) == second
    assert await storage.notices.take(game.id) is None


async def test_a_notice_posted_after_its_move_or_the_end_is_handed_back(storage: Storage) -> None:
    """Its poster deletes it: the clean-up at the end may have run already."""
    game = await start_game(storage, ALICE, BOB)
    assert await storage.notices.claim(game.id, 0, NoticeKind.PING)
    shown = Notice(game.id, CHANNEL, 10)
    assert await storage.notices.shown(shown, 0) is None
    await storage.games.record_move(game.id, 0, "f5", deadline=None, now=1001)
    late = Notice(game.id, CHANNEL, 11)
    assert await storage.notices.shown(late, 0) == late  # Alice had moved
    await storage.games.finish(game.id, 1, Ending(EndReason.ABORTED, None, 4, 1), now=1002)
    assert await storage.notices.shown(Notice(game.id, CHANNEL, 12), 1) == Notice(
        game.id, CHANNEL, 12
    )
    assert await storage.notices.take(game.id) == shown  # the only one kept
