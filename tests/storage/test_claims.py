"""A process's claim on its shards (`bot/storage/claims.py`) when the database goes away and stays
away: the claim is lost. (Its connection dropping and the claim taken again, or taken by another
process meanwhile: `tests/cli/test_shards.py`, with the bot's processes.)"""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import ClaimLostError, claimed
from tests.storage.postgres_server import PostgresServer


async def test_a_claim_whose_database_stays_out_of_reach_is_lost(postgres: PostgresServer) -> None:
    url = await postgres.fresh_schema()

    async with claimed(url, [1, 2], shared=True, retake_within=0) as claim, postgres.stopped():
        with pytest.raises(
            ClaimLostError,
            match=r"^Lost the claim on this process's shards, and the database stayed out of "
            r"reach for 0 s: Cannot open the database at postgresql://",
        ):
            async with asyncio.timeout(30):
                await claim.kept
