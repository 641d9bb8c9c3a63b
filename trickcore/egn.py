"""EGN (Euchre Game Notation 1.x, JSON) for Euchre replays: :func:`dumps` and :func:`loads`.

EGN records a game deal by deal: the dealer, the up-card, the hands (``playerCards``), the
bidding calls, whether the maker went alone, the dealer's discard and the cards of each trick
in the order they were played. It records deals, not seeds, so a loaded replay reproduces its
deals as *stacked shuffles*: chance actions that deal exactly the recorded hands and up-card,
the cards nobody sees (the rest of the kitty) in pack order, with ``seed`` ``None``. A file
written by :func:`dumps` from a seeded replay names the seed in ``metadata.gameId``
(``trickcore-seed:7``); :func:`loads` keeps that seed, and the seed's own shuffles, when every
deal it draws is the deal recorded, so such a replay round-trips exactly.

The ruleset flags map onto Euchre's options (see ``docs/egn.md`` for the table); a flag whose
rule trickcore does not play refuses the file with :class:`~trickcore.errors.EgnError`, as
does anything malformed. Condensed (base64) deals, unknown cards (``X``) and the generic suits
(``t n g h``) are refused too: they do not say which card was played.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal

import msgspec

from trickcore.cards import Card
from trickcore.codec import json_form
from trickcore.errors import EgnError, IllegalActionError, TrickcoreError
from trickcore.game import CHANCE, AnyGame
from trickcore.history import History, chance_rng, decode_action, decode_actions, load_game
from trickcore.plugins import PluginHost
from trickcore.replay import Replay, from_history

__all__ = [
    "FILE_TYPE",
    "VERSION",
    "EgnFile",
    "dumps",
    "loads",
]

FILE_TYPE = "Euchre Game Notation"
"""The value of an EGN file's ``fileType``."""

VERSION = "1.4.0"
"""The EGN version :func:`dumps` writes; :func:`loads` reads any 1.x file."""

_VERSION_PATTERN = re.compile(r"1\.\d+(\.\d+)?")
_SEED_PREFIX = "trickcore-seed:"
_MAX_ID = 64


# -- the EGN 1.x structures (field names as the spec spells them) ---------------------------


class _Egn(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """Base of the EGN structs: unknown fields are refused, as the schema does."""


class EgnPlayerId(_Egn, frozen=True, kw_only=True):
    """A player's identity on some site."""

    id: str
    source: str


class EgnPlayer(_Egn, frozen=True, kw_only=True):
    """A player given as an object rather than a name."""

    name: str
    id: str | None = None
    playerIds: list[EgnPlayerId] | None = None  # noqa: N815 (the spec's name)


class EgnRuleset(_Egn, frozen=True, kw_only=True):
    """``metadata.ruleset``: the house rules, every flag with the spec's default."""

    std: bool = True
    min_rank: int = 9
    winning_score: int | None = None
    num_deals: int | None = None
    canadian: bool = False
    loner_lead: Literal["LEFT_OF_DEALER", "LEFT_OF_LONER"] = "LEFT_OF_DEALER"
    loner_march_score: int = 4
    loner_euchred_score: int = 2
    defend_alone: bool = False
    farmers: bool = False
    partners_best: bool = False
    go_under: bool = False
    joker: bool = False
    num_players: int = 4
    allow_no_trump: bool = False
    fast_break: bool = False
    four_trick_tokens: bool = False


class EgnMetadata(_Egn, frozen=True, kw_only=True):
    """``metadata``: who played, the scores, the rules."""

    gameId: str | None = None  # noqa: N815
    title: str | None = None
    description: str | None = None
    players: list[str | EgnPlayer]
    initialScore: list[int]  # noqa: N815
    finalScore: list[int] | None = None  # noqa: N815
    date: str | None = None
    ruleset: EgnRuleset | None = None


class EgnInitialState(_Egn, frozen=True, kw_only=True):
    """A deal's start: the dealer, the up-card and (optionally) every hand as dealt."""

    dealer: int
    upCard: str  # noqa: N815
    playerCards: list[list[str]] | None = None  # noqa: N815


class EgnCardExchange(_Egn, frozen=True, kw_only=True):
    """Cards passed between players (house rules trickcore does not play)."""

    sender: int | None = None
    receiver: int
    cards: list[str]


class EgnBidding(_Egn, frozen=True, kw_only=True, tag="EUCHRE_BIDDING", tag_field="type"):
    """The bidding: calls from the dealer's left, ``Pass``, ``Order`` or a suit letter."""

    phaseNumber: int  # noqa: N815
    calls: list[str]
    isAlone: bool = False  # noqa: N815
    aloneDefender: int | None = None  # noqa: N815
    discard: str | None = None
    cardExchanges: list[EgnCardExchange] | None = None  # noqa: N815
    callAnnotations: dict[str, list[str]] | None = None  # noqa: N815


class EgnTrickPlay(_Egn, frozen=True, kw_only=True, tag="TRICK_PLAY", tag_field="type"):
    """The play: each trick's cards in the order they were played."""

    phaseNumber: int  # noqa: N815
    tricks: list[list[str]]
    isAlone: bool = False  # noqa: N815
    playAnnotations: dict[str, list[str]] | None = None  # noqa: N815


class EgnAlternativeLine(_Egn, frozen=True, kw_only=True):
    """Analysis only (ignored by :func:`loads`)."""

    branchIndex: int  # noqa: N815
    phases: list[EgnBidding | EgnTrickPlay]


class EgnDeal(_Egn, frozen=True, kw_only=True):
    """One deal."""

    dealNumber: int  # noqa: N815
    initialState: EgnInitialState  # noqa: N815
    phases: list[EgnBidding | EgnTrickPlay]
    alternativeLines: list[EgnAlternativeLine] | None = None  # noqa: N815


class EgnFile(_Egn, frozen=True, kw_only=True):
    """A whole ``.egn`` file (EGN 1.x)."""

    fileType: str  # noqa: N815
    version: str
    metadata: EgnMetadata
    deals: list[EgnDeal | str]


# -- cards and calls --------------------------------------------------------------------------

_SUIT_LETTERS = {"s": "S", "h": "H", "d": "D", "c": "C"}


def _card_to_egn(card: Card) -> str:
    text = str(card)
    if card.is_joker:
        return "B"
    return text[0] + text[1].lower()


def _card_from_egn(text: str, where: str) -> Card:
    if text == "B":
        return Card("JK")
    suit = text[1:].lower()  # the schema takes either case for the suit
    if len(text) == 2 and suit in _SUIT_LETTERS:
        rank = "9" if text[0] == "N" else text[0]
        try:
            return Card(rank + _SUIT_LETTERS[suit])
        except TrickcoreError:
            pass
    raise EgnError(
        f"{where}: card {text!r} is not a card trickcore can play (unknown cards 'X', generic "
        "suits 't n g h' and the bower letters 'R L' do not name one card)"
    )


def _call_to_egn(action: Mapping[str, Any]) -> str:
    kind = action["type"]
    if kind == "pass":
        return "Pass"
    if kind == "order_up":
        return "Order"
    return str(action["suit"]).lower()


def _call_from_egn(call: str, where: str) -> dict[str, Any]:
    if call == "Pass":
        return {"type": "pass"}
    if call == "Order":
        return {"type": "order_up"}
    if call in _SUIT_LETTERS:
        return {"type": "call", "suit": _SUIT_LETTERS[call]}
    raise EgnError(
        f"{where}: call {call!r} is not played by trickcore's Euchre (no trump 'n', unknown 'x')"
    )


# -- options <-> ruleset ----------------------------------------------------------------------

_DEFENDERS_MAY_GO_ALONE = ("anyone", "maker_or_defenders")
_REFUSED_FLAGS = (
    "canadian",
    "farmers",
    "partners_best",
    "go_under",
    "allow_no_trump",
    "fast_break",
    "four_trick_tokens",
)
_EGN_SAYS = ("target", "deck", "stick_the_dealer", "lone_lead", "single_hand")
"""The Euchre options a ruleset states; the others come from :func:`loads`'s ``options``."""


def _ruleset(options: Mapping[str, Any]) -> EgnRuleset:
    deck = options["deck"]
    single = bool(options["single_hand"])
    return EgnRuleset(
        std=bool(options["stick_the_dealer"]),
        min_rank=7 if deck == 32 else 9,
        joker=deck == 25,
        winning_score=None if single else int(options["target"]),
        num_deals=1 if single else None,
        loner_lead="LEFT_OF_LONER" if options["lone_lead"] == "lone_left" else "LEFT_OF_DEALER",
        defend_alone=options["who_may_go_alone"] in _DEFENDERS_MAY_GO_ALONE,
    )


def _options(ruleset: EgnRuleset, given: Mapping[str, Any]) -> dict[str, Any]:
    for flag in _REFUSED_FLAGS:
        if getattr(ruleset, flag):
            raise EgnError(f"the ruleset sets {flag}: trickcore's Euchre does not play that rule")
    if ruleset.num_players != 4:
        raise EgnError(f"the ruleset has num_players {ruleset.num_players}; Euchre here is for 4")
    if ruleset.loner_march_score != 4 or ruleset.loner_euchred_score != 2:
        raise EgnError(
            "the ruleset scores a lone march or a euchred loner other than 4 and 2 (E8 scores "
            f"those); got loner_march_score {ruleset.loner_march_score}, loner_euchred_score "
            f"{ruleset.loner_euchred_score}"
        )
    if ruleset.min_rank == 9:
        deck = 25 if ruleset.joker else 24
    elif ruleset.min_rank == 7 and not ruleset.joker:
        deck = 32
    else:
        joker = " with the joker" if ruleset.joker else ""
        raise EgnError(f"the ruleset's deck (min_rank {ruleset.min_rank}{joker}) is not played")
    deals = ruleset.num_deals or 0
    score = ruleset.winning_score
    if deals not in (0, 1):
        raise EgnError(f"the ruleset plays {deals} deals; trickcore plays to a target or one hand")
    if deals == 1 and score:
        raise EgnError("the ruleset sets both winning_score and num_deals (EGN allows one)")
    if deals == 0 and score == 0:
        raise EgnError("the ruleset has neither a winning score nor a number of deals")
    options: dict[str, Any] = {
        "deck": deck,
        "stick_the_dealer": ruleset.std,
        "lone_lead": "lone_left" if ruleset.loner_lead == "LEFT_OF_LONER" else "dealer_left",
        "single_hand": deals == 1,
    }
    if deals == 0:
        options["target"] = 10 if score is None else score
    for name, value in given.items():
        if name in options and options[name] != value:
            raise EgnError(
                f"option {name}={value!r} contradicts the file's ruleset ({options[name]!r})"
            )
        options[name] = value
    if not ruleset.defend_alone and options.get("who_may_go_alone", "anyone") in (
        _DEFENDERS_MAY_GO_ALONE
    ):
        options["who_may_go_alone"] = "makers"
    return options


# -- writing ----------------------------------------------------------------------------------


def _hands_of(history: History[Any, Any]) -> Iterator[list[tuple[Any, Any, Any]]]:
    """The steps of each hand, from its shuffle to the step before the next shuffle."""
    hand: list[tuple[Any, Any, Any]] = []
    for actor, action, before, after in zip(
        history.actors, history.actions, history.states[:-1], history.states[1:], strict=True
    ):
        form = json_form(action)
        if form["type"] == "shuffle" and hand:
            yield hand
            hand = []
        if form["type"] != "dealer":
            hand.append((actor, form, (before, after)))
    if hand:
        yield hand


def _deal_of(game: Any, number: int, hand: list[tuple[Any, Any, Any]]) -> EgnDeal:
    _, _, (before, dealt) = hand[0]
    seating = game.seating
    calls: list[str] = []
    discard: str | None = None
    plays: list[str] = []
    # The state before the hand's last action still holds its maker and who went alone (the
    # last card scores the hand and clears them).
    final = hand[-1][2][0]
    for _, form, _ in hand[1:]:
        kind = form["type"]
        if kind in ("pass", "order_up", "call"):
            calls.append(_call_to_egn(form))
        elif kind == "discard":
            discard = _card_to_egn(Card(form["card"]))
        elif kind == "play":
            plays.append(_card_to_egn(Card(form["card"])))
    loners = [d.seat for d in final.declarations if d.alone]
    maker = final.maker
    active = game.seats - len(final.sitting_out)
    phases: list[EgnBidding | EgnTrickPlay] = [
        EgnBidding(
            phaseNumber=0,
            calls=calls,
            isAlone=maker is not None and any(seating.same_side(s, maker) for s in loners),
            aloneDefender=next(
                (s for s in loners if maker is not None and not seating.same_side(s, maker)), None
            ),
            discard=discard,
        )
    ]
    if plays:
        tricks = [plays[i : i + active] for i in range(0, len(plays), active)]
        phases.append(EgnTrickPlay(phaseNumber=1, tricks=tricks, isAlone=phases[0].isAlone))
    return EgnDeal(
        dealNumber=number,
        initialState=EgnInitialState(
            dealer=before.dealer,
            upCard=_card_to_egn(dealt.up_card),
            playerCards=[[_card_to_egn(card) for card in held] for held in dealt.hands],
        ),
        phases=phases,
    )


def dumps(replay: Replay, *, host: PluginHost | None = None) -> str:
    """The EGN text (pretty JSON) of a Euchre :class:`~trickcore.replay.Replay`.

    Every deal is written with its hands (``playerCards``), so :func:`loads` can always
    rebuild it. Raises :class:`~trickcore.errors.EgnError` for a replay of another game, and
    :class:`~trickcore.errors.ReplayMismatchError` for one whose actions do not play.
    """
    if replay.game != "euchre":
        raise EgnError(f"EGN records Euchre games; this replay is of {replay.game!r}")
    game = load_game(replay.game, replay.options, host=host)
    history = History.replay(game, decode_actions(game, replay.actions), seed=replay.seed)
    options = json_form(game.options)
    seed_id = None
    if replay.seed is not None:
        seed_id = _SEED_PREFIX + msgspec.json.encode(replay.seed).decode()
        if len(seed_id) > _MAX_ID:
            seed_id = None
    final = history.final
    metadata = EgnMetadata(
        gameId=seed_id,
        players=list(replay.seats),
        initialScore=[0, 0],
        finalScore=list(final.scores) if game.actor(final) is None else None,
        ruleset=_ruleset(options),
    )
    deals: list[EgnDeal | str] = [
        _deal_of(game, number, hand) for number, hand in enumerate(_hands_of(history))
    ]
    egn = EgnFile(fileType=FILE_TYPE, version=VERSION, metadata=metadata, deals=deals)
    return msgspec.json.format(msgspec.json.encode(egn), indent=2).decode() + "\n"


# -- reading ----------------------------------------------------------------------------------


def _decode(text: str | bytes) -> EgnFile:
    try:
        egn = msgspec.json.decode(text, type=EgnFile)
    except msgspec.DecodeError as error:  # ValidationError included
        other = _other_file(text)
        if other is not None:
            raise EgnError(other) from None
        raise EgnError(f"not an EGN file: {error}") from None
    if egn.fileType != FILE_TYPE:
        raise EgnError(f"fileType is {egn.fileType!r}, not {FILE_TYPE!r}")
    if not _VERSION_PATTERN.fullmatch(egn.version):
        raise EgnError(f"EGN version {egn.version!r} is not read (this trickcore reads 1.x)")
    return egn


def _other_file(text: str | bytes) -> str | None:
    """What a JSON file that is not EGN is, when it is one of trickcore's own (a replay or a
    saved table, of Euchre or of another game), in words; else ``None``."""
    try:
        data = msgspec.json.decode(text)
    except msgspec.DecodeError:
        return None
    if not isinstance(data, dict):
        return None
    kind = "replay"
    if isinstance(data.get("replay"), dict) and "fileType" not in data:
        data, kind = data["replay"], "saved table"
    game = data.get("game")
    if "fileType" in data or not isinstance(game, str) or "actions" not in data:
        return None
    if game != "euchre":
        return (
            f"this is a trickcore {kind} of {game!r}, not an EGN file: EGN records Euchre "
            f"games only (read a replay with trickcore.replay.loads)"
        )
    return (
        f"this is a trickcore {kind} of euchre, not an EGN file: read it with "
        f"trickcore.replay.loads, and write EGN from it with trickcore.egn.dumps"
    )


def _seed_of(metadata: EgnMetadata) -> int | str | None:
    game_id = metadata.gameId
    if game_id is None or not game_id.startswith(_SEED_PREFIX):
        return None
    try:
        seed: int | str = msgspec.json.decode(game_id[len(_SEED_PREFIX) :], type=int | str)
    except msgspec.DecodeError:
        return None
    return seed


class _Deal:
    """One EGN deal, read: its cards and calls as trickcore values."""

    def __init__(self, deal: EgnDeal) -> None:
        where = f"deal {deal.dealNumber}"
        self.where = where
        start = deal.initialState
        self.dealer = start.dealer
        self.up_card = _card_from_egn(start.upCard, where)
        self.hands: list[list[Card]] | None = None
        if start.playerCards is not None:
            self.hands = [[_card_from_egn(c, where) for c in held] for held in start.playerCards]
        bidding = [p for p in deal.phases if isinstance(p, EgnBidding)]
        play = [p for p in deal.phases if isinstance(p, EgnTrickPlay)]
        if len(bidding) > 1 or len(play) > 1:
            raise EgnError(f"{where} has more than one bidding or trick-play phase")
        self.calls = [_call_from_egn(call, where) for call in (bidding[0].calls if bidding else [])]
        phase = bidding[0] if bidding else None
        if phase is not None and phase.cardExchanges:
            raise EgnError(f"{where} exchanges cards, which trickcore's Euchre does not play")
        self.is_alone = phase is not None and phase.isAlone
        defender = phase.aloneDefender if phase is not None else None
        self.alone_defender = defender if defender is not None and defender >= 0 else None
        self.discard = (
            _card_from_egn(phase.discard, where)
            if phase is not None and phase.discard is not None
            else None
        )
        self.plays = [
            _card_from_egn(card, where)
            for trick in (play[0].tricks if play else [])
            for card in trick
        ]

    def shuffle(self, game: AnyGame) -> dict[str, Any]:
        """The stacked shuffle that deals this deal's hands and up-card."""
        if self.hands is None:
            raise EgnError(f"{self.where} has no playerCards, so its hands are unknown")
        try:
            order = game.deal.stack(  # type: ignore[attr-defined]
                dict(enumerate(self.hands)),
                self.dealer,
                kick=(self.up_card,),
                pack=game.pack,  # type: ignore[attr-defined]
            )
        except ValueError as error:
            raise EgnError(f"{self.where}: the hands cannot be dealt: {error}") from None
        return {"type": "shuffle", "order": [str(card) for card in order]}

    def matches(self, dealt: Any) -> bool:
        """Whether a state just dealt holds this deal's up-card and hands."""
        if dealt.up_card != self.up_card:
            return False
        if self.hands is None:
            return True
        return [sorted(h, key=str) for h in dealt.hands] == [sorted(h, key=str) for h in self.hands]

    def loners(self, maker: int, seating: Any) -> set[int]:
        """Who plays alone: the partners of the seats whose cards are never played, when the
        hands are known and play began; else the maker (``isAlone``) and ``aloneDefender``."""
        if self.hands is not None and len(self.plays) >= 4:
            played = set(self.plays)
            return {
                seating.partner(seat)
                for seat, held in enumerate(self.hands)
                if not played.intersection(held)
            }
        found = {maker} if self.is_alone else set()
        if self.alone_defender is not None:
            found.add(self.alone_defender)
        return found


class _Builder:
    """Plays an EGN file's deals into a game, collecting the actions."""

    def __init__(self, game: AnyGame, deals: Sequence[_Deal], seed: int | str | None) -> None:
        self.game = game
        self.seed = seed
        self.state = game.initial_state()
        self.actions: list[Any] = []
        self.chance = 0
        self.deals = deals

    def play(self, form: Mapping[str, Any], where: str) -> None:
        action = decode_action(self.game, form, len(self.actions))
        if self.game.actor(self.state) is CHANCE:
            self.chance += 1
        try:
            self.state = self.game.apply(self.state, action)
        except IllegalActionError as error:
            raise EgnError(f"{where}: {error}") from None
        self.actions.append(action)

    def deal(self, deal: _Deal) -> None:
        state = self.state
        if self.game.actor(state) is not CHANCE:
            raise EgnError(f"{deal.where}: the game was over (or mid-hand) before it")
        if state.dealer != deal.dealer:
            raise EgnError(f"{deal.where}: dealer {deal.dealer}, but the rules give {state.dealer}")
        if self.seed is not None:
            seeded = self.game.sample_chance(state, chance_rng(self.seed, self.chance))
            self.play(json_form(seeded), deal.where)
            if not deal.matches(self.state):
                raise _SeedDiffersError
        else:
            if deal.hands is None:
                deal.hands = self._recovered_hands(deal)
            self.play(deal.shuffle(self.game), deal.where)
        for call in deal.calls:
            self.play(call, deal.where)
        if self.state.phase.value == "discard":
            discard = deal.discard or self._inferred_discard(deal)
            self.play({"type": "discard", "card": str(discard)}, deal.where)
        seating = getattr(self.game, "seating", None)
        maker = self.state.maker
        loners = deal.loners(maker, seating) if maker is not None else set()
        while self.state.phase.value == "alone":
            alone = self.state.turn in loners
            self.play({"type": "alone" if alone else "with_partner"}, deal.where)
        for card in deal.plays:
            self.play({"type": "play", "card": str(card)}, deal.where)

    def _recovered_hands(self, deal: _Deal) -> list[list[Card]]:
        """The hands of a deal without ``playerCards``, from the cards played: the lead and
        who sits out come from the game played on a provisional deal (neither depends on the
        hands), then each trick's winner leads the next (the kit's follow-suit policy)."""
        game: Any = self.game
        where = deal.where
        kept = (deal.discard,) if deal.discard not in (None, deal.up_card) else ()
        try:
            order = game.deal.stack(
                {deal.dealer: kept}, deal.dealer, kick=(deal.up_card,), pack=game.pack
            )
        except ValueError as error:
            raise EgnError(f"{where}: the up-card and discard cannot be dealt: {error}") from None
        trial = _Builder(game, (), None)
        trial.state = self.state
        trial.play({"type": "shuffle", "order": [str(card) for card in order]}, where)
        for call in deal.calls:
            trial.play(call, where)
        picked_up = trial.state.phase.value == "discard"
        if picked_up:
            if deal.discard is None:
                raise EgnError(
                    f"{where} has no playerCards and no discard: the dealer's hand is unknown"
                )
            trial.play({"type": "discard", "card": str(deal.discard)}, where)
        state = trial.state
        loners = deal.loners(state.maker, game.seating) if state.maker is not None else set()
        while state.phase.value == "alone":
            trial.play({"type": "alone" if state.turn in loners else "with_partner"}, where)
            state = trial.state
        if state.phase.value != "play":
            raise EgnError(f"{where} has no playerCards and no cards played: the hands are unknown")
        sitting_out = tuple(state.sitting_out)
        if sitting_out:
            seats = ", ".join(map(str, sitting_out))
            raise EgnError(
                f"{where} has no playerCards and seat {seats} sat out: its hand is unknown"
            )
        active = game.seats - len(sitting_out)
        size = game.deal.hand_size
        if len(deal.plays) != active * size:
            raise EgnError(
                f"{where} has no playerCards and {len(deal.plays)} cards played, not all "
                f"{active * size}: the hands are unknown"
            )
        policy = game.policies[state.trump]
        hands: list[list[Card]] = [[] for _ in range(game.seats)]
        leader = state.turn
        for start in range(0, len(deal.plays), active):
            cards = deal.plays[start : start + active]
            seats_in_order = game.seating.order(leader, skip=sitting_out)
            for seat, card in zip(seats_in_order, cards, strict=True):
                hands[seat].append(card)
            leader = seats_in_order[policy.winner(cards)]
        if picked_up:
            dealer_hand = hands[deal.dealer]
            assert deal.discard is not None
            if deal.up_card not in dealer_hand and deal.up_card != deal.discard:
                raise EgnError(f"{where}: the dealer took the up-card but never played it")
            dealer_hand.append(deal.discard)
            dealer_hand.remove(deal.up_card)
        return hands

    def _inferred_discard(self, deal: _Deal) -> Card:
        dealer = self.state.dealer
        played = set(deal.plays)
        left: list[Card] = [card for card in self.state.hands[dealer] if card not in played]
        if len(left) != 1:
            raise EgnError(f"{deal.where}: the dealer's discard is not recorded")
        return left[0]

    def run(self) -> None:
        if self.game.actor(self.state) is CHANCE and self.state.phase.value == "draw_dealer":
            first = self.deals[0].dealer if self.deals else 0
            if self.seed is not None:
                seeded = self.game.sample_chance(self.state, chance_rng(self.seed, self.chance))
                if json_form(seeded) != {"type": "dealer", "seat": first}:
                    raise _SeedDiffersError
                self.play(json_form(seeded), "the dealer draw")
            else:
                self.play({"type": "dealer", "seat": first}, "the dealer draw")
        for deal in self.deals:
            self.deal(deal)


class _SeedDiffersError(Exception):
    """The recorded seed does not deal the recorded deals: load without it."""


def loads(
    text: str | bytes,
    *,
    options: Mapping[str, Any] | None = None,
    host: PluginHost | None = None,
) -> Replay:
    """A Euchre :class:`~trickcore.replay.Replay` from EGN text.

    ``options`` gives the Euchre options a ruleset does not state (``who_may_go_alone``,
    ``lone_defender_bonus``, ``first_dealer``; defaults otherwise). Each deal must be
    recoverable: its ``playerCards``, or every card played (with the discard where the dealer
    took the up-card). Raises :class:`~trickcore.errors.EgnError` naming what is malformed,
    refused or missing; nothing is half-loaded.
    """
    egn = _decode(text)
    metadata = egn.metadata
    if any(metadata.initialScore):
        raise EgnError(
            f"the game starts from scores {metadata.initialScore}; a replay starts from 0-0"
        )
    names = [p if isinstance(p, str) else p.name for p in metadata.players]
    if names and len(names) != 4:
        raise EgnError(f"metadata.players names {len(names)} players; Euchre has 4")
    seats = names or ["egn"] * 4
    chosen = _options(metadata.ruleset or EgnRuleset(), dict(options or {}))
    try:
        game = load_game("euchre", chosen, host=host)
    except TrickcoreError as error:
        raise EgnError(f"the ruleset's options are refused: {error}") from None
    deals: list[_Deal] = []
    for number, deal in enumerate(egn.deals):
        if isinstance(deal, str):
            raise EgnError(f"deal {number} is condensed (base64); trickcore reads expanded deals")
        deals.append(_Deal(deal))
    seed = _seed_of(metadata)
    builder = _Builder(game, deals, seed)
    try:
        builder.run()
    except _SeedDiffersError:
        builder = _Builder(game, deals, None)
        builder.run()
    history = History.replay(game, builder.actions, seed=builder.seed)
    return from_history(history, seats=seats)
