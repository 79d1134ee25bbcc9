"""Renders from many threads at once, while caches are being built, match serial renders,
with clocks and without."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from bot.engine import Color, Game, Ply
from rendering import THEMES, render_board

SIZES = (301, 457)  # sizes no other test uses, so the caches are built during the race


def render(job: tuple[str, int, Ply]) -> bytes:
    """Every other move with clocks, which have caches of their own."""
    theme, size, ply = job
    timed = ply.color is Color.BLACK
    return render_board(
        ply.after,
        last_move=ply.square,
        black_name="Ann 山田",
        clocks=(61.5, 9.25) if timed else None,
        clock_running=ply.after.turn if timed else None,
        theme=theme,
        size=size,
    )


def test_concurrent_renders_are_identical_to_serial_ones() -> None:
    game = Game.from_transcript("f5d6c3d3c4f4f6f3e6e7")
    jobs = [(theme, size, ply) for theme in THEMES for size in SIZES for ply in game.plies]
    with ThreadPoolExecutor(max_workers=8) as pool:
        concurrent = list(pool.map(render, jobs))
    assert concurrent == [render(job) for job in jobs]
