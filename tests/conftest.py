"""Shared fixtures: the fake Discord and the real bot built on it."""

pytest_plugins = ["tests.fakediscord.fixtures"]
