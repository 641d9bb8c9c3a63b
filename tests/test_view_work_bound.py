"""The work ``validate_view`` does on one untrusted view is bounded (issue 22.5, documented in
docs/security.md): on the forged Apples view that took 0.75 s (a bid raised by two cards, so
that no deal fits it), every one of the ``TRIES`` draws of the pile's history prepares its
constrained deals once, not once per rejection draw. Counted in Apples' constrained deals and,
in the pure build (a compiled class is not patched), in preparations of a
:class:`~trickcore.kit.hidden.HiddenDeal` (each as costly as several deals), not in seconds."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

import trickcore
import trickcore_apples.determinize as apples_determinize
from trickcore import InvalidViewError, Table, validate_view
from trickcore.kit import hidden
from trickcore.kit.hidden import AT_LEAST_TRIES
from trickcore_apples.determinize import TRIES

APPLES = trickcore.load("apples", first_dealer=0)


def _forged_view() -> Any:
    """Seat 2's view at the 10th trick of round 1 of seed 0, seat 3's opening bid raised by
    two cards: the shape of the view from issue 22."""
    table = Table(APPLES, ["random"] * 4, seed=0)
    table.advance(max_steps=235)
    view = APPLES.view(table.state, APPLES.actor(table.state))
    call = view.auction[0]
    assert call.number is not None
    return replace(view, auction=(replace(call, number=call.number + 2), *view.auction[1:]))


def test_a_view_no_deal_fits_prepares_a_bounded_number_of_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = _forged_view()
    dealt: list[int] = []  # Apples' calls of deal_hidden, each preparing one HiddenDeal or two
    deal_hidden = apples_determinize.deal_hidden

    def counted_deal(*args: Any, **kwargs: Any) -> Any:
        dealt.append(1)
        return deal_hidden(*args, **kwargs)

    monkeypatch.setattr(apples_determinize, "deal_hidden", counted_deal)
    prepared: list[int] = []
    if trickcore.build_kind() == "pure":  # a compiled HiddenDeal is not patched
        original = hidden.HiddenDeal.__init__

        def counting(self: Any, *args: Any, **kwargs: Any) -> None:
            prepared.append(1)
            original(self, *args, **kwargs)

        monkeypatch.setattr(hidden.HiddenDeal, "__init__", counting)
    with pytest.raises(InvalidViewError, match="no state fits"):
        validate_view(APPLES, view)
    # At most the documented TRIES draws, each preparing its deals a bounded number of times
    # (was TRIES x (AT_LEAST_TRIES + 2): 13,200).
    assert 0 < len(dealt) <= 3 * TRIES
    if prepared:
        assert len(prepared) <= 3 * TRIES
        assert len(prepared) < TRIES * AT_LEAST_TRIES // 10
