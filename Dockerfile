# syntax=docker/dockerfile:1
# The bot's image: the build stage compiles the native engine core into the bot's wheel and
# gathers its dependencies' wheels; the image that runs installs them into a virtual environment
# and holds no compiler, no sources and no build tools. It runs as a user of its own, with its
# data (the SQLite file) in the volume /data. `python -m bot` is the process itself (no shell in
# between), so `docker stop`'s SIGTERM reaches it and it stops as the README says.
# tests/cli/test_image.py builds and runs the same wheel the same way, as an unprivileged user.

ARG PYTHON_VERSION=3.11

FROM python:${PYTHON_VERSION}-trixie AS build
WORKDIR /src
COPY pyproject.toml setup.py README.md ./
COPY bot/ bot/
COPY cogs/ cogs/
COPY rendering/ rendering/
COPY web/ web/
# The core is optional to `pip install` (a machine without a compiler gets the pure-Python
# engine); here it is not: the build fails if the wheel came without it.
RUN pip wheel --no-cache-dir --wheel-dir /wheels . \
    && python -c "import glob, zipfile; (wheel,) = glob.glob('/wheels/reversi_bot-*.whl'); \
assert any('/native/_core' in name for name in zipfile.ZipFile(wheel).namelist()), \
'the native engine core was not built'"

FROM python:${PYTHON_VERSION}-slim-trixie
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/reversi.sqlite3
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    python -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --no-index --find-links=/wheels /wheels/reversi_bot-*.whl \
    && useradd --system --user-group --uid 10001 --home-dir /data --shell /usr/sbin/nologin reversi \
    && install --directory --owner=reversi --group=reversi /data
VOLUME ["/data"]
WORKDIR /data
USER 10001:10001
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
