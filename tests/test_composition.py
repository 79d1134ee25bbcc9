"""The composition root is the one place that wires the bus: every class with a `subscribe` is
built in `bot/app.py`, and nothing else calls a `subscribe` but the classes' own, which hand their
handlers to the bus."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROOT_MODULE = ROOT / "bot" / "app.py"
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
