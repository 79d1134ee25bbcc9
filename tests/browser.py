"""A real browser for the pages' tests: headless Chromium driven by Selenium, one for the whole
run, in a fresh profile. Where Chromium is missing, the tests that use it are skipped with one
line saying how to run them.

`console_errors` tells what the page wrote to the browser's console at the SEVERE level since
the last call: a page's test expects none. The driver's calls block: an async test makes them
with `asyncio.to_thread`, so the bot's loop goes on serving the page meanwhile."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator

import pytest

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
HOW_TO_RUN = (
    "headless Chromium is not installed: `apt-get install chromium chromium-driver` "
    "(as `.ci/run` does) runs the browser tests"
)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if shutil.which(CHROMIUM) is None or shutil.which(CHROMEDRIVER) is None:
        pytest.skip(HOW_TO_RUN)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1024,768",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    with tempfile.TemporaryDirectory() as profile:
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def console_errors(driver: object) -> list[str]:
    """The SEVERE lines of the browser's console since the last call."""
    entries = driver.get_log("browser")  # type: ignore[attr-defined]
    return [entry["message"] for entry in entries if entry["level"] == "SEVERE"]
