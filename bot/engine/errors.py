"""The two ways a move can be wrong, each a `ValueError` with a message fit to show a player."""


class InvalidMoveError(ValueError):
    """The text does not name a square (e.g. `d9`, `hello`)."""


class IllegalMoveError(ValueError):
    """The square exists but is not a legal move in this position (or a pass is not allowed)."""
