"""The names cache stays bounded however many players the bot has seen."""

from __future__ import annotations

from dataclasses import dataclass

import discord
from discord.ext import commands

from cogs.names import CAPACITY, Names


@dataclass
class Player:
    id: int
    display_name: str


async def test_names_are_remembered_up_to_the_capacity_least_recent_first() -> None:
    names = Names(commands.AutoShardedBot(command_prefix="!", intents=discord.Intents.none()))
    for user_id in range(1, CAPACITY + 101):
        names.remember(Player(user_id, f"player {user_id}"))  # type: ignore[arg-type]
    assert await names.name(CAPACITY + 100, "?") == f"player {CAPACITY + 100}"
    assert await names.name(101, "?") == "player 101"  # now the most recently used
    names.remember(Player(CAPACITY + 101, "newcomer"))  # type: ignore[arg-type]
    assert await names.name(101, "?") == "player 101"
    assert 102 not in names and 100 not in names  # the least recently used went first
    assert 103 in names and CAPACITY + 101 in names
    assert len(names) == CAPACITY
