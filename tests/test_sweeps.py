"""tests/sweeps.py: the slice a sweep takes on the interpreters where tox sets
``TRICKCORE_SWEEP_SLICE``; the full sweep runs on Python 3.11."""

from __future__ import annotations

import sys

import pytest
import sweeps
from hypothesis import given, settings
from hypothesis import strategies as st
from sweeps import spread, sweep_size


@given(st.integers(1, 700), st.integers(1, 80), st.integers(-50, 50))
def test_a_spread_is_distinct_cases_in_order_from_the_whole_list(
    size: int, fast: int, shift: int
) -> None:
    cases = list(range(size))
    picked = spread(cases, fast, shift)
    assert len(picked) == min(fast, size)
    assert picked == sorted(set(picked))
    stride = -(-size // len(picked))
    ends = zip([-1, *picked], [*picked, size], strict=True)
    assert all(after - before <= 2 * stride for before, after in ends)  # evenly spread


@given(st.integers(2, 700), st.integers(1, 80))
def test_the_shifts_of_a_spread_cover_every_case_when_the_gaps_are_even(
    gaps: int, fast: int
) -> None:
    cases = list(range(gaps * fast))
    covered = {case for shift in range(gaps) for case in spread(cases, fast, shift)}
    assert covered == set(cases)


def test_two_interpreters_take_different_slices() -> None:
    cases = list(range(480))
    assert spread(cases, 40, 12) != spread(cases, 40, 13)
    assert spread(cases, 40, 11) == spread(cases, 40, 11 + 12)  # a gap of 12: shift wraps


@pytest.mark.parametrize("fast", [0, -1])
def test_an_empty_slice_is_refused(fast: int) -> None:
    with pytest.raises(ValueError, match="fast slice"):
        spread([1, 2, 3], fast)


def test_sweep_size_refuses_a_slice_larger_than_the_sweep() -> None:
    with pytest.raises(ValueError, match="fast slice of 5 for a sweep of 4"):
        sweep_size(4, 5)


@pytest.mark.parametrize("sliced", [False, True])
def test_a_sweep_is_whole_unless_sliced(monkeypatch: pytest.MonkeyPatch, sliced: bool) -> None:
    monkeypatch.setattr(sweeps, "FAST_SLICE", sliced)
    cases = list(range(100))
    assert sweeps.sweep_slice(cases, 10) == (
        spread(cases, 10, sys.version_info.minor) if sliced else cases
    )
    assert len(sweeps.sweep_slice(cases, 10)) == (10 if sliced else 100)
    assert sweeps.sweep_size(2000, 400) == (400 if sliced else 2000)


def test_the_ci_profile_tries_fewer_examples_in_the_fast_slice() -> None:
    """conftest.py: a property test without its own number of examples tries 30 in the slice."""
    assert settings.get_profile("ci").max_examples == (30 if sweeps.FAST_SLICE else 100)
