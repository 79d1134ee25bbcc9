"""The key the pages' addresses are signed with: made once, kept with the data, so every process
on the database and every restart sign the same addresses."""

from __future__ import annotations

from bot.storage.database import Store


class WebSecretStore(Store):
    async def get_or_create(self, candidate: str) -> str:
        """The stored secret; `candidate` becomes it if there is none yet (the first process
        to store one wins, and every other reads that one)."""
        async with self.transaction() as db:
            await db.all(
                "INSERT INTO web_secret (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING",
                (candidate,),
            )
            row = await db.one("SELECT secret FROM web_secret WHERE id = 1", ())
            assert row is not None
            return str(row["secret"])
