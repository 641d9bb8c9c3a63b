"""Fixed test vectors for TCR1, the seeded generator of ``trickcore/rng.py``.

The numbers below were computed once by ``_Reference``, a from-the-spec implementation written
with ``hashlib`` directly (it shares no code with trickcore), and are hard-coded as literals.
Each vector is checked against both the implementation and the reference, so a change to either
one is caught. If a vector ever has to change, TCR1 has changed: every recorded replay breaks,
so the generator needs a new name (TCR2), not new numbers here.
"""

from __future__ import annotations

import enum
import hashlib
import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore import Rng
from trickcore import rng as rng_module
from trickcore.cards import cards, standard_deck
from trickcore.rng import acceptance_limit

T = TypeVar("T")

TWO_64 = 1 << 64


class _Reference:
    """TCR1 straight from the module docstring, as slowly and plainly as possible."""

    def __init__(self, *path: int | str | bytes) -> None:
        material = b"".join(self._part(part) for part in path)
        self.key = hashlib.blake2b(material, digest_size=32, person=b"trickcore-TCR1").digest()
        self.block = 0
        self.pending: list[int] = []

    @staticmethod
    def _part(part: int | str | bytes) -> bytes:
        if isinstance(part, int):
            letter, data = b"i", str(int(part)).encode("ascii")
        elif isinstance(part, str):
            letter, data = b"s", part.encode("utf-8")
        else:
            letter, data = b"b", bytes(part)
        return letter + len(data).to_bytes(4, "little") + data

    def next_u64(self) -> int:
        if not self.pending:
            block = hashlib.blake2b(
                self.block.to_bytes(8, "little"), key=self.key, digest_size=64
            ).digest()
            self.block += 1
            self.pending = [int.from_bytes(block[i : i + 8], "little") for i in range(0, 64, 8)]
        return self.pending.pop(0)

    def below(self, n: int) -> int:
        limit = TWO_64 - TWO_64 % n
        while True:
            word = self.next_u64()
            if word < limit:
                return word % n

    def random(self) -> float:
        return (self.next_u64() >> 11) / 2**53

    def shuffled(self, items: Sequence[T]) -> list[T]:
        order = list(items)
        for i in range(len(order) - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order


def both(*path: int | str | bytes) -> tuple[Rng, _Reference]:
    return Rng(*path), _Reference(*path)


def check(path: tuple[Any, ...], draw: Callable[[Any], object], expected: object) -> None:
    """``draw`` applied to the implementation and to the reference both give ``expected``."""
    rng, reference = both(*path)
    assert draw(rng) == expected, "trickcore.rng disagrees with the fixed vector"
    assert draw(reference) == expected, "the reference disagrees with the fixed vector"


# -- next_u64 ----------------------------------------------------------------------------------

WORDS: list[tuple[tuple[Any, ...], list[int]]] = [
    (
        (0,),
        [
            0xDDEA40B25FEFA1D0,
            0x0FE8D41D171BCA21,
            0x1CF60D1A680D1056,
            0xB691CF72E51844BC,
            0xA68A71CF0F762430,
            0xBD9BB129554A3443,
            0x6F957E824C9A2F86,
            0x8CA0569A65F78826,
            # block 1
            0xD2BA3A436741ECCC,
            0x069A664E972358D6,
        ],
    ),
    ((7, "chance", 3), [0xC260CA94664700CE, 0x5A3ACB291F019F0C, 0x965CDC8709EB416F]),
    (("abc",), [0xC5C529007115B6F1, 0x35CFF931CBA65F24, 0x90CFF17CD812CF6F]),
    ((b"\x00\xff",), [0xB6C0E294307E845A, 0x313326DBD481719B, 0x93E0653F530E3E6D]),
    ((b"",), [0xAC1CC33F6827020E, 0xE22E748C67D78037, 0x16DD34F5ACDC0004]),
    ((-5,), [0xA49AE755A0007E70, 0xA94A44B8DE98E2D7]),
    (("é", "\u2660"), [0xE9BF0B3326E82AE4]),
    ((2**100, -(2**70)), [0x2EBB8BC53CEE2315]),
]


@pytest.mark.parametrize(("path", "words"), WORDS, ids=[repr(path) for path, _ in WORDS])
def test_next_u64_vectors(path: tuple[Any, ...], words: list[int]) -> None:
    check(path, lambda r: [r.next_u64() for _ in words], words)


def test_words_are_64_bit() -> None:
    rng = Rng("width")
    words = [rng.next_u64() for _ in range(200)]
    assert all(0 <= word < TWO_64 for word in words)
    assert max(words) >= 2**63  # the top bit is used


def test_int_enum_seed_is_its_integer() -> None:
    """str() of an IntEnum member changed in Python 3.11; the stream must not."""

    class Seat(enum.IntEnum):
        NORTH = 1

    assert Rng(Seat.NORTH, "x").next_u64() == Rng(1, "x").next_u64()


def test_path_and_repr() -> None:
    rng = Rng(7, "chance", 3)
    assert rng.path == (7, "chance", 3)
    assert repr(rng) == "Rng(7, 'chance', 3)"


# -- keys: unambiguous labels, typed seeds --------------------------------------------------


def test_label_encoding_is_unambiguous() -> None:
    firsts = {
        "1|ab": (Rng(1, "ab").next_u64(), 0xD20146891C0FB1CC),
        "1|a|b": (Rng(1, "a", "b").next_u64(), 0x550C6B49BD7073D5),
        "int 1": (Rng(1).next_u64(), 0x17D783B16A45485F),
        "str 1": (Rng("1").next_u64(), 0x0AD16FB4EE1DED97),
        "bytes 1": (Rng(b"1").next_u64(), 0xEE3E21EDD36B2CC0),
    }
    for name, (got, expected) in firsts.items():
        assert got == expected, name
    assert len({got for got, _ in firsts.values()}) == len(firsts)
    # the same prefix in a different split of parts is still a different stream
    assert Rng("ab", "c").next_u64() != Rng("a", "bc").next_u64()
    assert Rng(12, 3).next_u64() != Rng(1, 23).next_u64()


@pytest.mark.parametrize("bad", [True, False, 1.0, 0.5, None, [1], bytearray(b"1")])
def test_seed_type_error(bad: object) -> None:
    # The compiled build checks argument types where the call enters compiled code, and
    # words it its own way ("union[int, str, bytes] object expected; got float").
    accepted = r"int, str or bytes|union\[int, str, bytes\]"
    with pytest.raises(TypeError, match=accepted):
        Rng(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=accepted):
        Rng(0, "ok", bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=accepted):
        Rng(0).derive(bad)  # type: ignore[arg-type]


# -- below -----------------------------------------------------------------------------------

BOUNDS = (1, 2, 3, 6, 10, 52, 1000, 2**32, 2**63 + 1, 2**64)


def test_below_vector() -> None:
    expected = [0, 0, 0, 4, 0, 2, 841, 1311694798, 4395142987575759232, 1426765015627929022]
    check((42,), lambda r: [r.below(n) for n in BOUNDS], expected)


@pytest.mark.parametrize("seed", [0, 4, 5, 42])
def test_below_with_a_kept_limit_draws_what_below_draws(seed: int) -> None:
    """``_below_limit`` (the deal sampler's shuffles keep the limit of each bound): the same
    numbers as ``below`` from the same stream, rejections included (2**63 + 1 rejects about
    half of all words), and the stream left at the same word."""
    bounds = [*BOUNDS, *(math.factorial(n) for n in range(2, 21))] * 3
    plain, kept = Rng(seed, "limits"), Rng(seed, "limits")
    for n in bounds:
        assert kept._below_limit(n, acceptance_limit(n)) == plain.below(n), n
    assert kept.next_u64() == plain.next_u64()


def test_the_acceptance_limit_is_the_first_word_below_rejects() -> None:
    for n in BOUNDS:
        limit = acceptance_limit(n)
        assert limit % n == 0 and 0 <= 2**64 - limit < n


def test_below_rejects_words_at_or_above_the_limit() -> None:
    """With n = 2**63 + 1 the limit is 2**63 + 1: about half of all words are redrawn."""
    n = 2**63 + 1
    # Rng(0): the first word 0xDDEA... is rejected, the second is used as it is.
    rng = Rng(0)
    assert rng.below(n) == 0x0FE8D41D171BCA21
    assert rng.next_u64() == 0x1CF60D1A680D1056  # exactly two words were consumed
    # Rng(5): three words rejected in a row.
    check((5,), lambda r: [r.below(n), r.next_u64()], [0x37578A56B73D808C, 0x3EE813B666B174B0])
    # Rng(4): the last word of block 0 is rejected, the first word of block 1 is used.
    rng = Rng(4)
    for _ in range(7):
        rng.next_u64()
    assert rng.below(n) == 0x32D0B85274185102


def test_below_limit_edge() -> None:
    """For n = 3 * 2**62 the limit is n itself: Rng(0)'s first word 0xDDEA... (>= n) is
    rejected although it is below 2**64 - 1, and a word just below it would be kept."""
    n = 3 * 2**62
    assert TWO_64 - TWO_64 % n == n
    assert Rng(0).below(n) == 0x0FE8D41D171BCA21
    assert _Reference(0).below(n) == 0x0FE8D41D171BCA21


def test_below_full_range_uses_every_word() -> None:
    rng, words = Rng(0), Rng(0)
    assert [rng.below(TWO_64) for _ in range(10)] == [words.next_u64() for _ in range(10)]


@pytest.mark.parametrize("n", [0, -1, -(2**70), TWO_64 + 1, 2**100])
def test_below_bad_bound(n: int) -> None:
    with pytest.raises(ValueError, match="below"):
        Rng(0).below(n)


@given(
    seed=st.integers(min_value=-(2**70), max_value=2**70) | st.text(max_size=8),
    n=st.integers(min_value=1, max_value=TWO_64),
)
def test_below_is_in_range_and_matches_reference(seed: int | str, n: int) -> None:
    rng, reference = both(seed)
    got = [rng.below(n) for _ in range(3)]
    assert all(0 <= value < n for value in got)
    assert got == [reference.below(n) for _ in range(3)]


def test_below_is_roughly_uniform() -> None:
    rng = Rng("uniform")
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    chi2 = sum((count - 1000) ** 2 / 1000 for count in counts.values())
    assert chi2 < 20.5  # p = 0.001 for 5 degrees of freedom; the seed is fixed, no flakes


# The words at the very top, 2**64 - 2**32 and above: the only ones a bound up to 2**32 may
# reject (each about once in 2**32 words, so no seed's first blocks hold one), given to a stream
# as its next words to reach the exact test. 2**64 % 10 == 6: the last six words are rejected
# for 10; 2**64 % 3 == 1: the last one for 3; 2**32 divides 2**64: none for 2**32.
TOP_WORDS = [TWO_64 - 1, TWO_64 - 2**32, TWO_64 - 7, TWO_64 - 6, 5, TWO_64 - 2**32 - 1, TWO_64 - 2]
TOP_BOUNDS = (1, 2, 3, 10, 52, 2**31 + 1, 2**32 - 1, 2**32, 2**32 + 1, 2**63 + 1, TWO_64)


def with_top_words(seed: int) -> tuple[Rng, _Reference]:
    """A stream and the reference that both hand out ``TOP_WORDS`` first, then block 0."""
    rng, reference = both(seed, "top")
    rng._words.extend(reversed(TOP_WORDS))  # the next word last, as the stream keeps them
    reference.pending = list(TOP_WORDS)
    return rng, reference


@pytest.mark.parametrize("n", TOP_BOUNDS)
def test_the_top_words_take_the_exact_test(n: int) -> None:
    rng, reference = with_top_words(0)
    expected = [reference.below(n) for _ in range(len(TOP_WORDS) + 2)]
    assert [rng.below(n) for _ in range(len(TOP_WORDS) + 2)] == expected
    assert rng.next_u64() == reference.next_u64()  # the same words used up
    # the deal sampler's draw with the limit kept, and a shuffle, the same
    rng, reference = with_top_words(1)
    limit = acceptance_limit(n)
    assert [rng._below_limit(n, limit) for _ in range(9)] == [reference.below(n) for _ in range(9)]
    rng, reference = with_top_words(2)
    assert list(rng.shuffled(range(12))) == reference.shuffled(range(12))
    assert rng.next_u64() == reference.next_u64()


@given(
    seed=st.integers(min_value=0, max_value=2**40),
    draws=st.lists(
        st.tuples(
            st.sampled_from(["below", "limit", "shuffled", "word", "random"]),
            st.integers(min_value=1, max_value=60) | st.integers(min_value=1, max_value=TWO_64),
        ),
        max_size=40,
    ),
)
def test_draws_of_every_kind_in_any_order_are_the_reference(
    seed: int, draws: list[tuple[str, int]]
) -> None:
    """Whatever the stream draws and in which order (small and large bounds, kept limits,
    shuffles, words, floats, across blocks), the numbers are TCR1's as the module text says."""
    rng, reference = both(seed, "mixed")
    for kind, n in draws:
        if kind == "below":
            assert rng.below(n) == reference.below(n), (kind, n)
        elif kind == "limit":
            assert rng._below_limit(n, acceptance_limit(n)) == reference.below(n), (kind, n)
        elif kind == "shuffled":
            items = range(n % 30)
            assert list(rng.shuffled(items)) == reference.shuffled(items), (kind, n)
        elif kind == "word":
            assert rng.next_u64() == reference.next_u64()
        else:
            assert rng.random() == reference.random()
    assert rng.next_u64() == reference.next_u64()


def test_randint_includes_both_ends() -> None:
    rng = Rng("randint")
    seen = {rng.randint(-2, 2) for _ in range(200)}
    assert seen == {-2, -1, 0, 1, 2}
    assert Rng(42).randint(10, 10) == 10


# -- shuffled, random, choice --------------------------------------------------------------


def test_shuffled_24_vector() -> None:
    expected = (
        9,
        5,
        16,
        23,
        10,
        19,
        0,
        1,
        11,
        13,
        3,
        8,
        14,
        7,
        12,
        20,
        17,
        4,
        22,
        21,
        6,
        18,
        2,
        15,
    )
    assert Rng(1).shuffled(range(24)) == expected
    assert tuple(_Reference(1).shuffled(range(24))) == expected


def test_shuffled_52_cards_vector() -> None:
    expected = cards(
        "TS 5S TC AS AC 8C TH JD 3S KH 7S QC 4C 5H 6S 7H 9C 8H 9S 7D 2H AH 2C 4D AD 9D "
        "QD TD KC 8S 3C 5C KS 4S JS 6D 4H JC QH 6C KD 6H 7C 5D JH QS 3D 9H 2S 2D 3H 8D"
    )
    deck = standard_deck()
    assert Rng(2026, "deal", 0).shuffled(deck) == expected
    assert _Reference(2026, "deal", 0).shuffled(deck) == list(expected)


def test_shuffled_small_and_input_untouched() -> None:
    assert Rng(0).shuffled([]) == ()
    assert Rng(0).shuffled(["only"]) == ("only",)
    items = list(range(10))
    result = Rng(0).shuffled(items)
    assert items == list(range(10))
    assert isinstance(result, tuple)
    assert result != tuple(items)


@given(seed=st.integers(), items=st.lists(st.integers(), max_size=60))
def test_shuffled_is_a_permutation(seed: int, items: list[int]) -> None:
    result = Rng(seed, "perm").shuffled(items)
    assert sorted(result) == sorted(items)
    assert Counter(result) == Counter(items)
    assert Rng(seed, "perm").shuffled(items) == result  # same seed, same order


def test_random_vector() -> None:
    expected = [0.940345481475674, 0.005540106052944749, 0.2416955333621138, 0.1784222753410184]
    check((3,), lambda r: [r.random() for _ in range(4)], expected)


def test_random_uses_the_top_53_bits() -> None:
    rng, words = Rng("float"), Rng("float")
    for _ in range(50):
        value, word = rng.random(), words.next_u64()
        assert 0.0 <= value < 1.0
        assert value == (word >> 11) / 2**53
        assert value * 2**53 == word >> 11  # exact: no rounding


def test_choice_vector_and_errors() -> None:
    rng = Rng(5)
    assert "".join(rng.choice("abcdefg") for _ in range(12)) == "gefbedggecgc"
    reference = _Reference(5)
    assert "".join("abcdefg"[reference.below(7)] for _ in range(12)) == "gefbedggecgc"
    with pytest.raises(ValueError, match="empty"):
        Rng(5).choice([])


# -- derive ----------------------------------------------------------------------------------


def test_derive_names_the_longer_path() -> None:
    parent = Rng(9)
    child = parent.derive("bot", 2)
    assert child.path == (9, "bot", 2)
    assert child.next_u64() == 0x5A81E0C81740FB85
    assert _Reference(9, "bot", 2).next_u64() == 0x5A81E0C81740FB85
    assert parent.derive("bot").derive(2).next_u64() == 0x5A81E0C81740FB85


def test_derive_is_independent_of_consumption() -> None:
    fresh = Rng(9).derive("deal", 0)
    used = Rng(9)
    for _ in range(37):  # several blocks and a partial one
        used.next_u64()
    used.shuffled(range(52))
    late = used.derive("deal", 0)
    assert [late.next_u64() for _ in range(20)] == [fresh.next_u64() for _ in range(20)]


def test_derived_streams_do_not_disturb_each_other() -> None:
    table = Rng(11)
    deals = table.derive("deal")
    bot = table.derive("bot", 0)
    expected = Rng(11, "deal").shuffled(range(24))
    for _ in range(100):
        bot.next_u64()
    assert deals.shuffled(range(24)) == expected
    assert bot.derive("x").next_u64() != deals.derive("x").next_u64()


# -- the label cache ---------------------------------------------------------------------------


def test_label_cache_gives_the_reference_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    """Labels are encoded once and kept (plain ints and strs, a bounded number, short ones
    only): a kept label, one met after the cache is full and a long one name the same streams
    as the reference, and a bool is still refused although it equals a kept 1."""
    kept: dict[int | str, bytes] = {}
    monkeypatch.setattr(rng_module, "_encoded", kept)
    monkeypatch.setattr(rng_module, "_ENCODED_LIMIT", 3)
    long_label = "x" * 100
    paths: list[tuple[int | str, ...]] = [
        (1, "chance", 3),
        (1, "chance", 3),  # every label kept now (3 entries: the limit)
        (8, "bot", 1, 0),  # none of these kept: the cache is full
        (1, long_label),
        (2, "1"),
    ]
    for path in paths:
        assert Rng(*path).next_u64() == _Reference(*path).next_u64(), path
        assert Rng(path[0]).derive(*path[1:]).next_u64() == _Reference(*path).next_u64(), path
    assert set(kept) == {1, "chance", 3}
    with pytest.raises(TypeError, match="int, str or bytes"):
        Rng(0, True)  # type: ignore[arg-type]  # True == 1, but never read from the cache
