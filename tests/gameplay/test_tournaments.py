"""Tournaments end to end: signing up on the sign-up message, rounds that pair and start their
games in threads by themselves, resignations, a loss on time, a withdrawal and a restart in the
middle of a round, to the final standings."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.domain import GameRecord
from bot.domain.tournament import TournamentState, TournamentView, standings
from bot.i18n import in_force
from cogs import replies
from cogs.names import Names
from cogs.tournaments.image import standings_rows
from rendering import render_standings
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.world import Channel, Message, User

from .play import move_labels, past_abort_window, play
from .test_records import embed_of, lines

SWISS_SEED = 0
"""The Swiss's draw by lot: with some draws Alice and Bob never meet and Bob, as unbeaten as she
is, wins on the tiebreak (1 draw in 30 or so), which is right but not what the test checks."""


async def create(
    fake: FakeDiscord,
    format: str,
    expect: str = "Tournament **Club Cup** (#1) created: ",
    **options: object,
) -> Message:
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
    signup = fake.last_message(fake.games)
    assert reply.ephemeral and reply.content == expect + signup.jump_url, reply.content
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


async def play_round(
    fake: FakeDiscord,
    harness: BotHarness,
    users: dict[int, User],
    signup: Message,
    *,
    on_time: bool = False,
    restart: bool = False,
    withdraw: bool = False,
) -> tuple[list[GameRecord], User | None]:
    """Play the current round, the player with the larger id losing each game: the last game on
    time if `on_time`, the bot restarted halfway if `restart`, and if `withdraw`, the loser of the
    first game leaving once it is over (the round still going on). Returns the round's games and
    who left."""
    games = await games_of_round(fake, harness)
    assert games
    timed = games[-1] if on_time else None
    leaver = None
    for index, (record, board, thread) in enumerate(games):
        if restart and index == len(games) // 2:
            await harness.restart()
        if timed is not None and record is timed[0]:
            continue
        loser = max(record.black_id, record.white_id)
        await lose(fake, users, record, thread, board, loser)
        if withdraw and leaver is None:
            leaver = users[loser]
            left = await fake.click(leaver, signup, label="Leave")
            assert left.content == "You've left **Club Cup** (#1).", left.content
            assert f"{leaver.mention} (withdrawn)" in signup.content
    if timed is not None:  # the loser's clock runs out with their move to make
        record, board, _thread = timed
        black, white = users[record.black_id], users[record.white_id]
        await past_abort_window(fake, board, black, white)
        if record.black_id != max(record.black_id, record.white_id):
            await play(fake, board, black, move_labels(board)[0])
        await fake.advance(hours=2)
        ended = await harness.bot.storage.games.get(record.id)
        assert ended.end_reason is not None and ended.end_reason.value == "timeout"
        assert ended.winner is not None and ended.player(ended.winner) == min(users_of(ended))
    return [record for record, _, _ in games], leaver


def users_of(record: GameRecord) -> tuple[int, int]:
    return record.black_id, record.white_id


async def sign_up(fake: FakeDiscord, signup: Message, players: list[User]) -> None:
    for user in players:
        joined = await fake.click(user, signup, label="Join")
        assert joined.ephemeral and joined.content == "You're in **Club Cup** (#1). Good luck!"
    assert f"Entrants ({len(players)} of 64):" in signup.content
    assert all(user.mention in signup.content for user in players)


async def test_a_nine_player_swiss_of_four_rounds(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """With a loss on time, a withdrawal and a restart in the middle of a round."""
    bot_harness.bot.services.context.rng.seed(SWISS_SEED)  # drawn as the tournament is created
    players = [fake.alice, fake.bob, fake.carol, *(fake.add_user(f"p{i}") for i in range(6))]
    users = {user.id: user for user in players}
    signup = await create(fake, "swiss", rounds=4)
    assert [b.label for b in signup.buttons] == ["Join", "Leave"]
    await sign_up(fake, signup, players)
    twice = await fake.click(fake.alice, signup, label="Join")
    assert twice.content == "You're already in this tournament."
    refused = await fake.slash(fake.alice, "reversi tournament start")
    assert refused.content == "Only the tournament's organiser can do that."
    assert "Sign-up is open. It starts: <t:" in signup.content and ":R>)" in signup.content

    await fake.advance(hours=1)  # the start time comes
    assert [b.label for b in signup.buttons] == ["Leave"]  # sign-up is closed
    playing = (await games_of_round(fake, bot_harness))[0][0]
    refused = await fake.click(users[playing.black_id], signup, label="Leave")
    assert refused.content == (
        f"You're playing game #{playing.id} of this tournament: finish it first."
    )

    round_games = [await play_round(fake, bot_harness, users, signup)]
    round_games.append(
        await play_round(fake, bot_harness, users, signup, on_time=True, withdraw=True)
    )
    round_games.append(await play_round(fake, bot_harness, users, signup, restart=True))
    round_games.append(await play_round(fake, bot_harness, users, signup))
    assert await games_of_round(fake, bot_harness) == []

    final = await view(bot_harness)
    assert final.tournament.state is TournamentState.FINISHED and final.tournament.round == 4
    leaver = round_games[1][1]
    assert leaver is not None
    for number in (3, 4):
        assert all(leaver.id not in b.pairing.players() for b in final.round_boards(number))
    met = [frozenset(b.pairing.players()) for b in final.boards if b.pairing.white]
    assert len(met) == len(set(met)), "a pairing repeated"
    byes = [b.pairing.black for b in final.boards if b.pairing.white is None]
    assert len(byes) == len(set(byes)) and len(final.round_boards(1)) == 5
    assert len(fake.threads(fake.games)) == sum(len(games) for games, _ in round_games)
    announced = [
        m for m in fake.messages(fake.games) if "**Club Cup** (#1): round 2 of 4" in m.content
    ]
    (second_round,) = announced
    for game in round_games[1][0]:  # each thread starts from its board's line, after the post
        line = fake.world.messages[game.channel_id]
        assert line.channel is fake.games and line.id > second_round.id
        assert f"<@{game.black_id}> (black) vs <@{game.white_id}> (white)" in line.content
    posted = fake.messages(fake.games)
    assert all(m.type == 0 for m in posted), "a thread left a notice in the channel"
    # the sign-up, each round's post and its games' lines, the final standings
    assert len(posted) == 1 + len(round_games) + len(fake.threads(fake.games)) + 1
    standings = fake.last_message(fake.games)
    assert f"🥇 {fake.alice.mention} wins the tournament!" in standings.content
    (image,) = standings.attachments
    assert image.image().format == "PNG" and image.description == "Club Cup: standings"
    assert signup.buttons == [] and "Finished." in signup.content
    asked = await fake.slash(fake.bob, "reversi tournament standings")
    assert asked.ephemeral and "**Club Cup** (#1): standings" in asked.content
    assert asked.message is not None and len(asked.message.attachments) == 1
    pairings = await fake.slash(fake.bob, "reversi tournament pairings", round=1)
    assert "round 1 of 4" in pairings.content and "has a bye" in pairings.content
    assert all(f"<#{game.channel_id}>" in pairings.content for game in round_games[0][0])
    second = await fake.slash(fake.bob, "reversi tournament pairings", round=2)
    assert second.content.count(" on time · <#") == 1, second.content
    assert second.content.count(" by resignation · <#") == len(round_games[1][0]) - 1


async def test_a_six_player_round_robin(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    """Started early by the organiser, with a withdrawal (the rest of the leaver's games lost
    without play), a loss on time and a restart in the middle of a round."""
    players = [fake.alice, fake.bob, fake.carol, *(fake.add_user(f"p{i}") for i in range(3))]
    users = {user.id: user for user in players}
    signup = await create(fake, "round_robin")
    await sign_up(fake, signup, players)
    started = await fake.slash(fake.world.owner, "reversi tournament start")
    assert started.content == "**Club Cup** (#1) has started."
    assert [b.label for b in signup.buttons] == ["Leave"]

    await play_round(fake, bot_harness, users, signup)
    _, leaver = await play_round(fake, bot_harness, users, signup, withdraw=True)
    await play_round(fake, bot_harness, users, signup, on_time=True)
    await play_round(fake, bot_harness, users, signup, restart=True)
    await play_round(fake, bot_harness, users, signup)

    final = await view(bot_harness)
    assert final.tournament.state is TournamentState.FINISHED and final.tournament.round == 5
    met = {frozenset(b.pairing.players()) for b in final.boards}
    assert len(met) == 15 == len(final.boards)
    assert leaver is not None
    forfeits = [b for b in final.boards if b.pairing.forfeit]
    assert len(forfeits) == 3 and all(leaver.id in b.pairing.players() for b in forfeits)
    assert all(b.game_id is None and b.pairing.winner != leaver.id for b in forfeits)
    standings = fake.last_message(fake.games)
    assert f"🥇 {fake.alice.mention} wins the tournament!" in standings.content
    won_before = sum(b.pairing.winner == leaver.id for b in final.boards if b.pairing.round <= 2)
    points = "1 point" if won_before == 1 else f"{won_before} points"
    assert f"{leaver.mention}: {points} · BQ " in standings.content
    assert " · withdrew after round 2\n" in standings.content + "\n"


async def test_the_sign_up_speaks_the_server_s_language_and_answers_in_the_reader_s(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await fake.slash(fake.world.owner, "reversi settings", language="is")
    await fake.slash(fake.bob, "reversi language", language="ta")
    signup = await create(fake, "round_robin", expect="Mótið **Club Cup** (#1) er stofnað: ")

    assert signup.content.startswith("🏆 Mót **Club Cup** (#1)\nallir við alla · ")
    assert "Skráning er opin. Mótið hefst: <t:" in signup.content
    assert [b.label for b in signup.buttons] == ["Skrá mig", "Draga mig úr"]
    joined = await fake.click(fake.bob, signup, label="Skrá mig")
    assert joined.content == ("நீங்கள் **Club Cup** (#1)-இல் சேர்ந்தீர்கள். வெற்றி பெற வாழ்த்துகள்!")
    twice = await fake.click(fake.alice, signup, label="Draga mig úr")
    assert twice.content == "Þú ert ekki á skrá í þessu móti."
    assert "Þátttakendur (1 af 64):" in signup.content


async def test_the_organiser_role_runs_tournaments(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    refused = await fake.slash(fake.carol, "reversi tournament create", name="Club Cup", start="1h")
    assert refused.content == "Only the tournament's organiser can do that."
    moderator = fake.guild.role("Moderator")
    await fake.slash(fake.world.owner, "reversi settings", organiser_role=moderator)

    created = await fake.slash(fake.carol, "reversi tournament create", name="Club Cup", start="1h")
    assert created.ephemeral and created.content.startswith("Tournament **Club Cup** (#1) created")
    signup = fake.last_message(fake.general)
    for user in (fake.alice, fake.bob):
        await fake.click(user, signup, label="Join")
    offered = await fake.autocomplete(fake.bob, "reversi tournament cancel", "tournament", "cup")
    assert [(c.name, c.value) for c in offered] == [("#1 Club Cup", 1)]
    refused = await fake.slash(fake.bob, "reversi tournament cancel")
    assert refused.content == "Only the tournament's organiser can do that."
    cancelled = await fake.slash(fake.carol, "reversi tournament cancel")
    assert cancelled.content == "**Club Cup** (#1) is cancelled."
    assert signup.buttons == [] and "Cancelled." in signup.content


async def test_a_thread_discord_refused_is_opened_on_the_next_try(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    signup = await create(fake, "swiss", rounds=1)
    for user in (fake.alice, fake.bob):
        await fake.click(user, signup, label="Join")
    await fake.slash(fake.alice, "reversi notify", choice="dm")
    await fake.slash(fake.bob, "reversi notify", choice="none")
    fake.faults.fail(
        "POST /channels/{channel_id}/messages/{message_id}/threads",
        status=403,
        code=50013,
        message="Missing Permissions",
        channel_id=fake.games.id,
    )
    await fake.slash(fake.world.owner, "reversi tournament start")
    assert fake.threads(fake.games) == []
    (board,) = (await view(bot_harness)).round_boards(1)
    assert board.game_id is None
    assert fake.last_message(fake.games).content == "**Club Cup** (#1): round 1 of 1"

    await fake.advance(minutes=1)

    (thread,) = fake.threads(fake.games)
    (board,) = (await view(bot_harness)).round_boards(1)
    assert board.game_id is not None
    record = await bot_harness.bot.storage.games.get(board.game_id)
    assert record.channel_id == thread.id and record.active
    (told,) = [m for m in fake.messages(thread) if m.id != record.message_id]
    # Bob chose no notices, Alice a direct message: named, nobody pinged
    assert told.mentioned_ids() == [] and told.content.endswith("your game starts now. Good luck!")
    assert {"Alice", "Bob"} <= set(told.content.replace("(", " ").split())
    (dm,) = fake.world.dms_to(fake.alice)
    assert dm.content == f"Your game in Club Cup has begun: <#{thread.id}>"
    assert [m.content for m in fake.messages(fake.games)[1:]] == [
        "**Club Cup** (#1): round 1 of 1",
        f"1. <@{record.black_id}> (black) vs <@{record.white_id}> (white)",
    ]


async def test_no_tournament_is_made_where_its_sign_up_can_t_be_posted(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    fake.deny(fake.quiet, "send_messages")

    refused = await fake.slash(
        fake.world.owner,
        "reversi tournament create",
        name="Club Cup",
        start="1h",
        options={"channel": fake.quiet},
    )

    assert (
        refused.content == f"I can't post in <#{fake.quiet.id}>, so no tournament was made there."
    )
    (cancelled,) = await bot_harness.bot.storage.tournaments.of_guild(fake.guild.id)
    assert cancelled.state is TournamentState.CANCELLED


async def test_a_player_s_games_name_the_tournament_of_each_tournament_game(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    signup = await create(fake, "swiss", rounds=1)
    for user in (fake.alice, fake.bob):
        await fake.click(user, signup, label="Join")
    await fake.slash(fake.world.owner, "reversi tournament start")
    challenge = await fake.slash(fake.carol, "reversi challenge", opponent=fake.alice)
    assert challenge.message is not None
    await fake.click(fake.alice, challenge.message, "Accept")
    ((record, _board, _thread),) = await games_of_round(fake, bot_harness)

    mine = await fake.slash(fake.alice, "reversi games")

    assert mine.message is not None
    games = [line for line in lines(embed_of(mine.message)) if line.startswith("[**#")]
    assert len(games) == 2
    (tournament_game,) = [line for line in games if line.endswith(" · 🏆 Club Cup")]
    assert tournament_game.startswith(f"[**#{record.id}**]")


async def test_the_organiser_is_answered_in_time_however_long_discord_takes_to_post(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Creating posts the sign-up (and may make an event) before it answers, and starting or
    cancelling changes every game: each is acknowledged at once, the answer following."""
    held = fake.faults.hold("POST /channels/{channel_id}/messages", channel_id=fake.games.id)
    pending = fake.slash(
        fake.world.owner,
        "reversi tournament create",
        name="Club Cup",
        start="1h",
        time="1h",
        rounds=1,
        options={"channel": fake.games},
    )
    await held.reached()
    fake.clock.advance(timedelta(seconds=5))
    held.release()
    created = await pending

    signup = fake.last_message(fake.games)
    assert created.deferred and not created.late and created.ephemeral
    assert created.content == f"Tournament **Club Cup** (#1) created: {signup.jump_url}"

    for user in (fake.alice, fake.bob):
        await fake.click(user, signup, label="Join")
    for command, done in (("start", "has started"), ("cancel", "is cancelled")):
        answered = await fake.slash(fake.world.owner, f"reversi tournament {command}")
        assert answered.deferred and answered.content == f"**Club Cup** (#1) {done}."


async def test_a_join_acknowledged_while_slow_is_still_answered(
    fake: FakeDiscord, bot_harness: BotHarness, monkeypatch: pytest.MonkeyPatch
) -> None:
    signup = await create(fake, "swiss")
    monkeypatch.setattr(replies, "ACK_WITHIN", 0.01)  # the 2 s of the timer, without waiting
    service = bot_harness.bot.services.tournaments
    join, go_on = service.join, asyncio.Event()

    async def slow_join(tournament_id: int, user_id: int, guild_id: int) -> TournamentView:
        await go_on.wait()
        return await join(tournament_id, user_id, guild_id)

    monkeypatch.setattr(service, "join", slow_join)
    click = fake.click(fake.alice, signup, label="Join")
    await click.answered()  # the timer acknowledged the click while the join waits
    go_on.set()
    reply = await click

    assert not reply.late
    (answer,) = reply.followups
    assert answer.ephemeral and answer.content == "You're in **Club Cup** (#1). Good luck!"
    assert fake.alice.mention in signup.content


async def test_a_swiss_too_long_for_its_field_is_cut_and_says_so(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    refused = await fake.slash(
        fake.world.owner, "reversi tournament create", name="Tiny", start="1h", rounds=5, limit=4
    )
    assert refused.content == (
        "A Swiss of 4 players has at most 3 rounds, or some would meet twice: choose fewer "
        "rounds, more players or a round robin."
    )
    signup = await create(fake, "swiss", rounds=5)
    await sign_up(fake, signup, [fake.alice, fake.bob])

    started = await fake.slash(fake.world.owner, "reversi tournament start")

    assert started.content == (
        "**Club Cup** (#1) has started: 1 round, the most 2 players allow without anyone "
        "meeting twice."
    )
    assert "Swiss, 1 round (cut from 5: the most its players allow) · " in signup.content
    assert (await view(bot_harness)).tournament.rounds == 1


async def test_a_player_who_left_the_server_is_withdrawn_when_the_next_round_is_paired(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    players = [fake.alice, fake.bob, fake.carol, fake.add_user("dora"), fake.add_user("eve")]
    users = {user.id: user for user in players}
    signup = await create(fake, "swiss", rounds=2)
    await sign_up(fake, signup, players)
    await fake.slash(fake.world.owner, "reversi tournament start")
    games = await games_of_round(fake, bot_harness)
    leaver = users[max(games[0][0].black_id, games[0][0].white_id)]

    for record, board, thread in games:
        await lose(fake, users, record, thread, board, max(record.black_id, record.white_id))
        if record is games[0][0]:
            fake.remove_member(leaver)

    current = await view(bot_harness)
    assert current.tournament.round == 2
    assert all(leaver.id not in b.pairing.players() for b in current.round_boards(2))
    assert current.entrant(leaver.id).withdrawn_after == 1  # type: ignore[union-attr]
    (post,) = [m for m in fake.messages(fake.games) if "round 2 of 2" in m.content]
    assert f"{leaver.mention} left the server and is withdrawn." in post.content
    assert len(await games_of_round(fake, bot_harness)) == 2


async def test_a_no_show_loses_by_forfeit_and_the_board_the_pairings_and_standings_agree(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """A live game whose first player never moves: the board names the forfeit and offers no
    Rematch, as no tournament board does; the pairings and the standings count the same."""
    signup = await create(fake, "swiss", rounds=1)
    await sign_up(fake, signup, [fake.alice, fake.bob])
    await fake.slash(fake.world.owner, "reversi tournament start")
    ((record, board, thread),) = await games_of_round(fake, bot_harness)
    users = {fake.alice.id: fake.alice, fake.bob.id: fake.bob}
    no_show, opponent = users[record.black_id], users[record.white_id]

    await fake.advance(hours=2)  # Black's first move never comes

    ended = await bot_harness.bot.storage.games.get(record.id)
    assert ended.forfeited_by == no_show.id and ended.tournament_id is not None
    assert (
        f"🏆 {opponent.mention} wins by forfeit: {no_show.mention} did not play in time · unrated"
    ) in board.content
    assert "aborted" not in board.content.lower()
    assert "Rematch" not in [b.label for b in board.buttons]

    final = await view(bot_harness)
    (played,) = final.round_boards(1)
    assert played.pairing.forfeit and played.pairing.winner == opponent.id
    pairings = await fake.slash(fake.bob, "reversi tournament pairings", round=1)
    assert f"{opponent.mention} wins by forfeit" in pairings.content
    standings = fake.last_message(fake.games)
    assert f"🥇 {opponent.mention} wins the tournament!" in standings.content
    assert thread.id == record.channel_id


async def test_the_pairings_give_the_official_score_of_a_game_won_off_the_board(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    signup = await create(fake, "swiss", rounds=1)
    await sign_up(fake, signup, [fake.alice, fake.bob])
    await fake.slash(fake.world.owner, "reversi tournament start")
    ((record, board, thread),) = await games_of_round(fake, bot_harness)
    users = {fake.alice.id: fake.alice, fake.bob.id: fake.bob}
    loser = max(users)

    await lose(fake, users, record, thread, board, loser)

    winner = users[min(users)]
    ended = await bot_harness.bot.storage.games.get(record.id)
    # Resigned early: the empty squares go to the winner, as in the standings.
    lost = (ended.white_discs if winner.id == record.black_id else ended.black_discs) or 0
    won = 64 - lost
    score = f"{won}-{lost}" if winner.id == record.black_id else f"{lost}-{won}"
    assert won > 33 and lost < 31
    pairings = await fake.slash(fake.bob, "reversi tournament pairings", round=1)
    assert f"{winner.mention} wins {score} by resignation · <#{thread.id}>" in pairings.content
    beyond = await fake.slash(fake.bob, "reversi tournament pairings", round=1000)
    assert beyond.content == "**Club Cup** (#1) has no round 1000: it is in round 1 of 1."


async def test_a_tournament_refused_in_its_channel_names_where_games_are_allowed(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    await bot_harness.bot.storage.settings.update(
        fake.guild.id, now=fake.clock.now().timestamp(), allowed_channels=[fake.games.id]
    )
    refused = await fake.slash(
        fake.world.owner, "reversi tournament create", name="Club Cup", start="1h"
    )
    assert refused.content == f"Games aren't allowed in this channel. Play in <#{fake.games.id}>."
    assert await bot_harness.bot.storage.tournaments.of_guild(fake.guild.id) == []


async def test_a_game_without_a_move_offers_no_replay(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    signup = await create(fake, "swiss", rounds=1)
    await sign_up(fake, signup, [fake.alice, fake.bob])
    await fake.slash(fake.world.owner, "reversi tournament start")
    ((record, board, _thread),) = await games_of_round(fake, bot_harness)

    await fake.advance(hours=2)  # nobody moves

    assert (await bot_harness.bot.storage.games.get(record.id)).ply == 0
    assert [button.label for button in board.buttons] == []


async def forget_me(fake: FakeDiscord, member: User) -> str:
    """`/reversi forget-me`, confirmed: what the bot answers."""
    asked = await fake.slash(member, "reversi forget-me")
    if asked.message is None:
        return asked.content
    done = await fake.click(member, asked.message, label="Yes, delete my stats")
    return done.content


async def test_a_forgotten_member_is_a_deleted_user_in_the_standings_of_a_tournament_over(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    """Refused while the tournament goes on; once it is over, the standings' text and image
    name the member nowhere, "a deleted user" in their place, and are otherwise as they were."""
    players = [fake.alice, fake.bob, fake.carol]
    users = {user.id: user for user in players}
    signup = await create(fake, "round_robin")
    for user in players:  # one after the other, as members sign up
        await fake.advance(seconds=1)
        await fake.click(user, signup, label="Join")
    refused = await forget_me(fake, fake.bob)
    assert "You're in tournament #1 (or organise it), which isn't over yet" in refused
    await fake.slash(fake.world.owner, "reversi tournament start")
    while (await view(bot_harness)).tournament.state is TournamentState.RUNNING:
        await play_round(fake, bot_harness, users, signup)

    before = await fake.slash(fake.carol, "reversi tournament standings")
    assert fake.bob.mention in before.content
    assert "are deleted" in await forget_me(fake, fake.bob)
    after = await fake.slash(fake.carol, "reversi tournament standings")

    assert str(fake.bob.id) not in after.content
    assert after.content == before.content.replace(fake.bob.mention, "a deleted user")
    final = await view(bot_harness)
    table = standings(final.entrants, final.pairings)
    rows = await standings_rows(final, table, Names(bot_harness.bot))
    shown = [row.name for row in rows]
    assert "a deleted user" in shown and fake.bob.display_name not in shown
    expected = render_standings(
        "Club Cup: standings", rows, rounds=final.tournament.rounds, final=True, words=in_force()
    )
    assert after.message is not None and before.message is not None
    (image,) = after.message.attachments
    assert image.data == expected and image.data != before.message.attachments[0].data
