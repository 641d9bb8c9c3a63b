"""Rule book A9 (options): defaults, bounds and errors, and each option's effect (A8's target
and single_hand, A3's pass_is_final, A1's first_dealer are tested with their sections)."""

from __future__ import annotations

import msgspec
import pytest

import trickcore
from trickcore.kit.options import options_info
from trickcore_apples import ApplesOptions


def test_defaults() -> None:
    options = trickcore.load("apples").options
    assert options == ApplesOptions(
        target=250, first_dealer=None, pass_is_final=False, single_hand=False
    )
    assert trickcore.load("apples", target=500).options.target == 500  # the source's long game


def test_every_option_is_described_with_its_bounds() -> None:
    info = {option.name: option for option in options_info(ApplesOptions)}
    assert set(info) == {"target", "first_dealer", "pass_is_final", "single_hand"}
    assert all(option.description for option in info.values())
    assert info["target"].minimum == 1
    assert (info["first_dealer"].minimum, info["first_dealer"].maximum) == (0, 3)
    assert info["first_dealer"].nullable


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"target": 0}, "target must be an integer >= 1"),
        ({"first_dealer": 4}, "first_dealer must be an integer from 0 to 3, or null"),
        ({"pass_is_final": "yes"}, "pass_is_final must be true or false"),
        ({"partners": True}, "partners"),
    ],
)
def test_bad_options_are_refused_with_the_allowed_values(
    options: dict[str, object], words: str
) -> None:
    with pytest.raises(trickcore.OptionError, match=words):
        trickcore.load("apples", **options)


def test_options_built_directly_are_checked_too() -> None:
    with pytest.raises(trickcore.OptionError):
        ApplesOptions(target=0)
    assert msgspec.json.decode(b'{"target": 500}', type=ApplesOptions).target == 500
