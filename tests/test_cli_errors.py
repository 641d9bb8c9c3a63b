"""Errors a new user meets first (issue 11): option errors say what to type and list the
allowed values; decoding errors say what was expected, in the user's terms, with the path."""

from __future__ import annotations

import inspect
from typing import Any

import pytest

click = pytest.importorskip("click")
from click.testing import CliRunner, Result  # noqa: E402

from trickcore.cli.app import cli  # noqa: E402
from trickcore.cli.play import match_action  # noqa: E402
from trickcore_euchre.actions import OrderUp, Pass  # noqa: E402

_SEPARATE: dict[str, Any] = (
    {"mix_stderr": False} if "mix_stderr" in inspect.signature(CliRunner).parameters else {}
)


def error_line(*args: str) -> str:
    """Run the command line; it must fail as a usage error with one ``Error:`` line."""
    result: Result = CliRunner(**_SEPARATE).invoke(cli, list(args))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        (
            "stick_the_dealer=maybe",
            "stick_the_dealer=maybe for euchre: stick_the_dealer must be true or false "
            "(e.g. --option stick_the_dealer=true)",
        ),
        (
            "who_may_go_alone=everyone",
            "who_may_go_alone must be one of anyone, maker, maker_or_defenders, makers, nobody "
            "(e.g. --option who_may_go_alone=maker)",
        ),
        ("lone_lead=me", "lone_lead must be dealer_left or lone_left"),
        ("first_dealer=None", "first_dealer must be an integer from 0 to 3, or null"),
        ("deck=7", "deck must be one of 24, 25, 32 (e.g. --option deck=25)"),
    ],
)
def test_an_option_error_shows_what_to_type_and_the_allowed_values(
    option: str, expected: str
) -> None:
    line = error_line("play", "euchre", "--option", option)
    assert expected in line
    assert f"invalid option {option} for euchre" in line


@pytest.mark.parametrize("option", ["stick_the_dealer=maybe", "decks=32", "target=0"])
def test_option_errors_list_the_defaults_as_typed_not_as_python(option: str) -> None:
    line = error_line("play", "euchre", "--option", option)
    assert "stick_the_dealer=false" in line and "first_dealer=null" in line
    assert "who_may_go_alone=anyone" in line
    for python in ("None", "False", "True", "'"):
        assert python not in line.partition("; options: ")[2]


def test_the_options_listing_shows_values_as_typed() -> None:
    result = CliRunner(**_SEPARATE).invoke(cli, ["games", "euchre", "--options"])
    assert result.exit_code == 0
    assert "who_may_go_alone=anyone" in result.stdout
    assert "one of anyone, maker, maker_or_defenders" in result.stdout
    assert '"' not in result.stdout


@pytest.mark.parametrize("command", ["play", "match"])
def test_a_seed_past_pythons_digit_limit_is_a_usage_error(command: str) -> None:
    """Issue 22.3: ``--seed`` of 4,301 digits printed a traceback (int() refuses it)."""
    extra = ["--bots", "random,random"] if command == "match" else []
    line = error_line(command, "euchre", *extra, "--seed", "9" * 4301)
    assert "at most 256 bits (78 digits); this one has 4,301 digits" in line
    line = error_line(command, "euchre", *extra, "--seed", "9" * 78)
    assert "at most 256 bits" in line


def test_a_typed_number_beyond_the_digit_limit_or_not_ascii_is_no_action() -> None:
    with pytest.raises(ValueError, match="there is no action"):
        match_action("9" * 4301, (Pass(), OrderUp()))
    with pytest.raises(ValueError) as refused:
        match_action("\u00b2", (Pass(), OrderUp()))
    assert "invalid literal" not in str(refused.value)
