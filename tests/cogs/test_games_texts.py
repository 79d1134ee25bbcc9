"""`/reversi games` at its longest, in every language: a full page of games and challenges with
the largest ids Discord gives, the longest time control and server names of 100 characters (in
a server, with the most servers elsewhere; in a DM, each line in a server of its own), stays
inside every limit of an embed, with nothing left out."""

from __future__ import annotations

import dataclasses

import discord
import pytest

from bot.domain import (
    Challenge,
    ChallengeStatus,
    GamePage,
    GameRecord,
    GamesInProgress,
    GameState,
    GameStatus,
    PlayerGames,
    TimeControl,
)
from bot.engine import Color
from bot.i18n import using
from bot.language_codes import LANGUAGES
from cogs.records.games import (
    NAMED_SERVERS,
    PER_PAGE,
    SERVER_NAME,
    everywhere_embed,
    player_embed,
    server_embed,
)
from cogs.text import EMBED_DESCRIPTION, EMBED_TITLE, FOOTER

BIG = 2**63 - 1
"""The largest snowflake: 19 digits, as every id in a mention or a link can be."""
SLOWEST = TimeControl(per_move=30 * 86_400 - 1)
"""The longest time control to write out: `2591999 seconds per move`."""
EMBED_TOTAL = 6000
LONGEST_NAME = "\\_" * SERVER_NAME
"""A server's name as long as shown, escaped: twice as long."""


def game(index: int, *, black: int, white: int) -> GameState:
    record = GameRecord(
        id=BIG - index,
        guild_id=BIG,
        channel_id=BIG - index,
        message_id=BIG - index,
        black_id=black,
        white_id=white,
        transcript="f5d6c3d3c4f4f6f3e6e7"[: 2 * (index % 10)],
        ply=index % 10,
        status=GameStatus.ACTIVE,
        winner=None,
        end_reason=None,
        black_discs=None,
        white_discs=None,
        rated=True,
        time_control=SLOWEST,
        deadline=4_102_444_800.0 + index,
        cancelled_by=None,
        created_at=0.0,
        updated_at=0.0,
        turn_started=0.0,
    )
    return GameState.of(record)


def challenge(index: int, *, challenger: int, opponent: int | None) -> Challenge:
    return Challenge(
        id=index,
        guild_id=BIG,
        channel_id=BIG,
        challenger_id=challenger,
        opponent_id=opponent,
        color=Color.BLACK,
        time_control=SLOWEST,
        in_thread=False,
        message_id=BIG - index,
        status=ChallengeStatus.PENDING,
        game_id=None,
        created_at=0.0,
        expires_at=4_102_444_800.0 + index,
        updated_at=0.0,
    )


ME, OTHER = BIG, BIG - 1
GAMES = tuple(game(i, black=ME, white=OTHER) for i in range(PER_PAGE // 2))
CHALLENGES = (
    challenge(1, challenger=ME, opponent=None),
    challenge(2, challenger=ME, opponent=OTHER),
    *(challenge(i, challenger=OTHER, opponent=ME) for i in range(3, PER_PAGE // 2 + 1)),
)


def within_limits(embed: discord.Embed) -> None:
    assert len(embed.title or "") <= EMBED_TITLE
    assert len(embed.description or "") <= EMBED_DESCRIPTION
    assert len(embed.footer.text or "") <= FOOTER
    assert len(embed) <= EMBED_TOTAL


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_full_page_of_a_players_list_fits_whole(code: str) -> None:
    found = PlayerGames(ME, GAMES, CHALLENGES)
    assert len(found.games) + len(found.challenges) == PER_PAGE
    elsewhere = [(LONGEST_NAME, 10**6 + i) for i in range(NAMED_SERVERS + 2)]
    with using(code):
        embed = player_embed(found, 1, elsewhere)
    within_limits(embed)
    shown = (embed.description or "").splitlines()
    # every line, under its four headings, then a blank, the servers named, the rest, the hint
    assert len(shown) == PER_PAGE + 4 + 1 + NAMED_SERVERS + 2
    assert sum(":R>" in line for line in shown) == PER_PAGE  # each with its time, whole
    assert sum("1,000,00" in line for line in shown) == NAMED_SERVERS
    assert "2,000,007" in shown[-2]


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_full_page_of_a_players_list_in_every_server_fits_whole(code: str) -> None:
    found = [
        (f"{i:02}{LONGEST_NAME[2:]}", PlayerGames(ME, (state,), ()))
        for i, state in enumerate(game(i, black=ME, white=OTHER) for i in range(PER_PAGE))
    ]
    with using(code):
        embed = everywhere_embed(ME, found, 1)
    within_limits(embed)
    shown = (embed.description or "").splitlines()
    assert len(shown) == 3 * PER_PAGE  # each server's heading, its section's, its game
    assert sum(":R>" in line for line in shown) == PER_PAGE


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_full_page_of_the_servers_games_fits_whole(code: str) -> None:
    states = tuple(game(i, black=BIG - 2 * i, white=BIG - 2 * i - 1) for i in range(PER_PAGE))
    page = GamePage(1, PER_PAGE, BIG, tuple(state.record for state in states))
    with using(code):
        embed = server_embed(GamesInProgress(page, states), "S" * 100)
    within_limits(embed)
    assert len((embed.description or "").splitlines()) == PER_PAGE


def test_the_bots_thinking_shows_no_time() -> None:
    """A correspondence game against the bot has no deadline on the bot's turn: no timestamp."""
    thinking = game(1, black=ME, white=OTHER)
    thinking = GameState.of(dataclasses.replace(thinking.record, deadline=None))
    with using("en"):
        embed = player_embed(PlayerGames(ME, (thinking,), ()), 1, [])
    assert "<t:" not in (embed.description or "")
