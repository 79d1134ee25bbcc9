"""The ids the tests give servers, channels and people: snowflake-sized, as Discord's, so that
64-bit values are exercised throughout."""

GUILD = 1_150_000_000_000_000_001
OTHER_GUILD = 1_150_000_000_000_000_002
CHANNEL = 1_160_000_000_000_000_001
OTHER_CHANNEL = 1_160_000_000_000_000_002
THREAD = 1_160_000_000_000_000_003
"""A thread in `CHANNEL`."""
ALICE = 1_170_000_000_000_000_001
BOB = 1_170_000_000_000_000_002
CAROL = 1_170_000_000_000_000_003
MODERATOR = 1_170_000_000_000_000_004
OTHER_BOT = 1_170_000_000_000_000_098
BOT = 1_170_000_000_000_000_099
"""The bot's own user id."""
