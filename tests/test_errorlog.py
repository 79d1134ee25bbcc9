"""The guard every test runs under: an ERROR nobody expected fails the test."""

from __future__ import annotations

import pytest

from tests.errorlog import ErrorLog

pytest_plugins = ["pytester"]

CONFTEST = "from tests.conftest import logged_errors  # noqa: F401\n"


def test_an_unexpected_error_fails_the_test_and_an_expected_one_does_not(
    pytester: pytest.Pytester, logged_errors: ErrorLog
) -> None:
    pytester.makeconftest(CONFTEST)
    pytester.makeini("[pytest]\nasyncio_default_fixture_loop_scope = function\n")
    pytester.makepyfile(
        """
        import logging

        def test_logs_an_error():
            logging.getLogger("bot.deadlines").error("the deadline could not be enforced")

        def test_logs_a_warning():
            logging.getLogger("bot.deadlines").warning("retrying")

        def test_takes_what_it_expected(logged_errors):
            logging.getLogger("cogs.play.publish").exception("the board was not updated")
            (taken,) = logged_errors.take("cogs")
            assert taken.name == "cogs.play.publish"
            assert logged_errors.take("cogs") == []
        """
    )
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, errors=1)
    result.stdout.fnmatch_lines(["*bot.deadlines: the deadline could not be enforced*"])
    # The inner tests ran in this process: their records reached this test's guard too.
    assert len(logged_errors.take()) == 2
