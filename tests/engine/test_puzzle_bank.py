"""The shipped puzzle bank: big enough, small on disk, every id its position's, and a new random
sample of it proven again by the exact solver on every run (`benchmarks/puzzles.py` proves it
all)."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.engine import Position
from bot.engine.puzzle_bank import BANK, RATING_RANGE, Entry, bank, merged
from bot.engine.puzzles import find, puzzle_id

SAMPLE = 25


def test_the_bank_is_big_and_small_on_disk() -> None:
    entries = bank()
    assert len(entries) >= 5000
    assert BANK.stat().st_size < 5_000_000
    assert len({entry.id for entry in entries}) == len(entries)
    assert all(entry.id == puzzle_id(entry.position) for entry in entries)
    low, high = RATING_RANGE
    assert all(low <= entry.rating <= high for entry in entries)


def test_a_random_sample_of_the_bank_is_proven_again() -> None:
    seed = random.randrange(2**32)
    for entry in random.Random(seed).sample(bank(), SAMPLE):
        found = find(Position.from_string(entry.position))
        assert found is not None, (seed, entry.id)
        assert Entry.of(found) == entry, (seed, entry.id)


def test_an_entry_reads_back_as_written() -> None:
    for entry in bank()[:50]:
        assert Entry.from_line(entry.to_line()) == entry


def test_growing_the_bank_keeps_what_is_there() -> None:
    first, second, third = bank()[:3]
    changed = replace(first, rating=first.rating + 100)
    grown = merged([first, second], [changed, third])
    assert grown == [first, second, third]
