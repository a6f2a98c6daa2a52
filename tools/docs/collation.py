"""Sorting words as each of the book's languages sorts them: ICU where PyICU is installed, else
the same CLDR rules written out here.

Why a language's own order: a code-point sort is wrong for all three translated books, and the
root collation (DUCET, what ``pyuca`` implements) is wrong for two of them. The facts, as CLDR
states them (``common/collation/<lang>.xml``; the rules below are the ones ICU 77.1, CLDR 47,
returns from ``Collator.getRules()`` for each locale):

- **Polish** (``pl``): ``&A<ą<<<Ą &C<ć<<<Ć &E<ę<<<Ę &L<ł<<<Ł &N<ń<<<Ń &O<ó<<<Ó &S<ś<<<Ś
  &Z<ź<<<Ź<ż<<<Ż``. Each of ą ć ę ł ń ó ś ź ż is a letter of its own, right after its base
  (``ąb`` after ``az``).
- **Estonian** (``et``): ``&[before 1]T<š<<<Š<z<<<Z<ž<<<Ž &[before 1]X<õ<<<Õ<ä<<<Ä<ö<<<Ö<ü<<<Ü``.
  š, then z and ž, come between s and t; õ ä ö ü between w and x.
- **Greek** (``el``): ``[normalization on][reorder Grek]``: the root order with Greek before
  other scripts. In the root order (UTS #10, DUCET) accents and the dialytika are a secondary
  difference (``ισοπαλία`` before ``ίσος``: the letters decide first) and final sigma ``ς`` is
  a tertiary variant of ``σ``.
- **English**: the root order.

What the root order (UTS #10 with CLDR's root, ``alternate=non-ignorable``) contributes to
both: three levels compared one after the other, letters first (base letters, case and accents
ignored), then accents (in the order the marks stand), then case (lower case first); spaces
sort before punctuation, punctuation before symbols, symbols before digits, digits before
letters.

``fallback_key`` implements exactly those facts and no more: enough for a glossary and any
index of words in these four languages. It is not a general Unicode collator (no contractions
beyond the tailored letters, no expansions but ß, no other script's tailorings);
``tests/test_docs_collation.py`` checks it against ICU on every word of every book.
"""

from __future__ import annotations

import platform
import unicodedata
from collections.abc import Callable
from functools import cache
from typing import Any

ICU_PACKAGE = ("pyicu-wheels" if platform.system() == "Windows"
               or (platform.system() == "Linux" and platform.machine() == "x86_64") else "PyICU")
"""The package that brings ICU here: binary wheels where ``pyicu-wheels`` has them, else PyICU
built against the system's ICU (the same markers as the ``docs`` extra in pyproject.toml)."""

INSTALL_ICU = f"python -m pip install {ICU_PACKAGE}"
"""A command that installs ICU's collation from wherever stud8 was installed (a checkout, a wheel
or an index): it names the package itself, not an extra of stud8."""

FALLBACK_NOTE = ("the glossaries are sorted by stud8's own copy of the CLDR collation rules "
                 f"(PyICU is not installed; for ICU's own collation: {INSTALL_ICU})")
"""The one note ``stud8 docs`` prints when it sorts without ICU."""

# --- the alphabets: each language's letters in order, as its CLDR tailoring places them ----------

_LATIN_ROOT = "abcdefghijklmnopqrstuvwxyzþ"
"""The root order of the Latin letters; a letter with a decomposition (á, ä, š, ...) sorts as its
base letter plus an accent, and so do the letters with a stroke (``_STROKED``)."""

_STROKED = {"ł": "l\u0335", "đ": "d\u0335", "ø": "o\u0338"}
"""Letters without a Unicode decomposition that the root order sorts as their base letter with a
secondary difference, as if they were decomposed."""

_GREEK_ROOT = "αβγδεζηθικλμνξοπρστυφχψω"
"""The Greek letters in the root order (final sigma is a variant of σ, accents are marks)."""

_LATIN_TAILORED = {
    "pl": "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźżþ",
    "et": "abcdefghijklmnopqrsšzžtuvwõäöüxyþ",
}
"""Polish and Estonian Latin alphabets with CLDR's tailorings applied (see the module docstring)."""

_GREEK_FIRST = frozenset({"el"})
"""The languages whose CLDR rules reorder Greek before the other scripts (the root puts Latin first)."""

_MARK_ORDER = "\u0301\u0300\u0306\u0302\u030c\u030a\u0308\u030b\u0303\u0307\u0328\u0327\u0304\u0344\u0345"
"""The secondary (accent) weights, lowest first, in DUCET's order for the marks these languages
use: acute (and the Greek tonos, which normalises to it), grave, breve, circumflex, caron, ring,
diaeresis (dialytika), double acute, tilde, dot above, ogonek, cedilla, macron; any other mark
after these by code point."""

_VARIABLE_ORDER = (" \u00a0_-\u2013\u2014,;:!?.\u2026\u00b7'\u2018\u2019\"\u201c\u201d\u201e\u00ab\u00bb()[]{}@*/\\&#%`^"
                   "\u2192+\u00d7<=>|~\u25b2\u25bc\u2660\u2663\u2665\u2666$\u20ac")
"""The spaces, punctuation and symbols the books use, in the root order (DUCET as CLDR's root
tailors it: spaces, then punctuation from the low line and the dashes to the brackets, then
symbols, currency signs last); any other one sorts after these, spaces before punctuation
before symbols, by code point."""

_VARIABLE, _SPACE, _PUNCTUATION, _SYMBOL, _DIGIT, _FIRST_SCRIPT, _SECOND_SCRIPT, _OTHER = range(8)

_EXPANSIONS = {"ß": "ss", "æ": "ae", "œ": "oe"}
"""Letters the root order sorts as two (with a tertiary difference, ignored here)."""


def _clusters(text: str) -> list[str]:
    """A text as base characters, each with the combining marks that follow it (NFD)."""
    out: list[str] = []
    for char in unicodedata.normalize("NFD", text):
        if out and unicodedata.combining(char):
            out[-1] += char
        else:
            out.append(char)
    return out


@cache
def _tables(lang: str) -> tuple[dict[str, tuple[int, int]], str]:
    """The primary weight of every letter of the language's alphabets, and which letters are
    letters of their own although they carry a mark (ą in Polish, ä in Estonian)."""
    latin = _LATIN_TAILORED.get(lang, _LATIN_ROOT)
    first, second = (_GREEK_ROOT, latin) if lang in _GREEK_FIRST else (latin, _GREEK_ROOT)
    weights: dict[str, tuple[int, int]] = {}
    for group, alphabet in ((_FIRST_SCRIPT, first), (_SECOND_SCRIPT, second)):
        for index, letter in enumerate(alphabet):
            weights[letter] = (group, index)
    own = "".join(letter for letter in latin if letter not in _LATIN_ROOT)
    return weights, own


def _mark_weight(mark: str) -> int:
    index = _MARK_ORDER.find(mark)
    return index + 1 if index >= 0 else len(_MARK_ORDER) + ord(mark)


def fallback_key(lang: str) -> Callable[[str], Any]:
    """A sort key ordering text as ``lang`` (``en``, ``et``, ``pl``, ``el``; any other code
    gets the root order) sorts it, by the CLDR rules in the module docstring: a tuple of the
    primary weights (letters), then the secondary (accents), then the tertiary (case)."""
    weights, own = _tables(lang)

    def key(text: str) -> tuple[tuple[Any, ...], tuple[int, ...], tuple[int, ...]]:
        primary: list[tuple[int, int]] = []
        secondary: list[int] = []
        tertiary: list[int] = []
        for cluster in _clusters(text):
            base, marks = cluster[0], cluster[1:]
            lower = base.lower()
            composed = unicodedata.normalize("NFC", lower + marks)
            case = 1 if base != lower else 0
            if composed in own:  # a tailored letter: its mark makes another letter, not an accent
                lower, marks = composed, ""
            elif lower in _STROKED:
                lower, marks = _STROKED[lower][0], _STROKED[lower][1:] + marks
            if lower == "ς":
                lower, case = "σ", 2
            for part in _EXPANSIONS.get(lower, lower):
                primary.append(_primary(part, weights))
                secondary.append(0)
                tertiary.append(case)
            for mark in marks:
                secondary.append(_mark_weight(mark))
        return tuple(primary), tuple(secondary), tuple(tertiary)

    return key


def _primary(char: str, weights: dict[str, tuple[int, int]]) -> tuple[int, int]:
    if char in weights:
        return weights[char]
    known = _VARIABLE_ORDER.find(char)
    if known >= 0:
        return (_VARIABLE, known)
    category = unicodedata.category(char)
    if category.startswith("Z") or char in "\t\n\r":
        return (_SPACE, ord(char))
    if category.startswith("P"):
        return (_PUNCTUATION, ord(char))
    if category.startswith("S"):
        return (_SYMBOL, ord(char))
    if category == "Nd":
        return (_DIGIT, unicodedata.digit(char))
    return (_OTHER, ord(char))


def icu_collator(lang: str) -> Any | None:
    """ICU's collator for ``lang``, or None when PyICU is not installed."""
    try:
        import icu  # type: ignore[import-not-found]
    except ImportError:
        return None
    return icu.Collator.createInstance(icu.Locale(lang))


def collation_key(lang: str) -> Callable[[str], Any]:
    """A sort key that orders text as ``lang`` sorts it: ICU's collator for the locale where
    PyICU is installed, else ``fallback_key`` (the same CLDR rules; ``uses_icu`` says which)."""
    collator = icu_collator(lang)
    if collator is None:
        return fallback_key(lang)
    return collator.getSortKey  # type: ignore[no-any-return]


def uses_icu() -> bool:
    """Whether ``collation_key`` sorts with ICU here (PyICU importable)."""
    return icu_collator("root") is not None
