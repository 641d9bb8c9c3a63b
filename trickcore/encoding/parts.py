"""What a view encoding promises (:class:`ViewEncoding`) and the parts a
:class:`~trickcore.encoding.ViewLayout` is made of, in a module of their own: a msgspec Struct
and a runtime-checkable protocol keep their behaviour only in an interpreted module, and the
compiled build compiles the layouts' writers (:mod:`trickcore.encoding.views`)."""

from __future__ import annotations

from collections.abc import Callable, MutableSequence
from typing import Any, Protocol, TypeVar, runtime_checkable

import msgspec

__all__ = ["Part", "ViewEncoding", "Writer"]

V_contra = TypeVar("V_contra", contravariant=True)

Writer = Callable[[Any, MutableSequence[float], int], None]
"""How a part writes itself: ``write(view, vector, start)`` sets its entries, from
``vector[start]`` on, in a vector of zeros (so a one-hot part sets a single entry). It sets
entries one at a time (``vector[i] = x``), so that the vector may be a list or a typed array
(``array.array("f")``, which :meth:`ViewLayout.encode_into` fills for the PettingZoo env)."""


class Part(msgspec.Struct, frozen=True):
    """One named part of a :class:`ViewLayout`: ``labels`` name its entries (so its width is
    ``len(labels)``), ``write`` sets them (see :data:`Writer`)."""

    name: str
    labels: tuple[str, ...]
    write: Writer


@runtime_checkable
class ViewEncoding(Protocol[V_contra]):
    """A fixed-length encoding of a game's views: ``encode(view)`` gives ``size`` floats, each
    in ``[0, 1]``."""

    @property
    def version(self) -> int:
        """The version of this layout: it changes whenever the layout does."""
        ...

    @property
    def size(self) -> int:
        """The length of every encoded view."""
        ...

    def encode(self, view: V_contra) -> list[float]:
        """The view as ``size`` floats in ``[0, 1]``."""
        ...
