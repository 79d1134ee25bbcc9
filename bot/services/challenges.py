"""Challenges: inviting, accepting, declining, cancelling, lapsing, and the rematch offered
after a game."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from bot import engine
from bot.computer import DEFAULT_LEVEL
from bot.domain import Challenge, ChallengeStatus, GameState, TimeControl, is_forgotten
from bot.domain.events import ChallengeClosed, ChallengeOpened, GameStarted
from bot.domain.refusals import Refusal, Refused, RematchOfferedRefusal
from bot.services.context import Changed, Context, Service
from bot.services.places import Place
from bot.services.versus_bot import VersusBot
from bot.storage import (
    ChallengeClosedError,
    ChallengeNotFoundError,
    ChannelBusyError,
    RematchOpenError,
)

CLOSED = {
    ChallengeStatus.ACCEPTED: Refused.CHALLENGE_ACCEPTED,
    ChallengeStatus.DECLINED: Refused.CHALLENGE_DECLINED,
    ChallengeStatus.CANCELLED: Refused.CHALLENGE_CANCELLED,
    ChallengeStatus.EXPIRED: Refused.CHALLENGE_EXPIRED,
}
"""The refusal of an answer to a challenge closed meanwhile, by how it closed."""


class Challenges(Service):
    """Opens and closes challenges; challenging the bot itself starts a game against it
    (`VersusBot`)."""

    def __init__(self, context: Context, versus_bot: VersusBot) -> None:
        super().__init__(context)
        self.versus_bot = versus_bot

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
            return await self.versus_bot.start_bot_game(
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
        try:
            return await self.storage.challenges.set_message(challenge_id, message_id)
        except ChallengeNotFoundError:
            raise Refusal(Refused.CHALLENGE_GONE) from None

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

    async def cancel(self, challenge_id: int, user_id: int, place: Place) -> Challenge:
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
        """An answer to a challenge closed or gone meanwhile is refused; a lapsed one's expiry
        is shown at once rather than when its timer comes."""
        try:
            yield
        except ChallengeNotFoundError:
            raise Refusal(Refused.CHALLENGE_GONE) from None
        except ChallengeClosedError as error:
            if error.status is ChallengeStatus.EXPIRED:
                await self.expire_challenges()
            raise Refusal(CLOSED[ChallengeStatus(error.status)]) from None

    async def expire_challenges(self) -> list[Challenge]:
        """Close the lapsed challenges of this process's servers (another process's timers
        close theirs)."""
        expired = await self.storage.challenges.expire(now=self.now(), shards=self.shards)
        for challenge in expired:
            self.events.emit(ChallengeClosed(challenge))
        return expired

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
        if record.tournament_id is not None:
            raise Refusal(Refused.NO_TOURNAMENT_REMATCH)
        if record.bot_level is not None:
            return await self.versus_bot.start_bot_game(
                place,
                user_id,
                level=record.bot_level,
                color=color.opponent,
                time_control=record.time_control,
            )
        opponent_id = record.player(color.opponent)
        if is_forgotten(opponent_id):
            raise Refusal(Refused.OPPONENT_GONE)
        member = is_member is None or await is_member(opponent_id)

        async def attempt() -> Challenge | GameState:
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
            raise Changed(RematchOfferedRefusal(offer))

        return await self.retried(attempt)
