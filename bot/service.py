"""The game service: every change in a game's life, decided and stored in one place.

How a click becomes a stored move and a new board:

1. A cog calls `GameService.move` with who clicked, the square, the ply of the board they saw and
   where they clicked (`Place`).
2. The service checks it against the stored game: right server and channel, a player, not over,
   within the deadline, the current board, their turn, a legal square (the engine decides).
3. It stores the move in one transaction: with the result and rating changes when the move ends
   the game, so no crash can leave a finished position in play.
4. It emits `MovePlayed` (or `GameEnded`). Subscribers react: the deadline timers re-arm, the
   bot's own player starts thinking if it is to move. The cog then has the board publisher
   answer the click with the new board, drawn from the event's state: the move was read and
   replayed once, and written once (the board's "shown" mark goes with the next move).

No lock is held anywhere: the storage's expected-ply check lets exactly one of two concurrent
changes to a position through, and the other gets a polite refusal. Nothing here knows Discord.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

from bot import engine
from bot.clock import Clock
from bot.computer import DEFAULT_LEVEL
from bot.domain import (
    DELETED_USER_ID,
    Challenge,
    ChallengeStatus,
    Ending,
    EndReason,
    GameRecord,
    GameState,
    GuildSettings,
    TimeControl,
)
from bot.domain.refusals import (
    GameRefusal,
    Refusal,
    Refused,
    RematchOfferedRefusal,
    ResignationChangedRefusal,
)
from bot.domain.shards import ALL_SHARDS, Shards
from bot.events import (
    ChallengeClosed,
    ChallengeOpened,
    Events,
    GameEnded,
    GameResumed,
    GameStarted,
    MovePlayed,
)
from bot.language_codes import LANGUAGES
from bot.languages import AUTO_LANGUAGE, Languages
from bot.storage import (
    ChallengeClosedError,
    ChannelBusyError,
    GameOverError,
    NotifyChoice,
    RematchOpenError,
    Replay,
    StaleMoveError,
    Storage,
)

ATTEMPTS = 3
"""Resigning, cancelling and timing out apply to whatever the position is: retried this often
when a move lands between reading the game and ending it."""

REPLAY_POSTING = 60.0
"""Seconds a replay being posted is waited for before another request posts it instead."""

ABORT_MOVES = 2
"""Until each side has made this many moves, a game can be aborted: resigning or running out of
time then ends it without a result, a rating change or a place in the stats."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where a request comes from: a server's channel, or a thread and the channel it is in."""

    guild_id: int
    channel_id: int
    parent_id: int | None = None

    @property
    def home(self) -> int:
        """The channel whose settings apply: a thread's parent, else the channel itself."""
        return self.parent_id if self.parent_id is not None else self.channel_id

    @property
    def in_thread(self) -> bool:
        return self.parent_id is not None


@dataclass(frozen=True, slots=True)
class SettingsChange:
    """What an admin asked to change in `/reversi settings`; all None/False changes nothing."""

    time_control: TimeControl | None = None
    rated: bool | None = None
    allow: int | None = None
    disallow: int | None = None
    everywhere: bool = False
    language: str | None = None
    """A language code, or `AUTO_LANGUAGE` for each server member's Discord language."""

    def __bool__(self) -> bool:
        changes = (self.time_control, self.rated, self.allow, self.disallow, self.language)
        return self.everywhere or any(change is not None for change in changes)


class GameService:
    """Starts, plays and ends games; see the module's docstring for the path of a move."""

    def __init__(
        self,
        storage: Storage,
        clock: Clock,
        events: Events,
        *,
        shards: Shards = ALL_SHARDS,
        rng: random.Random | None = None,
    ) -> None:
        self.storage = storage
        self.clock = clock
        self.events = events
        self.shards = shards
        """The servers this process looks after; the database may hold others' too."""
        self.rng = rng or random.Random()
        self.bot_id: int | None = None
        """The bot's own user id, once logged in: the player in games against the bot."""
        self.languages = Languages(storage)

    def now(self) -> float:
        return self.clock.now().timestamp()

    # --- reading ------------------------------------------------------------------------------

    async def load(self, game_id: int) -> GameState:
        return GameState.of(await self.storage.games.get(game_id))

    async def game_here(self, game_id: int, place: Place) -> GameState:
        """The game, if it is played in `place`'s channel: buttons act only where they are."""
        try:
            state = await self.load(game_id)
        except LookupError:
            raise Refusal(Refused.NOT_HERE) from None
        record = state.record
        if (record.guild_id, record.channel_id) != (place.guild_id, place.channel_id):
            raise Refusal(Refused.NOT_HERE)
        return state

    async def game_in_server(self, game_id: int, guild_id: int) -> GameState:
        """The game, if it was played in this server; other servers' games stay private."""
        try:
            state = await self.load(game_id)
        except LookupError:
            state = None
        if state is None or state.record.guild_id != guild_id:
            raise Refusal(Refused.NO_SUCH_GAME, id=game_id)
        return state

    async def channel_game(self, place: Place) -> GameState:
        """The game in progress in `place`'s channel."""
        record = await self.storage.games.active_in(place.channel_id)
        if record is None or record.guild_id != place.guild_id:
            raise Refusal(Refused.NO_GAME_HERE)
        return GameState.of(record)

    async def legal_moves(self, place: Place, user_id: int) -> list[str]:
        """The squares `user_id` may play now in this channel's game (none if not their turn)."""
        record = await self.storage.games.active_in(place.channel_id)
        if record is None or record.guild_id != place.guild_id:
            return []
        state = GameState.of(record)
        if state.to_move_id != user_id:
            return []
        return [engine.square_name(square) for square in state.position.legal_moves()]

    # --- challenges ---------------------------------------------------------------------------

    async def challenge(
        self,
        place: Place,
        challenger_id: int,
        opponent_id: int | None,
        *,
        opponent_is_bot: bool = False,
        opponent_is_member: bool = True,
        color: engine.Color | None = None,
        time_control: TimeControl | None = None,
        thread: bool = False,
        level: int = DEFAULT_LEVEL,
        rematch_of: int | None = None,
    ) -> Challenge | GameState:
        """Invite `opponent_id` (anyone, if None); challenging the bot itself starts a game
        against it at `level` at once, so this returns that game instead. `opponent_is_member`
        says whether the opponent is a member of the server (only members can accept)."""
        if opponent_id == challenger_id:
            raise Refusal(Refused.CHALLENGED_YOURSELF)
        if opponent_id is not None and opponent_id == self.bot_id:
            return await self.start_bot_game(
                place,
                challenger_id,
                level=level,
                color=color,
                time_control=time_control,
            )
        if opponent_is_bot:
            raise Refusal(Refused.OPPONENT_IS_A_BOT)
        if opponent_id is not None and not opponent_is_member:
            raise Refusal(Refused.OPPONENT_NOT_A_MEMBER)
        if thread and place.in_thread:
            raise Refusal(Refused.ALREADY_A_THREAD)
        await self._check_can_start(place, thread=thread)
        try:
            created = await self.storage.challenges.create(
                place.guild_id,
                place.channel_id,
                challenger_id,
                opponent_id,
                now=self.now(),
                color=color,
                time_control=time_control,
                in_thread=thread,
                rematch_of=rematch_of,
            )
        except ChannelBusyError as error:
            raise await self._busy(error) from None
        self.events.emit(ChallengeOpened(created))
        return created

    async def challenge_posted(self, challenge_id: int, message_id: int) -> Challenge:
        """The invitation is on screen as `message_id` (its thread, if any, will share the id)."""
        return await self.storage.challenges.set_message(challenge_id, message_id)

    async def challenge_here(self, challenge_id: int, place: Place) -> Challenge:
        try:
            challenge = await self.storage.challenges.get(challenge_id)
        except LookupError:
            raise Refusal(Refused.CHALLENGE_GONE) from None
        if (challenge.guild_id, challenge.channel_id) != (place.guild_id, place.channel_id):
            raise Refusal(Refused.NOT_HERE)
        return challenge

    async def accept(
        self, challenge_id: int, user_id: int, place: Place
    ) -> tuple[Challenge, GameState]:
        """Start the challenge's game. One played in a thread gets the invitation's message id
        as its channel: Discord gives a thread started from a message that message's id, so the
        thread is created only once the game exists (see `reopen`)."""
        challenge = await self.challenge_here(challenge_id, place)
        if user_id == challenge.challenger_id:
            raise Refusal(Refused.OWN_CHALLENGE)
        if challenge.opponent_id not in (None, user_id):
            raise Refusal(Refused.CHALLENGE_FOR_SOMEONE_ELSE)
        if challenge.in_thread and challenge.message_id is None:
            raise Refusal(Refused.CHALLENGE_NOT_READY)
        now = self.now()
        challenger_color = challenge.color or self.rng.choice(list(engine.Color))
        black_id = user_id if challenger_color is engine.Color.WHITE else challenge.challenger_id
        control = challenge.time_control
        try:
            async with self._expiring():
                closed, record = await self.storage.challenges.accept(
                    challenge_id,
                    user_id,
                    challenger_color=challenger_color,
                    now=now,
                    deadline=self._deadline(control, black_id, now, control.base),
                    channel_id=challenge.message_id if challenge.in_thread else None,
                )
        except ChannelBusyError as error:
            raise await self._busy(error) from None
        state = GameState.of(record)
        if not closed.in_thread:
            self.events.emit(ChallengeClosed(closed))
            self.events.emit(GameStarted(state))
        return closed, state

    def thread_ready(self, challenge: Challenge, state: GameState) -> None:
        """The thread of a game accepted in a thread exists now: the game begins."""
        self.events.emit(ChallengeClosed(challenge))
        self.events.emit(GameStarted(state))

    async def reopen(self, challenge: Challenge, state: GameState) -> None:
        """The game's thread could not be created: undo the acceptance, the game never was."""
        await self.storage.challenges.reopen(challenge.id, state.record.id, now=self.now())

    async def decline(self, challenge_id: int, user_id: int, place: Place) -> Challenge:
        challenge = await self.challenge_here(challenge_id, place)
        if user_id != challenge.opponent_id:
            raise Refusal(Refused.ONLY_CHALLENGED_DECLINES)
        return await self._close_challenge(
            self.storage.challenges.decline(challenge_id, user_id, now=self.now())
        )

    async def withdraw(self, challenge_id: int, user_id: int, place: Place) -> Challenge:
        challenge = await self.challenge_here(challenge_id, place)
        if user_id != challenge.challenger_id:
            raise Refusal(Refused.ONLY_CHALLENGER_CANCELS)
        return await self._close_challenge(
            self.storage.challenges.cancel(challenge_id, user_id, now=self.now())
        )

    async def _close_challenge(self, closing: Awaitable[Challenge]) -> Challenge:
        async with self._expiring():
            closed = await closing
        self.events.emit(ChallengeClosed(closed))
        return closed

    @asynccontextmanager
    async def _expiring(self) -> AsyncIterator[None]:
        """An answer to a challenge that has lapsed is refused, and its expiry shown at once
        rather than when its timer comes."""
        try:
            yield
        except ChallengeClosedError as error:
            if error.status is ChallengeStatus.EXPIRED:
                await self.expire_challenges()
            raise

    async def expire_challenges(self) -> list[Challenge]:
        """Close the lapsed challenges of this process's servers (another process's timers
        close theirs)."""
        expired = await self.storage.challenges.expire(now=self.now(), shards=self.shards)
        for challenge in expired:
            self.events.emit(ChallengeClosed(challenge))
        return expired

    # --- starting games -----------------------------------------------------------------------

    async def start_bot_game(
        self,
        place: Place,
        user_id: int,
        *,
        level: int,
        color: engine.Color | None = None,
        time_control: TimeControl | None = None,
    ) -> GameState:
        """A game against the bot at `level`, the player's colour drawn if not chosen, timed
        by `time_control` or the server's default; unrated."""
        if self.bot_id is None:
            raise Refusal(Refused.STARTING_UP)
        settings = await self._check_can_start(place, thread=False)
        color = color or self.rng.choice(list(engine.Color))
        black, white = (user_id, self.bot_id)
        if color is engine.Color.WHITE:
            black, white = white, black
        now = self.now()
        control = time_control or settings.time_control
        try:
            record = await self.storage.games.create(
                place.guild_id,
                place.channel_id,
                black,
                white,
                rated=False,
                time_control=control,
                deadline=self._deadline(control, black, now, control.base),
                now=now,
                bot_level=level,
            )
        except ChannelBusyError as error:
            raise await self._busy(error) from None
        state = GameState.of(record)
        self.events.emit(GameStarted(state))
        return state

    async def rematch(
        self,
        game_id: int,
        user_id: int,
        place: Place,
        *,
        is_member: Callable[[int], Awaitable[bool]] | None = None,
    ) -> Challenge | GameState:
        """The same game again with colours swapped: a new game against the bot at once, or a
        challenge to the same opponent with the same time control. While one such challenge is
        open, a second click by either player is pointed to it instead of pinging again.
        `is_member` tells whether a user is a member of the server now (one who left couldn't
        accept); None takes every opponent for one."""
        record = (await self.game_here(game_id, place)).record
        color = record.color_of(user_id)
        if color is None:
            raise Refusal(Refused.ONLY_PLAYERS_REMATCH)
        if record.bot_level is not None:
            return await self.start_bot_game(
                place,
                user_id,
                level=record.bot_level,
                color=color.opponent,
                time_control=record.time_control,
            )
        opponent_id = record.player(color.opponent)
        if opponent_id == DELETED_USER_ID:
            raise Refusal(Refused.OPPONENT_GONE)
        member = is_member is None or await is_member(opponent_id)
        for _attempt in range(ATTEMPTS):
            try:
                return await self.challenge(
                    place,
                    user_id,
                    opponent_id,
                    opponent_is_member=member,
                    color=color.opponent,
                    time_control=record.time_control,
                    rematch_of=record.id,
                )
            except RematchOpenError as error:
                offer = await self.storage.challenges.get(error.challenge_id)
            if offer.expires_at > self.now():
                raise RematchOfferedRefusal(offer)
            await self.expire_challenges()  # lapsed, its timer not run yet: close it, offer anew
        raise RematchOfferedRefusal(offer)

    async def _check_can_start(self, place: Place, *, thread: bool) -> GuildSettings:
        """The server's settings, if a game may start in `place` (or a thread of it)."""
        settings = await self.storage.settings.get(place.guild_id)
        if not settings.allows(place.home):
            raise Refusal(Refused.CHANNEL_NOT_ALLOWED)
        if not thread:
            busy = await self.storage.games.active_in(place.channel_id)
            if busy is not None:
                raise GameRefusal(Refused.CHANNEL_BUSY, busy)
        return settings

    async def _busy(self, error: ChannelBusyError) -> GameRefusal:
        """The refusal for a channel another game took first, pointing at that game."""
        return GameRefusal(Refused.CHANNEL_BUSY, await self.storage.games.get(error.game_id))

    def _deadline(
        self, control: TimeControl, to_move: int, now: float, clock: float | None
    ) -> float | None:
        """When `to_move`, whose turn begins `now`, runs out of time: when their `clock` falls
        in a live game (the bot's too: it thinks on its clock), else after the time per move
        (the bot's own turns have none)."""
        if control.per_move is None:
            assert clock is not None
            return now + clock
        return None if to_move == self.bot_id else now + control.per_move

    # --- moves --------------------------------------------------------------------------------

    async def move(
        self,
        game_id: int,
        user_id: int,
        square: str,
        place: Place,
        *,
        expected_ply: int | None = None,
    ) -> GameState:
        """Play `square` for `user_id`; `expected_ply` is the ply of the board they clicked.

        Refuses with a `Refusal`, or the engine's `InvalidMoveError`/`IllegalMoveError` for a
        square that isn't one or isn't legal; nothing is stored then.
        """
        return await self._move(await self.game_here(game_id, place), user_id, square, expected_ply)

    async def move_here(self, place: Place, user_id: int, square: str) -> GameState:
        """`/reversi move`: a move in this channel's game, on the position as it is now."""
        return await self._move(await self.channel_game(place), user_id, square, None)

    async def _move(
        self, state: GameState, user_id: int, square: str, expected_ply: int | None
    ) -> GameState:
        record = state.record
        if record.color_of(user_id) is None:
            raise Refusal(Refused.NOT_PLAYING)
        if not record.active:
            raise Refusal(Refused.GAME_OVER)
        await self._check_time(record)
        if expected_ply is not None and expected_ply != record.ply:
            raise GameRefusal(Refused.STALE_BOARD, record)
        if state.to_move_id != user_id:
            raise Refusal(Refused.NOT_YOUR_TURN)
        return await self._play(state, square)

    async def bot_move(self, game_id: int, expected_ply: int, square: str) -> GameState:
        """The bot's move, found for the position at `expected_ply`; refused (`STALE_BOARD`,
        `GAME_OVER`) if the game changed meanwhile, e.g. resigned or cancelled."""
        state = await self.load(game_id)
        record = state.record
        if not record.active:
            raise Refusal(Refused.GAME_OVER)
        if record.ply != expected_ply or state.to_move_id != self.bot_id:
            raise GameRefusal(Refused.STALE_BOARD, record)
        await self._check_time(record)
        return await self._play(state, square)

    async def _check_time(self, record: GameRecord) -> None:
        """A move after the mover's time ran out ends the game on time instead."""
        if record.deadline is not None and record.deadline <= self.now():
            await self.time_out(record.id)
            raise Refusal(Refused.OUT_OF_TIME)

    async def _play(self, state: GameState, square: str) -> GameState:
        record, game = state.record, state.game
        ply = game.play(square)
        name = engine.square_name(ply.square)
        now = self.now()
        clocks = clocks_after_move(record, ply.color, now)
        try:
            ending = board_ending(game)
            if ending is not None:
                finished = await self.storage.games.record_final_move(
                    record.id, record.ply, name, ending, now=now, clocks=clocks
                )
                ended = GameState(finished.game, game, finished)
                self.events.emit(GameEnded(ended, finished))
                return ended
            # After a forced pass the mover moves again: the passing side's clock never ran.
            clock = None if clocks is None else clocks[game.turn is engine.Color.WHITE]
            deadline = self._deadline(record.time_control, record.player(game.turn), now, clock)
            stored = await self.storage.games.record_move(
                record.id, record.ply, name, deadline=deadline, now=now, clocks=clocks
            )
        except StaleMoveError:
            raise GameRefusal(
                Refused.STALE_BOARD, await self.storage.games.get(record.id)
            ) from None
        except GameOverError:
            raise Refusal(Refused.GAME_OVER) from None
        moved = GameState(stored, game)
        self.events.emit(MovePlayed(moved, ply))
        return moved

    # --- endings ------------------------------------------------------------------------------

    async def resignable(self, game_id: int, user_id: int, place: Place) -> GameState:
        """The game, if `user_id` may resign it now (asked before they confirm)."""
        state = await self.game_here(game_id, place)
        if state.record.color_of(user_id) is None:
            raise Refusal(Refused.NOT_PLAYING)
        if not state.record.active:
            raise Refusal(Refused.GAME_OVER)
        return state

    async def resign(
        self,
        game_id: int,
        user_id: int,
        place: Place,
        *,
        offered: EndReason,
    ) -> GameState:
        """`user_id` gives up: the opponent wins, whatever the discs say. In the abort window
        (`abort_window`) the game is aborted instead: no result. `offered` is what they
        confirmed (`resignation` when they were asked); if resigning means something else now,
        nothing happens (`ResignationChangedRefusal`)."""
        for _attempt in range(ATTEMPTS):
            state = await self.resignable(game_id, user_id, place)
            color = state.record.color_of(user_id)
            assert color is not None
            meaning = resignation(state.game)
            if meaning is not offered:
                raise ResignationChangedRefusal(state)
            if meaning is EndReason.ABORTED:
                ended = await self._end(state, EndReason.ABORTED, None, cancelled_by=user_id)
            else:
                ended = await self._end(state, EndReason.RESIGNATION, color.opponent)
            if ended is not None:
                return ended
        raise GameRefusal(Refused.STALE_BOARD, state.record)

    async def cancel(self, place: Place, moderator_id: int, *, moderator: bool) -> GameState:
        """A moderator ends this channel's game without a result or rating."""
        if not moderator:
            raise Refusal(Refused.NEEDS_MANAGE_MESSAGES)
        for _attempt in range(ATTEMPTS):
            state = await self.channel_game(place)
            ended = await self._end(state, EndReason.CANCELLED, None, cancelled_by=moderator_id)
            if ended is not None:
                return ended
        raise GameRefusal(Refused.STALE_BOARD, state.record)

    async def time_out(self, game_id: int) -> GameState:
        """End the game if its move deadline has passed: the side to move loses on time, or the
        game is aborted in the abort window. Returns the game as it is now, ended or not (its
        deadline may have moved on, or something else ended it first: a lost race is no fault)."""
        for _attempt in range(ATTEMPTS):
            state = await self.load(game_id)
            deadline = state.record.deadline
            if not state.record.active or deadline is None or deadline > self.now():
                return state
            try:
                if abort_window(state.game):
                    ended = await self._end(state, EndReason.ABORTED, None)
                else:
                    ended = await self._end(state, EndReason.TIMEOUT, state.position.turn.opponent)
            except Refusal as refusal:
                if refusal.code is not Refused.GAME_OVER:
                    raise
                continue  # ended meanwhile (a late move, a resignation): read it, over
            if ended is not None:
                return ended
        return await self.load(game_id)

    async def _end(
        self,
        state: GameState,
        reason: EndReason,
        winner: engine.Color | None,
        *,
        cancelled_by: int | None = None,
    ) -> GameState | None:
        """End the game at the position read, its clocks stopped; None if a move landed
        meanwhile (read again)."""
        position = state.position
        now = self.now()
        ending = Ending(
            reason,
            winner,
            position.count(engine.Color.BLACK),
            position.count(engine.Color.WHITE),
            cancelled_by=cancelled_by,
        )
        try:
            finished = await self.storage.games.finish(
                state.record.id,
                state.record.ply,
                ending,
                now=now,
                clocks=state.record.clocks_at(now, position.turn),
            )
        except StaleMoveError:
            return None
        except GameOverError:
            raise Refusal(Refused.GAME_OVER) from None
        ended = GameState(finished.game, state.game, finished)
        self.events.emit(GameEnded(ended, finished))
        return ended

    # --- replays ------------------------------------------------------------------------------

    async def claim_replay(self, game_id: int, guild_id: int) -> tuple[GameState, Replay | None]:
        """A finished game's replay is posted once: returns the game and its replay, or None
        when the caller is to post it (then `replay_posted`, or `replay_gone` if it failed)."""
        state = await self.game_in_server(game_id, guild_id)
        if state.record.active:
            raise Refusal(Refused.NO_REPLAY_YET)
        replay = await self.storage.replays.claim(
            game_id, now=self.now(), stale_after=REPLAY_POSTING
        )
        return state, replay

    async def replay_posted(self, game_id: int, channel_id: int, message_id: int) -> None:
        await self.storage.replays.posted(game_id, channel_id, message_id)

    async def replay_gone(self, game_id: int) -> None:
        """The replay could not be posted, or its message was deleted: the next asks anew."""
        await self.storage.replays.release(game_id)

    async def hint_position(self, place: Place, user_id: int) -> GameState:
        """The game a player may ask the bot's advice in: their turn, against the bot only."""
        state = await self.channel_game(place)
        if state.record.bot_level is None:
            raise Refusal(Refused.HINTS_AGAINST_THE_BOT_ONLY)
        if state.record.color_of(user_id) is None:
            raise Refusal(Refused.NOT_PLAYING)
        if state.to_move_id != user_id:
            raise Refusal(Refused.NOT_YOUR_TURN)
        return state

    # --- the server's settings ---------------------------------------------------------------

    async def change_settings(
        self, guild_id: int, change: SettingsChange, *, manager: bool
    ) -> GuildSettings:
        """Apply an admin's change; the allowed channels are all of them until some are listed."""
        if not manager:
            raise Refusal(Refused.NEEDS_MANAGE_SERVER)
        current = await self.storage.settings.get(guild_id)
        channels: set[int] | None = None
        if change.everywhere:
            channels = set()
        elif change.allow is not None or change.disallow is not None:
            channels = set(current.allowed_channels)
            if change.allow is not None:
                channels.add(change.allow)
            if change.disallow is not None:
                if change.disallow not in channels:
                    raise Refusal(Refused.CHANNEL_NOT_LISTED, channel_id=change.disallow)
                channels.discard(change.disallow)
        if change.language is not None and change.language not in (*LANGUAGES, AUTO_LANGUAGE):
            raise Refusal(Refused.UNKNOWN_LANGUAGE)
        updated = await self.storage.settings.update(
            guild_id,
            now=self.now(),
            time_control=change.time_control,
            rated=change.rated,
            allowed_channels=channels,
            language=None if change.language == AUTO_LANGUAGE else change.language,
            clear_language=change.language == AUTO_LANGUAGE,
        )
        self.languages.server_changed(guild_id, updated.language)
        return updated

    # --- players ------------------------------------------------------------------------------

    async def choose_notices(self, user_id: int, choice: NotifyChoice) -> None:
        """How `user_id` wants to hear that it is their turn, in every server."""
        await self.storage.notices.choose(user_id, choice, now=self.now())

    async def choose_language(self, user_id: int, language: str) -> None:
        """The language of what `user_id` alone sees, in every server; `AUTO_LANGUAGE` follows
        the server's again."""
        if language not in (*LANGUAGES, AUTO_LANGUAGE):
            raise Refusal(Refused.UNKNOWN_LANGUAGE)
        chosen = None if language == AUTO_LANGUAGE else language
        await self.storage.languages.choose(user_id, chosen, now=self.now())
        self.languages.personal_changed(user_id, chosen)

    async def forget(self, guild_id: int, user_id: int, *, confirmed_by: int) -> None:
        """Delete the player's stats and challenges in the server; their open invitations close.
        Only the player themself can confirm it."""
        if confirmed_by != user_id:
            raise Refusal(Refused.ONLY_THE_ASKER_CONFIRMS)
        forgotten = await self.storage.forget_player(guild_id, user_id)
        self.languages.personal_changed(user_id, None)
        for challenge in forgotten:
            if challenge.status is ChallengeStatus.PENDING:
                closed = replace(challenge, status=ChallengeStatus.CANCELLED)
                self.events.emit(ChallengeClosed(closed, forgotten=True))

    # --- start-up -----------------------------------------------------------------------------

    async def recover(self) -> None:
        """After a restart: finish games a crash left at a final position, and announce every
        game in progress (timers, the bot's turns), every board left behind, every open
        challenge, of this process's servers. Every other event follows an interaction or a
        timer of its own servers, so the subscribers never hear of other processes' games."""
        finished_now: set[int] = set()
        for record in await self.storage.games.active(self.shards):
            state = GameState.of(record)
            ending = board_ending(state.game)
            if ending is None:
                self.events.emit(GameResumed(state))
                continue
            finished = await self.storage.games.finish(
                record.id, record.ply, ending, now=self.now()
            )
            self.events.emit(GameEnded(GameState(finished.game, state.game, finished), finished))
            finished_now.add(record.id)
        for record in await self.storage.games.boards_behind(self.shards):
            if record.id not in finished_now:  # announced as it ended, just above
                self.events.emit(GameResumed(GameState.of(record)))
        for challenge in await self.storage.challenges.pending(self.shards):
            self.events.emit(ChallengeOpened(challenge))


def abort_window(game: engine.Game) -> bool:
    """Whether the game may still be aborted: one side has made fewer than `ABORT_MOVES` moves."""
    made = Counter(ply.color for ply in game.plies)
    return min(made[engine.Color.BLACK], made[engine.Color.WHITE]) < ABORT_MOVES


def resignation(game: engine.Game) -> EndReason:
    """What resigning `game` now does: abort it in the abort window, else lose it."""
    return EndReason.ABORTED if abort_window(game) else EndReason.RESIGNATION


def clocks_after_move(
    record: GameRecord, mover: engine.Color, now: float
) -> tuple[float, float] | None:
    """A live game's clocks once `mover` has moved at `now`: the time spent since the turn
    began taken off, the increment added."""
    clocks = record.clocks_at(now, mover)
    if clocks is None:
        return None
    black, white = clocks
    increment = record.time_control.increment
    if mover is engine.Color.BLACK:
        return black + increment, white
    return black, white + increment


def board_ending(game: engine.Game) -> Ending | None:
    """How the game ended on the board, if it did: most discs wins."""
    result = game.result()
    if result is None:
        return None
    return Ending(EndReason.NORMAL, result.winner, result.black_discs, result.white_discs)
