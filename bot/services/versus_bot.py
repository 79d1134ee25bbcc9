"""Games against the bot: starting one, and the position a player may ask its advice in."""

from __future__ import annotations

from bot import engine
from bot.domain import GameState, TimeControl
from bot.domain.events import GameStarted
from bot.domain.refusals import Refusal, Refused
from bot.services.context import Service
from bot.services.places import Place
from bot.storage import ChannelBusyError


class VersusBot(Service):
    """Starts games against the bot, unrated, and checks a request for a hint."""

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
