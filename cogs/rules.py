"""`/reversi rules` and `/reversi help`."""

from __future__ import annotations


class RulesCommands:
    """Mixed into the `/reversi` cog."""
