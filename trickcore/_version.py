"""The version of trickcore, in a module of its own so that any module can import it."""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
