"""Option metadata (``trickcore.kit.options``, DESIGN 4a): read back from an options struct,
described in words, checked, and shown by JSON Schema."""

from __future__ import annotations

import enum
from typing import Annotated, Any, Literal

import msgspec
import pytest
from msgspec import Meta

import trickcore
from trickcore import OptionError, Options
from trickcore.codec import json_schema, json_text
from trickcore.kit.options import (
    OptionInfo,
    check_options,
    check_value,
    describe_allowed,
    example_text,
    options_info,
    value_text,
)
from trickcore.plugins import bind_options
from trickcore_euchre.options import EuchreOptions


class Colour(enum.Enum):
    RED = "red"
    BLACK = "black"


class SampleOptions(Options, frozen=True):
    rounds: Annotated[int, Meta(ge=1, le=9, description="Rounds to play.")] = 3
    size: Annotated[int, Meta(gt=0)] = 5
    ratio: Annotated[float, Meta(gt=0, le=1, description="A share.")] = 0.5
    pack: Literal[24, 32] = 24
    colour: Colour = Colour.RED
    fast: bool = False
    name: str = "x"
    seat: Annotated[Annotated[int, Meta(ge=0, le=3)] | None, Meta(description="A seat.")] = None
    mode: Literal["a", "b"] | None = None
    extras: tuple[int, ...] = ()
    low: Annotated[int, Meta(lt=0)] = -1


INFO = {info.name: info for info in options_info(SampleOptions)}


def test_every_field_is_read_in_declaration_order_with_its_default() -> None:
    assert [info.name for info in options_info(SampleOptions)] == list(
        SampleOptions.__struct_fields__
    )
    defaults = SampleOptions()
    for info in INFO.values():
        assert info.default == getattr(defaults, info.name)


def test_bounds_description_and_type_of_a_bounded_integer() -> None:
    assert INFO["rounds"] == OptionInfo(
        name="rounds",
        default=3,
        description="Rounds to play.",
        type_text="integer",
        minimum=1,
        maximum=9,
    )
    # gt and lt on an integer are the inclusive bounds next to them.
    assert (INFO["size"].minimum, INFO["size"].maximum) == (1, None)
    assert (INFO["low"].minimum, INFO["low"].maximum) == (None, -1)


def test_exclusive_bounds_of_a_float() -> None:
    ratio = INFO["ratio"]
    assert (ratio.minimum, ratio.maximum, ratio.type_text) == (0, 1, "number")
    assert ratio.exclusive_minimum and not ratio.exclusive_maximum


def test_allowed_values_of_literal_enum_bool_and_nullable() -> None:
    assert INFO["pack"].allowed == (24, 32)
    assert INFO["colour"].allowed == (Colour.RED, Colour.BLACK)
    assert INFO["colour"].type_text == "string"
    assert INFO["fast"].allowed == (True, False)
    assert INFO["mode"].allowed == ("a", "b", None)
    assert INFO["mode"].nullable
    assert INFO["seat"].allowed is None and INFO["seat"].nullable
    assert INFO["seat"].description == "A seat."
    assert INFO["name"].allowed is None and INFO["name"].description is None


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("rounds", "an integer from 1 to 9"),
        ("size", "an integer >= 1"),
        ("low", "an integer <= -1"),
        ("ratio", "a number > 0 and <= 1"),
        ("pack", "24 or 32"),
        ("colour", '"red" or "black"'),
        ("fast", "true or false"),
        ("name", "a string"),
        ("seat", "an integer from 0 to 3, or null"),
        ("mode", 'one of "a", "b", null'),
        ("extras", "an array"),
    ],
)
def test_allowed_values_in_words(name: str, words: str) -> None:
    assert describe_allowed(INFO[name]) == words


def test_json_text() -> None:
    assert [json_text(v) for v in (True, None, Colour.BLACK, "a", 2.5)] == [
        "true",
        "null",
        '"black"',
        '"a"',
        "2.5",
    ]


def test_check_value_converts_or_names_the_option_and_its_allowed_values() -> None:
    assert check_value(SampleOptions, "rounds", 9) == 9
    assert check_value(SampleOptions, "seat", "null", from_text=True) is None
    assert check_value(SampleOptions, "colour", "black", from_text=True) is Colour.BLACK
    with pytest.raises(OptionError) as caught:
        check_value(SampleOptions, "rounds", 10)
    assert str(caught.value) == (
        "invalid option rounds=10 for SampleOptions: rounds must be an integer from 1 to 9"
    )
    with pytest.raises(
        OptionError, match=r"^invalid option fast=yes for toy: fast must be"
    ) as text:
        check_value(SampleOptions, "fast", "yes", from_text=True, owner="toy")
    assert text.value.option == "fast"
    with pytest.raises(OptionError, match="rounds must be"):
        check_value(SampleOptions, "rounds", "3")  # text only with from_text
    with pytest.raises(KeyError):
        check_value(SampleOptions, "nope", 1)


class CheckedOptions(Options, frozen=True):
    target: Annotated[int, Meta(ge=1)] = 10
    deck: Literal[24, 32] = 24

    def __post_init__(self) -> None:
        check_options(self)


def test_check_options_refuses_a_struct_built_directly_with_a_bad_value() -> None:
    assert CheckedOptions(target=1).target == 1
    with pytest.raises(OptionError, match="target must be an integer >= 1"):
        CheckedOptions(target=0)
    with pytest.raises(OptionError, match="deck must be 24 or 32"):
        CheckedOptions(deck=33)  # type: ignore[arg-type]
    # Unchecked, msgspec would build it: Meta bounds are only enforced when decoding.
    with pytest.raises(OptionError, match="first_dealer must be an integer from 0 to 3, or null"):
        EuchreOptions(first_dealer=4)


def test_options_info_needs_a_struct() -> None:
    with pytest.raises(TypeError, match="not a msgspec Struct"):
        options_info(int)


class PairedOptions(Options, frozen=True):
    low: int = 1
    high: int = 2

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise ValueError("low must not exceed high")


class PairedGame:
    name = "paired"
    options_type = PairedOptions


def test_a_check_across_options_is_an_option_error_too() -> None:
    factory: Any = PairedGame
    with pytest.raises(OptionError) as caught:
        bind_options(factory, {"low": 3})
    assert str(caught.value).startswith("invalid options for paired: low must not exceed high")
    assert str(caught.value).endswith("; options: low=1, high=2")


def test_euchre_options_schema_has_descriptions_and_bounds() -> None:
    """Issue 6: JSON Schema shows what the options metadata declares."""
    game = trickcore.load("euchre")
    schema = json_schema({"options": game.options_type})
    properties = schema["$defs"]["EuchreOptions"]["properties"]
    assert properties["target"]["minimum"] == 1
    assert properties["target"]["description"] == "Points that win the game (E1)."
    seat = properties["first_dealer"]["anyOf"][0]
    assert (seat["minimum"], seat["maximum"]) == (0, 3)
    for info in options_info(EuchreOptions):
        assert properties[info.name]["description"] == info.description
        assert info.description, f"option {info.name} has no description"


def test_euchre_options_json_form_is_unchanged() -> None:
    """Replays store options: the metadata must not change their JSON."""
    options = EuchreOptions(target=5, deck=32, first_dealer=2, who_may_go_alone="makers")
    assert msgspec.json.decode(msgspec.json.encode(options)) == {
        "target": 5,
        "deck": 32,
        "stick_the_dealer": False,
        "who_may_go_alone": "makers",
        "lone_lead": "lone_left",
        "lone_defender_bonus": False,
        "first_dealer": 2,
        "single_hand": False,
    }


def test_values_as_the_command_line_takes_them() -> None:
    assert [value_text(v, as_text=True) for v in (True, None, Colour.BLACK, "a", 24)] == [
        "true",
        "null",
        "black",
        "a",
        "24",
    ]
    assert value_text("a") == '"a"'
    assert describe_allowed(INFO["colour"], as_text=True) == "red or black"
    assert describe_allowed(INFO["mode"], as_text=True) == "one of a, b, null"


def test_an_error_from_text_shows_what_to_type_not_python_values() -> None:
    with pytest.raises(OptionError) as caught:
        check_value(SampleOptions, "colour", "green", from_text=True, owner="toy")
    assert str(caught.value) == "invalid option colour=green for toy: colour must be red or black"
    with pytest.raises(OptionError) as caught:
        check_value(SampleOptions, "seat", "None", from_text=True, owner="toy")
    assert "seat=None for toy: seat must be an integer from 0 to 3, or null" in str(caught.value)


def test_example_values_differ_from_the_default_where_they_can() -> None:
    assert example_text(INFO["fast"]) == ("false" if INFO["fast"].default else "true")
    assert example_text(INFO["colour"]) != value_text(INFO["colour"].default, as_text=True)
    assert example_text(INFO["rounds"]) == value_text(INFO["rounds"].default, as_text=True)
