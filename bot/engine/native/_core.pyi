from collections.abc import Sequence

def legal_moves(player: int, opponent: int, /) -> int: ...
def flips(player: int, opponent: int, square: int, /) -> int: ...
def perft(player: int, opponent: int, depth: int, /) -> int: ...
def configure_evaluation(
    instances: Sequence[tuple[int, Sequence[int]]],
    sizes: Sequence[int],
    stage_width: int,
    weights: bytes,
    /,
) -> None: ...
def evaluate(player: int, opponent: int, /) -> int: ...
def configure_probcut(margins: Sequence[int], shallows: Sequence[int], /) -> None: ...
def new_search(probcut: bool, /) -> object: ...
def search_value(
    search: object,
    player: int,
    opponent: int,
    depth: int,
    alpha: int,
    beta: int,
    seconds: float | None,
    nodes_left: int | None,
    /,
) -> tuple[int | None, int, int | None]: ...

class Endgame:
    @property
    def nodes(self) -> int: ...
    def score(
        self,
        player: int,
        opponent: int,
        alpha: int,
        beta: int,
        seconds: float | None,
        nodes_left: int | None,
        /,
    ) -> tuple[int | None, int | None]: ...
