"""Looking back: the leaderboard, stats cards, head to head, history, one game, replays.

Many rated players and games are written straight through the storage (or, for the leaderboard,
as player rows) rather than played through Discord; one game is played by clicks for the real
path, and one against the bot.
"""

from __future__ import annotations

import re
from typing import Any

from PIL import Image

from bot import engine
from bot.domain import Ending, EndReason, GameRecord, TimeControl
from bot.domain.notices import NoticeKind
from bot.engine import Color, square_name
from tests.engine.test_ggf import read
from tests.fakediscord.driver import FakeDiscord
from tests.fakediscord.harness import BotHarness
from tests.fakediscord.replies import Pending
from tests.fakediscord.world import Message, User

from .play import (
    eventually,
    game_id,
    move_labels,
    play,
    start_game,
    stored,
    to_move,
    wthor_games,
)

UPDATE_MESSAGE = 7
PROVISIONAL = "? = provisional rating (too few games to be sure)"
DISCS = {"black": (36, 28), "white": (28, 36), "draw": (32, 32), None: (2, 2)}


class Seeder:
    """Finished games written through the storage, a minute apart, oldest first."""

    def __init__(self, fake: FakeDiscord, harness: BotHarness) -> None:
        self.fake, self.harness = fake, harness
        self.count = 0

    async def game(
        self,
        black: User,
        white: User,
        result: str | None,
        *,
        moves: str = "",
        reason: EndReason = EndReason.NORMAL,
        discs: tuple[int, int] | None = None,
        bot_level: int | None = None,
        in_second_guild: bool = False,
    ) -> GameRecord:
        storage = self.harness.bot.storage
        self.count += 1
        now = self.harness.bot.services.games.now() - 86_400 + 60 * self.count
        guild, channel = (
            (self.fake.second_guild, self.fake.lobby)
            if in_second_guild
            else (self.fake.guild, self.fake.general)
        )
        game = await storage.games.create(
            guild.id,
            channel.id,
            black.id,
            white.id,
            rated=True,
            time_control=TimeControl(per_move=86_400),
            deadline=None,
            now=now,
            bot_level=bot_level,
        )
        for ply in range(len(moves) // 2):
            game = await storage.games.record_move(
                game.id, ply, moves[2 * ply : 2 * ply + 2], deadline=None, now=now
            )
        black_discs, white_discs = discs or DISCS[result]
        cancelled = result is None
        ending = Ending(
            EndReason.CANCELLED if cancelled else reason,
            None if result in (None, "draw") else Color(result),
            black_discs,
            white_discs,
            cancelled_by=self.fake.carol.id if cancelled else None,
        )
        finished = await storage.games.finish(game.id, game.ply, ending, now=now)
        await storage.notices.claim(game.id, game.ply, NoticeKind.END)  # as if announced
        return finished.game


async def rate_players(
    harness: BotHarness, guild_id: int, rows: list[tuple[User, float, float, int, int, int]]
) -> None:
    """Rated players as (user, rating, deviation, wins, losses, draws), straight into the table."""
    async with harness.bot.storage.database.transaction() as db:
        for user, rating, deviation, wins, losses, draws in rows:
            await db.all(
                """
                INSERT INTO players (guild_id, user_id, rating, deviation, volatility, wins,
                                     losses, draws, updated_at)
                VALUES (?, ?, ?, ?, 0.06, ?, ?, ?, 0)
                """,
                (guild_id, user.id, rating, deviation, wins, losses, draws),
            )


def embed_of(message: Message) -> dict[str, Any]:
    (embed,) = message.embeds
    return embed


def field(embed: dict[str, Any], name: str) -> str:
    """The value of the embed's field called `name`."""
    values = [f["value"] for f in embed.get("fields", []) if f["name"] == name]
    assert values, f"no field {name!r} in {[f['name'] for f in embed.get('fields', [])]}"
    return str(values[0])


def field_names(embed: dict[str, Any]) -> list[str]:
    return [f["name"] for f in embed.get("fields", [])]


def lines(embed: dict[str, Any]) -> list[str]:
    return str(embed.get("description", "")).splitlines()


def footer(embed: dict[str, Any]) -> str:
    return str(embed.get("footer", {}).get("text", ""))


def pager(message: Message) -> list[tuple[str | None, bool]]:
    """The page buttons (Share aside)."""
    return [(b.label, b.disabled) for b in message.buttons if b.label not in ("Share", "Shared")]


def frames(gif: Image.Image) -> int:
    assert gif.format == "GIF"
    return int(getattr(gif, "n_frames", 1))


async def posted(pending: Pending) -> Message:
    """The bot's answer to a look-up: for the asker alone, with a Share button."""
    reply = await pending
    assert reply.message is not None and reply.ephemeral, reply.content
    assert [b.label for b in reply.message.buttons][-1:] == ["Share"]
    return reply.message


async def shown(pending: Pending) -> dict[str, Any]:
    """The embed of the bot's answer to a look-up."""
    return embed_of(await posted(pending))


# --- the real path: a tournament game by clicks, then everything that looks back at it ------


async def test_a_game_played_by_clicks_is_rated_replayed_and_on_record(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    row = wthor_games()[0]  # WTH_1977#1: 60 moves, two passes, Black wins 34-30
    moves = [row["moves"][i : i + 2] for i in range(0, len(row["moves"]), 2)]
    alice, bob = fake.alice, fake.bob
    board = await start_game(fake, alice, bob)
    game = engine.Game()
    for square in moves:
        await play(fake, board, to_move(game, alice, bob), square)
        game.play(square)
    number = game_id(board)

    assert f"🏆 {alice.mention} wins · ⚫ 34-30 ⚪" in board.content
    assert (
        f"Ratings: {alice.mention} 1500 → 1662 (+162) · {bob.mention} 1500 → 1338 (-162)"
        in board.content
    )

    replay = await fake.click(fake.carol, board, "Replay")  # anyone watching may ask
    assert replay.deferred
    (clip,) = replay.messages
    assert not clip.ephemeral and clip.channel is fake.general
    assert clip.content == (
        f"Replay of game #{number}: ⚫ {alice.mention} vs ⚪ {bob.mention} · "
        f"🏆 {alice.mention} won · ⚫ 34-30 ⚪"
    )
    (gif,) = clip.attachments
    assert gif.filename == f"reversi-{number}-replay.gif"
    assert (
        gif.description
        == (  # for screen readers
            "Animated replay of 60 moves, Black (Alice) against White (Bob). "
            f"Moves: {' '.join(moves[:52])} h7 pass a7 a8 a1 pass g1 g2 h2 h1. Black wins 34-30."
        )
    )
    assert frames(gif.image()) == len(moves) + 2  # the start, each move, the result
    again = await fake.click(fake.bob, board, "Replay")  # posted once: later clicks get a link
    assert again.ephemeral and again.content == (
        f"The replay of game #{number} is here: {clip.jump_url}"
    )
    await fake.delete_message(clip)  # a moderator tidies up
    anew = await fake.click(fake.bob, board, "Replay")
    (clip,) = anew.messages
    assert not clip.ephemeral and clip.attachments[0].filename == gif.filename
    assert (
        len(
            [
                m
                for m in fake.messages(fake.general)
                if m.attachments and "replay" in m.attachments[0].filename
            ]
        )
        == 1
    )

    summary = await posted(fake.slash(fake.carol, "reversi game", id=number))
    embed = embed_of(summary)
    assert embed["title"] == f"Reversi · game #{number}"
    who, how, link = lines(embed)
    assert who == f"⚫ {alice.mention} vs ⚪ {bob.mention}"
    assert how.startswith(f"🏆 {alice.mention} won · ⚫ 34-30 ⚪ · <t:")
    assert link == f"[Go to the game's message]({board.jump_url})"
    rows = field(embed, "Transcript (60 moves)").strip("`\n").splitlines()
    assert rows[0] == " 1. " + " ".join(moves[:10])
    assert rows[5] == "51. b1 b2 h7 pass a7 a8 a1 pass g1 g2 h2 h1"  # White passed twice
    png, animated, transcript, record = summary.attachments
    assert transcript.data.decode() == "".join(moves) + "\n"
    written = read(record.data.decode())  # the passes where they fell, for Othello programs
    assert [square_name(s) for s in written.squares] == moves and written.passes == [54, 57]
    assert written.properties["RE"] == "+4.00"
    assert embed["image"]["url"] == f"attachment://{png.filename}"
    assert png.image().format == "PNG"
    assert frames(animated.image()) == len(moves) + 2
    fake.carol.locale = "is"  # the card is in her language, and so is the replay's alt text
    reply = await fake.slash(fake.carol, "reversi game", id=number)
    assert reply.message is not None and reply.ephemeral
    card = reply.message.attachments[1]
    assert card.description is not None and card.description.startswith(
        "Endurspilun 60 leikja sem hreyfimynd, Svartur (Alice) og Hvítur (Bob). Leikir: f5 d6"
    )

    card = await shown(fake.slash(alice, "reversi stats"))
    assert field(card, "Rating").startswith("**1662?** ± ")
    assert field(card, "Rank") == "#1 of 2"
    assert field(card, "Record") == "1W 0L 0D · 1 game"
    assert field(card, "Favourite opening as Black") == "**Perpendicular Opening** (f5 d6) · 1 game"
    (recent,) = field(card, "Recent games").splitlines()
    assert recent.startswith(f"[**#{number}**]({board.jump_url}) <t:")
    assert recent.endswith(f"· ⚫ vs {bob.mention} · **Won** · ⚫ 34-30 ⚪")

    h2h = await shown(fake.slash(bob, "reversi h2h", player=alice))
    (between,) = field(h2h, "Recent games").splitlines()  # with a link to the game
    assert between.startswith(f"[**#{number}**]({board.jump_url}) <t:")
    assert between.endswith(f"· ⚪ vs {alice.mention} · **Lost** · ⚫ 34-30 ⚪")

    history = await shown(fake.slash(bob, "reversi history"))
    (listed,) = lines(history)
    assert listed.startswith(f"[**#{number}**]({board.jump_url}) <t:")
    assert listed.endswith(
        f"⚫ {alice.mention} vs ⚪ {bob.mention} · 🏆 {alice.mention} won · ⚫ 34-30 ⚪"
    )


# --- the leaderboard ---------------------------------------------------------------------------


async def test_the_leaderboard_pages_through_rated_players_even_after_a_restart(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    others = [fake.add_user(f"player{i}") for i in range(24)]
    rows = [
        (user, 2100.4 - 37 * i, 150.0 if i % 4 == 0 else 60.0, 10 + i, i, i % 3)
        for i, user in enumerate(others)
    ]
    rows.insert(17, (fake.alice, 1500.0, 80.0, 3, 2, 1))  # between player16 and player17
    await rate_players(bot_harness, fake.guild.id, rows)

    def expected(rank: int) -> str:
        user, rating, deviation, wins, losses, draws = rows[rank - 1]
        place = {1: "🥇", 2: "🥈", 3: "🥉"}.get(rank, f"**{rank}.**")
        mark = "?" if deviation > 110 else ""
        total = wins + losses + draws
        return (
            f"{place} {user.mention} — **{round(rating)}{mark}** · "
            f"{wins}W {losses}L {draws}D · {total} game{'s' if total != 1 else ''}"
        )

    alice_place = f"{fake.alice.mention}: **#18** of 25 · **1500** · 3W 2L 1D · 6 games"
    board = await posted(fake.slash(fake.alice, "reversi leaderboard"))
    embed = embed_of(board)
    assert embed["title"] == "🏆 Reversi leaderboard · Reversi Club"
    assert lines(embed) == [expected(rank) for rank in range(1, 11)]
    assert lines(embed)[0].startswith(f"🥇 {others[0].mention} — **2100?** · ")
    assert field(embed, "Your place") == alice_place  # not on this page, shown all the same
    assert footer(embed) == f"Page 1 of 3 · 25 rated players · {PROVISIONAL}"
    assert pager(board) == [("Previous", True), ("Next", False)]

    turned = await fake.click(fake.alice, board, "Next")  # her own copy turns its page
    assert turned.callback_type == UPDATE_MESSAGE and turned.message is board
    assert lines(embed_of(board)) == [expected(rank) for rank in range(11, 21)]
    shared = await fake.click(fake.alice, board, "Share")  # and everyone may see it
    assert [(b.label, b.disabled) for b in board.buttons][-1] == ("Shared", True)
    (public,) = shared.followups
    assert not public.ephemeral and public.channel is fake.general
    assert public.embeds == board.embeds and pager(public) == pager(board)
    assert "Share" not in [b.label for b in public.buttons]
    assert fake.messages(fake.general) == [public]

    await fake.click(fake.bob, public, "Previous")  # someone else turns the shared page
    embed = embed_of(public)
    assert lines(embed) == [expected(rank) for rank in range(1, 11)]
    assert field(embed, "Your place") == alice_place  # still the place of who asked
    assert footer(embed).startswith("Page 1 of 3 · ")
    await fake.click(fake.bob, public, "Next")

    await bot_harness.restart()
    await fake.click(fake.alice, board, "Next")
    embed = embed_of(board)
    assert lines(embed) == [expected(rank) for rank in range(21, 26)]
    assert pager(board) == [("Previous", False), ("Next", True)]
    await fake.click(fake.alice, board, "Previous")
    assert lines(embed_of(board))[0] == expected(11)

    unrated = await shown(fake.slash(fake.carol, "reversi leaderboard", page=9))
    assert footer(unrated).startswith("Page 3 of 3 · ")  # past the end: the last page
    assert field(unrated, "Your place") == (
        f"{fake.carol.mention}: not rated yet; play a rated game to join the board."
    )


async def test_an_empty_leaderboard_says_how_to_get_on_it(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    seeder = Seeder(fake, bot_harness)
    await seeder.game(fake.alice, fake.bob, None)  # cancelled: not rated
    await seeder.game(fake.alice, fake.world.bot_user, "black", bot_level=2)  # never rated

    board = await posted(fake.slash(fake.alice, "reversi leaderboard"))
    embed = embed_of(board)
    assert embed["description"] == (
        "No rated games here yet. Start one with `/reversi challenge`: the winner tops this board."
    )
    assert "fields" not in embed and [b.label for b in board.buttons] == ["Share"]


# --- stats cards ------------------------------------------------------------------------------


async def test_a_stats_card_shows_rating_record_streaks_opening_and_recent_games(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    alice, bob, carol, me = fake.alice, fake.bob, fake.carol, fake.world.bot_user
    seeder = Seeder(fake, bot_harness)
    await seeder.game(alice, bob, "black", moves="f5d6c3d3", discs=(40, 24))  # W +16
    await seeder.game(alice, carol, "black", moves="c4e3f6", discs=(36, 28))  # W +8
    await seeder.game(bob, alice, "white", reason=EndReason.RESIGNATION, discs=(30, 20))  # W -10
    await seeder.game(alice, bob, "draw", moves="f5f6e6")  # D 0
    await seeder.game(carol, alice, "black", reason=EndReason.TIMEOUT, discs=(25, 30))  # L +5
    won = await seeder.game(alice, bob, "black", moves="f5d6c3", discs=(50, 14))  # W +36
    await seeder.game(alice, me, "black", moves="f5d6c3", discs=(40, 24), bot_level=2)
    lost = await seeder.game(me, alice, "black", discs=(40, 24), bot_level=5)
    await seeder.game(alice, me, None, bot_level=3)  # cancelled
    storage = bot_harness.bot.storage
    record = await storage.players.get(fake.guild.id, alice.id)
    assert record is not None

    card = await shown(fake.slash(alice, "reversi stats"))

    assert card["title"] == "Reversi stats · Alice"
    assert card["thumbnail"]["url"].startswith("https://cdn.discordapp.com/")
    rating = f"**{round(record.rating.rating)}?** ± {round(record.rating.deviation)}"
    assert field(card, "Rating") == rating
    assert field(card, "Rank") == f"#{await storage.players.rank(fake.guild.id, alice.id)} of 3"
    assert field(card, "Record") == "4W 1L 1D · 6 games"  # the bot's games left out
    assert field(card, "Win rate") == "75%"
    assert field(card, "Streak") == "1 win (best: 3 wins)"
    assert field(card, "Average disc lead") == "+9.2 a game"  # 55 over 6 games
    assert field(card, "Against me (not rated)") == "1W 1L 0D · 2 games"
    # Named as reviews name them, whichever way the board was turned; the bot's games count too.
    opening = "**Perpendicular Opening** (f5 d6) · 4 games"
    assert field(card, "Favourite opening as Black") == opening
    recent = re.sub(r"<t:\d+:R>", "<t>", field(card, "Recent games")).split("\n")
    assert recent == [
        f"**#{lost.id + 1}** <t> · ⚫ vs {me.mention} · **Cancelled**",
        f"**#{lost.id}** <t> · ⚪ vs {me.mention} · **Lost** · ⚫ 40-24 ⚪ · unrated",
        f"**#{lost.id - 1}** <t> · ⚫ vs {me.mention} · **Won** · ⚫ 40-24 ⚪ · unrated",
        f"**#{won.id}** <t> · ⚫ vs {bob.mention} · **Won** · ⚫ 50-14 ⚪",
        f"**#{won.id - 1}** <t> · ⚪ vs {carol.mention} · **Lost** on time · ⚫ 34-30 ⚪ "
        "(25-30 on the board)",
    ]
    assert footer(card) == PROVISIONAL

    card = await shown(fake.context_menu(carol, "Reversi stats", target=bob))
    assert card["title"] == "Reversi stats · Bob"
    assert field(card, "Record") == "0W 3L 1D · 4 games"
    assert field(card, "Streak") == "1 loss"  # never won: no best streak
    assert field(card, "Average disc lead") == "-10.5 a game"
    assert "Favourite opening as Black" not in field_names(card)  # his game as Black had no moves
    assert "Against me (not rated)" not in field_names(card)
    resigned = field(card, "Recent games").split("\n")[2]
    assert resigned.endswith(
        f"⚫ vs {alice.mention} · **Lost** by resignation · ⚫ 30-34 ⚪ (30-20 on the board)"
    )


async def test_a_stats_card_for_someone_who_has_not_played(fake: FakeDiscord) -> None:
    card = await shown(fake.slash(fake.alice, "reversi stats", player=fake.bob))

    assert card["title"] == "Reversi stats · Bob"
    assert card["description"] == f"{fake.bob.mention} hasn't played a rated game here yet."
    assert field_names(card) == ["Recent games"]
    assert field(card, "Recent games") == "No finished games yet."
    assert "footer" not in card


async def test_games_against_the_bot_are_unrated_and_counted_apart(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    frank, me = fake.add_user("frank"), fake.world.bot_user
    started = await fake.slash(frank, "reversi play-bot", level=1, colour="black")
    assert started.ephemeral and "not rated" in started.content
    board = fake.last_message(fake.general)
    for move in (3, 5):  # two moves each, out of the abort window
        await play(fake, board, frank, move_labels(board)[0])
        await eventually(
            lambda move=move: f"Move {move} · ⚫ {frank.mention} to move" in board.content
        )
    await fake.slash(frank, "reversi resign")
    await fake.click(frank, fake.ephemeral_replies(frank)[-1], "Yes, resign")
    record = await stored(bot_harness, board)
    black, white = record.black_discs or 0, record.white_discs or 0
    score = f"⚫ {black}-{64 - black} ⚪ ({black}-{white} on the board)"
    assert f"🏆 {me.mention} wins by resignation · {score}" in board.content
    assert "Ratings:" not in board.content

    card = await shown(fake.slash(frank, "reversi stats"))
    assert card["description"] == f"{frank.mention} hasn't played a rated game here yet."
    assert field_names(card) == [
        "Against me (not rated)",
        "Favourite opening as Black",
        "Recent games",
    ]
    assert field(card, "Against me (not rated)") == "0W 1L 0D · 1 game"
    assert field(card, "Recent games").endswith(
        f"· ⚫ vs {me.mention} · **Lost** by resignation · ⚫ {record.black_discs}-"
        f"{64 - record.black_discs} ⚪ ({record.black_discs}-{record.white_discs} on the board)"
        " · unrated"
    )

    mine = await shown(fake.slash(frank, "reversi stats", player=me))
    assert "Against me (not rated)" not in field_names(mine)  # no record against itself
    h2h = await shown(fake.slash(frank, "reversi h2h", player=me))
    assert h2h["description"] == f"{frank.mention} **0-1** {me.mention} · 1 game"
    board_embed = await shown(fake.slash(frank, "reversi leaderboard"))
    assert board_embed["description"].startswith("No rated games here yet.")


# --- head to head ------------------------------------------------------------------------------


async def test_head_to_head_from_either_side(fake: FakeDiscord, bot_harness: BotHarness) -> None:
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    seeder = Seeder(fake, bot_harness)
    await seeder.game(alice, bob, "black")
    await seeder.game(bob, alice, "white", reason=EndReason.TIMEOUT)
    await seeder.game(bob, alice, "black")
    await seeder.game(alice, bob, "draw")
    await seeder.game(alice, bob, None)  # cancelled: left out of the record
    await seeder.game(alice, bob, "black", in_second_guild=True)  # another server's

    mine = await shown(fake.slash(alice, "reversi h2h", player=bob))
    assert mine["title"] == "Reversi head to head"
    assert mine["description"] == f"{alice.mention} **2-1** {bob.mention} · 1 draw · 4 games"
    games = re.sub(r"<t:\d+:R> · ", "", field(mine, "Recent games")).split("\n")
    assert [re.sub(r"^\*\*#\d+\*\* ", "", game) for game in games] == [
        f"⚫ vs {bob.mention} · **Cancelled**",
        f"⚫ vs {bob.mention} · **Draw** · ⚫ 32-32 ⚪",
        f"⚪ vs {bob.mention} · **Lost** · ⚫ 36-28 ⚪",
        f"⚪ vs {bob.mention} · **Won** on time · ⚫ 28-36 ⚪",
        f"⚫ vs {bob.mention} · **Won** · ⚫ 36-28 ⚪",
    ]  # the latest first, from the asker's side

    theirs = await shown(fake.slash(carol, "reversi h2h", player=alice, other=bob))
    assert theirs["description"] == f"{bob.mention} **1-2** {alice.mention} · 1 draw · 4 games"
    assert f"⚪ vs {alice.mention} · **Lost** · ⚫ 36-28 ⚪" in field(theirs, "Recent games")
    none = await shown(fake.slash(alice, "reversi h2h", player=carol))
    assert none["description"] == (
        f"{alice.mention} and {carol.mention} haven't finished a game against each other here yet."
    )
    assert "Recent games" not in field_names(none)
    refused = await fake.slash(alice, "reversi h2h", player=alice)
    assert refused.ephemeral and refused.content == "Pick two different players."


# --- history and single games -----------------------------------------------------------------


async def test_history_pages_latest_first_for_everyone_or_one_player(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    alice, bob, carol = fake.alice, fake.bob, fake.carol
    seeder = Seeder(fake, bot_harness)
    pairs = [(alice, bob), (carol, alice), (bob, carol)]
    games = [await seeder.game(*pairs[i % 3], "black") for i in range(23)]
    await seeder.game(alice, bob, "white", in_second_guild=True)
    newest_first = [g.id for g in reversed(games)]
    carols = [g.id for g in reversed(games) if carol.id in (g.black_id, g.white_id)]

    def numbers(message: Message) -> list[int]:
        found = [re.match(r"\*\*#(\d+)\*\*", line) for line in lines(embed_of(message))]
        return [int(m[1]) for m in found if m]

    listing = await posted(fake.slash(bob, "reversi history"))
    embed = embed_of(listing)
    assert embed["title"] == "Reversi · finished games"
    assert numbers(listing) == newest_first[:10]
    assert lines(embed)[0].endswith(
        f"⚫ {carol.mention} vs ⚪ {alice.mention} · 🏆 {carol.mention} won · ⚫ 36-28 ⚪"
    )
    assert footer(embed) == "Page 1 of 3 · 23 games"
    assert pager(listing) == [("Previous", True), ("Next", False)]

    await fake.click(bob, listing, "Next")
    assert numbers(listing) == newest_first[10:20]
    await bot_harness.restart()
    await fake.click(bob, listing, "Next")
    assert numbers(listing) == newest_first[20:]
    assert pager(listing) == [("Previous", False), ("Next", True)]
    await fake.click(bob, listing, "Previous")
    assert footer(embed_of(listing)) == "Page 2 of 3 · 23 games"

    hers = await posted(fake.slash(bob, "reversi history", player=carol))
    assert lines(embed_of(hers))[0] == f"Games of {carol.mention}, latest first:"
    assert numbers(hers) == carols[:10]
    assert footer(embed_of(hers)) == f"Page 1 of 2 · {len(carols)} games"
    await fake.click(bob, hers, "Next")
    assert numbers(hers) == carols[10:]

    last = await posted(fake.slash(bob, "reversi history", page=3))
    assert numbers(last) == newest_first[20:]


async def test_history_with_nothing_to_show(fake: FakeDiscord) -> None:
    elsewhere = await posted(fake.slash(fake.dave, "reversi history", channel=fake.lobby))
    assert embed_of(elsewhere)["description"] == "No finished games in this server yet."
    assert [b.label for b in elsewhere.buttons] == ["Share"]  # nothing to page through
    none = await shown(fake.slash(fake.alice, "reversi history", player=fake.bob))
    assert none["description"] == (f"No finished games of {fake.bob.mention} in this server yet.")


async def test_a_game_from_another_server_or_none_at_all_is_refused(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    theirs = await Seeder(fake, bot_harness).game(
        fake.alice, fake.dave, "white", reason=EndReason.RESIGNATION, in_second_guild=True
    )

    for number in (theirs.id, theirs.id + 1):
        refused = await fake.slash(fake.alice, "reversi game", id=number)
        assert refused.ephemeral
        assert refused.content == f"There's no game #{number} in this server."

    there = await posted(fake.slash(fake.dave, "reversi game", id=theirs.id, channel=fake.lobby))
    embed = embed_of(there)
    assert lines(embed)[1].startswith(
        f"🏆 {fake.dave.mention} won by resignation · ⚫ 28-36 ⚪ · <t:"
    )
    assert field(embed, "Transcript (0 moves)") == "No moves were played."
    assert frames(there.attachments[1].image()) == 2  # the start, then how it ended


async def test_every_look_up_is_private_until_shared_once(
    fake: FakeDiscord, bot_harness: BotHarness
) -> None:
    game = await Seeder(fake, bot_harness).game(fake.alice, fake.bob, "black")
    asked = [
        await fake.slash(fake.carol, "reversi stats", player=fake.alice),
        await fake.context_menu(fake.carol, "Reversi stats", fake.bob),
        await fake.slash(fake.carol, "reversi h2h", player=fake.alice, other=fake.bob),
        await fake.slash(fake.carol, "reversi history", player=fake.bob),
        await fake.slash(fake.carol, "reversi game", id=game.id),
    ]
    for reply in asked:
        private = reply.message
        assert private is not None and private.ephemeral and fake.messages(fake.general) == []
        shared = await fake.click(fake.carol, private, "Share")

        (public,) = shared.followups
        assert not public.ephemeral and fake.messages(fake.general) == [public]
        assert public.embeds == private.embeds
        assert [a.filename for a in public.attachments] == [a.filename for a in private.attachments]
        assert [(b.label, b.disabled) for b in private.buttons][-1] == ("Shared", True)
        assert "Share" not in [b.label for b in public.buttons]
        await fake.delete_message(public)
