"""The optional native engine core, a plain C extension built from bot/engine/native/.

Everything else about the package is declared in pyproject.toml. The extension is optional: on
a machine without a C compiler `pip install` warns and installs the pure-Python engine, which
plays the same game, only slower (bot/engine/native/__init__.py chooses).
"""

import platform

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NATIVE = "bot/engine/native"


class BuildExt(build_ext):
    """Optimises with -O2 on GCC and Clang, and on x86-64 uses the popcnt instruction, which
    every x86-64 processor since 2009 has: counting discs is in every node, and without it each
    count is a library call (the search runs some 8% faster with it). Nothing else is tied to
    the processor (no -march), so a wheel built here runs on any machine of the same kind; on a
    processor without popcnt the core refuses to load and the pure-Python engine plays. Other
    compilers keep their defaults."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            flags = ["-O2"]
            if platform.machine().lower() in ("x86_64", "amd64"):
                flags.append("-mpopcnt")
            for extension in self.extensions:
                extension.extra_compile_args = flags
        super().build_extensions()


setup(
    ext_modules=[
        Extension(
            "bot.engine.native._core",
            sources=[
                f"{NATIVE}/{name}.c"
                for name in ("module", "perft", "endgame", "eval", "search", "search_module")
            ],
            depends=[
                f"{NATIVE}/{name}.h"
                for name in (
                    "arguments",
                    "board",
                    "perft",
                    "endgame",
                    "eval",
                    "search",
                    "search_module",
                )
            ],
            optional=True,
        )
    ],
    cmdclass={"build_ext": BuildExt},
)
