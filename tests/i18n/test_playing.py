"""Playing in a language, end to end through the fake Discord: a server set to Hausa sees its
games in Hausa; a member who chose Tamil reads their own answers in Tamil while the board stays
in the server's language."""

from __future__ import annotations

from bot.domain import GameRecord, GameStatus
from bot.i18n import _, using
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Message
from tests.gameplay.play import play, start_game

WIPEOUT = ("d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4")
"""Nine moves and White has no disc left: Black wins 13-0 (64-0 with the empty squares)."""


def said(code: str, message: str) -> str:
    """`message` as the catalogue of `code` has it; never the English itself."""
    with using(code):
        translated = _(message)
    assert translated != message, f"{message!r} is not translated into {code}"
    return translated


def labels(message: Message) -> list[str]:
    return [button.label or "" for button in message.buttons]


async def game_in(harness: BotHarness, fake: FakeDiscord) -> GameRecord:
    """The game in progress in #general, as stored."""
    record = await harness.bot.storage.games.active_in(fake.general.id)
    assert record is not None
    return record


async def test_a_server_set_to_hausa_plays_in_hausa(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    alice, bob = fake.alice, fake.bob
    saved = await fake.slash(fake.world.owner, "reversi settings", language="ha")
    assert saved.ephemeral
    assert said("ha", "Language: **{language}**").format(language="Hausa") in saved.content

    challenge = await fake.slash(alice, "reversi challenge", opponent=bob, colour="black")
    assert challenge.message is not None
    board = challenge.message
    title = said("ha", "**Reversi challenge** · {challenger} challenges {opponent}!")
    assert board.content.startswith(title.format(challenger=alice.mention, opponent=bob.mention))
    assert labels(board) == [said("ha", "Accept"), said("ha", "Decline"), said("ha", "Cancel")]
    await fake.click(bob, board, label=said("ha", "Accept"))

    game = await game_in(bot_harness, fake)
    header = said("ha", "**Reversi** · game #{id} · {time_control}").split("{id}")[0]
    assert board.content.startswith(header + str(game.id))
    to_move = said("ha", "Move {number} · {player} to move")
    assert to_move.format(number=1, player=f"⚫ {alice.mention}") in board.content
    assert said("ha", "Abort") in labels(board)
    assert board.attachments[0].description is not None
    assert board.attachments[0].description.startswith(said("ha", "Reversi board."))

    for index, square in enumerate(WIPEOUT):
        await play(fake, board, bob if index % 2 else alice, square)
        if index == 4:  # two moves each: the Abort button is Resign again, in Hausa
            assert said("ha", "Resign") in labels(board)

    game = await bot_harness.bot.storage.games.get(game.id)
    assert game.status is GameStatus.FINISHED and (game.black_discs, game.white_discs) == (13, 0)
    won = said("ha", "{player} wins").format(player=alice.mention)
    assert won in board.content
    assert labels(board) == [said("ha", "Rematch"), said("ha", "Replay"), said("ha", "Review")]
    assert "Black" not in board.attachments[0].description

    rules = await fake.slash(bob, "reversi rules")  # Bob's Discord speaks English; the server Hausa
    assert rules.ephemeral and rules.message.embeds[0]["title"] == said("ha", "How to play Reversi")


async def test_a_tamil_reader_gets_tamil_answers_and_the_board_stays_in_english(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    alice, bob = fake.alice, fake.bob
    chosen = await fake.slash(bob, "reversi language", language="ta")
    assert chosen.ephemeral
    saved = said("ta", "Saved: I answer you in {language}, in every server.")
    assert chosen.content == saved.format(language="தமிழ்")

    board = await start_game(fake, alice, bob)  # the board speaks the server's English
    assert "Move 1 · " in board.content and "Abort" in labels(board)

    refused = await fake.slash(bob, "reversi move", square="d3")  # not Bob's turn
    assert refused.ephemeral and refused.content == said("ta", "It's not your turn.")
    english = await fake.slash(alice, "reversi move", square="a1")
    assert english.ephemeral and english.content == "a1 is not a legal move now: it flips no disc."

    await play(fake, board, alice, "d3")
    wrong = await fake.slash(bob, "reversi move", square="h8")
    assert wrong.ephemeral
    flips_nothing = said("ta", "{text} is not a legal move now: it flips no disc.")
    assert wrong.content == flips_nothing.format(text="h8")
    await play(fake, board, bob, "c3")  # a move by the Tamil reader: the board stays English
    assert f"Move 3 · ⚫ {alice.mention} to move" in board.content

    stats = await fake.slash(bob, "reversi stats")
    assert stats.ephemeral and said("ta", "Share") in labels(stats.message)


async def test_an_icelandic_invitation_leaves_its_expiry_to_the_readers_discord(
    fake: FakeDiscord,
) -> None:
    await fake.slash(fake.world.owner, "reversi settings", language="is")
    challenge = await fake.slash(fake.alice, "reversi challenge", opponent=fake.bob, time="6h")
    assert challenge.message is not None
    expiry = int(fake.clock.now().timestamp()) + 6 * 60 * 60
    expires = said("is", "Expires: {when}").format(when=f"<t:{expiry}:R>")
    assert challenge.message.content.endswith(" " + expires)
    assert expires.endswith(": " + f"<t:{expiry}:R>")  # the timestamp stands alone


async def test_a_tamil_admin_confirms_opening_every_channel_but_one_in_tamil(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    owner, games = fake.world.owner, f"<#{fake.games.id}>"
    await fake.slash(owner, "reversi language", language="ta")
    await bot_harness.bot.storage.settings.update(
        fake.guild.id, now=0, allowed_channels=[fake.games.id]
    )
    asked = await fake.slash(owner, "reversi settings", disallow=fake.games)
    question = said(
        "ta",
        "{channel} is the only channel that allows games. Disallow it, and allow games in every "
        "other channel?",
    )
    assert asked.content == question.format(channel=games)
    assert labels(asked.message) == [said("ta", "Yes, change it")]

    await fake.click(owner, asked.message, label=said("ta", "Yes, change it"))
    where = said("ta", "every channel except {channels}").format(channels=games)
    line = said("ta", "Games allowed in: {channels}").format(channels=where)
    assert asked.message.content.startswith(said("ta", "Saved."))
    assert line in asked.message.content.split("\n")
