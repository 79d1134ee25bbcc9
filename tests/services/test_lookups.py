"""The look-ups of games in progress: a player's, their move first, and the server's."""

from __future__ import annotations

from bot import engine
from bot.domain import Challenge
from bot.services import Place, Services
from tests.fakediscord.clock import FakeClock
from tests.ids import ALICE, BOB, BOT, CAROL, GUILD, OTHER_GUILD

from .support import HERE, human_game, play

THIRD = Place(GUILD, HERE.channel_id + 10)
FOURTH = Place(GUILD, HERE.channel_id + 11)
AWAY = Place(OTHER_GUILD, HERE.channel_id + 12)


async def test_a_players_games_their_move_first_the_soonest_first_the_bots_thinking_last(
    services: Services, clock: FakeClock
) -> None:
    waiting = await human_game(services, ALICE, BOB)
    waiting = await play(services, waiting, ["f5"])  # Bob's move
    sooner = await human_game(services, ALICE, CAROL, place=FOURTH)  # Alice's move
    clock.advance(60)
    later = await human_game(services, CAROL, ALICE, place=THIRD)
    later = await play(services, later, ["f5"], THIRD)  # Alice's move, a minute later
    against_bot = await services.versus_bot.start_bot_game(
        Place(GUILD, HERE.channel_id + 13), ALICE, level=1, color=engine.Color.WHITE
    )  # the bot's move: no deadline while it thinks
    await human_game(services, ALICE, BOB, place=AWAY)
    invitation = await services.challenges.challenge(Place(GUILD, HERE.channel_id + 14), BOB, ALICE)
    assert isinstance(invitation, Challenge)

    found = await services.lookups.games_of(GUILD, ALICE)

    ids = [state.record.id for state in found.games]
    assert ids == [sooner.record.id, later.record.id, waiting.record.id, against_bot.record.id]
    assert [s.record.id for s in found.their_move] == ids[:2]
    assert [c.id for c in found.received] == [invitation.id]
    assert found.sent == ()

    page = await services.lookups.in_progress(GUILD, per_page=3)
    assert (page.found.total, page.found.pages) == (4, 2)
    assert [s.record.id for s in page.states] == [r.id for r in page.found.games]
    assert page.states[0].to_move_id == BOT  # the latest moved: the bot's game, just begun
