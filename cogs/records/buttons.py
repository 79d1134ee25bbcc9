"""The buttons of the look-ups: pages of the leaderboard and of the game lists, a game's replay,
and Share, which posts a private answer publicly; each hands its click to the cog of its look-up."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, ClassVar, Self

import discord

from bot.i18n import N_, _
from cogs.buttons import GameButton, Taken, pager_button
from cogs.features import features
from cogs.replies import tell_reader

if TYPE_CHECKING:
    from cogs.records.games import GamesCog
    from cogs.records.history import HistoryCog
    from cogs.records.leaderboard import LeaderboardCog
    from cogs.records.stats import StatsCog

log = logging.getLogger(__name__)


class ReplayButton(
    GameButton,
    action="replay",
    # TRANSLATORS: a button under a finished game: posts an animated replay.
    label=N_("Replay"),
    style=discord.ButtonStyle.secondary,
):
    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).history.on_replay(interaction, self.game_id)


BOARD_IDS = {"games": "leaderboard", "puzzles": "puzzle-leaderboard"}
"""The custom id's word for each kind of leaderboard: the games' one as it always was."""


class LeaderboardPageButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:(?P<board>leaderboard|puzzle-leaderboard):(?P<page>[0-9]+):(?P<dir>prev|next)",
):
    """Goes to `page` of the server's leaderboard of `kind` (games or puzzles); the direction
    keeps the two ids apart."""

    def __init__(self, page: int, direction: str, kind: str, *, disabled: bool = False) -> None:
        custom_id = f"reversi:{BOARD_IDS[kind]}:{page}:{direction}"
        super().__init__(pager_button(custom_id, direction, disabled=disabled))
        self.page, self.kind = page, kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardPageButton:
        kind = next(kind for kind, word in BOARD_IDS.items() if word == match["board"])
        return cls(int(match["page"]), match["dir"], kind)

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).leaderboard.on_leaderboard_page(
            interaction, self.page, self.kind
        )


class PlayerPageButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:player-pages",  # a base, never registered: each `kind` has its own
):
    """Goes to `page` of one player's list (`user_id`), or of the server's. Each list is a
    subclass naming its `kind`, which makes its custom ids and the template discord.py matches
    them by."""

    kind: ClassVar[str]

    def __init_subclass__(cls, *, kind: str) -> None:
        super().__init_subclass__(
            template=rf"reversi:{kind}:(?P<user>[0-9]+|all):(?P<page>[0-9]+):(?P<dir>prev|next)"
        )
        cls.kind = kind

    def __init__(
        self, user_id: int | None, page: int, direction: str, *, disabled: bool = False
    ) -> None:
        who = "all" if user_id is None else str(user_id)
        custom_id = f"reversi:{self.kind}:{who}:{page}:{direction}"
        super().__init__(pager_button(custom_id, direction, disabled=disabled))
        self.user_id, self.page = user_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        user = None if match["user"] == "all" else int(match["user"])
        return cls(user, int(match["page"]), match["dir"])


class HistoryPageButton(PlayerPageButton, kind="history"):
    """Goes to a page of the server's finished games, or of one player's."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).history.on_history_page(interaction, self.user_id, self.page)


class GamesPageButton(PlayerPageButton, kind="games"):
    """Goes to a page of a player's games in progress and challenges, or of the server's games
    in progress."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await features(interaction).games.on_games_page(interaction, self.user_id, self.page)


SHARE_PUZZLES = "plb"
"""The Share button of the puzzle leaderboard."""
SHARE_ARGS = {"lb": 2, SHARE_PUZZLES: 2, "stats": 1, "h2h": 2, "hist": 2, "game": 1, "games": 2}
"""How many numbers each look-up's Share button carries."""
NO_LONGER_WORKS = N_("That button no longer works; ask again for a fresh answer.")


class ShareButton(
    Taken,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"reversi:share:(?P<what>lb|plb|stats|h2h|hist|games|game)(?P<args>(?::[0-9]+){0,3})",
):
    """Posts a look-up answered privately (`what`, with the numbers that say which page or
    player: `args`) publicly in the channel; it reads "Shared" once done. One with the wrong
    count of numbers for its look-up (made by no version of the bot) is refused plainly."""

    def __init__(self, what: str, args: tuple[int, ...], *, shared: bool = False) -> None:
        custom_id = "reversi:share:" + ":".join([what, *map(str, args)])
        super().__init__(
            discord.ui.Button(
                label=_("Shared") if shared else _("Share"),
                style=discord.ButtonStyle.secondary,
                custom_id=custom_id,
                disabled=shared,
            )
        )
        self.what, self.args = what, args

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ShareButton:
        return cls(match["what"], tuple(int(n) for n in match["args"].split(":")[1:]))

    async def callback(self, interaction: discord.Interaction) -> None:
        sharer = _sharer(interaction, self.what)
        if len(self.args) != SHARE_ARGS[self.what]:
            log.info(
                "Share button %r of no known form, by user %s", self.custom_id, interaction.user.id
            )
            await tell_reader(sharer.audience, interaction, NO_LONGER_WORKS)
            return
        await sharer.on_share(interaction, self.what, self.args)


def _sharer(
    interaction: discord.Interaction, what: str
) -> LeaderboardCog | StatsCog | GamesCog | HistoryCog:
    """The cog that answers the look-up a Share button names."""
    if what in ("lb", SHARE_PUZZLES):
        return features(interaction).leaderboard
    if what in ("stats", "h2h"):
        return features(interaction).stats
    if what == "games":
        return features(interaction).games
    return features(interaction).history
