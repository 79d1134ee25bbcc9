"""The bot as the cogs see it: the Discord client and what every feature shares on Discord's side,
each put there by the composition root (`bot.app`) before it adds the features' cogs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.client import ReversiBot

if TYPE_CHECKING:
    from cogs.features import Features
    from cogs.names import Names
    from cogs.play.challenge_message import ChallengeMessages
    from cogs.play.publish import BoardPublisher
    from cogs.records.shares import Shares
    from cogs.reviews.progress import ReviewMessages
    from cogs.tournaments.event import ScheduledEvents
    from cogs.tournaments.rounds import RoundOpener
    from cogs.tournaments.signup import Signups


class Bot(ReversiBot):
    """The client with the display names, the shares, the Discord-side subscribers (the board
    publisher, the challenge messages, the reviews' messages, a tournament's sign-up message,
    rounds and scheduled event) and the feature cogs the buttons call."""

    names: Names
    shares: Shares
    publisher: BoardPublisher
    challenge_messages: ChallengeMessages
    review_messages: ReviewMessages
    signups: Signups
    round_opener: RoundOpener
    scheduled_events: ScheduledEvents
    features: Features
