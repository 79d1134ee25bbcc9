"""Board image speed and size: `rendering` against a naive renderer, a board with clocks, and a
60-move replay.

Run: `.venv/bin/python benchmarks/render.py [--runs N] [--quick]`. The naive renderer draws
everything with ImageDraw at 4x size on every call and downsamples with LANCZOS, which is the
obvious way to get smooth discs; `rendering` caches that work per theme and size instead.
`--quick` renders each image once.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable
from functools import partial

from PIL import Image, ImageDraw, ImageFont

from bot.engine import Color, Game, Position, square_name
from rendering import render_board, render_replay
from rendering.gallery import GAME
from rendering.layout import DEFAULT_SIZE, Layout
from rendering.text import BOLD, REGULAR
from rendering.themes import CLASSIC

SCALE = 4


def naive_board(position: Position, last_move: int | None, size: int = DEFAULT_SIZE) -> bytes:
    """Same layout and content as `render_board`, all drawn at 4x on each call."""
    theme, layout = CLASSIC, Layout.for_width(size)
    cell, x0, y0 = layout.cell * SCALE, layout.board_x * SCALE, layout.board_y * SCALE
    big = Image.new("RGB", (layout.width * SCALE, layout.height * SCALE), theme.background)
    draw = ImageDraw.Draw(big)
    draw.rectangle((x0, y0, x0 + 8 * cell, y0 + 8 * cell), fill=theme.board)
    for i in range(9):
        draw.line((x0 + i * cell, y0, x0 + i * cell, y0 + 8 * cell), fill=theme.grid, width=SCALE)
        draw.line((x0, y0 + i * cell, x0 + 8 * cell, y0 + i * cell), fill=theme.grid, width=SCALE)
    for col, row in ((2, 2), (6, 2), (2, 6), (6, 6)):
        r = cell * 0.085
        cx, cy = x0 + col * cell, y0 + row * cell
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=theme.dots)
    small = ImageFont.truetype(str(REGULAR), round(cell * 0.32))
    label = ImageFont.truetype(str(BOLD), round(cell * 0.27))
    big_text = ImageFont.truetype(str(BOLD), round(cell * 0.34))
    for i in range(8):
        centre = i * cell + cell // 2
        draw.text((x0 + centre, y0 - x0 / 2), "abcdefgh"[i], font=small, fill=theme.coordinates)
        draw.text((x0 / 2, y0 + centre), str(i + 1), font=small, fill=theme.coordinates)
    hints = position.legal_moves()
    for square in range(64):
        row, col = divmod(square, 8)
        mx, my = x0 + col * cell + cell / 2, y0 + row * cell + cell / 2
        piece = position.piece_at(square)
        if piece is not None:
            fill, rim = (
                (theme.black_disc, theme.black_rim)
                if piece is Color.BLACK
                else (theme.white_disc, theme.white_rim)
            )
            r = cell * 0.42
            draw.ellipse((mx - r, my - r, mx + r, my + r), fill=fill, outline=rim, width=SCALE * 2)
        elif square in hints:
            r = cell * 0.31
            draw.ellipse((mx - r, my - r, mx + r, my + r), fill=theme.hint_black)
            draw.text((mx, my), square_name(square), font=label, fill=theme.hint_black_text)
        if square == last_move:
            r = cell * 0.12
            draw.ellipse((mx - r, my - r, mx + r, my + r), fill=theme.last_move)
    header = f"Black {position.count(Color.BLACK)} - {position.count(Color.WHITE)} White"
    draw.text((x0, cell // 3), header, font=big_text, fill=theme.text)
    draw.text((x0, layout.footer_y * SCALE), "Black to move", font=big_text, fill=theme.text)
    image = big.resize((layout.width, layout.height), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def measure(render: Callable[[], bytes], runs: int) -> tuple[float, float, int]:
    """p50 and p95 in milliseconds, and the size in bytes."""
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(render())
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))], size


def measure_alternately(
    first: Callable[[], bytes], second: Callable[[], bytes], runs: int
) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
    """`measure` of two renders taking turns, so that a busy machine slows both alike."""
    first(), second()  # build both caches
    times: tuple[list[float], list[float]] = ([], [])
    sizes = [0, 0]
    for _ in range(runs):
        for index, render in enumerate((first, second)):
            start = time.perf_counter()
            sizes[index] = len(render())
            times[index].append((time.perf_counter() - start) * 1000)
    results = []
    for index in (0, 1):
        ordered = sorted(times[index])
        p95 = ordered[min(runs - 1, int(runs * 0.95))]
        results.append((statistics.median(ordered), p95, sizes[index]))
    return results[0], results[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=200, help="renders per position")
    parser.add_argument("--quick", action="store_true", help="a few seconds' run, for the tests")
    args = parser.parse_args()
    if args.quick:
        args.runs = 1
    replays = (1, 1) if args.quick else (5, 3)  # GIFs: small, then at DEFAULT_SIZE
    game = Game.from_transcript(GAME)
    samples: dict[str, tuple[Position, int | None, int]] = {"start": (Position.initial(), None, 0)}
    for plies in (10, 30, 50, len(game.plies)):
        ply = game.plies[plies - 1]
        samples[f"after {plies} moves"] = (ply.after, ply.square, ply.flipped)

    start = time.perf_counter()
    render_board(Position.initial())
    print(
        f"first render (builds the classic {DEFAULT_SIZE}px cache): "
        f"{(time.perf_counter() - start) * 1000:.0f} ms"
    )
    print(
        f"{'position':<18} {'p50 ms':>7} {'p95 ms':>7} {'bytes':>7} | "
        f"{'naive p50':>9} {'p95':>7} {'bytes':>7} | {'ratio':>6}"
    )
    ratios = []
    naive_runs = min(args.runs, max(5, args.runs // 20))
    for label, (position, last, flipped) in samples.items():
        fast = measure(partial(render_board, position, last_move=last, flipped=flipped), args.runs)
        naive = measure(partial(naive_board, position, last), naive_runs)
        ratios.append(naive[0] / fast[0])
        print(
            f"{label:<18} {fast[0]:7.2f} {fast[1]:7.2f} {fast[2]:7d} | "
            f"{naive[0]:9.2f} {naive[1]:7.2f} {naive[2]:7d} | {ratios[-1]:5.1f}x"
        )
    print(f"speed-up (median of p50 ratios): {statistics.median(ratios):.1f}x")

    ply = game.plies[29]
    plain, timed = measure_alternately(
        partial(render_board, ply.after, last_move=ply.square),
        partial(
            render_board,
            ply.after,
            last_move=ply.square,
            clocks=(283.4, 7.3),
            clock_running=Color.BLACK,
        ),
        args.runs,
    )
    print(
        f"after 30 moves, without and with clocks (alternately): p50 {plain[0]:.2f} and "
        f"{timed[0]:.2f} ms ({timed[0] / plain[0] - 1:+.0%}), {plain[2]} and {timed[2]} bytes"
    )

    replay = measure(lambda: render_replay(game, black_name="Alice", white_name="Bob"), replays[0])
    print(
        f"replay of {len(game.plies)} moves ({len(game.plies) + 1} frames, GIF): "
        f"p50 {replay[0]:.0f} ms, p95 {replay[1]:.0f} ms, {replay[2]} bytes"
    )
    large = measure(lambda: render_replay(game, size=DEFAULT_SIZE), replays[1])
    print(f"replay at {DEFAULT_SIZE}px: p50 {large[0]:.0f} ms, {large[2]} bytes")


if __name__ == "__main__":
    main()
