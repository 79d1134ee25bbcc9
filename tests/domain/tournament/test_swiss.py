"""Swiss pairings over many random tournaments: everyone still in is paired once a round,
nobody meets an opponent twice or gets a second bye while that can be avoided, nor gets a
colour a third time in a row or a difference above 2 while a pairing without a repeat avoids
it, and on small rounds the pairing is checked against every possible pairing for the best it
could do on repeats, colour rules, score groups and colour preferences, in that order."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.domain.tournament import Entrant, Pairing, pair_swiss, swiss
from bot.domain.tournament.records import bye

BLACK, WHITE = 1, -1


@dataclass
class History:
    """What the earlier rounds gave each player, worked out here from the boards."""

    points: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    met: set[frozenset[int]] = field(default_factory=set)
    byes: set[int] = field(default_factory=set)
    colors: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))

    @classmethod
    def of(cls, played: Sequence[Pairing]) -> History:
        history = cls()
        for board in sorted(played, key=lambda board: board.round):
            if board.white is None:
                history.byes.add(board.black)
                history.points[board.black] += 2
                continue
            history.met.add(frozenset((board.black, board.white)))
            history.colors[board.black].append(BLACK)
            history.colors[board.white].append(WHITE)
            for player in (board.black, board.white):
                history.points[player] += (
                    1 if board.winner is None else 2 * (board.winner == player)
                )
        return history

    def breaks(self, player: int, color: int) -> bool:
        """Whether `colour` makes a third in a row or a difference above 2."""
        past = self.colors[player]
        return past[-2:] == [color, color] or abs(sum(past) + color) > 2

    def due(self, player: int) -> tuple[int, bool]:
        """The colour `player` is due (0 for none) and whether strongly: the one that evens out
        their difference, or breaks two of the same in a row; else mildly the other colour
        than last time."""
        past = self.colors[player]
        if sum(past):
            return (WHITE if sum(past) > 0 else BLACK), True
        if past:
            return -past[-1], past[-2:] == [past[-1]] * 2
        return 0, False

    def given(self, black: int, white: int) -> tuple[int, int, int]:
        """Colour rules broken, strong and mild preferences unmet, when `black` takes black
        against `white`."""
        broken = self.breaks(black, BLACK) + self.breaks(white, WHITE)
        strong = mild = 0
        for player, color in ((black, BLACK), (white, WHITE)):
            due, strongly = self.due(player)
            if due and due != color:
                strong += strongly
                mild += not strongly
        return broken, strong, mild

    def colors_of(self, first: int, second: int) -> tuple[int, int, int]:
        """The best colours a board of these two can get (see `given`)."""
        return min(self.given(first, second), self.given(second, first))

    def cost(
        self, pairs: Sequence[tuple[int, int | None]], lowest: int
    ) -> tuple[int, int, int, int, int]:
        """What the matching weighs first, summed over `pairs`: repeats (a second bye being
        one), colour rules broken, squared score differences (the bye's against the `lowest`
        points), strong then mild colour preferences unmet."""
        repeats = broken = score = strong = mild = 0
        for first, second in pairs:
            if second is None:
                repeats += first in self.byes
                score += (self.points[first] - lowest) ** 2
                continue
            repeats += frozenset((first, second)) in self.met
            score += (self.points[first] - self.points[second]) ** 2
            colors = self.colors_of(first, second)
            broken += colors[0]
            strong += colors[1]
            mild += colors[2]
        return repeats, broken, score, strong, mild


def play(boards: Sequence[Pairing], rng: random.Random) -> list[Pairing]:
    """Random results for a round's boards: wins either way, draws, some on time."""
    results = []
    for board in boards:
        if board.finished:
            results.append(board)
            continue
        black = rng.randint(0, 64)
        white = rng.randint(0, 64 - black)
        winner = None if black == white else (board.black if black > white else board.white)
        if rng.random() < 0.1:  # lost on time, whatever the discs say
            winner = rng.choice([board.black, board.white])
        results.append(
            dataclasses.replace(
                board, black_discs=black, white_discs=white, winner=winner, finished=True
            )
        )
    return results


@dataclass
class Round:
    entrants: list[Entrant]
    played: list[Pairing]
    number: int
    seed: int
    boards: tuple[Pairing, ...]


def tournament(
    size: int, rounds: int, seed: int, withdrawals: float, unrated: float
) -> Iterator[Round]:
    """A random Swiss played round by round, some players withdrawing along the way."""
    rng = random.Random(seed)
    entrants = [
        Entrant(1000 + index, 1500.0 if rng.random() < unrated else rng.uniform(800, 2400))
        for index in range(size)
    ]
    played: list[Pairing] = []
    for number in range(1, rounds + 1):
        boards = pair_swiss(entrants, played, number, seed)
        yield Round(list(entrants), list(played), number, seed, boards)
        played += play(boards, rng)
        entrants = [
            dataclasses.replace(entrant, withdrawn_after=number)
            if entrant.withdrawn_after is None and rng.random() < withdrawals
            else entrant
            for entrant in entrants
        ]


def active(round_: Round) -> list[int]:
    return [e.player_id for e in round_.entrants if e.active_in(round_.number)]


def avoidable(round_: Round, history: History, *, colors: bool = False) -> bool:
    """Whether a pairing exists with no repeat and no second bye, and if `colors` no colour
    rule broken either (networkx's matching as the judge of whether a perfect one exists)."""
    players = active(round_)
    graph = nx.Graph()
    graph.add_nodes_from(players)
    for i, first in enumerate(players):
        for second in players[i + 1 :]:
            if frozenset((first, second)) in history.met:
                continue
            if not colors or not history.colors_of(first, second)[0]:
                graph.add_edge(first, second)
    if len(players) % 2:
        graph.add_edges_from(("bye", player) for player in players if player not in history.byes)
    needed = (len(players) + 1) // 2
    return len(nx.max_weight_matching(graph, maxcardinality=True)) == needed


tournaments = st.builds(
    tournament,
    size=st.integers(2, 40),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 2**32),
    withdrawals=st.sampled_from([0.0, 0.05, 0.2]),
    unrated=st.sampled_from([0.0, 0.5, 1.0]),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments)
def test_every_round_pairs_everyone_still_in_once_without_avoidable_repeats(
    rounds: Iterator[Round],
) -> None:
    for round_ in rounds:
        history = History.of(round_.played)
        players = active(round_)
        seated = [player for board in round_.boards for player in board.players()]
        assert sorted(seated) == sorted(players)
        assert all(board.round == round_.number for board in round_.boards)
        byes = [board for board in round_.boards if board.white is None]
        assert len(byes) == len(players) % 2
        assert all(b.finished and b.winner == b.black for b in byes)
        assert all(not b.finished for b in round_.boards if b.white is not None)
        repeats = [b for b in round_.boards if frozenset(b.players()) in history.met]
        second_byes = [b for b in byes if b.black in history.byes]
        if avoidable(round_, history):
            assert not repeats and not second_byes
        assert_colors(round_, history)
        assert_no_better_swap(round_, history)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_64_player_swiss_keeps_the_color_rules_and_gives_each_board_its_best_colors(
    seed: int,
) -> None:
    for round_ in tournament(64, 7, seed, withdrawals=0.005, unrated=0.2):
        history = History.of(round_.played)
        assert_colors(round_, history)
        assert_no_better_swap(round_, history)


def assert_colors(round_: Round, history: History) -> None:
    """No colour rule is broken when a pairing without repeats keeps them all, and each board
    gives its two players the best colours they can have against each other."""
    games = [(b.black, b.white) for b in round_.boards if b.white is not None]
    if avoidable(round_, history, colors=True):
        assert not [game for game in games if history.given(*game)[0]]
    for black, white in games:
        assert history.given(black, white) == history.colors_of(black, white)


def assert_no_better_swap(round_: Round, history: History) -> None:
    """No two boards could trade opponents and do better on repeats, then colour rules, score
    differences, colour preferences: what the matching weighs first (the bye as a board
    against the lowest points, a second bye as a repeat)."""
    lowest = min((history.points[player] for player in active(round_)), default=0)
    boards = [(b.black, b.white) for b in round_.boards]
    for i, (a, b) in enumerate(boards):
        for c, d in boards[i + 1 :]:
            now = history.cost([(a, b), (c, d)], lowest)
            if b is None:
                swaps = [[(a, c), (d, None)], [(a, d), (c, None)]]
            elif d is None:
                swaps = [[(a, c), (b, None)], [(b, c), (a, None)]]
            else:
                swaps = [[(a, c), (b, d)], [(a, d), (b, c)]]
            for swap in swaps:
                assert history.cost(swap, lowest) >= now, (swap, now)


@settings(max_examples=80, deadline=None)
@given(
    size=st.integers(2, 9),
    rounds=st.integers(2, 7),
    seed=st.integers(0, 2**32),
    withdrawals=st.sampled_from([0.0, 0.1]),
)
def test_small_rounds_are_the_best_pairing_there_is(
    size: int, rounds: int, seed: int, withdrawals: float
) -> None:
    for round_ in tournament(size, rounds, seed, withdrawals, unrated=0.3):
        history = History.of(round_.played)
        players = sorted(active(round_))
        lowest = min((history.points[player] for player in players), default=0)
        best = min(history.cost(pairs, lowest) for pairs in every_pairing(players))
        ours = history.cost([(board.black, board.white) for board in round_.boards], lowest)
        assert ours == best
        assert_colors(round_, history)


def every_pairing(players: list[int | None]) -> Iterator[list[tuple[int, int | None]]]:
    """Every way to pair `players`, one of them with the bye when odd."""
    if len(players) % 2:
        players = [*players, None]
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for index, second in enumerate(rest):
        for others in every_pairing(rest[:index] + rest[index + 1 :]):
            assert first is not None
            yield [(first, second), *others]


def test_the_first_round_pairs_the_top_half_against_the_bottom_half_colors_alternating() -> None:
    entrants = [Entrant(player, 2000.0 - 100 * player) for player in range(1, 9)]

    boards = pair_swiss(entrants, [], 1, seed=5)

    assert [sorted(board.players()) for board in boards] == [[1, 5], [2, 6], [3, 7], [4, 8]]
    top_black = [board.black in (1, 2, 3, 4) for board in boards]
    assert top_black in ([True, False, True, False], [False, True, False, True])


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_not_had_one() -> None:
    entrants = [Entrant(player, 2000.0 - 100 * player) for player in range(1, 6)]
    first = pair_swiss(entrants, [], 1, seed=1)
    assert first[-1].white is None and first[-1].black == 5
    played = [
        dataclasses.replace(board, black_discs=40, white_discs=24, winner=min(board.players()))
        if board.white is not None
        else board
        for board in first
    ]
    played = [dataclasses.replace(board, finished=True) for board in played]

    second = pair_swiss(entrants, played, 2, seed=1)

    # 5 won the bye and 3, 4 lost: the bye goes to the lower-rated of the two on no points.
    assert second[-1].white is None and second[-1].black == 4


def test_the_same_input_in_any_order_pairs_the_same_and_another_seed_may_not() -> None:
    rounds = list(tournament(21, 4, seed=9, withdrawals=0.1, unrated=0.5))
    last = rounds[-1]
    shuffled = random.Random(1)
    entrants, played = list(last.entrants), list(last.played)
    shuffled.shuffle(entrants)
    shuffled.shuffle(played)

    assert pair_swiss(entrants, played, last.number, last.seed) == last.boards
    unrated = [Entrant(player, 1500.0) for player in range(20)]
    draws = {pair_swiss(unrated, [], 1, seed) for seed in range(5)}
    assert len(draws) > 1


def test_a_withdrawn_player_is_not_paired_again() -> None:
    entrants = [Entrant(1, 1900.0, withdrawn_after=1), Entrant(2, 1800.0), Entrant(3, 1700.0)]

    boards = pair_swiss(entrants, [], 2, seed=0)

    assert sorted(player for board in boards for player in board.players()) == [2, 3]


def test_a_large_swiss_is_paired_in_blocks_that_still_pair_everyone_once() -> None:
    size = 2 * swiss.BLOCK + 37
    for round_ in tournament(size, 3, seed=4, withdrawals=0.0, unrated=0.2):
        history = History.of(round_.played)
        seated = [player for board in round_.boards for player in board.players()]
        assert sorted(seated) == sorted(active(round_))
        assert not [b for b in round_.boards if frozenset(b.players()) in history.met]


def test_pairing_a_round_again_ignores_its_own_boards_already_stored() -> None:
    rounds = list(tournament(12, 3, seed=2, withdrawals=0.0, unrated=0.0))
    last = rounds[-1]

    again = pair_swiss(last.entrants, [*last.played, *last.boards], last.number, last.seed)

    assert again == last.boards


def game(round_number: int, black: int, white: int, winner: int | None) -> Pairing:
    """A finished board: `winner` by 40 to 24, or a draw."""
    discs = {black: 40, white: 24}.get(winner, 32) if winner else 32
    return Pairing(round_number, black, white, discs, 64 - discs, winner, finished=True)


def test_two_leaders_both_due_black_float_down_rather_than_meet() -> None:
    # 1 and 2 won all three games with black, white, white: a white now would be a third in a
    # row, as a black would be for 3 and 5. Pairing the leaders together keeps the score
    # groups closer, but breaks the rule on two boards; the other pairing breaks none.
    entrants = [Entrant(player, 2000.0 - 100 * player) for player in range(1, 7)]
    played = [
        *(game(1, 1, 3, 1), game(1, 2, 4, 2), game(1, 6, 5, None)),
        *(game(2, 5, 1, 1), game(2, 6, 2, 2), game(2, 3, 4, None)),
        *(game(3, 4, 1, 1), game(3, 5, 2, 2), game(3, 3, 6, None)),
    ]

    boards = pair_swiss(entrants, played, 4, seed=0)

    assert sorted((board.black, board.white) for board in boards) == [(1, 6), (2, 3), (4, 5)]


def test_a_player_who_had_white_black_white_is_not_given_white_to_spare_two_mild_preferences() -> (
    None
):
    # 4 had white, black, white; 5 is strongly due black too, and higher ranked: paired
    # together, 4 gets white. The pairing with the same score differences that spares 4 denies
    # two players only the colour they are mildly due (the other one than last time).
    ratings = {1: 1458, 2: 2044, 3: 1504, 4: 2345, 5: 1528, 6: 1695, 7: 2174}
    entrants = [Entrant(player, float(rating)) for player, rating in ratings.items()]
    played = [
        *(bye(1, 1), game(1, 3, 2, 3), game(1, 6, 4, None), game(1, 7, 5, 5)),
        *(game(2, 2, 6, 2), game(2, 4, 1, 4), game(2, 5, 3, 3), bye(2, 7)),
        *(game(3, 1, 5, 5), game(3, 2, 7, 7), game(3, 3, 4, 3), bye(3, 6)),
    ]
    history = History.of(played)
    assert history.colors[4] == [WHITE, BLACK, WHITE]

    boards = pair_swiss(entrants, played, 4, seed=0)

    assert 4 not in [board.white for board in boards]
    lowest = min(history.points.values())
    assert history.cost([(board.black, board.white) for board in boards], lowest)[3] == 0


def test_each_level_of_the_weights_outweighs_all_the_levels_below_it_together() -> None:
    for size, seed in ((64, 1), (9, 2), (5, 3), (2 * swiss.BLOCK + 37, 4)):
        for round_ in tournament(size, 5, seed, withdrawals=0.02, unrated=0.2):
            order = swiss._ordered(
                swiss._histories(round_.entrants, round_.played, round_.number),
                round_.seed,
                round_.number,
            )
            members = order[: swiss.BLOCK]
            lowest = members[-1].points
            caps = swiss._caps(members, lowest, len(order))
            boards = (len(members) + 1) // 2
            units, base = swiss._units(caps, boards)
            for *_, penalty in swiss._edges(members, lowest, True, len(order), False, True):
                assert all(0 <= cost <= cap for cost, cap in zip(penalty, caps, strict=True))
            most = [unit * cap * boards for unit, cap in zip(units, caps, strict=True)]
            assert all(unit > sum(most[level + 1 :]) for level, unit in enumerate(units))
            assert base > sum(most)
