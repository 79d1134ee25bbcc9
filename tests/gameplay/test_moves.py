"""Playing a game: clicks, slash moves, autocomplete, select menus, passes and the end."""

from __future__ import annotations

import asyncio

import pytest

from bot import engine
from bot.domain import EndReason, GameStatus
from bot.engine import Color
from bot.services import Place
from tests.fakediscord.activity import bot_context
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.rendering.images import marked_squares

from .play import (
    OUT_OF_ABORT_WINDOW,
    PASS_NOTICE,
    legal_names,
    mobile_opening,
    move_labels,
    past_abort_window,
    play,
    start_game,
    stored,
    to_move,
    wthor_games,
)

UPDATE_MESSAGE = 7


async def test_a_tournament_game_played_to_the_end_by_clicks(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    row = wthor_games()[0]  # WTH_1977#1: 60 moves, two forced passes, Black wins 34-30
    moves = [row["moves"][i : i + 2] for i in range(0, len(row["moves"]), 2)]
    board = await start_game(fake)
    game = engine.Game()
    passes = 0
    for number, square in enumerate(moves, start=1):
        player = to_move(game, fake.alice, fake.bob)
        assert f"Move {number} · " in board.content
        assert f"{player.mention} to move" in board.content
        if len(game.position.legal_moves()) <= 20:
            assert move_labels(board) == legal_names(game.position)
        reply = await play(fake, board, player, square)
        assert reply.callback_type == UPDATE_MESSAGE
        assert reply.message is board
        ply = game.play(square)
        if ply.passed is not None:
            passes += 1
            assert f"{ply.passed.title} {PASS_NOTICE}." in board.content
            assert to_move(game, fake.alice, fake.bob) is player  # the turn came back
        else:
            assert PASS_NOTICE not in board.content
    assert passes == int(row["passes"]) == 2

    record = await stored(bot_harness, board)
    assert record.status is GameStatus.FINISHED
    assert record.end_reason is EndReason.NORMAL
    assert record.winner is Color.BLACK
    assert record.transcript == row["moves"]
    assert (record.black_discs, record.white_discs) == (34, 30)
    assert record.deadline is None
    assert f"🏆 {fake.alice.mention} wins · ⚫ 34-30 ⚪" in board.content
    assert "Ratings: " in board.content
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]
    assert await bot_harness.bot.storage.games.active_in(fake.general.id) is None

    (attachment,) = board.attachments
    assert attachment.filename == f"reversi-{record.id}-{record.ply}.png"
    image = attachment.image()
    assert image.format == "PNG"
    assert image.width >= 400 and image.height >= 400
    assert attachment.description is not None
    assert "34" in attachment.description and "30" in attachment.description


MISSED = {  # the pass as it happens; what Bob missed, until he moves; his turn
    "en": (
        "⚪ White has no legal move and passes.",
        "⚪ White had no move; Black played h7, a7",
        "Move 55 · ⚪ {bob} to move",
    ),
    "is": (
        "⚪ Hvítur á engan löglegan leik og segir pass.",
        "⚪ Hvítur átti engan leik; Svartur lék h7, a7",
        "55. leikur · ⚪ {bob} á leik",
    ),
}


@pytest.mark.parametrize("language", list(MISSED))
async def test_a_player_who_had_to_pass_sees_what_they_missed_until_they_move(
    fake: FakeDiscord, bot_harness: BotHarness, language: str
) -> None:
    row = wthor_games()[0]  # WTH_1977#1: Black's 53rd move, h7, leaves White without one
    moves = [row["moves"][i : i + 2] for i in range(0, len(row["moves"]), 2)]
    board = await start_game(fake)
    if language != "en":
        await fake.slash(fake.world.owner, "reversi settings", language=language)
    game = engine.Game()
    for square in moves[:52]:
        await play(fake, board, to_move(game, fake.alice, fake.bob), square)
        game.play(square)
    passes, missed, turn = MISSED[language]

    await play(fake, board, fake.alice, "h7")
    assert passes in board.content and missed not in board.content
    await play(fake, board, fake.alice, "a7")  # Alice again: Bob has seen neither move
    assert passes not in board.content
    assert f"{missed}\n{turn.format(bob=fake.bob.mention)}" in board.content
    (attachment,) = board.attachments
    assert marked_squares(attachment.image()) == sorted(map(engine.parse_square, ["h7", "a7"]))
    assert attachment.description is not None
    assert f"{missed.removeprefix('⚪ ')}." in attachment.description

    await play(fake, board, fake.bob, "a8")  # Bob moved: the next board is Alice's as usual
    assert missed not in board.content
    assert marked_squares(board.attachments[0].image()) == [engine.parse_square("a8")]


async def test_slash_moves_and_clicks_mix_on_one_board(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await fake.click(fake.alice, board, label="d3")
    typed = await fake.slash(fake.bob, "reversi move", square=" C3 ")
    assert typed.ephemeral
    assert typed.content == "You played **c3**."
    assert fake.last_message(fake.general) is board  # edited in place, not posted anew
    await fake.slash(fake.alice, "reversi move", square="c4")
    await fake.click(fake.bob, board, label="e3")

    record = await stored(bot_harness, board)
    assert record.transcript == "d3c3c4e3"
    assert record.message_id == board.id
    expected = engine.Game.from_transcript("d3c3c4e3")
    assert move_labels(board) == legal_names(expected.position)
    assert f"Move 5 · ⚫ {fake.alice.mention} to move" in board.content
    assert board.attachments[0].filename == f"reversi-{record.id}-4.png"
    assert board.attachments[0].image().size == board.attachments[0].dimensions


async def test_autocomplete_offers_exactly_the_callers_legal_moves(fake: FakeDiscord) -> None:
    assert await fake.autocomplete(fake.alice, "reversi move", "square") == []  # no game yet
    board = await start_game(fake)
    offered = await fake.autocomplete(fake.alice, "reversi move", "square")
    assert [c.value for c in offered] == ["d3", "c4", "f5", "e6"]
    assert [c.name for c in offered] == ["d3", "c4", "f5", "e6"]
    assert await fake.autocomplete(fake.bob, "reversi move", "square") == []  # not his turn
    assert await fake.autocomplete(fake.carol, "reversi move", "square") == []  # not playing
    typed = await fake.autocomplete(fake.alice, "reversi move", "square", partial="E")
    assert [c.value for c in typed] == ["e6"]

    await fake.click(fake.alice, board, label="d3")
    assert await fake.autocomplete(fake.alice, "reversi move", "square") == []
    replies = await fake.autocomplete(fake.bob, "reversi move", "square")
    assert [c.value for c in replies] == ["c3", "e3", "c5"]
    elsewhere = await fake.autocomplete(fake.bob, "reversi move", "square", channel=fake.games)
    assert elsewhere == []


async def show_position(
    fake: FakeDiscord, bot_harness: BotHarness, transcript: str
) -> tuple[engine.Game, int]:
    """Start a game, play `transcript` through the services, and repost it with /reversi board."""
    board = await start_game(fake)
    record = await stored(bot_harness, board)
    game = engine.Game()
    for square in engine.parse_transcript(transcript):
        player = to_move(game, fake.alice, fake.bob)
        place = Place(record.guild_id, record.channel_id)
        move = bot_harness.bot.services.games.move(
            record.id, player.id, engine.square_name(square), place
        )
        await asyncio.create_task(move, context=bot_context())  # as the bot's own work
        game.play(square)
    await fake.settle()
    shown = await fake.slash(fake.alice, "reversi board")
    assert shown.ephemeral and shown.content == "Here's the board again."
    new = fake.last_message(fake.general)
    assert new is not board and (await stored(bot_harness, new)).id == record.id
    link = f"https://discord.com/channels/{fake.guild.id}/{fake.general.id}/{new.id}"
    assert board.content == f"Reversi game #{record.id} moved down here: {link}"
    assert board.components == [] and board.attachments == [] and board.embeds == []
    return game, record.id


async def test_more_than_twenty_moves_come_as_a_select_menu(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    game, game_id = await show_position(fake, bot_harness, mobile_opening(20, seed=3))
    board = fake.last_message(fake.general)
    legal = legal_names(game.position)
    assert 20 < len(legal) <= 25
    (menu,) = board.selects
    assert menu.values == legal
    assert menu.custom_id == f"reversi:pick:{game_id}:{len(game)}:0"
    assert menu.placeholder == f"Choose your move ({legal[0]}-{legal[-1]})"
    assert [b.label for b in board.buttons] == ["Resign"]
    player = to_move(game, fake.alice, fake.bob)

    choice = legal[-1]
    reply = await fake.select(player, board, [choice])
    assert reply.message is board
    record = await bot_harness.bot.storage.games.get(game_id)
    assert record.moves[-1] == choice
    assert record.ply == len(game) + 1
    game.play(choice)
    assert f"{to_move(game, fake.alice, fake.bob).mention} to move" in board.content


async def test_more_than_twenty_five_moves_split_over_two_menus(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    game, game_id = await show_position(fake, bot_harness, mobile_opening(25, seed=3))
    board = fake.last_message(fake.general)
    legal = legal_names(game.position)
    assert len(legal) > 25
    first, second = board.selects
    assert first.values == legal[:25]
    assert second.values == legal[25:]
    assert second.placeholder == f"Choose your move ({legal[25]}-{legal[-1]})"
    player = to_move(game, fake.alice, fake.bob)
    other = fake.bob if player is fake.alice else fake.alice

    refused = await fake.select(other, board, [legal[-1]], custom_id=second.custom_id)
    assert refused.ephemeral and refused.content == "It's not your turn."
    await fake.select(player, board, [legal[-1]], custom_id=second.custom_id)
    record = await bot_harness.bot.storage.games.get(game_id)
    assert record.moves[-1] == legal[-1]


async def test_aborting_before_two_moves_each(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    board = await start_game(fake)
    await fake.click(fake.alice, board, label="d3")
    asked = await fake.click(fake.bob, board, label="Abort")
    assert asked.ephemeral and asked.content.startswith("Abort this game?")
    assert asked.message is not None

    done = await fake.click(fake.bob, asked.message, label="Yes, abort")

    assert done.message is asked.message and asked.message.content == "You aborted the game."
    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.ABORTED and record.winner is None
    assert f"Game aborted by {fake.bob.mention}" in board.content
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]
    assert await bot_harness.bot.storage.players.get(fake.guild.id, fake.bob.id) is None


@pytest.mark.parametrize("how", ["button", "command"])
async def test_an_abort_confirmed_after_the_window_closed_asks_again(
    fake: FakeDiscord, bot_harness: BotHarness, how: str
) -> None:
    """Alice is offered "Yes, abort" at ply 3; Bob makes his second move before she confirms:
    her click now would lose the game, so she is asked again, and nothing happens until then."""
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake)
    for index, square in enumerate(OUT_OF_ABORT_WINDOW[:3]):
        await play(fake, board, bob if index % 2 else alice, square)
    if how == "button":
        asked = await fake.click(alice, board, label="Abort")
    else:
        asked = await fake.slash(alice, "reversi resign")
    assert asked.content.startswith("Abort this game?") and asked.message is not None
    await play(fake, board, bob, OUT_OF_ABORT_WINDOW[3])

    again = await fake.click(alice, asked.message, label="Yes, abort")

    record = await stored(bot_harness, board)
    assert record.active and record.transcript == "".join(OUT_OF_ABORT_WINDOW)
    for player in (alice, bob):
        assert await bot_harness.bot.storage.players.get(fake.guild.id, player.id) is None
    assert again.ephemeral and again.message is not asked.message
    assert again.content == (
        "The game has moved on since you asked. Resign this game? Your opponent wins. This "
        "can't be undone."
    )
    assert again.message is not None
    assert [b.label for b in again.message.buttons] == ["Yes, resign"]
    stale = await fake.click(alice, asked.message, label="Yes, abort")  # still no
    assert stale.content == again.content and (await stored(bot_harness, board)).active

    await fake.click(alice, again.message, label="Yes, resign")
    assert again.message.content == "You resigned."
    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.RESIGNATION and record.winner is Color.WHITE


async def test_a_resignation_confirmed_moves_later_still_resigns(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Offered "Yes, resign", confirmed two moves later: it means the same, so it counts."""
    board = await start_game(fake)
    await past_abort_window(fake, board)
    asked = await fake.click(fake.bob, board, label="Resign")
    assert asked.message is not None
    await play(fake, board, fake.alice, "c4")
    await play(fake, board, fake.bob, "b3")
    done = await fake.click(fake.bob, asked.message, label="Yes, resign")
    assert done.message is asked.message and asked.message.content == "You resigned."
    record = await stored(bot_harness, board)
    assert record.end_reason is EndReason.RESIGNATION and record.winner is Color.BLACK


@pytest.mark.parametrize("window", ["open", "closed"])
async def test_a_confirmation_from_before_an_update_asks_again(
    fake: FakeDiscord, bot_harness: BotHarness, window: str
) -> None:
    """A confirmation the previous version posted (its button's custom id says only the game)
    is answered with a fresh one, whatever it meant then."""
    board = await start_game(fake)
    if window == "closed":
        await past_abort_window(fake, board)
    asked = await fake.slash(fake.alice, "reversi resign")
    assert asked.message is not None
    old = f"reversi:resign-yes:{(await stored(bot_harness, board)).id}"
    asked.message.components[0]["components"][0]["custom_id"] = old

    again = await fake.click(fake.alice, asked.message, custom_id=old)

    assert again.ephemeral and again.message is not asked.message
    assert again.content.startswith("That button is out of date. ")
    assert again.content.endswith(asked.content)
    assert (await stored(bot_harness, board)).active
    assert again.message is not None
    (button,) = again.message.buttons
    await fake.click(fake.alice, again.message, label=button.label)
    ended = await stored(bot_harness, board)
    expected = EndReason.ABORTED if window == "open" else EndReason.RESIGNATION
    assert ended.end_reason is expected


async def test_resigning_asks_for_confirmation(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    await fake.click(fake.alice, board, label="c4")
    asked = await fake.click(fake.bob, board, label="Resign")
    assert asked.ephemeral
    assert asked.content.startswith("Resign this game?")
    assert (await stored(bot_harness, board)).active  # nothing happens before confirming

    confirm = asked.message
    assert confirm is not None
    done = await fake.click(fake.bob, confirm, label="Yes, resign")
    assert done.message is confirm and confirm.content == "You resigned." and confirm.buttons == []
    record = await stored(bot_harness, board)
    assert record.status is GameStatus.FINISHED
    assert record.end_reason is EndReason.RESIGNATION
    assert record.winner is Color.BLACK
    assert (
        f"🏆 {fake.alice.mention} wins by resignation · ⚫ 61-3 ⚪ (6-3 on the board)"
        in board.content
    )
    assert [b.label for b in board.buttons] == ["Rematch", "Replay", "Review"]
    assert board.attachments[0].image().format == "PNG"


async def test_resign_by_command_and_after_the_end(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    asked = await fake.slash(fake.alice, "reversi resign")
    assert asked.ephemeral and asked.content.startswith("Resign this game?")
    assert asked.message is not None
    await fake.click(fake.alice, asked.message, label="Yes, resign")
    record = await stored(bot_harness, board)
    assert record.winner is Color.WHITE
    assert record.end_reason is EndReason.RESIGNATION

    again = await fake.slash(fake.alice, "reversi resign")
    assert again.ephemeral and again.content == "There's no game in progress in this channel."


async def test_rematch_swaps_colors_and_needs_the_other_to_accept(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    board = await start_game(fake)
    await past_abort_window(fake, board)
    asked = await fake.slash(fake.bob, "reversi resign")
    assert asked.message is not None
    await fake.click(fake.bob, asked.message, label="Yes, resign")

    outsider = await fake.click(fake.carol, board, label="Rematch")
    assert outsider.ephemeral and outsider.content == "Only the two players can ask for a rematch."
    offer = await fake.click(fake.bob, board, label="Rematch")
    invitation = offer.message
    assert invitation is not None and invitation is not board
    assert f"{fake.bob.mention} challenges {fake.alice.mention}" in invitation.content
    assert f"{fake.bob.mention} plays ⚫ Black" in invitation.content
    assert [b.label for b in invitation.buttons] == ["Accept", "Decline", "Cancel"]
    for player in (fake.bob, fake.alice):  # a second click, by either: the same offer
        again = await fake.click(player, board, label="Rematch")
        assert again.ephemeral and again.content == (
            f"A rematch of this game is already on offer: {invitation.jump_url}"
        )
    shown, end, offered = fake.messages(fake.general)  # the board, its end told, the offer
    assert (shown, offered) == (board, invitation) and "Bob resigned" in end.content

    own = await fake.click(fake.bob, invitation, label="Accept")
    assert own.ephemeral and "can't accept your own challenge" in own.content
    await fake.click(fake.alice, invitation, label="Accept")
    rematch = await stored(bot_harness, invitation)
    assert rematch.id != (await stored(bot_harness, board)).id
    assert (rematch.black_id, rematch.white_id) == (fake.bob.id, fake.alice.id)
    assert rematch.active
    assert move_labels(invitation) == ["d3", "c4", "f5", "e6"]


async def test_no_rematch_with_a_player_who_left_the_server(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Bob left: an invitation to him would stay open with nobody to accept it."""
    board = await start_game(fake)
    await past_abort_window(fake, board)
    asked = await fake.slash(fake.bob, "reversi resign")
    assert asked.message is not None
    await fake.click(fake.bob, asked.message, label="Yes, resign")
    fake.remove_member(fake.bob)

    refused = await fake.click(fake.alice, board, label="Rematch")

    assert refused.ephemeral and refused.content == (
        "That player isn't a member of this server, so they couldn't accept. Challenge a "
        "member, or leave the opponent empty for an open challenge."
    )
    assert await bot_harness.bot.storage.challenges.pending() == []
    assert fake.messages(fake.general)[0] == board and len(fake.messages(fake.general)) == 2
