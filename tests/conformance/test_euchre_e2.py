"""Rule book E2 (deck and card ranking): the bowers and the joker in every trump suit, the
plain suits, the 24-, 32- and 25-card packs. Every ranking is checked through real play: a
deal, an order-up and a first trick, whose winner the engine decides."""

from __future__ import annotations

from typing import Any

import pytest
from euchre_helpers import C, cs, deal, euchre, run

from trickcore import Card, IllegalActionError, digest
from trickcore_euchre.actions import Play
from trickcore_euchre.state import EuchreState, Phase

SUITS = ["C", "D", "H", "S"]
PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}
OTHERS = {t: [s for s in SUITS if s not in (t, PARTNER[t])] for t in SUITS}


def trump_card(symbol: str, trump: str) -> Card:
    """R: the right bower, L: the left bower, X: the joker, else a rank of the trump suit."""
    if symbol == "R":
        return C("J" + trump)
    if symbol == "L":
        return C("J" + PARTNER[trump])
    if symbol == "X":
        return Card.JOKER
    return C(symbol + trump)


def first_trick(deck: int, trump: str, plays: list[Card]) -> tuple[Any, EuchreState]:
    """Dealer 3 turns up a card of ``trump``; seat 0 orders it up, the dealer discards it and
    nobody goes alone; seats 0, 1, 2, 3 then play ``plays``. The rest of each hand avoids the
    suit led (plain cards of the other suits first, then trumps), so that a seat holds no
    second card of that suit and a card of another suit is a legal discard."""
    game = euchre(3, deck=deck)
    right, left = trump_card("R", trump), trump_card("L", trump)
    trumps = {card for card in game.deck if card.suit is right.suit} | {left}
    if deck == 25:
        trumps.add(Card.JOKER)
    led = "t" if plays[0] in trumps else plays[0].suit

    def suit(card: Card) -> object:
        return "t" if card in trumps else card.suit

    up = next(
        card
        for card in game.deck
        if card in trumps and card not in plays and card not in (right, left, Card.JOKER)
    )
    spare = [card for card in game.deck if card not in plays and card != up]
    fillers = [card for card in spare if suit(card) not in ("t", led)]
    fillers += [card for card in spare if suit(card) == "t" != led]
    fillers += [card for card in spare if suit(card) == led]
    hands = {seat: (plays[seat], *fillers[4 * seat : 4 * seat + 4]) for seat in range(4)}
    state = deal(game, 3, hands, up=up)
    state = run(game, state, f"0=order_up 3=discard:{up} 0=partner 1=partner 2=partner 3=partner")
    state = run(game, state, " ".join(f"{seat}={plays[seat]}" for seat in range(4)))
    assert len(state.tricks) == 1
    return game, state


# The rule book's orders, high to low (E2).
TRUMP_ORDER = {24: "R L A K Q T 9", 32: "R L A K Q T 9 8 7", 25: "X R L A K Q T 9"}
TRUMP_TRICKS = [
    (24, "L A K Q"),
    (24, "A K R L"),
    (24, "Q L T K"),
    (24, "T 9 Q K"),
    (24, "9 T Q A"),
    (24, "K Q T 9"),
    (32, "7 8 9 T"),
    (32, "8 7 L 9"),
    (32, "7 R 8 A"),
    (32, "9 8 7 Q"),
    (25, "X R L A"),
    (25, "R X K Q"),
    (25, "L A K X"),
    (25, "R L A K"),
]


@pytest.mark.parametrize("trump", SUITS)
@pytest.mark.parametrize(("deck", "symbols"), TRUMP_TRICKS)
def test_trump_order_in_every_trump_suit(deck: int, symbols: str, trump: str) -> None:
    """E2: in trumps the joker (deck 25) beats the right bower, which beats the left bower,
    then A K Q 10 9 (8 7), for every trump suit; the left bower and the joker are trumps."""
    plays = [trump_card(symbol, trump) for symbol in symbols.split()]
    _, state = first_trick(deck, trump, plays)
    ranking = [trump_card(symbol, trump) for symbol in TRUMP_ORDER[deck].split()]
    best = min(plays, key=ranking.index)
    assert state.tricks[0].winner == plays.index(best)
    assert state.tricks[0].cards == tuple(plays)
    assert state.tricks_won == ((1, 0) if plays.index(best) % 2 == 0 else (0, 1))


# Plain suits, high to low: A K Q J 10 9 (8 7); the jack of the trump's colour is not there.
# Suits are written relative to trump: p is the left bower's printed suit, x and y the others.
PLAIN_TRICKS = [
    (24, "9x Tx Jx Qx", "Qx"),
    (24, "Jx Tx 9x Kx", "Kx"),
    (24, "9x Jx Tx Ax", "Ax"),
    (24, "Tx 9x Jx 9y", "Jx"),  # the jack above the ten; seat 3 shows out
    (24, "9p Tp Qp Kp", "Kp"),
    (24, "Tp 9p Qp 9x", "Qp"),  # no jack: the queen is above the ten
    (24, "9x Ay Ap Tx", "Tx"),  # off-suit aces never win
    (32, "7x 8x 9x Tx", "Tx"),
    (32, "8x 7x Jx 9x", "Jx"),
    (32, "7p 9p 8p Tp", "Tp"),
    (25, "9x Jx Qx Tx", "Qx"),
]


@pytest.mark.parametrize("trump", SUITS)
@pytest.mark.parametrize(("deck", "text", "best"), PLAIN_TRICKS)
def test_plain_suit_order(deck: int, text: str, best: str, trump: str) -> None:
    """E2: other suits rank A K Q J 10 9 (8 7); in the suit of the trump's colour the jack is
    missing (it is the left bower); a card not of the suit led never wins without trumps."""
    names = {"p": PARTNER[trump], "x": OTHERS[trump][0], "y": OTHERS[trump][1]}
    plays = [C(token[0] + names[token[1]]) for token in text.split()]
    _, state = first_trick(deck, trump, plays)
    assert state.tricks[0].winner == plays.index(C(best[0] + names[best[1]]))


def test_packs() -> None:
    """E2: 24 cards 9-A; ``deck=32`` adds the 8s and 7s; ``deck=25`` adds one joker."""
    ranks = {24: "9TJQKA", 32: "789TJQKA", 25: "9TJQKA"}
    for size, text in ranks.items():
        game = euchre(deck=size)
        expected = {C(rank + suit) for rank in text for suit in SUITS}
        if size == 25:
            expected.add(Card.JOKER)
        assert len(game.deck) == size
        assert set(game.deck) == expected


# -- the left bower follows trump, never its printed suit ----------------------------------


def _left_bower_deal(trump: str, hands: dict[int, str]) -> tuple[Any, EuchreState]:
    """Dealer 3 turns up the 9 of ``trump``, seat 0 orders up, nobody goes alone; seat 0 leads.
    ``hands`` write suits as ``t`` (trump), ``p`` (the left bower's printed suit), ``x`` and
    ``y`` (the other two), e.g. ``"Jp At 9x"``."""
    game = euchre(3)
    real = {seat: cs(_suits(hand, trump)) for seat, hand in hands.items()}
    state = deal(game, 3, real, up="9" + trump)
    state = run(
        game, state, f"0=order_up 3=discard:9{trump} 0=partner 1=partner 2=partner 3=partner"
    )
    assert state.phase is Phase.PLAY and game.actor(state) == 0
    return game, state


def _suits(text: str, trump: str) -> str:
    names = {"t": trump, "p": PARTNER[trump], "x": OTHERS[trump][0], "y": OTHERS[trump][1]}
    return " ".join(token[0] + names[token[1]] for token in text.split())


def _legal_cards(game: Any, state: EuchreState) -> set[Card]:
    return {action.card for action in game.legal_actions(state)}


@pytest.mark.parametrize("trump", SUITS)
def test_left_bower_alone_need_not_follow_its_printed_suit(trump: str) -> None:
    """E2, E7: a player whose only card of the printed suit led is the left bower is void in
    that suit: any card may be played (the left bower too, as a trump)."""
    game, state = _left_bower_deal(
        trump,
        {0: "Ap 9x 9y Tx Ty", 1: "Jp Ax Kx Qx Jx", 2: "Kp Qp Ay Ky Qy"},
    )
    left = C("J" + PARTNER[trump])
    state = run(game, state, f"0=A{PARTNER[trump]}")
    assert _legal_cards(game, state) == set(state.hands[1])
    assert left in _legal_cards(game, state)
    state = run(game, state, f"1=A{OTHERS[trump][0]}")  # a plain card, not the left bower
    assert _legal_cards(game, state) == set(cs(f"K{PARTNER[trump]} Q{PARTNER[trump]}"))


@pytest.mark.parametrize("trump", SUITS)
def test_left_bower_does_not_follow_its_printed_suit(trump: str) -> None:
    """E2: with the printed suit led, a player holding the left bower and a real card of that
    suit must play the real card; the left bower is a revoke and is refused."""
    game, state = _left_bower_deal(trump, {0: "Ap 9x 9y Tx Ty", 1: "Jp 9p Ax Kx Qx"})
    p = PARTNER[trump]
    state = run(game, state, f"0=A{p}")
    assert _legal_cards(game, state) == {C("9" + p)}
    before = digest(state)
    with pytest.raises(IllegalActionError, match="follow"):
        game.apply(state, Play(card=C("J" + p)))
    assert digest(state) == before


@pytest.mark.parametrize("trump", SUITS)
def test_left_bower_must_follow_a_trump_lead(trump: str) -> None:
    """E2, E7: with trump led, a player whose only trump is the left bower must play it."""
    game, state = _left_bower_deal(trump, {0: "At Kt 9x 9y Tx", 1: "Jp Ap Kp Ax Kx"})
    state = run(game, state, f"0=A{trump}")
    assert _legal_cards(game, state) == {C("J" + PARTNER[trump])}
    with pytest.raises(IllegalActionError):
        game.apply(state, Play(card=C("A" + PARTNER[trump])))


@pytest.mark.parametrize("trump", SUITS)
def test_left_bower_led_is_a_trump_lead(trump: str) -> None:
    """E2: the left bower led calls for trumps, not for its printed suit: a player with a trump
    must play it (not the printed suit); a player without trumps may play anything."""
    game, state = _left_bower_deal(
        trump,
        {
            0: "Jp 9x 9y Tx Ty",
            1: "Kt Ap Kp Ax Kx",
            2: "Qp Tp Ay Ky Qy",
            3: "9p Jx Qx Jy Qt",  # the queen of trumps: no bower with the dealer
        },
    )
    p = PARTNER[trump]
    state = run(game, state, f"0=J{p}")
    assert _legal_cards(game, state) == {C("K" + trump)}
    state = run(game, state, f"1=K{trump}")
    assert _legal_cards(game, state) == set(state.hands[2])
    state = run(game, state, f"2=A{OTHERS[trump][1]}")
    assert _legal_cards(game, state) == {C("Q" + trump)}
    state = run(game, state, f"3=Q{trump}")
    assert state.tricks[0].winner == 0  # the left bower beats the king and queen of trumps


@pytest.mark.parametrize("trump", SUITS)
def test_joker_led_calls_for_trumps(trump: str) -> None:
    """E2: the joker belongs to the trump suit whatever trump is: led, it must be followed
    with a trump, and it wins over the right bower."""
    game = euchre(3, deck=25)
    p, (o, q) = PARTNER[trump], OTHERS[trump]
    hands = {
        0: (Card.JOKER, *cs(f"9{o} 9{q} T{o} T{q}")),
        1: cs(f"J{trump} A{p} K{p} A{o} K{o}"),
        2: cs(f"Q{p} T{p} A{q} K{q} Q{q}"),
    }
    state = deal(game, 3, hands, up="9" + trump)
    state = run(
        game, state, f"0=order_up 3=discard:9{trump} 0=partner 1=partner 2=partner 3=partner"
    )
    state = run(game, state, "0=JK")
    assert _legal_cards(game, state) == {C("J" + trump)}
    state = run(game, state, f"1=J{trump}")
    assert _legal_cards(game, state) == set(state.hands[2])
    state = run(game, state, f"2=Q{p}")
    state = run(game, state, f"3={game.legal_actions(state)[0].card}")
    assert state.tricks[0].winner == 0
