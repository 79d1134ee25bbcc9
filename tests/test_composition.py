"""The composition root is the one place that wires the bus: every class with a `subscribe` is
built in `bot/app.py`, and nothing else calls a `subscribe` but the classes' own, which hand their
handlers to the bus. It hands the cogs and the Discord-side subscribers what they use: none of
them takes a part of the client's own from the bot."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROOT_MODULE = ROOT / "bot" / "app.py"
COGS = sorted((ROOT / "cogs").rglob("*.py"))
CLIENTS_OWN = frozenset(
    {"background", "clock", "computer", "events", "game_puzzles", "reviews", "services"}
    | {"storage", "timers"}
)
"""What the client holds for its own start-up and shutdown (`bot/client.py`), which the root
hands on to whoever else uses it."""
BOT = frozenset({"bot", "client"})
"""How the cogs name the bot: `bot`, `self.bot`, `client`, `interaction.client`."""
PRODUCTION = [
    path
    for folder in ("bot", "cogs", "rendering", "web")
    for path in sorted((ROOT / folder).rglob("*.py"))
    if path != ROOT_MODULE
]


def subscribers(tree: ast.Module) -> list[str]:
    """The classes of `tree` with a `subscribe(self, events)`: the bus's subscribers."""
    return [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(
            isinstance(f, ast.FunctionDef)
            and f.name == "subscribe"
            and [a.arg for a in f.args.args] == ["self", "events"]
            for f in node.body
        )
    ]


def subscribe_calls_outside_subscribe(tree: ast.Module) -> list[int]:
    """The lines of `tree` that call some `.subscribe(...)` outside a `subscribe` method."""
    lines = []

    def visit(node: ast.AST, inside: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            inside = node.name == "subscribe"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "subscribe"
            and not inside
        ):
            lines.append(node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return lines


def test_every_subscriber_is_built_in_the_composition_root() -> None:
    built = {
        node.id
        for node in ast.walk(ast.parse(ROOT_MODULE.read_text(encoding="utf-8")))
        if isinstance(node, ast.Name)
    }
    found = {
        name: path.relative_to(ROOT).as_posix()
        for path in PRODUCTION
        for name in subscribers(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert "BoardPublisher" in found  # the search finds the subscribers there are
    assert {name: path for name, path in found.items() if name not in built} == {}


def test_only_the_composition_root_subscribes() -> None:
    calls = {
        path.relative_to(ROOT).as_posix(): lines
        for path in PRODUCTION
        if (lines := subscribe_calls_outside_subscribe(ast.parse(path.read_text("utf-8"))))
    }
    assert calls == {}


def the_bot(node: ast.expr) -> bool:
    """Whether `node` names the bot: `bot`, `self.bot`, `interaction.client`, or one of those
    `cast` to a type."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cast":
        return bool(node.args) and the_bot(node.args[-1])
    if isinstance(node, ast.Name):
        return node.id in BOT
    return isinstance(node, ast.Attribute) and node.attr in BOT


def parts_taken_from_the_bot(tree: ast.Module) -> list[str]:
    """`line: bot.part` for each of the client's own parts `tree` reads through the bot."""
    taken = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in CLIENTS_OWN and the_bot(node.value)
    ]
    return [
        f"{node.lineno}: {ast.unparse(node)}"
        for node in sorted(taken, key=lambda node: (node.lineno, node.col_offset))
    ]


def test_a_part_taken_from_the_bot_is_found() -> None:
    found = parts_taken_from_the_bot(
        ast.parse(
            "self.bot.background.spawn(work)\n"
            "assert self.bot.timers is not None\n"
            "await interaction.client.services.context.languages.for_reader(1, 2, None)\n"
            "cast('Bot', interaction.client).reviews\n"
            "clock = bot.clock\n"
            "self.clock, self.services, self.bot.user, events.clock  # handed, or Discord's\n"
        )
    )
    assert found == [
        "1: self.bot.background",
        "2: self.bot.timers",
        "3: interaction.client.services",
        "4: cast('Bot', interaction.client).reviews",
        "5: bot.clock",
    ]


def test_the_cogs_take_no_part_of_the_clients_own_from_the_bot() -> None:
    taken = {
        path.relative_to(ROOT).as_posix(): found
        for path in COGS
        if (found := parts_taken_from_the_bot(ast.parse(path.read_text("utf-8"))))
    }
    assert COGS  # the cogs are there to read
    assert taken == {}
