"""Who sees which of Euchre's hidden parts (E10): what :data:`trickcore_euchre.view.PROJECTION`
asks of a state on every view it builds, in a module of their own so that the compiled build
compiles them (the view module defines a msgspec struct, and stays interpreted)."""

from __future__ import annotations

from typing import Final

from trickcore.game import Seat
from trickcore_euchre.state import EuchreState, Phase

__all__ = ["sees_own_hand"]

_JOKER_CALL: Final = Phase.JOKER_CALL


def sees_own_hand(state: EuchreState, seat: Seat) -> bool:
    """Whether ``seat`` sees its own hand: always, but the dealer's while naming trump over a
    turned-up joker (E5)."""
    return not (state.phase is _JOKER_CALL and seat == state.dealer)
