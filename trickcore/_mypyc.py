"""``mypyc_attr`` for the compiled build, without making mypy a runtime dependency."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:

        def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:
            return lambda decorated: decorated


__all__ = ["mypyc_attr"]
