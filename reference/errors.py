"""The error hierarchy, as the engine and its users have always imported it.

The classes live in ``stud8.spec.errors`` (the bottom layer, so that the rule book loader can
raise them without importing the engine); this module re-exports them, the same objects, so
``except stud8.reference.errors.ActionError`` and ``from stud8.spec.errors import ActionError``
catch the same thing.
"""

from __future__ import annotations

from stud8.spec.errors import ACTION_ERROR_CODES, ActionError, CardError, ConfigError, Stud8Error

__all__ = ["ACTION_ERROR_CODES", "ActionError", "CardError", "ConfigError", "Stud8Error"]
