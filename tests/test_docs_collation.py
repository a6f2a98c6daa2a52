"""Each book's glossary in its language's alphabetical order, with ICU or without it.

``stud8.tools.docs.collation`` sorts with ICU where PyICU is installed and otherwise with its own
copy of the CLDR rules. These tests hold the copy to the rules (words where Polish, Estonian and
Greek differ from a code-point or a root sort), to ICU itself on every word of every book (where
ICU is installed), and ``stud8 docs`` to working without ICU: the books written, one note line.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from stud8.spec.rulebook import default_rulebook
from stud8.tools.docs.collation import (
    FALLBACK_NOTE,
    ICU_PACKAGE,
    INSTALL_ICU,
    collation_key,
    fallback_key,
    icu_collator,
    uses_icu,
)
from stud8.tools.docs.i18n import LANGUAGES, load_catalogue, load_source

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
ROOT = Path(__file__).resolve().parents[1]

ORDERS = {
    # Polish: ą ć ę ł ń ó ś ź ż are letters of their own, right after a c e l n o s z
    "pl": ["ab", "az", "ąb", "cz", "ćma", "ez", "ęa", "lz", "łąka", "nz", "ńa", "oz", "ósmy", "sz", "śpi",
           "zz", "źdźbło", "żaba"],
    # Estonian: š after s, z and ž right after š (before t), õ ä ö ü after w, then x y
    "et": ["saal", "sz", "šokk", "zebra", "žürii", "tarbe", "vaal", "wats", "õun", "ärk", "öö", "ülem", "xylo", "yard"],
    # Greek: accents are secondary (ισοπαλία before ίσος), final sigma is sigma, Greek before Latin
    "el": ["αγ", "άσος", "βλέπω", "ισοπαλία", "ίσος", "ρελάνς", "σπαθιά", "ψηλό", "ωμέγα", "all-in"],
}

MORE = {
    # ł is a letter after l (the root would put "łza" beside "lza"); ó after o; ż after ź
    "pl": [["lz", "łza"], ["oz", "ó"], ["zysk", "źle", "żar"], ["kolor", "kolorem", "kółko"], ["as", "ąb", "ba"]],
    # z is not after y but before t; a word with ä sorts after every word with w
    "et": [["suur", "sõber", "šampus", "zoo", "žanr", "tee"], ["wigwam", "õhk", "äss", "öö", "üks", "xenon"],
           ["mast", "mastid", "mastirida"], ["paar", "pank", "panus", "päev"]],
    # the accent only breaks a tie between the same letters; capitals after small letters
    "el": [["ποτ", "πότε", "ποτήρι"], ["ισοπαλία", "ίσος", "ισχυρό"], ["σπαθί", "σπαθιά", "Σπαθιά"],
           ["ρελάνς", "ρέστα", "ρίχνω"], ["άσος", "ασσος"], ["ω", "all-in", "bring-in"]],
    "en": [["all-in", "ante", "board"], ["door card", "doorway"], ["side pot", "side-pot", "sidepot"],
           ["small bet", "Small bet", "smallest"]],
}


def _shuffled(words: list[str]) -> list[str]:
    return words[1::2][::-1] + words[::2]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_fallback_orders_each_languages_tricky_words(lang: str) -> None:
    expected = ORDERS[lang]
    assert sorted(_shuffled(expected), key=fallback_key(lang)) == expected
    # the words are chosen so that a code-point sort gets them wrong
    assert sorted(expected) != expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_fallback_orders_more_words(lang: str) -> None:
    for expected in MORE[lang]:
        assert sorted(_shuffled(expected), key=fallback_key(lang)) == expected, expected


def test_the_root_order_would_not_do() -> None:
    """Why each language's own rules: the root order (what pyuca implements, and the fallback for
    English) puts ą beside a, ł beside l, z after y and ä beside a."""
    root = fallback_key("en")
    assert sorted(["az", "ąb", "ab"], key=root) == ["ab", "ąb", "az"]
    assert sorted(["lz", "łb"], key=root) == ["łb", "lz"]
    assert sorted(["zebra", "tarbe"], key=root) == ["tarbe", "zebra"]
    assert sorted(["ärk", "b"], key=root) == ["ärk", "b"]


def _book_words() -> list[str]:
    """Every word and two-word phrase of every book's text, in capitals and small letters."""
    text = (ROOT / "spec" / "i18n" / "en.yaml").read_text(encoding="utf-8")
    for lang in TRANSLATED:
        text += " ".join(entry["text"] for entry in load_catalogue(lang)["entries"].values())
    words = sorted(set(re.findall(r"[\w'’-]+", text)) | set(re.findall(r"\w+ \w+", text)))
    return words + [word.upper() for word in words[::7]] + [word.capitalize() for word in words[3::7]]


@pytest.mark.parametrize("lang", [*LANGUAGES, "de"])
def test_the_fallback_agrees_with_icu_on_every_word_of_the_books(lang: str) -> None:
    """Where ICU is installed: the fallback and ICU put the ~25,000 words and phrases of the four
    books (and the same in capitals) in the same order, for each language (and German, whose
    rules are the root's: nothing here is fitted to the four)."""
    collator = icu_collator(lang)
    if collator is None:
        pytest.skip("PyICU is not installed: nothing to compare the fallback with")
    words = _book_words()
    by_icu = sorted(words, key=collator.getSortKey)
    by_fallback = sorted(words, key=fallback_key(lang))
    wrong = [(icu, ours) for icu, ours in zip(by_icu, by_fallback) if icu != ours]
    assert wrong == [], f"{lang}: {len(wrong)} places differ, first {wrong[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_icu_agrees_with_the_rules(lang: str) -> None:
    if not uses_icu():
        pytest.skip("PyICU is not installed")
    expected = ORDERS[lang]
    assert sorted(_shuffled(expected), key=collation_key(lang)) == expected


def _hide_icu(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "icu", None)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_is_in_the_languages_order_without_icu(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.tools.docs.render import build_book_context

    with_icu = icu_collator(lang)
    _hide_icu(monkeypatch)
    assert not uses_icu()
    context = build_book_context(default_rulebook(), [], lang)
    terms = [entry["term"] for entry in context["glossary"]]
    assert terms == sorted(terms, key=fallback_key(lang))
    assert len(terms) == len(load_source()["glossary"])
    if with_icu is not None:
        assert terms == sorted(terms, key=with_icu.getSortKey)


def test_docs_without_icu_writes_the_books_with_one_note(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``stud8 docs`` without PyICU: exit 0, every file written, one note line on stderr naming a
    command that installs ICU from anywhere (the package, not an extra of stud8)."""
    from stud8.tools.cli import main

    _hide_icu(monkeypatch)
    out = tmp_path / "docs"
    assert main(["docs", "--out", str(out), "--lang", "pl"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"stud8 docs: note: {FALLBACK_NOTE}"]
    assert INSTALL_ICU in err[0] and "stud8[" not in err[0]
    page = (out / "pl" / "index.html").read_text(encoding="utf-8")
    glossary = page[page.index('id="glossary"'):]
    terms = re.findall(r'<dt id="term-[^"]+">([^<]+)', glossary)
    assert len(terms) == len(load_source()["glossary"])
    assert terms == sorted(terms, key=fallback_key("pl"))


def test_the_install_hint_names_the_docs_extras_package_for_this_platform() -> None:
    """The hint's package is the one the ``docs`` extra installs here (pyproject's markers)."""
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["docs"]
    names = [re.match(r"[A-Za-z0-9_.-]+", requirement).group(0) for requirement in extra]  # type: ignore[union-attr]
    assert sorted(names) == ["PyICU", "pyicu-wheels"]
    assert ICU_PACKAGE in names
    assert INSTALL_ICU == f"python -m pip install {ICU_PACKAGE}"
