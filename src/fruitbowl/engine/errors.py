"""Typed errors: every refusal the engine makes is a ``ValueError`` subclass with a clear message.

Front ends catch :class:`FruitbowlError` to show a one-line message; ``ValueError`` lets
generic callers treat any refusal as bad input, as python-chess does.
"""

from __future__ import annotations


class FruitbowlError(ValueError):
    """Base of every error the engine raises on purpose."""


class IllegalAction(FruitbowlError):
    """An action that the rules do not allow now. The message names the rule it breaks;
    ``rule`` is that rule's refusal key where the game has one (``"stick.full"``), and
    ``game`` and ``anchor`` where the rule's paragraph is in the game's players' page."""

    def __init__(self, message: str, rule: str | None = None, game: str | None = None, anchor: str | None = None):
        super().__init__(message)
        self.rule, self.game, self.anchor = rule, game, anchor


class UnknownGame(FruitbowlError):
    """A game id that no registered game has."""


class InvalidOption(FruitbowlError):
    """An unknown option, or a value that an option does not accept."""


class BadPlayerCount(FruitbowlError):
    """A player count outside the game's range."""


class RecordError(FruitbowlError):
    """A record or save that is malformed, from another rules version, or tampered with."""


class ComponentDataError(FruitbowlError):
    """A component data file that fails validation when loaded."""


class UndoError(FruitbowlError):
    """An undo that the undo policy does not allow."""


class UnsupportedFeature(FruitbowlError):
    """A game that does not offer an optional part of the contract (such as numeric observations)."""
