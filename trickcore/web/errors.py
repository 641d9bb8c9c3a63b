"""The web table's own errors and the JSON answer of every error (:func:`error_answer`).

Every refusal is ``{"error": <class name>, "message": <text>}`` with an HTTP status; messages
are written in the request's terms and in JSON's words (``null``, ``true``, ``"x"``), never
with Python's (``None``, ``True``, ``'x'``, ``$.card``, dotted type paths).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from http import HTTPStatus
from typing import ClassVar

import trickcore

__all__ = [
    "BadRequestError",
    "BodyTooLargeError",
    "GameNotOverError",
    "HostNotAllowedError",
    "LengthRequiredError",
    "MethodNotAllowedError",
    "NotFoundError",
    "OriginNotAllowedError",
    "RequestTimeoutError",
    "SeatTakenError",
    "SeatTokenError",
    "ServerBusyError",
    "StaleActionError",
    "TooManyRequestsError",
    "UnknownSeatError",
    "UnknownTableError",
    "UnsupportedMediaTypeError",
    "WebError",
    "error_answer",
    "public_message",
]


class WebError(Exception):
    """An error of the web layer itself; its class name is the ``error`` of the answer."""

    status: ClassVar[HTTPStatus] = HTTPStatus.BAD_REQUEST


class BadRequestError(WebError):
    """A request the API cannot read (a bad query, a bad header, no human seat)."""


class HostNotAllowedError(WebError):
    """A ``Host`` header naming a host the server does not answer for (DNS rebinding)."""


class OriginNotAllowedError(WebError):
    """A request that changes something, sent by a page of another origin."""

    status = HTTPStatus.FORBIDDEN


class NotFoundError(WebError):
    """No such page or endpoint."""

    status = HTTPStatus.NOT_FOUND


class MethodNotAllowedError(WebError):
    """The endpoint exists, but not for this method."""

    status = HTTPStatus.METHOD_NOT_ALLOWED


class UnknownTableError(WebError):
    """No table has this id (never had, or it was dropped)."""

    status = HTTPStatus.NOT_FOUND


class UnknownSeatError(WebError):
    """The table has no such seat."""

    status = HTTPStatus.NOT_FOUND


class SeatTokenError(WebError):
    """No token, a token in the URL, or a token that does not hold this seat."""

    status = HTTPStatus.FORBIDDEN


class SeatTakenError(WebError):
    """The seat is a bot's, or was claimed already."""

    status = HTTPStatus.CONFLICT


class GameNotOverError(WebError):
    """The replay of a game is served once the game is over only."""

    status = HTTPStatus.CONFLICT


class StaleActionError(WebError):
    """An action chosen before the table moved on (its ``at`` is behind): a duplicate or a
    late submission, refused."""

    status = HTTPStatus.CONFLICT


class RequestTimeoutError(WebError):
    """A body that did not arrive in time (shorter than its ``Content-Length``, or trickled)."""

    status = HTTPStatus.REQUEST_TIMEOUT


class LengthRequiredError(WebError):
    """A request with a body must say its length."""

    status = HTTPStatus.LENGTH_REQUIRED


class BodyTooLargeError(WebError):
    """A request body over the server's limit (by default
    :data:`~trickcore.codec.MAX_INPUT_BYTES`)."""

    status = HTTPStatus.REQUEST_ENTITY_TOO_LARGE


class UnsupportedMediaTypeError(WebError):
    """A body that is not declared ``application/json``."""

    status = HTTPStatus.UNSUPPORTED_MEDIA_TYPE


class TooManyRequestsError(WebError):
    """A client creating tables faster than the server allows."""

    status = HTTPStatus.TOO_MANY_REQUESTS

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        """Seconds until the client may create a table again."""


class ServerBusyError(WebError):
    """The server holds as many tables as it may."""

    status = HTTPStatus.SERVICE_UNAVAILABLE


_STATUS: Mapping[type[Exception], HTTPStatus] = {
    trickcore.WrongSeatError: HTTPStatus.CONFLICT,  # before IllegalActionError, its base
    trickcore.IllegalActionError: HTTPStatus.UNPROCESSABLE_ENTITY,
}

_JSON_PATH = re.compile(r"\$((?:\.[A-Za-z_]\w*|\[\d+\])*)")
_TYPE_PATH = re.compile(r"(?<![\w.$])(?:[a-z_][a-z0-9_]*\.)+([A-Z]\w*)\b")
_PYTHON_WORDS = re.compile(r"(?<![\w.'\"])(None|True|False)(?![\w'\"])")
_JSON_WORDS: Mapping[str, str] = {"None": "null", "True": "true", "False": "false"}
_SINGLE_QUOTED = re.compile(r"(?<![\w'])'([^'\"\n]*)'(?![\w'])")


def public_message(text: str, *, root: str = "body") -> str:
    """``text`` (an error message) in the request's terms and JSON's words: JSON paths
    (``$.card``) become paths from ``root`` (``action.card``), dotted type paths
    (``trickcore_euchre.actions.Call``) their last name, ``msgspec`` and its backquotes are
    gone, ``None``, ``True`` and ``False`` read ``null``, ``true`` and ``false``, and
    single-quoted values are double-quoted as in JSON."""

    def path(found: re.Match[str]) -> str:
        return root + found.group(1)

    text = _TYPE_PATH.sub(lambda found: found.group(1), text)
    text = _JSON_PATH.sub(path, text)
    text = re.sub(r"\bmsgspec\b", "the decoder", text)
    text = _PYTHON_WORDS.sub(lambda found: _JSON_WORDS[found.group(1)], text)
    text = _SINGLE_QUOTED.sub(lambda found: f'"{found.group(1)}"', text)
    return text.replace("`", "")


def error_answer(error: Exception) -> tuple[HTTPStatus, dict[str, str]]:
    """The status and JSON body that answer ``error`` (a :class:`WebError` or a
    :class:`~trickcore.TrickcoreError`)."""
    if isinstance(error, WebError):
        status = error.status
    else:
        status = next(
            (code for kind, code in _STATUS.items() if isinstance(error, kind)),
            HTTPStatus.BAD_REQUEST,
        )
    return status, {"error": type(error).__name__, "message": public_message(str(error))}
