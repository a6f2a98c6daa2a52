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

A missing or stale entry is rendered in English (marked ``lang="en"`` in the HTML), never as a
translation of an older text. ``python -m stud8.tools.docs.i18n status LANG`` lists the
missing and stale keys with their English.
"""

from __future__ import annotations

import hashlib
import string
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from stud8.spec.rulebook import RuleBook, schema_problems

LANGUAGES = ("en", "et", "pl", "el")
"""The book's languages; ``en`` is the source."""

LANGUAGE_NAMES = {"en": "English", "et": "Eesti", "pl": "Polski", "el": "Ελληνικά"}


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


def english_texts(book: RuleBook, source: Mapping[str, Any]) -> dict[str, str]:
    """Every translatable English text of the book, by key, in book order."""
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


def translator(lang: str, book: RuleBook, source: Mapping[str, Any] | None = None) -> Translator:
    english = english_texts(book, source if source is not None else load_source())
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
    english = english_texts(book, source if source is not None else load_source())
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
    english = english_texts(book, load_source())
    unknown = sorted(set(translations) - set(english))
    if unknown:
        raise I18nError(f"not keys of the English source: {', '.join(unknown)}")
    catalogue = load_catalogue(lang)
    entries = dict(catalogue["entries"])
    for key, text in translations.items():
        entries[key] = {"en": text_hash(english[key]), "text": " ".join(str(text).split())}
    ordered = {key: entries[key] for key in english if key in entries}
    ordered.update({key: value for key, value in entries.items() if key not in english})
    data = {"language": lang, "name": catalogue["name"],
            "complete": catalogue["complete"] if complete is None else complete, "entries": ordered}
    if "translator_note" in catalogue:
        data["translator_note"] = catalogue["translator_note"]
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
    english = english_texts(book, load_source())
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
