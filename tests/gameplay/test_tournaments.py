"""Tournaments end to end: signing up on the sign-up message, rounds that pair and start their
games in threads by themselves, resignations, a loss on time, a withdrawal and a restart in the
middle of a round, to the final standings."""

from __future__ import annotations

from bot.domain import GameRecord
from bot.domain.tournaments import TournamentState, TournamentView
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Channel, Message, User

from .play import move_labels, past_abort_window, play


async def create(fake: FakeDiscord, format: str, **options: object) -> Message:
    owner = fake.world.owner
    reply = await fake.slash(
        owner,
        "reversi tournament create",
        name="Club Cup",
        format=format,
        start="1h",
        time="1h",
        options={"channel": fake.games},
        **options,
    )
    assert reply.ephemeral and "Tournament **Club Cup** (#" in reply.content, reply.content
    signup = fake.last_message(fake.games)
    assert [b.label for b in signup.buttons] == ["Join", "Leave"]
    return signup


async def view(harness: BotHarness) -> TournamentView:
    (latest,) = await harness.bot.storage.tournaments.of_guild(harness.bot.guilds[0].id)
    return await harness.bot.storage.tournaments.view(latest.id)


async def games_of_round(
    fake: FakeDiscord, harness: BotHarness
) -> list[tuple[GameRecord, Message, Channel]]:
    """The current round's games in progress, each with its board and its thread."""
    current = await view(harness)
    threads = {thread.id: thread for thread in fake.threads(fake.games)}
    found = []
    for board in current.round_boards(current.tournament.round):
        if board.game_id is None or board.pairing.finished:
            continue
        record = await harness.bot.storage.games.get(board.game_id)
        assert record.message_id is not None
        thread = threads[record.channel_id]
        found.append((record, fake.world.messages[record.message_id], thread))
    return found


async def lose(
    fake: FakeDiscord,
    users: dict[int, User],
    game: GameRecord,
    thread: Channel,
    board: Message,
    loser: int,
) -> None:
    """Two moves each, then `loser` resigns in the game's thread."""
    await past_abort_window(fake, board, users[game.black_id], users[game.white_id])
    asked = await fake.slash(users[loser], "reversi resign", channel=thread)
    assert asked.message is not None, asked.content
    await fake.click(users[loser], asked.message, label="Yes, resign")


async def test_a_round_robin_with_a_loss_on_time_and_a_restart_mid_round(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    erin = fake.add_user("erin")
    players = [fake.alice, fake.bob, fake.carol, erin]
    users = {user.id: user for user in players}
    signup = await create(fake, "round_robin")
    for user in players:
        joined = await fake.click(user, signup, label="Join")
        assert joined.ephemeral and joined.content == "You're in **Club Cup** (#1). Good luck!"
    twice = await fake.click(fake.alice, signup, label="Join")
    assert twice.content == "You're already in this tournament."
    refused = await fake.slash(fake.alice, "reversi tournament start")
    assert refused.content == "Only the tournament's organiser can do that."
    assert "Entrants (4 of 64):" in signup.content and erin.mention in signup.content
    assert "<t:" in signup.content and ":R>" in signup.content

    await fake.advance(hours=1)  # the start time comes

    for number in (1, 2, 3):
        games = await games_of_round(fake, bot_harness)
        assert len(games) == 2, number
        assert {t.parent for _, _, t in games} == {fake.games}
        (first, board, thread), (second, second_board, second_thread) = games
        await lose(fake, users, first, thread, board, max(first.black_id, first.white_id))
        loser = max(second.black_id, second.white_id)
        if number == 1:  # a loss on time: the loser's clock runs out with their move to make
            black, white = users[second.black_id], users[second.white_id]
            await past_abort_window(fake, second_board, black, white)
            if second.black_id != loser:
                await play(fake, second_board, black, move_labels(second_board)[0])
            await fake.advance(hours=2)
            ended = await bot_harness.bot.storage.games.get(second.id)
            assert ended.end_reason is not None and ended.end_reason.value == "timeout"
            assert ended.winner is not None and ended.player(ended.winner) != loser
        else:
            if number == 3:
                await bot_harness.restart()
            await lose(fake, users, second, second_thread, second_board, loser)

    final = await view(bot_harness)
    assert final.tournament.state is TournamentState.FINISHED
    standings = fake.last_message(fake.games)
    assert "wins the tournament!" in standings.content
    winner = min(user.id for user in players)
    assert f"🥇 <@{winner}> wins the tournament!" in standings.content
    (image,) = standings.attachments
    assert image.image().format == "PNG" and image.description == "Club Cup: standings"
    assert len(fake.threads(fake.games)) == 6
    assert signup.buttons == []
    assert "Finished." in signup.content


async def test_a_swiss_with_a_bye_and_a_withdrawal(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    players = [fake.alice, fake.bob, fake.carol, fake.add_user("erin"), fake.add_user("finn")]
    users = {user.id: user for user in players}
    signup = await create(fake, "swiss", rounds=3)
    for user in players:
        await fake.click(user, signup, label="Join")
    started = await fake.slash(fake.world.owner, "reversi tournament start")
    assert started.content == "**Club Cup** (#1) has started."

    games = await games_of_round(fake, bot_harness)
    assert len(games) == 2
    leaver = users[games[0][0].black_id]
    refused = await fake.click(leaver, signup, label="Leave")
    playing = games[0][0].id
    assert refused.content == f"You're playing game #{playing} of this tournament: finish it first."
    for index, (record, board, thread) in enumerate(games):
        await lose(fake, users, record, thread, board, max(record.black_id, record.white_id))
        if index == 0:  # their game is over, the round is not: they may withdraw
            left = await fake.click(leaver, signup, label="Leave")
            assert left.content == "You've left **Club Cup** (#1)."
            assert f"{leaver.mention} (withdrawn)" in signup.content

    while games := await games_of_round(fake, bot_harness):
        for record, board, thread in games:
            assert leaver.id not in (record.black_id, record.white_id)
            await lose(fake, users, record, thread, board, max(record.black_id, record.white_id))

    final = await view(bot_harness)
    assert final.tournament.state is TournamentState.FINISHED
    assert final.tournament.round == 3
    standings = await fake.slash(fake.bob, "reversi tournament standings")
    assert standings.ephemeral and "**Club Cup** (#1): standings" in standings.content
    assert "wins the tournament!" in standings.content
    assert standings.message is not None and len(standings.message.attachments) == 1
    pairings = await fake.slash(fake.bob, "reversi tournament pairings", round=1)
    assert "round 1 of 3" in pairings.content and "has a bye" in pairings.content
