"""`/reversi history`, `/reversi game` and the Replay button: looking back at finished games."""

from __future__ import annotations

import asyncio
import io
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot import engine
from bot.domain import GamePage, GameRecord, GameState
from bot.i18n import _, in_force, ngettext
from cogs.game_summary import ending, final_status, games, line, players
from cogs.group import FeatureCog
from cogs.links import mention, message_link, still_there
from cogs.records.buttons import HistoryPageButton
from cogs.records.leaderboard import COLOR
from cogs.records.lookup import Answer, answer_privately, share, turn_page
from cogs.replies import Declined, answering, tell
from cogs.reviews.buttons import ReviewButton
from cogs.text import EMBED_DESCRIPTION, fit, page_of
from rendering import render_replay, replay_alt_text, written_moves

if TYPE_CHECKING:
    from bot.services.games import Games
    from bot.services.lookups import Lookups
    from bot.services.replays import Replays
    from cogs.audience import Audience
    from cogs.host import Bot
    from cogs.names import Names
    from cogs.play.publish import BoardPublisher
    from cogs.records.shares import Shares


PER_PAGE = 10
MOVES_PER_ROW = 10
QUIET = discord.AllowedMentions.none()


def history_embed(page: GamePage, user_id: int | None) -> discord.Embed:
    embed = discord.Embed(title=_("Reversi · finished games"), color=COLOR)
    if not page.games:
        if user_id is None:
            embed.description = _("No finished games in this server yet.")
        else:
            embed.description = _("No finished games of {player} in this server yet.").format(
                player=mention(user_id)
            )
        return embed
    lines = [line(game) for game in page.games]
    if user_id is not None:
        lines.insert(0, _("Games of {player}, latest first:").format(player=mention(user_id)))
    embed.description = fit(lines, EMBED_DESCRIPTION)
    embed.set_footer(text=f"{page_of(page.page, page.pages)} · {games(page.total)}")
    return embed


def history_pager(page: GamePage, user_id: int | None) -> list[discord.ui.Item[Any]]:
    """Previous and Next; no buttons when everything fits on one page."""
    if page.pages == 1:
        return []
    return [
        HistoryPageButton(user_id, page.page - 1, "prev", disabled=page.page <= 1),
        HistoryPageButton(user_id, page.page + 1, "next", disabled=page.page >= page.pages),
    ]


def transcript_block(game: engine.Game) -> str:
    """The moves ten to a row, each row numbered by its first move, so a move is easy to find;
    a forced pass is marked after the move that forced it (`written_moves`)."""
    moves = written_moves(game, in_force())
    if not moves:
        return _("No moves were played.")
    rows = [
        f"{start + 1:>2}. {' '.join(moves[start : start + MOVES_PER_ROW])}"
        for start in range(0, len(moves), MOVES_PER_ROW)
    ]
    return "```\n" + "\n".join(rows) + "\n```"


def replay_gif(state: GameState, names: tuple[str, str]) -> bytes:
    """The game's replay, ending on how it ended once it is over."""
    record = state.record
    black, white = names
    return render_replay(
        state.game,
        black_name=black,
        white_name=white,
        ending=None if record.active else final_status(record),
        winner=record.winner,
        words=in_force(),
    )


def replay_description(state: GameState, names: tuple[str, str]) -> str:
    """The replay's alt text: who played, the moves and how it ended."""
    record = state.record
    black, white = names
    return replay_alt_text(
        state.game,
        black_name=black,
        white_name=white,
        ending=None if record.active else final_status(record),
        words=in_force(),
    )


def status(record: GameRecord) -> str:
    return _("in progress") if record.active else ending(record)


class HistoryCog(FeatureCog, name="History"):
    def __init__(
        self,
        bot: Bot,
        *,
        audience: Audience,
        lookups: Lookups,
        shares: Shares,
        replays: Replays,
        games: Games,
        publisher: BoardPublisher,
        names: Names,
    ) -> None:
        super().__init__(bot, audience=audience)
        self.lookups, self.shares = lookups, shares
        self.replays = replays
        self.games = games
        self.publisher = publisher
        self.names = names

    @app_commands.command(
        name="history", description=locale_str("Recent finished games in this server")
    )
    @app_commands.describe(
        player=locale_str("Only this player's games"),
        page=locale_str("Which page to show (default: the latest games)"),
    )
    async def history(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        page: app_commands.Range[int, 1] = 1,
    ) -> None:
        async with answering(self.audience, interaction, "/reversi history"):
            user_id = None if player is None else player.id
            await answer_privately(interaction, await self.history_page(interaction, user_id, page))

    async def on_history_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> None:
        async with answering(self.audience, interaction, f"history page {page}") as reply:
            await turn_page(
                self.audience, reply, partial(self.history_page, interaction, user_id, page)
            )

    async def on_share(
        self, interaction: discord.Interaction, what: str, args: tuple[int, ...]
    ) -> None:
        async with answering(self.audience, interaction, f"sharing {what}") as reply:
            if what == "game":
                (game_id,) = args
                state = await self.guild_game(interaction, game_id)
                await share(self.audience, self.shares, reply, partial(self.game_answer, state))
            else:
                user_id, page = args
                await share(
                    self.audience,
                    self.shares,
                    reply,
                    partial(self.history_page, interaction, user_id or None, page),
                )

    async def history_page(
        self, interaction: discord.Interaction, user_id: int | None, page: int
    ) -> Answer:
        if interaction.guild_id is None:
            raise Declined(_("Game history belongs to servers; use this in a server channel."))
        found = await self.lookups.history(
            interaction.guild_id, user_id=user_id, page=page, per_page=PER_PAGE
        )
        return Answer(
            history_embed(found, user_id),
            ("hist", (user_id or 0, found.page)),
            history_pager(found, user_id),
        )

    @app_commands.command(
        name="game", description=locale_str("One game: final board, result, moves, replay")
    )
    @app_commands.describe(id=locale_str("The game's number, as in “game #12”"))
    async def game(self, interaction: discord.Interaction, id: app_commands.Range[int, 1]) -> None:
        async with answering(self.audience, interaction, f"/reversi game {id}"):
            state = await self.guild_game(interaction, id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            await answer_privately(interaction, await self.game_answer(state))

    async def game_answer(self, state: GameState) -> Answer:
        """The game's card: players, result, transcript, final board and animated replay."""
        record = state.record
        board = await self.publisher.build(state)
        description = f"{players(record)}\n{status(record)} · <t:{int(record.updated_at)}:f>"
        if record.message_id is not None:
            link = message_link(record.guild_id, record.channel_id, record.message_id)
            description += "\n" + _("[Go to the game's message]({link})").format(link=link)
        embed = discord.Embed(
            title=_("Reversi · game #{id}").format(id=record.id),
            description=description,
            color=COLOR,
        )
        count = len(record.moves)
        embed.add_field(
            name=ngettext("Transcript ({count} move)", "Transcript ({count} moves)", count).format(
                count=count
            ),
            value=transcript_block(state.game),
            inline=False,
        )
        embed.set_image(url=f"attachment://{board.filename}")
        embed.set_footer(text=_("The animated replay is attached."))
        items: list[discord.ui.Item[Any]] = []
        if not record.active and record.ply:
            items.append(ReviewButton(record.id))
        files = [board.file(), await self.replay_file(state)]
        return Answer(embed, ("game", (record.id,)), items, files)

    async def on_replay(self, interaction: discord.Interaction, game_id: int) -> None:
        """The first click posts the replay; later ones are pointed to it."""
        async with answering(self.audience, interaction, f"replay of game {game_id}"):
            if interaction.guild_id is None:
                raise Declined(_("Games belong to servers; use this in a server channel."))
            replays = self.replays
            state, replay = await replays.claim_replay(game_id, interaction.guild_id)
            if replay is not None and replay.channel_id and replay.message_id:
                if await still_there(self.bot, replay.channel_id, replay.message_id):
                    link = message_link(interaction.guild_id, replay.channel_id, replay.message_id)
                    text = _("The replay of game #{id} is here: {link}")
                    await tell(interaction, text.format(id=game_id, link=link))
                    return
                await replays.replay_gone(game_id)
                state, replay = await replays.claim_replay(game_id, interaction.guild_id)
            if replay is not None:
                await tell(interaction, _("The replay is being posted right now; look just below."))
                return
            try:
                await interaction.response.defer(thinking=True)
                record = state.record
                async with self.audience.for_everyone(record.guild_id):
                    text = _("Replay of game #{id}: {players} · {status}").format(
                        id=record.id, players=players(record), status=status(record)
                    )
                    gif = await self.replay_file(state)
                message = await interaction.followup.send(
                    text, file=gif, allowed_mentions=QUIET, wait=True
                )
            except BaseException:
                await replays.replay_gone(game_id)
                raise
            await replays.replay_posted(game_id, message.channel.id, message.id)

    async def guild_game(self, interaction: discord.Interaction, game_id: int) -> GameState:
        """The game, if it was played in this server; others' games stay private."""
        if interaction.guild_id is None:
            raise Declined(_("Games belong to servers; use this in a server channel."))
        return await self.games.game_in_server(game_id, interaction.guild_id)

    async def replay_file(self, state: GameState) -> discord.File:
        """The animated GIF, drawn off the event loop (a long game takes about half a second),
        with its alt text."""
        names = await self.names.players(state.record)
        gif = await asyncio.to_thread(replay_gif, state, names)
        return discord.File(
            io.BytesIO(gif),
            f"reversi-{state.record.id}-replay.gif",
            description=replay_description(state, names),
        )
