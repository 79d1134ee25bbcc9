"""Swiss pairings, each round solved as a maximum-weight matching (Edmonds' algorithm, from
networkx) whose integer weights encode the rules in order of priority, as the Dutch system
(FIDE C.04.3) ranks them:

1. nobody meets the same opponent twice, nor gets a second bye: such pairs have no edge at all,
   unless without them some player would be left unpaired; then they come back with a penalty
   above everything else, so that as few as possible are repeated;
2. colour rules (`colors.py`): nobody gets a colour three times in a row or a difference above
   2, the Dutch system's absolute criterion: broken only where every pairing without a repeat
   breaks them, and then as few times as can be;
3. score groups: the sum over boards of the squared difference of the two players' points is
   the least it can be, so players of equal points meet where they can and a player who must
   float meets the nearest group;
4. colour preferences: as few players as can be denied a colour they are strongly due (the one
   that evens out their difference), then as few as can be denied one they are mildly due (the
   other colour than last time). The Dutch system counts all preferences first and the strong
   ones after; strong ones come first here since a strong preference denied leaves a difference
   of 2, which then binds the next round absolutely;
5. the Dutch idea: within a score group (ordered by rating), the top half meets the bottom half,
   the first of each half together; a player floating down is the last of their group and
   meets the first of the group below.

The weights are `base - penalty`, each level's unit above the most all the levels below can add
up to over a round's boards (`_units`), so the matching is the lexicographic best;
`maxcardinality` makes it pair everyone.

An odd player out: a bye vertex joins the matching, with an edge to each player who has not had
a bye, costing the squared difference between their points and the lowest points, and then
their distance from the bottom of the order. So the bye goes to the lowest-ranked player whose
bye still lets the others pair well, chosen together with the rest of the round.

The order is points, then rating, then a draw by lot (`seed` and the round number) for equal
ratings: in the first round everyone is in one score group, so it pairs the top half by rating
against the bottom half, and unrated players at random.

A large round is split (more than `BLOCK` players; the matching takes time cubic in its size):
whole score groups are gathered into blocks of at most `BLOCK` players, a larger group is cut
into slices that keep each top-half player with their bottom-half counterpart, and the blocks
are matched from the top down, anyone a block leaves unpaired (an odd count, or nobody left
to meet) floating into the next. A floater's cost is counted against the first player of the
next block. Only the last block may fall back on repeated pairings.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

import networkx as nx

from bot.domain.tournament.colors import BLACK, WHITE, choose
from bot.domain.tournament.records import Entrant, Pairing, bye
from bot.domain.tournament.standings import half_points

BLOCK = 100
"""The most players one matching pairs at once."""
VIRTUAL = "virtual"
"""The node standing for the bye, or for floating down to the next block."""


@dataclass(slots=True)
class _Player:
    player_id: int
    rating: float
    points: int = 0
    opponents: set[int] = field(default_factory=set)
    colors: list[int] = field(default_factory=list)
    had_bye: bool = False
    position: int = 0
    """In the order: points, rating, lot."""
    group_index: int = 0
    group_size: int = 1


def pair_swiss(
    entrants: Sequence[Entrant], played: Sequence[Pairing], round_number: int, seed: int
) -> tuple[Pairing, ...]:
    """The boards of round `round_number`, best first: unplayed pairings, then at most one bye
    (already finished, see `records.bye`); withdrawn players left out. Only the boards of the
    rounds before count, so pairing a round again (after a restart) gives the same boards, as
    does the same input in any order with the same seed."""
    order = _ordered(_histories(entrants, played, round_number), seed, round_number)
    if not order:
        return ()
    coin = random.Random(f"{seed}/{round_number}/colours").random() < 0.5
    blocks = _blocks(order)
    boards: list[tuple[_Player, _Player]] = []
    byes: list[_Player] = []
    floating: list[_Player] = []
    for index, block in enumerate(blocks):
        last = index == len(blocks) - 1
        members = sorted(floating + block, key=lambda player: player.position)
        virtual_points = order[-1].points if last else blocks[index + 1][0].points
        pairs, floating, byes = _match(members, virtual_points, last, len(order), coin)
        boards += pairs
    result = []
    for first, second in sorted(boards, key=lambda pair: pair[0].position):
        choice = choose(first.colors, second.colors, _default_black(first, coin))
        black, white = (first, second) if choice.black_first else (second, first)
        result.append(Pairing(round_number, black.player_id, white.player_id))
    return (*result, *(bye(round_number, player.player_id) for player in byes))


def _histories(
    entrants: Sequence[Entrant], played: Sequence[Pairing], round_number: int
) -> list[_Player]:
    """The players still in for this round, with what the earlier rounds gave them."""
    players = {
        entrant.player_id: _Player(entrant.player_id, entrant.rating)
        for entrant in entrants
        if entrant.active_in(round_number)
    }
    earlier = [pairing for pairing in played if pairing.round < round_number]
    for pairing in sorted(earlier, key=lambda pairing: (pairing.round, pairing.black)):
        for player_id in pairing.players():
            player = players.get(player_id)
            if player is None:
                continue
            player.points += half_points(pairing, player_id)
            opponent = pairing.opponent(player_id)
            if opponent is None:
                player.had_bye = True
                continue
            player.opponents.add(opponent)
            if not pairing.forfeit:
                player.colors.append(BLACK if player_id == pairing.black else WHITE)
    return list(players.values())


def _ordered(players: list[_Player], seed: int, round_number: int) -> list[_Player]:
    """Points, then rating, then a draw by lot; each player told their place in the order and
    in their score group."""
    lots = sorted(player.player_id for player in players)
    random.Random(f"{seed}/{round_number}").shuffle(lots)
    lot = {player_id: index for index, player_id in enumerate(lots)}
    order = sorted(players, key=lambda p: (-p.points, -p.rating, lot[p.player_id]))
    groups: dict[int, list[_Player]] = defaultdict(list)
    for position, player in enumerate(order):
        player.position = position
        groups[player.points].append(player)
    for group in groups.values():
        for index, player in enumerate(group):
            player.group_index, player.group_size = index, len(group)
    return order


def _blocks(order: list[_Player]) -> list[list[_Player]]:
    """The order cut into blocks of whole score groups of at most `BLOCK` players, a larger
    group into slices each holding a stretch of its top half and the matching stretch of its
    bottom half."""
    segments: list[list[_Player]] = []
    for player in order:
        if segments and segments[-1][0].points == player.points:
            segments[-1].append(player)
        else:
            segments.append([player])
    blocks: list[list[_Player]] = []
    for group in segments:
        slices = -(-len(group) // BLOCK)
        top, bottom = group[: len(group) // 2], group[len(group) // 2 :]
        for part in range(slices):
            segment = [
                *top[part * len(top) // slices : (part + 1) * len(top) // slices],
                *bottom[part * len(bottom) // slices : (part + 1) * len(bottom) // slices],
            ]
            if blocks and len(blocks[-1]) + len(segment) <= BLOCK:
                blocks[-1] += segment
            else:
                blocks.append(segment)
    return blocks


Penalty = tuple[int, int, int, int, int, int]
"""What a board costs on each level, highest first: a repeat (or second bye), colour rules
broken, the squared score difference, strong then mild colour preferences unmet, the distance
from the Dutch ideal."""


def _match(
    members: list[_Player], virtual_points: int, last: bool, everyone: int, coin: bool
) -> tuple[list[tuple[_Player, _Player]], list[_Player], list[_Player]]:
    """One block's matching: its boards (higher-ranked first), the players it leaves to float
    into the next block, and the bye (the last block only). `virtual_points` are the points
    the bye or the float counts against; `everyone` is the size of the whole order."""
    boards = (len(members) + 1) // 2
    units, base = _units(_caps(members, virtual_points, everyone), boards)

    def graph(repeats: bool) -> nx.Graph:
        built = nx.Graph()
        built.add_nodes_from(player.player_id for player in members)
        for u, v, penalty in _edges(members, virtual_points, last, everyone, coin, repeats):
            weight = base - sum(unit * cost for unit, cost in zip(units, penalty, strict=True))
            built.add_edge(u, v, weight=weight)
        return built

    matching = nx.max_weight_matching(graph(repeats=False), maxcardinality=True)
    if last and len(matching) < boards:
        matching = nx.max_weight_matching(graph(repeats=True), maxcardinality=True)
    by_id = {player.player_id: player for player in members}
    pairs: list[tuple[_Player, _Player]] = []
    alone = dict(by_id)
    left: list[_Player] = []
    for u, v in matching:
        if VIRTUAL in (u, v):
            left.append(by_id[v if u == VIRTUAL else u])
            continue
        first, second = sorted((by_id[u], by_id[v]), key=lambda player: player.position)
        pairs.append((first, second))
        del alone[u], alone[v]
    if last:
        return pairs, [], left
    unpaired = sorted(alone.values(), key=lambda player: player.position)
    return pairs, unpaired, []


def _edges(
    members: list[_Player],
    virtual_points: int,
    last: bool,
    everyone: int,
    coin: bool,
    repeats: bool,
) -> list[tuple[int | str, int | str, Penalty]]:
    """Every board a block may pair, with what it costs: repeated pairings only if `repeats`,
    and an edge to `VIRTUAL` for each player when the block is odd."""
    edges: list[tuple[int | str, int | str, Penalty]] = []
    for i, first in enumerate(members):
        for second in members[i + 1 :]:
            again = second.player_id in first.opponents
            if again and not repeats:
                continue
            choice = choose(first.colors, second.colors, _default_black(first, coin))
            penalty = (
                int(again),
                choice.broken,
                (first.points - second.points) ** 2,
                choice.strong,
                choice.mild,
                _dutch(first, second),
            )
            edges.append((first.player_id, second.player_id, penalty))
    if len(members) % 2:
        for player in members:
            again = last and player.had_bye
            if again and not repeats:
                continue
            square = (player.points - virtual_points) ** 2
            distance = everyone - 1 - player.position
            edges.append((player.player_id, VIRTUAL, (int(again), 0, square, 0, 0, distance)))
    return edges


def _caps(members: list[_Player], virtual_points: int, everyone: int) -> Penalty:
    """The most one board of `members` can cost on each level (see `_edges`): two players'
    rules or preferences, the widest score gap squared, and `_dutch`'s farthest."""
    points = [virtual_points, *(player.points for player in members)]
    return 1, 2, (max(points) - min(points)) ** 2, 2, 2, 2 * everyone


def _units(caps: Penalty, boards: int) -> tuple[tuple[int, ...], int]:
    """Each level's unit, highest first, and the base weight: a unit is one more than the most
    the levels below can add up to over `boards` boards, so that a sum of weights orders
    matchings of as many boards lexicographically, and every weight stays positive."""
    units: list[int] = []
    below = 0
    for cap in reversed(caps):
        units.append(below + 1)
        below += (below + 1) * cap * boards
    return tuple(reversed(units)), below + 1


def _dutch(first: _Player, second: _Player) -> int:
    """How far a pair is from the Dutch ideal: within a group, the first of the top half meets
    the first of the bottom half; across groups, the last of the higher group meets the first
    of the lower."""
    if first.points == second.points:
        return abs(second.group_index - first.group_index - first.group_size // 2)
    return first.group_size - 1 - first.group_index + second.group_index


def _default_black(first: _Player, coin: bool) -> bool:
    """Black for the higher-ranked player when neither has played yet: by lot for the top board
    of the order, alternating down it."""
    return (first.position % 2 == 0) == coin
