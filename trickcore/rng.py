"""The one seeded random generator of trickcore: **TCR1**, a BLAKE2b counter-mode stream.

Python's ``random`` module does not promise the same numbers across versions (``shuffle``,
``randrange`` and ``choice`` have changed before), so trickcore never uses it. TCR1 depends on
``hashlib.blake2b`` only, whose output is fixed by RFC 7693, so a seed gives the same stream on
every operating system and every supported Python.

How it works, so that other languages can reproduce it:

* **Key.** A stream is named by a seed and a path of labels (``Rng(7, "chance", 3)``). Each part
  is written as a type letter (``i`` integer, ``s`` text, ``b`` bytes), the length of its bytes
  as 4 little-endian bytes, then the bytes (an integer as its signed decimal text in ASCII, text
  as UTF-8). The key is ``blake2b(those bytes, digest_size=32, person=b"trickcore-TCR1")``.
* **Blocks.** Block k (k = 0, 1, …) is ``blake2b(k as 8 little-endian bytes, key=key,
  digest_size=64)``, read as eight unsigned 64-bit little-endian words, used in order.
* **below(n)** (1 <= n <= 2**64): words are drawn until one is below ``2**64 - 2**64 % n``;
  the result is that word modulo n (no bias).
* **shuffled(items)**: Fisher-Yates from the end: for i = len-1 down to 1, swap item i with
  item ``below(i + 1)``.
* **random()**: the top 53 bits of one word, divided by ``2**53``.
* **derive(*labels)**: the stream named by this stream's seed and path followed by ``labels``;
  it is independent of how much this stream has been used.

Fixed test vectors in ``tests/test_rng.py`` pin all of this.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence
from typing import Any, Final, TypeVar

__all__ = ["MAX_SEED_BITS", "Rng", "SeedPart", "seed_problem"]

T = TypeVar("T")
SeedPart = int | str | bytes

MAX_SEED_BITS = 256
"""The largest integer seed a table, a match or a replay takes: -2**256 < seed < 2**256 (a
text seed may be of any length). Bigger numbers are refused where they come in, before any
arithmetic or text conversion on them could fail or take long."""


def seed_problem(seed: object) -> str | None:
    """What is wrong with ``seed`` as the seed of a table, a match or a replay (an int of at
    most :data:`MAX_SEED_BITS` bits, or a str), or ``None`` when it is fine."""
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        return f"a seed must be an int or a str, not {type(seed).__name__}"
    if isinstance(seed, int) and seed.bit_length() > MAX_SEED_BITS:
        return (
            f"an integer seed may have at most {MAX_SEED_BITS} bits, "
            f"this one has {seed.bit_length()}"
        )
    return None


_PERSON = b"trickcore-TCR1"
# Final: the compiled build reads a Final constant directly, a plain global from the module's
# dict on every draw.
_TWO_64: Final = 1 << 64
# For bounds up to 2**32 every word below this is accepted by below()'s exact test (its limit,
# 2**64 - 2**64 % n, is larger), so the test itself is needed only above it.
_TWO_32: Final = 1 << 32
_SURELY_ACCEPTED: Final = _TWO_64 - _TWO_32
_WORDS: Final = struct.Struct("<8Q")  # (Final: read directly in the compiled build)
_blake2b = hashlib.blake2b
# The hash object's methods and the words' unpacking, called as functions: a block is four
# calls, each of which would otherwise look its method up by name first.
_copy: Final = hashlib.blake2b.copy
_update: Final = hashlib.blake2b.update
_digest: Final = hashlib.blake2b.digest
_unpack_words: Final = _WORDS.unpack


_pack_length = struct.Struct("<I").pack


_ENCODED_LIMIT = 1024
_ENCODED_LONGEST = 64
_encoded: dict[int | str, bytes] = {}
"""Encoded labels, by value, for plain ints and strs only (so ``True`` never meets ``1``): the
same few labels (``"chance"``, ``"bot"``, seats, epochs, action counts) name every stream of
every table, and formatting them again costs more than deriving the stream. At most
:data:`_ENCODED_LIMIT` entries of at most :data:`_ENCODED_LONGEST` bytes, the first ones met;
any other label is encoded afresh each time."""


def _encode_part(part: SeedPart) -> bytes:
    kind = type(part)
    if kind is int or kind is str:  # the common cases first: every chance action derives one
        known = _encoded.get(part)  # type: ignore[arg-type]
        if known is not None:
            return known
        if kind is int:
            data = b"%d" % part  # type: ignore[str-format]
            encoded = b"i" + _pack_length(len(data)) + data
        else:
            data = part.encode("utf-8")  # type: ignore[union-attr]
            encoded = b"s" + _pack_length(len(data)) + data
        if len(_encoded) < _ENCODED_LIMIT and len(encoded) <= _ENCODED_LONGEST:
            _encoded[part] = encoded  # type: ignore[index]
        return encoded
    if isinstance(part, bool) or not isinstance(part, (int, str, bytes)):
        raise TypeError(f"a seed or stream label must be an int, str or bytes, not {part!r}")
    if isinstance(part, int):
        # int(part): str() of an IntEnum member is "Cls.NAME" before Python 3.11, "1" after.
        tag, data = b"i", str(int(part)).encode("ascii")
    elif isinstance(part, str):
        tag, data = b"s", part.encode("utf-8")
    else:
        tag, data = b"b", part
    return tag + _pack_length(len(data)) + data


def acceptance_limit(n: int) -> int:
    """The words :meth:`Rng.below` accepts for ``n`` (``1 <= n <= 2**64``) are those below
    this number, ``2**64 - 2**64 % n``."""
    return _TWO_64 - _TWO_64 % n


class Rng:
    """A TCR1 stream: ``Rng(seed, *labels)``. Not thread-safe; derive one stream per user."""

    __slots__ = ("_path", "_hasher", "_keyed", "_block", "_words")

    def __init__(
        self,
        seed: SeedPart,
        *labels: SeedPart,
        _continued: tuple[tuple[SeedPart, ...], Any] | None = None,
    ) -> None:
        # The key hash keeps the path absorbed so far: derive() continues from a copy of it,
        # which gives the same key as hashing the whole path again, with less work; it passes
        # the path and that hash as ``_continued`` (internal: a compiled class has no way to
        # skip __init__). The key itself is computed on the first draw: a stream only derived
        # from never needs it.
        if _continued is None:
            path = (seed, *labels)
            self._path: tuple[SeedPart, ...] = path
            self._hasher: Any = _blake2b(
                b"".join([_encode_part(part) for part in path]), digest_size=32, person=_PERSON
            )
        else:
            self._path, self._hasher = _continued
        self._keyed: Any = None  # the block hash with the stream's key absorbed, once drawn
        self._block = 0
        self._words: list[int] = []

    @property
    def path(self) -> tuple[SeedPart, ...]:
        """The seed followed by the labels naming this stream."""
        return self._path

    def derive(self, *labels: SeedPart) -> Rng:
        """An independent stream named by this one's path followed by ``labels``: the same as
        ``Rng(*self.path, *labels)``, computed from where this stream's key left off."""
        hasher = self._hasher.copy()
        for label in labels:  # each checked (by _encode_part) before anything is built
            known = _encoded.get(label) if type(label) is int or type(label) is str else None
            hasher.update(known if known is not None else _encode_part(label))
        return Rng(0, _continued=(self._path + labels, hasher))

    def _refill(self) -> None:
        keyed = self._keyed
        if keyed is None:  # keying costs a block of its own: once per stream, then copies
            key = self._hasher.digest()
            keyed = self._keyed = _blake2b(key=key, digest_size=64)
        block = _copy(keyed)
        _update(block, self._block.to_bytes(8, "little"))
        self._block += 1
        words = list(_unpack_words(_digest(block)))
        words.reverse()  # so that list.pop() hands the words out in order
        self._words = words

    def next_u64(self) -> int:
        """The next 64-bit word of the stream."""
        if not self._words:
            self._refill()
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, for ``1 <= n <= 2**64``."""
        words = self._words
        if words and 0 < n <= _TWO_32:
            word = words.pop()
            if word < _SURELY_ACCEPTED:  # accepted whatever the bound up to 2**32
                return word % n
            words.append(word)  # (nearly never) given back, for the exact test below
        return self._below_tested(n)

    def _below_tested(self, n: int) -> int:
        """:meth:`below` word by word, with the full test of each: for a bound above 2**32, once
        the block's words are used up, or past a word the quick way gave back."""
        if n <= 0 or (n > _TWO_32 and n > _TWO_64):  # (small bounds: compared as small ints)
            # Above 2**64 no word is accepted (the limit below is 0): refuse, do not hang.
            raise ValueError(f"below() needs a bound from 1 to 2**64, not {n}")
        quick = _SURELY_ACCEPTED if n <= _TWO_32 else 0  # the limit worked out only past it
        words = self._words
        while True:
            if not words:
                self._refill()
                words = self._words
            word = words.pop()
            if word < quick or word < _TWO_64 - _TWO_64 % n:
                return word % n

    def _below_limit(self, n: int, limit: int) -> int:
        """:meth:`below` for a caller that draws below the same ``n`` again and again and keeps
        its ``limit``, ``2**64 - 2**64 % n`` (:func:`acceptance_limit`): the same words drawn,
        the same number returned, without working the limit out for each draw (the deal
        sampler's shuffles, :mod:`trickcore.sampling`)."""
        words = self._words
        while True:
            if not words:
                self._refill()
                words = self._words
            word = words.pop()
            if word < limit:
                return word % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) / 9007199254740992.0

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item of a non-empty sequence."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """The items in a uniformly random order (Fisher-Yates, see the module text)."""
        order = list(items)
        words = self._words
        # below(i + 1) inlined: a shuffle is on the hot path of every deal (and no sequence
        # in memory is longer than 2**32, so the quick test always applies).
        for i in range(len(order) - 1, 0, -1):
            bound = i + 1
            while True:
                if not words:
                    self._refill()
                    words = self._words
                word = words.pop()
                if word < _SURELY_ACCEPTED or word < _TWO_64 - _TWO_64 % bound:
                    break
            j = word % bound
            order[i], order[j] = order[j], order[i]
        return tuple(order)

    def __repr__(self) -> str:
        return f"Rng{self._path!r}"
