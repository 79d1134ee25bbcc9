"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), without dependencies.

Each finished game is its own rating period, as on large game sites that rate games one at a
time: both players are rated from their ratings before the game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Converts between the Glicko scale (1500 / 350) and the Glicko-2 scale (0 / 2.01)."""

TAU = 0.5
"""System constant limiting volatility change; Glickman suggests 0.3 to 1.2."""

CONVERGENCE = 1e-6
"""Tolerance of the volatility iteration (step 5 of the paper)."""

PROVISIONAL_DEVIATION = 110.0
"""A rating is provisional while its deviation is above this (the threshold Lichess uses): a new
player leaves it after about a dozen games against established players, whose deviation settles
near 60. Deviation does not grow with idle time, so an established player stays established."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's strength estimate on the Glicko scale."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL_DEVIATION


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: solve for the new volatility with the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    lo = a
    if delta * delta > phi * phi + v:
        hi = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        hi = a - k * tau
    f_lo, f_hi = f(lo), f(hi)
    while abs(hi - lo) > CONVERGENCE:
        c = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_c = f(c)
        if f_c * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2.0
        hi, f_hi = c, f_c
    return math.exp(lo / 2.0)


def rate(player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float = TAU) -> Rating:
    """Rate `player` after one period of `results`: (opponent, score), 1 a win, 0.5 a draw."""
    if not results:
        raise ValueError("a rating period needs at least one result")
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    inverse_v = 0.0
    improvement = 0.0
    for opponent, score in results:
        g_j = _g(opponent.deviation / SCALE)
        e_j = _expected(mu, (opponent.rating - 1500.0) / SCALE, g_j)
        inverse_v += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (score - e_j)
    v = 1.0 / inverse_v
    delta = v * improvement

    new_sigma = _new_volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + 1500.0, new_phi * SCALE, new_sigma)
