"""TOML read within the project's limits: PHH hand histories and the project's settings
(``stud8.toml``, ``[tool.stud8]`` in pyproject.toml) both come through here.

``tomllib`` (``tomli`` on Python 3.10) parses; this adds what it does not bound: it recurses
into nested arrays and tables (100,000 ``[`` end in ``RecursionError``), and raises
``ValueError`` for an integer of more than 4,300 digits. Nesting is held to ``MAX_NESTING`` and
numbers to the digits an amount may have (``MAX_AMOUNT_DIGITS``): nothing stud8 reads from
TOML needs more.
"""

from __future__ import annotations

import sys
from typing import Any

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import MAX_AMOUNT_DIGITS, MAX_NESTING, digit_count, nesting_depth, shorten

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib


class TomlRefused(Stud8Error):
    """TOML text that is not read: ``message`` says why, ``where`` first."""

    code = "bad-toml"


def load_toml(text: str, where: str, what: str = "a TOML file") -> dict[str, Any]:
    """TOML text as a document, within the limits; ``TomlRefused`` (``where: not WHAT...``)
    otherwise."""
    if text.startswith("\ufeff"):  # Notepad's UTF-8; tomllib says only "Invalid statement (at line 1, column 1)"
        raise TomlRefused(f"{where}:1: not {what}: it starts with a byte-order mark (U+FEFF), which TOML does not "
                          "allow: save it as UTF-8 without a BOM")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TomlRefused(f"{where}: not {what} (TOML): {shorten(str(error))}") from None
    except RecursionError:  # tomllib recurses into nested arrays and tables
        raise TomlRefused(f"{where}: not {what}: nesting deeper than {MAX_NESTING}") from None
    except ValueError as error:  # an integer of more than 4,300 digits
        raise TomlRefused(f"{where}: not {what}: {shorten(str(error))}") from None
    if nesting_depth(data) > MAX_NESTING:
        raise TomlRefused(f"{where}: not {what}: nesting deeper than {MAX_NESTING}")
    digits = _longest_number(data)
    if digits > MAX_AMOUNT_DIGITS:  # the limit of the YAML path: no amount or seat needs more
        raise TomlRefused(f"{where}: not {what}: a number of {digits:,} digits (at most {MAX_AMOUNT_DIGITS} are read)")
    return data


def _longest_number(value: Any) -> int:
    """The most digits of an integer anywhere in ``value`` (nested at most ``MAX_NESTING``
    deep: checked first), counted without converting it to text."""
    longest = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) >= 10**MAX_AMOUNT_DIGITS:
            longest = max(longest, digit_count(item))
    return longest
