"""The rule book in other languages: plain YAML catalogues under ``spec/i18n/``.

Why plain YAML and not gettext/Babel: the texts to translate are not scattered string
literals but structured data (rule statements keyed by rule id, option texts, the glossary),
and what matters most is knowing when a translation has fallen behind its English. Each
translated entry therefore records a short hash of the exact English text it translates; a
changed English statement makes the translation *stale* until it is translated again. A
``.po`` file would need a compile step and keeps its "fuzzy" marks by string similarity, not by
an exact fingerprint; a YAML file is validated by a JSON Schema like the rest of ``spec/`` and
reviewed as an ordinary diff.

Files:

- ``spec/i18n/en.yaml``: the English of the book's own prose (template labels, the quick
  reference, the glossary, the floor procedures, the source details and the seed quotes; the seed quotes' English
  translations stay English in every language, beside the original).
  Rule titles and statements, section titles, option and profile texts come from
  ``spec/rules.yaml``. Together they are the *English source*: ``english_texts``.
- ``spec/i18n/<lang>.yaml`` (``et``, ``pl``, ``el``): ``entries`` maps a key of the English
  source to ``{en: <hash of the English>, text: <translation>}``; ``complete: true`` declares
  that every key is translated and current (a test holds such a language to it).

What is translated: every word a reader of the book sees. Besides the rule texts and the
labels: the worked examples (``example.<scenario-id>.title``, ``.description`` and, for a
comparison, ``.hand.<name>``, keyed so that a changed scenario text makes its translation stale),
what an error code means (``error.<code>``, shown when an example's hand cannot start),
the notes of each source citation (``rule.<id>.ref.<source>``, ``option.<name>.ref.<source>``;
a citation that is only a locator such as ``Betting and Raising 3`` or ``RP-10D`` is shown as
it is), the seed quotes' glosses (``seed_quotes.<n>.english``; a quote in the book's own
language needs none and gets none), and the descriptions of the sources
(``source.<id>.title|publisher|edition|date|note``; the title, publisher and edition of a
published work, one with a ``url``, are its own words and are cited as they are; its date and
the note on the copy read are translated). Deliberately left
as they are: names (the game's, the sources', the sites'), ids, option values, card codes, and
the section titles of a source (``source_sections`` in ``en.yaml``), which a reader looks up
in that source.

Each ``<lang>.yaml`` also holds its ``terminology``: per concept the seed's word and the word
this book uses, with the patterns a test holds the running text to (``tests/test_docs_language.py``).

A missing or stale entry is rendered in English (marked ``lang="en"`` in the HTML), never as a
translation of an older text. ``python -m stud8.tools.docs.i18n status LANG`` lists the
missing and stale keys with their English.

Sorting (the glossary, and any index): by the language's collation, ICU's where PyICU is
installed, else the same CLDR rules written out in ``stud8.tools.docs.collation`` (which says
why, and why not pyuca or a code-point sort).
"""

from __future__ import annotations

import hashlib
import re
import string
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from stud8.spec.rulebook import RuleBook, schema_problems

if TYPE_CHECKING:
    from stud8.conformance.suite.scenarios import Scenario

LANGUAGES = ("en", "et", "pl", "el")
"""The book's languages; ``en`` is the source."""

LANGUAGE_NAMES = {"en": "English", "et": "Eesti", "pl": "Polski", "el": "Ελληνικά"}

SEED_LANGUAGE = {"SEED-ET": "et", "SEED-PL": "pl", "SEED-EL": "el"}
"""The language each seed text is written in (its quotes need no gloss in that language's book)."""


def text_hash(text: str) -> str:
    """The fingerprint of an English text: 12 hex digits of SHA-256 over its words joined by
    single spaces (re-wrapping a YAML paragraph does not make a translation stale)."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:12]


class I18nError(Exception):
    """A catalogue that cannot be read or does not match its schema."""


def _read_yaml(name: str) -> Any:
    path = resources.files("stud8.spec").joinpath("i18n").joinpath(name)
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise I18nError(f"spec/i18n/{name}: {error}") from None


def load_source() -> dict[str, Any]:
    """``spec/i18n/en.yaml``, checked against ``i18n-source.schema.json``."""
    data = _read_yaml("en.yaml")
    problems = schema_problems(data, "i18n-source.schema.json", "spec/i18n/en.yaml")
    if problems:
        raise I18nError("\n".join(str(p) for p in problems))
    return data


def load_catalogue(lang: str) -> dict[str, Any]:
    """``spec/i18n/<lang>.yaml``, checked against ``i18n.schema.json``."""
    data = _read_yaml(f"{lang}.yaml")
    problems = schema_problems(data, "i18n.schema.json", f"spec/i18n/{lang}.yaml")
    if problems:
        raise I18nError("\n".join(str(p) for p in problems))
    if data["language"] != lang:
        raise I18nError(f"spec/i18n/{lang}.yaml: language is {data['language']!r}, expected {lang!r}")
    return data


def _flat(prefix: str, value: Any, out: dict[str, str]) -> None:
    if isinstance(value, Mapping):
        for key, inner in value.items():
            _flat(f"{prefix}.{key}", inner, out)
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            _flat(f"{prefix}.{index}", inner, out)
    elif isinstance(value, str):
        out[prefix] = " ".join(value.split())


def _key_part(name: str) -> str:
    """A source id or other name as a key part (keys are lower case)."""
    return name.lower()


_LOCATOR = re.compile(r"^(?:[A-Z]+-)?\d+[A-Za-z]?(?:-\d+[A-Za-z]?)?$")
_IDENTIFIER = re.compile(r"^[a-z][a-z0-9]*(?:[_.][a-z0-9-]+)+$")


def ref_needs_translation(ref: str, sections: Sequence[str]) -> bool:
    """Whether a citation's ``ref`` says something in words: what is left after the source's
    own section titles, locators (``126``, ``17A``, ``RP-10D``, ``3-4``) and identifiers
    (``first_to_act``, ``act-order.ties``) are taken out. ``Betting and Raising 3`` does not;
    ``126 (four raises)`` does."""
    text = ref
    for name in sorted(sections, key=len, reverse=True):
        text = text.replace(name, " ")
    for word in re.findall(r"[^\s(),:;]+", text):
        if _LOCATOR.match(word) or _IDENTIFIER.match(word):
            continue
        if re.search(r"[^\W\d_]{2,}", word):
            return True
    return False


def published(source: Mapping[str, Any], key: str) -> bool:
    """A published work (it has a ``url``): its title, publisher and edition are cited as they are."""
    return "url" in source["source_details"].get(key, {})


def _source_texts(book: RuleBook, source: Mapping[str, Any], out: dict[str, str]) -> None:
    details = source["source_details"]
    sections = source.get("source_sections", {})
    for key, body in book.data["sources"].items():
        work = published(source, key)
        if not work:
            out[f"source.{_key_part(key)}.title"] = " ".join(body["title"].split())
        for field_name in ("publisher", "edition", "date", "note"):
            value = details.get(key, {}).get(field_name)
            if value and not (work and field_name in ("publisher", "edition")) and ref_needs_translation(str(value), []):
                out[f"source.{_key_part(key)}.{field_name}"] = " ".join(str(value).split())
    for section in book.data["sections"]:
        for rule in section["rules"]:
            for cited in rule.get("sources", []):
                ref = cited.get("ref", "")
                if ref and ref_needs_translation(ref, sections.get(cited["source"], [])):
                    out[f"rule.{rule['id']}.ref.{_key_part(cited['source'])}"] = " ".join(ref.split())
    for name, option in book.data["options"].items():
        for cited in option.get("sources", []):
            ref = cited.get("ref", "")
            if ref and ref_needs_translation(ref, sections.get(cited["source"], [])):
                out[f"option.{name}.ref.{_key_part(cited['source'])}"] = " ".join(ref.split())


def example_texts(examples: Sequence[Scenario]) -> dict[str, str]:
    """The English of the book's worked examples: title, description and, for a comparison,
    the names of its hands (``king_kicker`` reads "king kicker")."""
    out: dict[str, str] = {}
    for scenario in examples:
        out[f"example.{scenario.id}.title"] = " ".join(scenario.title.split())
        out[f"example.{scenario.id}.description"] = " ".join(scenario.description.split())
        if scenario.kind == "compare":
            for name in scenario.data["hands"]:
                out[f"example.{scenario.id}.hand.{name}"] = name.replace("_", " ")
    return out


_EXAMPLES: dict[int, tuple[RuleBook, list[Scenario]]] = {}


def book_examples(book: RuleBook) -> list[Scenario]:
    """The worked examples the book shows from the packaged suite (``docs.render.choose_examples``),
    in book order; worked out once per rule book."""
    cached = _EXAMPLES.get(id(book))
    if cached is not None and cached[0] is book:
        return cached[1]
    from stud8.conformance.suite.scenarios import iter_scenarios, load_suite, packaged_scenarios_dir
    from stud8.tools.docs.render import book_example_list

    files, _ = load_suite([packaged_scenarios_dir()], book)
    examples = book_example_list(book, list(iter_scenarios(files)))
    _EXAMPLES[id(book)] = (book, examples)
    return examples


def english_texts(book: RuleBook, source: Mapping[str, Any], *, lang: str | None = None,
                  examples: Sequence[Scenario] | None = None) -> dict[str, str]:
    """Every translatable English text of the book, by key, in book order. ``lang`` leaves out
    what that language's book does not need (the glosses of quotes already in that language);
    ``examples`` are the worked examples shown (default: the packaged suite's, ``book_examples``)."""
    out: dict[str, str] = {}
    data = book.data
    for section in data["sections"]:
        out[f"section.{section['id']}"] = " ".join(section["title"].split())
        for rule in section["rules"]:
            out[f"rule.{rule['id']}.title"] = " ".join(rule["title"].split())
            out[f"rule.{rule['id']}.statement"] = " ".join(rule["statement"].split())
    for name, option in data["options"].items():
        out[f"option.{name}.title"] = " ".join(option["title"].split())
        out[f"option.{name}.description"] = " ".join(option["description"].split())
        for value, text in option.get("values", {}).items():
            out[f"option.{name}.value.{value}"] = " ".join(text.split())
    for name, profile in data["profiles"].items():
        out[f"profile.{name}.title"] = " ".join(profile["title"].split())
        out[f"profile.{name}.description"] = " ".join(profile["description"].split())
    for group in ("labels", "quickref", "glossary", "floor"):
        _flat(group, source[group], out)
    _source_texts(book, source, out)
    for code, meaning in book.error_codes.items():
        out[f"error.{code}"] = " ".join(meaning.split())
    for index, quote in enumerate(source["seed_quotes"]):
        if SEED_LANGUAGE.get(quote["source"]) != lang:
            out[f"seed_quotes.{index}.english"] = " ".join(quote["english"].split())
    out.update(example_texts(book_examples(book) if examples is None else examples))
    return out


@dataclass
class Translator:
    """Looks texts up for one language; English (and any missing or stale entry) falls back
    to the English source. ``fallbacks`` collects the keys that fell back."""

    lang: str
    english: dict[str, str]
    entries: dict[str, dict[str, str]] = field(default_factory=dict)
    fallbacks: list[str] = field(default_factory=list)

    def lookup(self, key: str) -> tuple[str, bool]:
        """(text, translated?) for ``key``; ``KeyError`` when the English source has no such key."""
        english = self.english[key]
        return self._lookup(key, english)

    def optional(self, key: str, english: str) -> tuple[str, bool]:
        """(text, translated?) for a text that may not be in the English source (a house
        scenario's title, a citation that is only a locator): ``english`` when there is no
        current translation."""
        english = " ".join(english.split())
        if key not in self.english:
            return english, self.lang == "en"
        return self._lookup(key, self.english[key])

    def _lookup(self, key: str, english: str) -> tuple[str, bool]:
        if self.lang == "en":
            return english, True
        entry = self.entries.get(key)
        if entry is not None and entry["en"] == text_hash(english):
            return " ".join(entry["text"].split()), True
        self.fallbacks.append(key)
        return english, False

    def __call__(self, key: str, **values: Any) -> str:
        text, _ = self.lookup(key)
        if values:
            text = string.Formatter().vformat(text, (), values)
        return text


def translator(lang: str, book: RuleBook, source: Mapping[str, Any] | None = None,
               examples: Sequence[Scenario] | None = None) -> Translator:
    english = english_texts(book, source if source is not None else load_source(), lang=lang, examples=examples)
    if lang == "en":
        return Translator("en", english)
    return Translator(lang, english, dict(load_catalogue(lang)["entries"]))


@dataclass(frozen=True)
class Status:
    """Where a language stands: keys missing, keys whose English changed, keys no longer used."""

    lang: str
    complete: bool
    missing: list[str]
    stale: list[str]
    unused: list[str]
    total: int


def status(lang: str, book: RuleBook, source: Mapping[str, Any] | None = None) -> Status:
    english = english_texts(book, source if source is not None else load_source(), lang=lang)
    catalogue = load_catalogue(lang)
    entries = catalogue["entries"]
    missing = [key for key in english if key not in entries]
    stale = [key for key in english if key in entries and entries[key]["en"] != text_hash(english[key])]
    unused = [key for key in entries if key not in english]
    return Status(lang, bool(catalogue["complete"]), missing, stale, unused, len(english))


HEADER = """\
# The rule book in {name}. Each entry translates the English text of the same key (spec/rules.yaml,
# spec/i18n/en.yaml) and records in `en` the hash of the English it translates: when the English
# changes, the entry is stale and the book shows the English until it is translated again.
# `python -m stud8.tools.docs.i18n status {lang}` lists what is missing or stale.
# Validated by spec/schema/i18n.schema.json.
"""


def stamp(lang: str, translations: Mapping[str, str], book: RuleBook, *, complete: bool | None = None) -> Path:
    """Merge ``translations`` (key -> text, each a translation of the *current* English of its
    key) into ``spec/i18n/<lang>.yaml``, recording the current English hash of each, and write
    the catalogue back in book order. The translator's tool: run it right after translating,
    never to re-stamp an old translation as current."""
    english = english_texts(book, load_source(), lang=lang)
    unknown = sorted(set(translations) - set(english))
    if unknown:
        raise I18nError(f"not keys of the English source: {', '.join(unknown)}")
    not_text = sorted(key for key, text in translations.items() if not isinstance(text, str))
    if not_text:
        # YAML reads `4.` as the number 4.0: a translation is always text, quoted if need be
        raise I18nError(f"not text (quote it in the YAML): {', '.join(not_text)}")
    catalogue = load_catalogue(lang)
    entries = dict(catalogue["entries"])
    for key, text in translations.items():
        entries[key] = {"en": text_hash(english[key]), "text": " ".join(text.split())}
    ordered = {key: entries[key] for key in english if key in entries}
    ordered.update({key: value for key, value in entries.items() if key not in english})
    data: dict[str, Any] = {"language": lang, "name": catalogue["name"],
                            "complete": catalogue["complete"] if complete is None else complete}
    for optional in ("translator_note", "terminology"):
        if optional in catalogue:
            data[optional] = catalogue[optional]
    data["entries"] = ordered
    problems = schema_problems(data, "i18n.schema.json", f"spec/i18n/{lang}.yaml")
    if problems:
        raise I18nError("\n".join(str(p) for p in problems))
    path = Path(str(resources.files("stud8.spec").joinpath("i18n").joinpath(f"{lang}.yaml")))
    text = HEADER.format(name=LANGUAGE_NAMES[lang], lang=lang) + yaml.safe_dump(
        data, allow_unicode=True, sort_keys=False, width=100)
    path.write_text(text, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    """``python -m stud8.tools.docs.i18n status LANG``: the missing and stale keys, with the
    English to translate; exit 0 when the language is complete and current, else 1.
    ``python -m stud8.tools.docs.i18n stamp LANG FILE``: merge a YAML mapping of key ->
    translation (of the current English) into the catalogue."""
    from stud8.spec.rulebook import default_rulebook

    args = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: python -m stud8.tools.docs.i18n status et|pl|el | stamp et|pl|el FILE"
    if len(args) < 2 or args[1] not in LANGUAGES[1:] or (args[0], len(args)) not in (("status", 2), ("stamp", 3)):
        print(usage, file=sys.stderr)
        return 2
    book = default_rulebook()
    if args[0] == "stamp":
        try:
            translations = yaml.safe_load(Path(args[2]).read_text(encoding="utf-8"))
            written = stamp(args[1], translations, book)
        except (OSError, yaml.YAMLError, I18nError) as error:
            print(f"docs_i18n: {error}", file=sys.stderr)
            return 1
        print(f"wrote {written}")
        return 0
    english = english_texts(book, load_source(), lang=args[1])
    found = status(args[1], book)
    for label, keys in (("missing", found.missing), ("stale", found.stale)):
        for key in keys:
            print(f"{label} {key} [{text_hash(english[key])}]: {english[key]}")
    for key in found.unused:
        print(f"unused {key}")
    print(f"{args[1]}: {found.total - len(found.missing) - len(found.stale)} of {found.total} current, "
          f"{len(found.missing)} missing, {len(found.stale)} stale, {len(found.unused)} unused")
    return 0 if not (found.missing or found.stale) else 1


if __name__ == "__main__":
    raise SystemExit(main())
