"""The rule book's translations (spec/i18n): schema, completeness, staleness, seed terms.

A language whose catalogue declares ``complete: true`` must translate every English text of the
book, each against the current English (its recorded hash matches); a changed English
statement therefore fails this test until it is translated again. A language still in progress
(``complete: false``) is not held to that, but what it has must be well formed, and the book
shows English, marked as such, wherever it has nothing current.
"""

from __future__ import annotations

import copy
import re
import string
from pathlib import Path

import pytest

from stud8.spec.rulebook import RuleBook, default_rulebook, parse_rulebook
from stud8.tools.docs.i18n import (
    LANGUAGES,
    I18nError,
    english_texts,
    load_catalogue,
    load_source,
    schema_problems,
    status,
    text_hash,
    translator,
)

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_text_hash_ignores_wrapping_only() -> None:
    assert text_hash("Every player\n  antes.") == text_hash("Every player antes.")
    assert text_hash("Every player antes.") != text_hash("Every player antes twice.")
    assert re.fullmatch(r"[0-9a-f]{12}", text_hash("x"))


def test_english_source_is_valid_and_covers_the_book() -> None:
    source = load_source()
    english = english_texts(default_rulebook(), source)
    for rule_id in default_rulebook().rule_ids:
        assert f"rule.{rule_id}.title" in english and f"rule.{rule_id}.statement" in english
    for key in ("labels.act.calls", "quickref.mnemonic", "glossary.stub.text", "floor.cards-speak.text"):
        assert key in english


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_is_valid_and_well_formed(lang: str) -> None:
    catalogue = load_catalogue(lang)  # schema-checked
    english = english_texts(default_rulebook(), load_source())
    found = status(lang, default_rulebook())
    assert found.unused == [], f"{lang}: entries for keys the English no longer has: {found.unused}"
    for key, entry in catalogue["entries"].items():
        if key in english and entry["en"] == text_hash(english[key]):
            assert fields(entry["text"]) == fields(english[key]), f"{lang} {key}: placeholders differ"
            assert entry["text"] != english[key] or len(english[key]) < 12, f"{lang} {key}: not translated"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_language_declared_complete_is_complete_and_current(lang: str) -> None:
    found = status(lang, default_rulebook())
    if not found.complete:
        pytest.skip(f"{lang} is not declared complete: {len(found.missing)} missing, {len(found.stale)} stale")
    assert found.missing == [], f"{lang}: missing translations: {found.missing}"
    assert found.stale == [], (f"{lang}: the English changed since these were translated (stale): {found.stale}; "
                               f"run python -m stud8.tools.docs.i18n status {lang}")


def test_languages_declared_complete() -> None:
    """The languages this book ships complete: a regression guard against quietly dropping one."""
    complete = [lang for lang in TRANSLATED if load_catalogue(lang)["complete"]]
    assert complete == COMPLETE


COMPLETE: list[str] = ["et", "pl", "el"]


def _changed_book(rule_id: str, statement: str) -> RuleBook:
    data = copy.deepcopy(dict(default_rulebook().data))
    for section in data["sections"]:
        for rule in section["rules"]:
            if rule["id"] == rule_id:
                rule["statement"] = statement
    return parse_rulebook(data)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_changed_english_statement_makes_its_translation_stale(lang: str) -> None:
    key = "rule.table.ante.statement"
    entries = load_catalogue(lang)["entries"]
    if key not in entries:
        pytest.skip(f"{lang} has no translation of {key} yet")
    book = _changed_book("table.ante", "Before the deal every player puts in the ante, twice.")
    assert key in status(lang, book).stale
    t = translator(lang, book)
    assert t(key) == "Before the deal every player puts in the ante, twice."  # English, never the old translation
    assert key in t.fallbacks


def test_a_missing_translation_is_shown_in_english_and_marked(tmp_path: Path) -> None:
    book = default_rulebook()
    t = translator("et", book)
    t.entries = {k: v for k, v in t.entries.items() if k != "labels.title"}
    text, translated = t.lookup("labels.title")
    assert (text, translated) == ("Seven Card Stud Hi/Lo: the rule book", False)


def test_invalid_catalogue_is_reported(tmp_path: Path) -> None:
    data = {"language": "et", "name": "Eesti", "complete": True, "entries": {"labels.title": {"en": "xyz", "text": ""}}}
    problems = schema_problems(data, "i18n.schema.json", "et.yaml")
    assert problems and all(p.code == "schema" for p in problems)


def test_docs_command_reports_a_broken_catalogue(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    from stud8.tools import docs_cmd

    def broken(*_: object, **__: object) -> dict:
        raise I18nError("spec/i18n/et.yaml: entries.x: 'en' is a required property")

    monkeypatch.setattr(docs_cmd, "load_source", broken)
    from stud8.tools.cli import main
    out = tmp_path / "docs"
    assert main(["docs", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "spec/i18n/et.yaml" in err and "nothing was written" in err
    assert not out.exists()


# --- the seeds' own terms ------------------------------------------------------------------

SEED_TERMS = {
    # key: the seed's word or its stem, as the seed writes it (seeds/000 Estonian, 001 Polish, 003 Greek)
    "et": {"glossary.ante.term": "algpanus", "glossary.bring-in.term": "avapanus", "labels.pot": "Pank",
           "glossary.street.term": "tänav", "quickref.suit.spades": "poti", "quickref.suit.clubs": "risti",
           "labels.category.four_of_a_kind": "nelik", "labels.category.three_of_a_kind": "kolmik",
           "labels.category.straight_flush": "mastirida", "labels.category.flush": "mast"},
    "pl": {"glossary.ante.term": "wejściow", "glossary.bring-in.term": "bring-in", "labels.pot": "Pula",
           "glossary.hole-cards.term": "zakryte", "glossary.door-card.term": "odkryt", "quickref.suit.clubs": "trefl",
           "quickref.suit.spades": "pik", "labels.act.raises": "podbi", "labels.act.folds": "pas"},
    "el": {"glossary.ante.term": "αρχικό στοίχημα", "glossary.bring-in.term": "bring-in",
           "labels.pot": "Ποτ", "glossary.hole-cards.term": "κρυφά φύλλα", "quickref.suit.clubs": "σπαθιά",
           "quickref.suit.spades": "μπαστούνια", "labels.act.raises": "ρελάνς", "labels.act.folds": "πάσο",
           "glossary.community-card.term": "κοιν"},
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_use_the_seeds_own_terms(lang: str) -> None:
    seeds = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"
    seed_file = {"et": "000_7823eb13fd885f11.txt", "pl": "001_4b229a6500f675fc.txt", "el": "003_691b7f733cbaf140.txt"}
    t = translator(lang, default_rulebook())
    for key, term in SEED_TERMS[lang].items():
        assert term.lower() in t(key).lower(), f"{lang} {key}: uses the seed's word {term!r}"
        if seeds.is_dir():
            assert term.lower() in (seeds / seed_file[lang]).read_text(encoding="utf-8").lower(), term


def test_rendered_fallbacks_are_marked_english(tmp_path: Path) -> None:
    from stud8.tools.cli import main

    assert main(["docs", "--out", str(tmp_path), "--lang", "et"]) == 0
    page = (tmp_path / "et" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="et">' in page
    found = status("et", default_rulebook())
    fallbacks = [key for key in found.missing + found.stale if key.startswith("rule.") and key.endswith(".statement")
                 and not key.startswith("rule.actions.")]
    assert page.count('<p class="statement" lang="en">') == len(fallbacks)
    from stud8.tools.docs.order import book_rule_ids

    assert page.count('<p class="statement">') == len(book_rule_ids(default_rulebook())) - len(fallbacks)


def test_stamp_refuses_a_translation_that_is_not_text() -> None:
    """YAML reads `4.` as the number 4.0: a stamped translation must be text (the column labels
    of all three books once read "4.0"), and nothing is written."""
    from stud8.tools.docs.i18n import stamp

    with pytest.raises(I18nError, match="not text"):
        stamp("et", {"labels.col.fourth": 4.0}, default_rulebook())
    assert load_catalogue("et")["entries"]["labels.col.fourth"]["text"] == "4."
