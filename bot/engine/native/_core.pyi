def legal_moves(player: int, opponent: int, /) -> int: ...
def flips(player: int, opponent: int, square: int, /) -> int: ...
def perft(player: int, opponent: int, depth: int, /) -> int: ...

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
