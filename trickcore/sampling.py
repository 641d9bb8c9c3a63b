"""Dealing unseen cards at random into places with sizes and exclusions, for ``determinize``.

A search bot needs full states that agree with what its seat has seen: each hidden place (an
opponent's hand, a discard, the stock) holds a known number of cards, and some places cannot
hold some cards (a player who did not follow suit holds none of that suit). :func:`fill_slots`
deals the unseen cards into such places at random, honouring every constraint.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from trickcore.cards import Card
from trickcore.rng import Rng

__all__ = ["Slot", "fill_slots"]


@dataclass(frozen=True)
class Slot:
    """A hidden place: how many cards it holds and which cards it cannot hold."""

    size: int
    excluded: frozenset[Card] = field(default_factory=frozenset)


def fill_slots(cards: Sequence[Card], slots: Sequence[Slot], rng: Rng) -> list[tuple[Card, ...]]:
    """Deal ``cards`` into ``slots`` at random: every card once, every slot full, no slot given a
    card it excludes. Each slot's cards come back in random order.

    The most constrained cards are placed first, each into a slot drawn in proportion to its
    free room; a dead end backtracks, so an answer is found whenever one exists. Raises
    ``ValueError`` when the sizes do not add up or no placement exists.
    """
    if sum(slot.size for slot in slots) != len(cards):
        raise ValueError(
            f"{len(cards)} cards cannot fill slots of sizes {[slot.size for slot in slots]}"
        )
    shuffled = rng.shuffled(cards)
    eligible = {
        card: [i for i, slot in enumerate(slots) if card not in slot.excluded] for card in shuffled
    }
    ordered = sorted(shuffled, key=lambda card: len(eligible[card]))
    room = [slot.size for slot in slots]
    placed: list[list[Card]] = [[] for _ in slots]

    def place(position: int) -> bool:
        if position == len(ordered):
            return True
        card = ordered[position]
        choices = [i for i in eligible[card] if room[i] > 0]
        while choices:
            weights = [room[i] for i in choices]
            pick = rng.below(sum(weights))
            index = 0
            while pick >= weights[index]:
                pick -= weights[index]
                index += 1
            slot = choices.pop(index)
            room[slot] -= 1
            placed[slot].append(card)
            if place(position + 1):
                return True
            placed[slot].pop()
            room[slot] += 1
        return False

    if not place(0):
        raise ValueError("no way to deal the unseen cards that honours every constraint")
    return [rng.shuffled(cards_here) for cards_here in placed]
