"""The optional native engine core, a plain C extension built from bot/engine/native/.

Everything else about the package is declared in pyproject.toml. The extension is optional: on
a machine without a C compiler `pip install` warns and installs the pure-Python engine, which
plays the same game, only slower (bot/engine/native/__init__.py chooses).
"""

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NATIVE = "bot/engine/native"


class BuildExt(build_ext):
    """Optimises with -O2 on GCC and Clang (portable code: no -march, so a wheel built here
    runs on any machine of the same kind); other compilers keep their defaults."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            for extension in self.extensions:
                extension.extra_compile_args = ["-O2"]
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
