"""What a record refuses to hold."""

from __future__ import annotations


class InvalidInputError(ValueError):
    """A value passed in is out of range or malformed."""
