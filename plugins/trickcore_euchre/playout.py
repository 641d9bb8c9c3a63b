"""Euchre's fast random playout: a private, mutable hand played on lists and ints.

:meth:`EuchrePlayout.run` plays a game on from any state (any phase: the deal, both rounds of
bidding, the joker call, the discard, going alone, the tricks, the scoring and, for a whole
game, the next deals) without building a state per action or checking an action, and builds
ONE :class:`~trickcore_euchre.state.EuchreState` at the end (or before the next deal, with
``until_chance``); :meth:`EuchrePlayout.outcome` plays the same and builds only the
:class:`~trickcore.game.Outcome` of that end, keeping no records of the hands. Every choice
is drawn exactly as :func:`trickcore.playout.random_playout` draws it,
``legal[rng.below(len(legal))]`` over the legal actions in the order
:meth:`Euchre.legal_actions <trickcore_euchre.rules.Euchre.legal_actions>` lists them, and
each shuffle as ``sample_chance`` draws it, so both reach the same state (and outcome) from
the same state and stream (``tests/test_playout.py`` and ``tests/test_euchre_playout.py`` hold
them to that).

The rules are those of :mod:`trickcore_euchre.rules`, written again for lists: a change there
is a change here (the tests compare the two in every phase and option set).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final

from msgspec.structs import astuple

from trickcore.cards import Card, Suit
from trickcore.game import Outcome
from trickcore.kit.playout import PlayedTrick, play_on_lists
from trickcore.kit.tricks import FollowSuit, Trick
from trickcore.rng import Rng
from trickcore_euchre.deal import DEAL, SEATING
from trickcore_euchre.options import EuchreOptions
from trickcore_euchre.state import Bid, Declaration, EuchreState, HandResult, Phase

__all__ = ["EuchrePlayout"]

_DEAL: Final = Phase.DEAL
_BID_FIRST: Final = Phase.BID_FIRST
_BID_SECOND: Final = Phase.BID_SECOND
_JOKER_CALL: Final = Phase.JOKER_CALL
_DISCARD: Final = Phase.DISCARD
_ALONE: Final = Phase.ALONE
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_JOKER: Final = Card.JOKER
_SEATS: Final = 4
_SUITS: Final = tuple(Suit)  # the order of the joker call's legal actions (E5)
_NEXT: Final = tuple(SEATING.next(seat) for seat in range(_SEATS))
_PARTNER: Final = tuple(SEATING.partner(seat) for seat in range(_SEATS))
_SIDE: Final = tuple(SEATING.side(seat) for seat in range(_SEATS))
_SIDES: Final = SEATING.sides

FirstLead = Callable[[int, int, tuple[int, ...]], tuple[int, tuple[int, ...]]]
"""``Euchre.first_lead``: who leads the first trick and who sits out (E6, E7)."""
HandRecord = Callable[[int, int, int, tuple[int, ...], tuple[int, int]], tuple[HandResult, str]]
"""``Euchre.hand_result``: the record of a played hand and why it scored (E8)."""
HandScore = Callable[[int, tuple[int, ...], tuple[int, int]], tuple[int, int, str]]
"""``Euchre.hand_score``: the side that scores a played hand, its points and why (E8)."""


class EuchrePlayout:
    """The fast playout of one :class:`~trickcore_euchre.rules.Euchre` game (its options and
    per-trump card orders), built once with the game. :meth:`run` is its one entry."""

    def __init__(
        self,
        options: EuchreOptions,
        policies: Mapping[Suit, FollowSuit],
        pack: Sequence[Card],
        *,
        asked_alone: tuple[tuple[int, ...], ...],
        first_lead: FirstLead,
        hand_result: HandRecord,
        hand_score: HandScore,
    ) -> None:
        # the rules it shares with the game's own (one place each: the game's methods)
        self.single_hand: bool = options.single_hand
        self.target: int = options.target
        self.stick_the_dealer: bool = options.stick_the_dealer
        self.pack: tuple[Card, ...] = tuple(pack)
        self.first_lead: FirstLead = first_lead
        self.hand_result: HandRecord = hand_result
        self.hand_score: HandScore = hand_score
        self.policies: dict[Suit, FollowSuit] = dict(policies)
        """The follow policy by trump: the left bower counts as a trump (E2, E7)."""
        # E4: the second round's suits, the turned-down one left out, in legal_actions' order
        self.second_round: dict[Suit, tuple[Suit, ...]] = {
            up: tuple(suit for suit in _SUITS if suit is not up) for up in _SUITS
        }
        # E6: the seats asked "alone?", by maker, in order from the maker (the game's table)
        self.asked: tuple[tuple[int, ...], ...] = asked_alone
        # the records a hand's bidding and declarations are made of, shared
        self.passes: tuple[Bid, ...] = tuple(Bid(seat=seat, kind="pass") for seat in range(_SEATS))
        self.orders: dict[tuple[int, Suit], Bid] = {
            (seat, suit): Bid(seat=seat, kind="order_up", suit=suit)
            for seat in range(_SEATS)
            for suit in _SUITS
        }
        self.calls: dict[tuple[int, Suit], Bid] = {
            (seat, suit): Bid(seat=seat, kind="call", suit=suit)
            for seat in range(_SEATS)
            for suit in _SUITS
        }
        self.outcomes: dict[tuple[int, int, bool, int | None], Outcome] = {}
        """The outcomes playouts ended with, by scores, end and winner: the few a game can end
        with, each built once (immutable, so shared)."""
        self.declared: tuple[tuple[Declaration, Declaration], ...] = tuple(
            (Declaration(seat=seat, alone=True), Declaration(seat=seat, alone=False))
            for seat in range(_SEATS)
        )

    def run(self, state: EuchreState, rng: Rng, until_chance: bool) -> EuchreState:
        """The end of a random playout from ``state`` (not in the draw for the first dealer),
        as ``trickcore.playout.random_playout(game, state, rng, until_chance=...)``."""
        return self.play_out(Hand(state, records=True), rng, until_chance).state()

    def outcome(self, state: EuchreState, rng: Rng, until_chance: bool) -> Outcome:
        """The outcome at the end of :meth:`run`'s playout, drawn the same (E1, E9: over at the
        end of the game, won by the side that reached the target; a single hand's scorer)."""
        hand = self.play_out(Hand(state, records=False), rng, until_chance)
        over = hand.phase is _OVER
        key = (hand.scores[0], hand.scores[1], over, hand.winner)
        outcome = self.outcomes.get(key)
        if outcome is None:
            scores = (key[0], key[1])
            outcome = Outcome.settle(_SIDES, scores, finished=over, winner=hand.winner)
            self.outcomes[key] = outcome
        return outcome

    def play_out(self, hand: Hand, rng: Rng, until_chance: bool) -> Hand:
        """``hand`` played on to the end of the game (or, with ``until_chance``, to the next
        deal once a seat has acted)."""
        acted = False
        while hand.phase is not _OVER:
            if hand.phase is _DEAL:
                if until_chance and acted:
                    break
                hand.deal(rng.shuffled(self.pack))  # as sample_chance: a shuffle of the pack
                continue
            self.play_hand(hand, rng)
            acted = True
        return hand

    def play_hand(self, hand: Hand, rng: Rng) -> None:
        """The rest of a dealt hand, from its phase to its end (scored or thrown in)."""
        phase = hand.phase
        if phase is _BID_FIRST:
            phase = self.bid_first(hand, rng)
        if phase is _BID_SECOND:
            phase = self.bid_second(hand, rng)
        if phase is _JOKER_CALL:
            phase = self.joker_call(hand, rng)
        if phase is _DISCARD:
            phase = self.discard(hand, rng)
        if phase is _ALONE:
            phase = self.declare(hand, rng)
        if phase is _PLAY:
            self.play(hand, rng)
            self.score(hand)

    # -- bidding (E4, E5) ------------------------------------------------------------------

    def bid_first(self, hand: Hand, rng: Rng) -> Phase:
        """E4, the first round: legal (pass, order up) for each seat from the turn on."""
        dealer = hand.dealer
        up = hand.up_card
        assert up is not None and up.suit is not None
        while True:
            seat = hand.turn
            if rng.below(2) == 1:  # ordered up: the dealer takes the up-card
                self.take_up_card(hand, up.suit, seat, self.orders[seat, up.suit])
                return _DISCARD
            hand.auction.append(self.passes[seat])
            hand.turn = _NEXT[seat]
            if seat == dealer:  # all four passed: the up-card is turned down
                hand.phase = _BID_SECOND
                return _BID_SECOND

    def bid_second(self, hand: Hand, rng: Rng) -> Phase:
        """E4, the second round: legal (pass, the other suits), the dealer stuck without the
        pass under ``stick_the_dealer``; all four passing throws the hand in."""
        dealer = hand.dealer
        up = hand.up_card
        assert up is not None and up.suit is not None
        suits = self.second_round[up.suit]
        while True:
            seat = hand.turn
            if self.stick_the_dealer and seat == dealer:
                choice = 1 + rng.below(len(suits))
            else:
                choice = rng.below(len(suits) + 1)
            if choice:
                suit = suits[choice - 1]
                hand.auction.append(self.calls[seat, suit])
                hand.trump = suit
                hand.maker = seat
                return self.start_alone(hand)
            hand.auction.append(self.passes[seat])
            if seat == dealer:
                self.throw_in(hand)
                return hand.phase
            hand.turn = _NEXT[seat]

    def joker_call(self, hand: Hand, rng: Rng) -> Phase:
        """E5: the dealer names any suit over a turned-up joker, and takes the joker."""
        seat = hand.turn
        suit = _SUITS[rng.below(len(_SUITS))]
        self.take_up_card(hand, suit, seat, self.calls[seat, suit])
        return _DISCARD

    def take_up_card(self, hand: Hand, trump: Suit, maker: int, bid: Bid) -> None:
        """E4, E5: trump fixed; the dealer adds the up-card to their hand, to discard."""
        assert hand.up_card is not None
        hand.auction.append(bid)
        hand.trump = trump
        hand.maker = maker
        hand.picked_up = True
        hand.hands[hand.dealer].append(hand.up_card)
        hand.turn = hand.dealer
        hand.phase = _DISCARD

    def discard(self, hand: Hand, rng: Rng) -> Phase:
        """E4: the dealer discards any card of their hand (legal in the hand's order)."""
        held = hand.hands[hand.turn]
        card = held.pop(rng.below(len(held)))
        hand.discard = card
        return self.start_alone(hand)

    def throw_in(self, hand: Hand) -> None:
        """E4: all passed twice; the deal passes on (a single hand ends in a draw)."""
        result = None
        if hand.records:
            result = HandResult(hand_number=hand.hand_number, dealer=hand.dealer, thrown_in=True)
        hand.end(result, None, over=self.single_hand)

    # -- going alone (E6) ------------------------------------------------------------------

    def start_alone(self, hand: Hand) -> Phase:
        """E6: the seats allowed are asked in turn from the maker; none: play begins."""
        assert hand.maker is not None
        asked = self.asked[hand.maker]
        if not asked:
            return self.start_play(hand)
        hand.pending = list(asked)
        hand.turn = asked[0]
        hand.phase = _ALONE
        return _ALONE

    def declare(self, hand: Hand, rng: Rng) -> Phase:
        """E6: legal (alone, with partner); a lone player's partner is no longer asked."""
        while True:
            seat = hand.turn
            alone = rng.below(2) == 0
            hand.declarations.append(self.declared[seat][0 if alone else 1])
            rest = hand.pending[1:]
            if alone:
                partner = _PARTNER[seat]
                if partner in rest:  # (no comprehension: it would make partner a cell)
                    rest.remove(partner)
            hand.pending = rest
            if not rest:
                return self.start_play(hand)
            hand.turn = rest[0]

    def start_play(self, hand: Hand) -> Phase:
        """E7: who leads, and who sits out (the partners of lone players): the game's
        ``first_lead``."""
        assert hand.maker is not None
        loners = tuple([declared.seat for declared in hand.declarations if declared.alone])
        leader, sitting_out = self.first_lead(hand.dealer, hand.maker, loners)
        hand.sitting_out = sitting_out
        hand.turn = leader
        hand.trick_seats = SEATING.order(leader, sitting_out)
        hand.phase = _PLAY
        return _PLAY

    # -- play (E7) and scoring (E8) --------------------------------------------------------

    def play(self, hand: Hand, rng: Rng) -> None:
        """E7: the rest of the tricks, each card drawn from the legal ones (the suit led
        followed when possible, in the hand's order), by the kit's
        :func:`~trickcore.kit.playout.play_on_lists`; each trick counts for its winner's
        side."""
        assert hand.trump is not None
        policy = self.policies[hand.trump]
        played = play_on_lists(policy, hand.hands, hand.trick, hand.trick_seats, rng)
        won = hand.tricks_won
        for _, _, winner in played:
            side = _SIDE[winner]
            won[side] = won[side] + 1  # (not +=: a generic in-place add in the compiled build)
        if hand.records:  # the tricks' records, for state(); an outcome needs none
            hand.played += played
        hand.trick = []
        hand.trick_seats = ()
        hand.turn = played[-1][0][-1]  # as after the public ``play``: the last card's seat

    def score(self, hand: Hand) -> None:
        """E8: the side that scores and its points (the game's ``hand_result``, or without
        records its ``hand_score``); the game ends at the target (E1, E9)."""
        maker = hand.maker
        assert maker is not None
        # (a loop, not a comprehension: that would be a call of its own in the pure build)
        alone: list[int] = []
        for declared in hand.declarations:
            if declared.alone:
                alone.append(declared.seat)
        loners = tuple(alone)
        tricks_won = (hand.tricks_won[0], hand.tricks_won[1])
        result = None
        if hand.records:
            result, _ = self.hand_result(hand.hand_number, hand.dealer, maker, loners, tricks_won)
            assert result.scoring_side is not None
            side, points = result.scoring_side, result.points
        else:
            side, points, _ = self.hand_score(_SIDE[maker], loners, tricks_won)
        hand.scores[side] += points
        hand.end(result, side, over=self.single_hand or hand.scores[side] >= self.target)


STATE_FIELDS: Final = (
    "phase",
    "dealer",
    "scores",
    "hand_number",
    "hands",
    "up_card",
    "undealt",
    "turn",
    "auction",
    "trump",
    "maker",
    "picked_up",
    "discard",
    "declarations",
    "pending",
    "sitting_out",
    "tricks",
    "trick_seats",
    "trick",
    "tricks_won",
    "last_hand",
    "winner",
)
"""The fields of :class:`EuchreState` in their order, as :class:`Hand` reads them (a test
holds the state to it)."""


class Hand:
    """The mutable state of a playout: a game's :class:`EuchreState` in lists and ints, the
    tricks played in it kept as plain tuples until :meth:`state` builds the records. Without
    ``records`` the hands' results are not recorded (``last_hand``): a playout that ends in an
    outcome, not a state."""

    __slots__ = (
        "auction",
        "dealer",
        "declarations",
        "discard",
        "hand_number",
        "hands",
        "last_hand",
        "maker",
        "pending",
        "phase",
        "picked_up",
        "played",
        "records",
        "scores",
        "sitting_out",
        "trick",
        "trick_seats",
        "tricks",
        "tricks_won",
        "trump",
        "turn",
        "undealt",
        "up_card",
        "winner",
    )

    def __init__(self, state: EuchreState, *, records: bool = True) -> None:
        # every field in one call, in STATE_FIELDS' order: reading a Struct's attributes one
        # by one costs a generic attribute look-up each in the compiled build
        (
            phase,
            dealer,
            scores,
            hand_number,
            hands,
            up_card,
            undealt,
            turn,
            auction,
            trump,
            maker,
            picked_up,
            discard,
            declarations,
            pending,
            sitting_out,
            tricks,
            trick_seats,
            trick,
            tricks_won,
            last_hand,
            winner,
        ) = astuple(state)
        assert dealer is not None  # the first dealer is drawn before a playout starts
        self.records: bool = records
        self.phase: Phase = phase
        self.dealer: int = dealer
        # (copies as [*x]: no call, which the interpreted build pays for on every playout)
        self.scores: list[int] = [*scores]
        self.hand_number: int = hand_number
        copies: list[list[Card]] = []
        for held in hands:  # (a loop: a comprehension is a call of its own, interpreted)
            copies.append([*held])
        self.hands: list[list[Card]] = copies
        self.up_card: Card | None = up_card
        self.undealt: tuple[Card, ...] = undealt
        self.turn: int = turn
        self.auction: list[Bid] = [*auction] if records else []  # read by state() alone
        self.trump: Suit | None = trump
        self.maker: int | None = maker
        self.picked_up: bool = picked_up
        self.discard: Card | None = discard
        self.declarations: list[Declaration] = [*declarations]
        self.pending: list[int] = [*pending]
        self.sitting_out: tuple[int, ...] = sitting_out
        self.tricks: tuple[Trick, ...] = tricks
        self.played: list[PlayedTrick] = []
        """The tricks finished in the playout: seats, cards and winner."""
        self.trick_seats: tuple[int, ...] = trick_seats
        self.trick: list[Card] = [*trick]
        self.tricks_won: list[int] = [*tricks_won]
        self.last_hand: HandResult | None = last_hand
        self.winner: int | None = winner

    def deal(self, order: tuple[Card, ...]) -> None:
        """E3: a fresh hand dealt from ``order`` by the next dealer (the public ``_deal``);
        over a turned-up joker the dealer names trump first (E5)."""
        dealt = DEAL.deal(order, self.dealer)
        up_card = dealt.kick[0]
        joker_up = up_card is _JOKER
        self.clear()
        self.hand_number += 1
        self.hands = [list(held) for held in dealt.hands]
        self.up_card = up_card
        self.undealt = dealt.stock
        self.phase = _JOKER_CALL if joker_up else _BID_FIRST
        self.turn = self.dealer if joker_up else _NEXT[self.dealer]

    def clear(self) -> None:
        """Every field of a hand at its default (the progress fields kept)."""
        self.hands = [[] for _ in range(_SEATS)]
        self.up_card = None
        self.undealt = ()
        self.turn = 0
        self.auction = []
        self.trump = None
        self.maker = None
        self.picked_up = False
        self.discard = None
        self.declarations = []
        self.pending = []
        self.sitting_out = ()
        self.tricks = ()
        self.played = []
        self.trick_seats = ()
        self.trick = []
        self.tricks_won = [0, 0]
        self.winner = None

    def end(self, result: HandResult | None, winner: int | None, *, over: bool) -> None:
        """The kit's ``next_hand``: the game over, won by ``winner`` (``None``: a draw), with
        the hand as it ended; or the hand cleared before the next deal by the next dealer.
        ``result`` is the hand's record (``None`` without :attr:`records`)."""
        self.last_hand = result
        self.turn = 0
        if over:
            self.phase = _OVER
            self.winner = winner
            return
        self.clear()
        self.phase = _DEAL
        self.dealer = _NEXT[self.dealer]

    def state(self) -> EuchreState:
        """The public state this playout state stands for."""
        tricks = self.tricks
        if self.played:
            tricks += tuple(
                Trick(leader=seats[0], seats=seats, cards=cards, winner=winner)
                for seats, cards, winner in self.played
            )
        return EuchreState(
            phase=self.phase,
            dealer=self.dealer,
            scores=(self.scores[0], self.scores[1]),
            hand_number=self.hand_number,
            hands=tuple(map(tuple, self.hands)),
            up_card=self.up_card,
            undealt=self.undealt,
            turn=self.turn,
            auction=tuple(self.auction),
            trump=self.trump,
            maker=self.maker,
            picked_up=self.picked_up,
            discard=self.discard,
            declarations=tuple(self.declarations),
            pending=tuple(self.pending),
            sitting_out=self.sitting_out,
            tricks=tricks,
            trick_seats=self.trick_seats,
            trick=tuple(self.trick),
            tricks_won=(self.tricks_won[0], self.tricks_won[1]),
            last_hand=self.last_hand,
            winner=self.winner,
        )
