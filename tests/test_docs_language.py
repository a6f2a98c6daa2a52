"""The translated books read in their own language: no English, the seeds' terms, each
language's alphabetical order.

- **No English in a non-English book.** The Estonian, Polish and Greek pages are rendered and
  every word a reader sees (text, placeholders, tooltips, labels for screen readers) is
  checked. What may stay as it is, deliberately and no more: a key as the keyboard labels it
  (``<kbd>Enter</kbd>``), what is marked up as cited or a name (``<cite>``: a source's title, edition or section; ``class="name"``: a publisher; the
  glossary's English equivalent, ``class="en-term"``), code and card codes, the language
  switcher, the seed quotes in their own language, ids (rule, scenario, source, option and
  error ids, seats p1-p8, card ranks like ``A-2-3-4-5``) and the names in ``NAMES`` (the game,
  the sites, the sources' acronyms). A loan word a seed itself uses (Polish
  ``bring-in``, the Polish street names) is allowed when the language's terminology table
  marks it ``loan``. Greek is checked for any word in Latin letters; Estonian and Polish for
  English words (``ENGLISH_WORDS``, words that are not also Estonian or Polish words).
- **The terminology table** (``terminology`` in ``spec/i18n/<lang>.yaml``): each seed word is
  in its seed, the glossary uses the word, every translated text whose English names the
  concept uses the word, and the words to avoid appear nowhere.

The glossary's order (each language's collation, with or without ICU) is tested in
``tests/test_docs_collation.py``.
"""

from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar

import pytest

from stud8.spec.rulebook import default_rulebook
from stud8.tools.docs.i18n import LANGUAGES, english_texts, load_catalogue, load_source, text_hash

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
SEEDS = next((folder / "shared" / "seeds" for folder in Path(__file__).resolve().parents[2:4]
              if (folder / "shared" / "seeds").is_dir()), Path("shared/seeds"))
"""The seed texts, beside the checkout (``/work/shared`` for ``/work/main`` and for a worktree
``/work/wt/NAME``); the checks that need them skip when they are not there."""
SEED_FILE = {"et": "000_7823eb13fd885f11.txt", "pl": "001_4b229a6500f675fc.txt", "el": "003_691b7f733cbaf140.txt"}

NAMES = [
    # the game, as the seeds and the sources name it
    "Seven Card Stud Hi/Lo", "Seven Card Stud High-Low", "Seven Card Stud High Low", "Seven Card Stud High",
    "Seven Card Stud", "7 Card Stud Hi/Lo", "7 Card Stud", "Stud High Low", "Stud High", "Hi/Lo", "stud/8",
    "Texas Hold'em", "Stud", "stud",
    # the sources and the sites
    "Robert's Rules of Poker", "Robert's Rules", "PartyPoker.com", "PokerStars", "iPoker", "PHH", "WSOP", "TDA",
    "stud8 docs", "stud8", "spec/rules.yaml", "spec/i18n",
]

ENGLISH_WORDS = frozenset({
    "the", "and", "or", "of", "with", "without", "from", "into", "onto", "for", "is", "are", "was", "were", "be",
    "been", "being", "has", "have", "had", "not", "this", "that", "these", "those", "which", "who", "whom",
    "whose", "what", "when", "where", "while", "then", "than", "there", "their", "they", "them", "each", "every",
    "any", "some", "only", "also", "after", "before", "first", "last", "next", "other", "others", "both",
    "either", "neither", "player", "players", "seat", "seats", "card", "cards", "hand", "hands", "deck", "dealer",
    "deal", "deals", "dealt", "street", "streets", "round", "rounds", "bet", "bets", "betting", "raise", "raises",
    "raised", "raising", "call", "calls", "called", "calling", "check", "checks", "checked", "checking", "fold",
    "folds", "folded", "folding", "ante", "antes", "bring-in", "brings", "complete", "completes", "completion",
    "showdown", "all-in", "pot", "pots", "chip", "chips", "half", "halves", "low", "lows", "high", "highs",
    "wins", "win", "won", "winner", "split", "splits", "board", "boards", "pair", "pairs", "flush", "flushes",
    "straight", "straights", "kicker", "kickers", "wheel", "scoop", "quarter", "burn", "burns", "burned", "stub",
    "community", "door", "hole", "up", "down", "face", "shows", "show", "shown", "first-to-act", "heads-up",
    "high-low", "side", "main", "odd", "even", "reads", "rule", "rules", "book", "option", "options", "profiles",
    "source", "sources", "example", "examples", "between", "under", "over", "again", "always", "never",
    "whatever", "however", "because", "since", "until", "unless", "although", "one", "two", "three", "four",
    "five", "six", "seven", "eight", "nine", "jack", "queen", "king", "ace", "aces", "kings", "queens"
})
"""English words that are not also Estonian or Polish words (``on``, ``all``, ``see``,
``read``, ``seen``, ``ten``, ``same``, ``profile``, ``a``, ``to``, ``i``, ``no``, ``by``... are
left out for that reason)."""

WORD = re.compile(r"[\w'’/-]*[^\W\d_][\w'’/-]*")
CARD_RUN = re.compile(r"(?<![\w-])(?:10|[2-9TJQKA])(?:-(?:10|[2-9TJQKA]))+(?![\w-])")
SEAT = re.compile(r"\bp[1-8]\b")
BACKTICKS = re.compile(r"`[^`]*`")


def _ids() -> list[str]:
    """Every id the book prints as text: rules, options and their values, profiles, sources,
    error codes, game parameters (section ids are words: bring-in, showdown)."""
    book = default_rulebook()
    ids: set[str] = set(book.rule_ids) | set(book.data["sources"]) | set(book.profiles) | set(book.error_codes)
    for name, option in book.data["options"].items():
        ids.add(name)
        ids.update(option.get("values", {}))
    ids.update(f"game.{key}" for key in book.data["game"])
    ids.add("error_codes")
    ids.update(("pb", "cc", "cbr", "f"))  # the PHH action codes
    return sorted(ids, key=len, reverse=True)


IDS = _ids()
SCENARIO_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)*-\d{3}\b")


class VisibleText(HTMLParser):
    """The words a reader sees on a page, with the deliberate exceptions left out (see the
    module docstring); each text comes with the id of the nearest element that has one."""

    SKIP_TAGS: ClassVar[frozenset[str]] = frozenset({"script", "style", "code", "kbd", "b", "cite", "head"})
    SKIP_CLASSES: ClassVar[frozenset[str]] = frozenset({"name", "en-term", "rid", "sid", "src", "langs", "url"})
    VOID: ClassVar[frozenset[str]] = frozenset({"meta", "input", "br", "wbr", "img", "link", "hr", "source"})
    ATTRIBUTES = ("placeholder", "title", "aria-label", "alt", "data-hint", "data-one", "data-many", "data-none")

    def __init__(self, lang: str) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.stack: list[tuple[str, bool, str]] = []  # tag, skipped, nearest id
        self.texts: list[tuple[str, str]] = []

    def _skipped(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def _where(self) -> str:
        return self.stack[-1][2] if self.stack else ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {key: value or "" for key, value in attrs}
        classes = set(values.get("class", "").split())
        own_lang = values.get("lang", "")
        # a blockquote is a seed quoted verbatim, with the English words the seed itself uses
        skip = (self._skipped() or tag in self.SKIP_TAGS or bool(classes & self.SKIP_CLASSES)
                or (tag == "blockquote" and own_lang != "en"))
        where = values.get("id") or self._where()
        if not skip:
            for name in self.ATTRIBUTES:
                if values.get(name):
                    self.texts.append((values[name], f"{where} @{name}"))
        if tag not in self.VOID:
            self.stack.append((tag, skip, where))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._skipped():
            self.texts.append((data, self._where()))


SECTIONS = sorted((name for names in load_source().get("source_sections", {}).values() for name in names),
                  key=len, reverse=True)


@functools.cache
def _allowed_patterns(loans: tuple[str, ...], sections: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    """The patterns ``_strip_allowed`` removes, in the order it removes them, compiled once per
    (loans, sections): a page has thousands of texts and there are ~200 patterns, and escaping
    and looking each one up again for every text was most of this module's time."""
    patterns = []
    for name in list(sections) + sorted(NAMES, key=len, reverse=True):
        # a name keeps its language's case ending: Texas Hold'emis, WSOP-i
        patterns.append(re.compile(re.escape(name) + r"(?:[-'’]?[^\W\d_]{1,3}\b)?"))
    for ident in IDS:  # before the loans: a loan inside an id (bring-in.suit-order) is part of the id
        patterns.append(re.compile(rf"(?<![\w.-]){re.escape(ident)}(?![\w-])"))
    for loan in sorted(loans, key=len, reverse=True):
        patterns.append(re.compile(rf"(?<!\w){re.escape(loan)}(?!\w)", flags=re.IGNORECASE))
    return tuple(patterns)


def _strip_allowed(text: str, loans: list[str], sections: list[str] | None = None) -> str:
    text = BACKTICKS.sub(" ", text)
    text = re.sub(r"https?://\S+|\{\w+\}", " ", text)
    for pattern in _allowed_patterns(tuple(loans), tuple(SECTIONS if sections is None else sections)):
        text = pattern.sub(" ", text)
    text = SCENARIO_ID.sub(" ", text)
    text = CARD_RUN.sub(" ", text)
    return SEAT.sub(" ", text)


def english_words(page: str, lang: str, loans: list[str]) -> list[str]:
    """The English a reader of ``page`` (a book page in ``lang``) would see, as
    ``"where: word in context"`` lines; empty when there is none."""
    parser = VisibleText(lang)
    parser.feed(page)
    found = []
    for text, where in parser.texts:
        clean = _strip_allowed(text, loans)
        for match in WORD.finditer(clean):
            word = match.group(0).strip("-'’/")
            if re.search(r"\d", word):  # a number, a locator (RP-10H, 100b) or an id (seeds/000, Player0)
                continue
            if lang == "el":
                bad = bool(re.search(r"[A-Za-z]", word)) and not re.fullmatch(r"[A-Za-z]", word)
            else:
                bad = word.lower() in ENGLISH_WORDS
            if bad:
                found.append(f"{where}: {word!r} in {' '.join(text.split())[:140]!r}")
    return found


def _loans(lang: str) -> list[str]:
    return [term["used"] for term in load_catalogue(lang).get("terminology", []) if term.get("loan")]


# --- the detector itself -------------------------------------------------------------------

PAGE = ('<html lang="{lang}"><body><h1 id="top">{text}</h1><p id="r">{more}</p>'
        '<input placeholder="{placeholder}"><code>cbr 40</code><cite lang="en">Betting and Raising</cite>'
        '<span class="en-term" lang="en">(bring-in)</span></body></html>')


@pytest.mark.parametrize("lang, text, more", [
    ("et", "Avapanus", "p3 teeb avapanuse; A-2-3-4-5 on parim madal käsi (low.ordering, showdown-001)."),
    ("pl", "Bring-in", "Gracz p3 stawia bring-in; A-2-3-4-5 to najlepsza ręka niska (low.ordering)."),
    ("el", "Υποχρεωτικό στοίχημα", "Ο p3 βάζει το υποχρεωτικό στοίχημα· το A-2-3-4-5 (low.ordering) στο Seven Card Stud Hi/Lo."),
])
def test_the_detector_passes_clean_pages(lang: str, text: str, more: str) -> None:
    page = PAGE.format(lang=lang, text=text, more=more, placeholder="…")
    assert english_words(page, lang, _loans(lang)) == []


@pytest.mark.parametrize("lang, text, more, placeholder", [
    ("et", "Avapanus", "Seat 3 brings in and the others fold.", "…"),
    ("pl", "Bring-in", "Gracz p3 stawia bring-in.", "rule id or word"),
    ("el", "Υποχρεωτικό στοίχημα", "Ο p3 κάνει check.", "…"),
    ("el", "Υποχρεωτικό στοίχημα", "Ο p3 βάζει το ante.", "…"),
])
def test_the_detector_finds_english(lang: str, text: str, more: str, placeholder: str) -> None:
    page = PAGE.format(lang=lang, text=text, more=more, placeholder=placeholder)
    assert english_words(page, lang, _loans(lang)) != []


# --- the books -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def books(rendered_docs: Path) -> Path:
    return rendered_docs


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("page", ["index.html", "quickref.html"])
def test_no_english_in_a_translated_book(books: Path, lang: str, page: str) -> None:
    found = english_words((books / lang / page).read_text(encoding="utf-8"), lang, _loans(lang))
    assert found == [], f"{lang}/{page}: {len(found)} English words a reader sees:\n" + "\n".join(found[:60])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_english_fallback_would_be_found(books: Path, lang: str) -> None:
    """Nothing in a translated book is marked English except what is cited, a name or the
    glossary's English equivalent: a fallback (a missing or stale translation) would be."""
    page = (books / lang / "index.html").read_text(encoding="utf-8")
    marked = re.findall(r'<(\w+)([^>]*)\slang="en"', page)
    stray = [tag + attrs for tag, attrs in marked if tag != "cite" and "en-term" not in attrs and '"name"' not in attrs
             and tag != "a"]
    assert stray == []


# --- the terminology tables ----------------------------------------------------------------


ENGLISH_SECTIONS = sorted((name for key, names in load_source().get("source_sections", {}).items()
                           if not key.startswith("SEED-") for name in names), key=len, reverse=True)


SOURCE_IDS = sorted(default_rulebook().data["sources"], key=len, reverse=True)


def _cited_sections(text: str, sections: list[str]) -> str:
    """A text without the sections it cites by their source's id ("RR Betting and Raising 3",
    "WP Lowball"): outside a citation the same words are running text ("All-in for less")."""
    ids = "|".join(re.escape(source) for source in SOURCE_IDS)
    for name in sections:
        text = re.sub(rf"\b((?:{ids})(?:'s)?[ ,]+(?:[\w-]+ )?){re.escape(name)}", r"\1 ", text)
    return text


def _plain(text: str, sections: list[str], citation: bool) -> str:
    """A text without what the terminology does not govern: placeholders, ids, names and the
    given section titles of the sources (anywhere in a ``citation``'s note, else where cited)."""
    text = re.sub(r"\{\w+\}", " ", text)
    if citation:
        return _strip_allowed(text, [], sections)
    return _strip_allowed(_cited_sections(text, sections), [], [])


def _current(lang: str) -> dict[str, tuple[str, str, str]]:
    """key -> (English, translation, translation without any section title) for every current
    translation of ``lang``: the English without any source's section titles, the translation
    without the English sources' (the seeds' headings are in their own languages and count as
    running text), and without any (for the words to avoid: a cited heading is the seed's)."""
    english = english_texts(default_rulebook(), load_source(), lang=lang)
    entries = load_catalogue(lang)["entries"]
    out = {}
    for key, entry in entries.items():
        if key in english and entry["en"] == text_hash(english[key]):
            text = " ".join(entry["text"].split())
            cited = ".ref." in key or key.startswith("source.")
            out[key] = (_plain(english[key], SECTIONS, cited), _plain(text, ENGLISH_SECTIONS, cited),
                        _plain(text, SECTIONS, cited))
    return out


REQUIRED_CONCEPTS = ("ante", "bring-in", "complete", "all-in", "flush", "suit", "odd chip", "scoop", "up card",
                     "door card", "burn", "qualifier")
"""The concepts every table settles (issue 30): the ones a translation most often gets wrong."""


@pytest.mark.parametrize("lang", TRANSLATED)
def test_terminology_table_is_there_and_its_seed_words_are_the_seeds(lang: str) -> None:
    table = load_catalogue(lang).get("terminology", [])
    concepts = [term["concept"] for term in table]
    assert len(concepts) == len(set(concepts))
    missing = [concept for concept in REQUIRED_CONCEPTS if concept not in concepts]
    assert missing == [], f"{lang}: the terminology table does not settle {missing}"
    for term in table:
        where = f"{lang} {term['concept']}"
        if term["seed"] is None or term.get("loan") is False or term["basis"] != "seed":
            assert term.get("note"), f"{where}: the seed has no word or is not followed; say why (and where rooms say so)"
        re.compile(term["english"])
        match = re.compile(term["match"], re.IGNORECASE)
        if term["basis"] == "seed":
            # the word used is the seed's own: the pattern the running text is held to finds the seed's word
            assert term["seed"] is not None and match.search(term["seed"]), f"{where}: basis seed, but {term['seed']!r} is not {term['match']!r}"
        for confusable in term.get("confusable", []):
            re.compile(confusable["word"])
            re.compile(confusable["unless"])
    if not SEEDS.is_dir():
        pytest.skip("the seed texts (shared/seeds) are not beside this checkout")
    seed = (SEEDS / SEED_FILE[lang]).read_text(encoding="utf-8").lower()
    for term in table:
        if term["seed"] is not None:
            assert term["seed"].lower() in seed, f"{lang} {term['concept']}: {term['seed']!r} is not in the seed"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_running_text_uses_the_terminology(lang: str) -> None:
    current = _current(lang)
    problems = []
    for term in load_catalogue(lang).get("terminology", []):
        english, match = re.compile(term["english"], re.IGNORECASE), re.compile(term["match"], re.IGNORECASE)
        if term.get("glossary"):
            key = f"glossary.{term['glossary']}.term"
            if key in current and not match.search(current[key][1]):
                problems.append(f"{key}: the glossary term {current[key][1]!r} is not {term['used']!r}")
        for key, (source, text, _) in current.items():
            # a citation's note is a locator and a paraphrase of the source, and a source's description
            # speaks of the copy read, not of the game: only their words to avoid are checked
            if ".ref." in key or key.startswith("source.") or key in term.get("except", []):
                continue
            if english.search(source) and not match.search(text):
                problems.append(f"{key}: {term['concept']} is {term['used']!r} here: {text[:120]!r}")
        for word in term.get("avoid", []):
            pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
            for key, (_, _, text) in current.items():
                if pattern.search(text) and key not in term.get("except", []):
                    problems.append(f"{key}: writes {word!r} for {term['concept']} (use {term['used']!r})")
        for confusable in term.get("confusable", []):
            word = re.compile(rf"(?<!\w)(?:{confusable['word']})(?!\w)", re.IGNORECASE)
            unless = re.compile(confusable["unless"], re.IGNORECASE)
            for key, (source, text, _) in current.items():
                found = word.search(text)
                if found and english.search(source) and not unless.search(source) and key not in term.get("except", []):
                    problems.append(f"{key}: writes {found.group(0)!r}, another concept's word, "
                                    f"for {term['concept']} (use {term['used']!r}): {text[:120]!r}")
    assert problems == [], f"{lang}: {len(problems)} departures from the terminology table:\n" + "\n".join(problems[:80])


# --- the books held to the table: no term outside it on any page ---------------------------


def terms_outside_the_table(page: str, lang: str, table: list[dict] | None = None) -> list[str]:
    """Every word a terminology table says never to write (``avoid``) that a reader of ``page``
    (a rendered book page in ``lang``) sees, as ``"where: word in context"`` lines. The seed
    texts quoted in their own language are the seed's words and are not checked."""
    table = load_catalogue(lang).get("terminology", []) if table is None else table
    parser = VisibleText(lang)
    parser.feed(page)
    # ids, names and cited titles are not words of the text; stripped once per text, not per word
    stripped = [(_strip_allowed(text, []), text, where) for text, where in parser.texts]
    found = []
    for term in table:
        for word in term.get("avoid", []):
            pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
            for clean, text, where in stripped:
                if pattern.search(clean):
                    found.append(f"{where}: {word!r} ({term['concept']}: use {term['used']!r}) in {' '.join(text.split())[:120]!r}")
    return found


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("page", ["index.html", "quickref.html"])
def test_no_term_outside_the_table_in_a_translated_book(books: Path, lang: str, page: str) -> None:
    found = terms_outside_the_table((books / lang / page).read_text(encoding="utf-8"), lang)
    assert found == [], f"{lang}/{page}: {len(found)} terms the table rules out:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_term_the_table_rules_out_would_be_found(books: Path, lang: str) -> None:
    """Plant every word to avoid in the real page, each at the start of its own rule statement,
    glossary entry or quick reference cell (the three taking turns): each is found where it was
    put. One page holds all the plantings so the page is read once, not once per word; the
    context a finding quotes must begin with the planted word alone, so a word found only inside
    a longer planted word does not count."""
    page = (books / lang / "index.html").read_text(encoding="utf-8")
    table = load_catalogue(lang).get("terminology", [])
    places = ['<p class="statement"', "<dd>", "<td data-label="]
    starts = {place: [m.start() for m in re.finditer(re.escape(place), page)] for place in places}
    words = [word for term in table for word in term.get("avoid", [])]
    plantings: dict[int, str] = {}  # where a planting goes in the page -> the word
    for index, word in enumerate(words):
        place = places[index % len(places)]
        at = starts[place][(index // len(places)) % len(starts[place])]
        end = page.index(">", at) + 1
        assert end not in plantings, f"{lang}: too few {place!r} elements for {len(words)} plantings"
        plantings[end] = word
    changed = page
    for end in sorted(plantings, reverse=True):  # from the end, so earlier offsets stay right
        changed = changed[:end] + f"… {plantings[end]} …" + changed[end:]
    found = terms_outside_the_table(changed, lang, table)
    for word in words:
        assert any(repr(word) in line and f"… {word} …" in line for line in found), f"{lang}: {word!r} planted was not found"
    assert len(table) >= 5


MNEMONIC_ALPHABET = {"en": r"alphabet", "et": r"tähesti|tähestik", "pl": r"alfabet", "el": r"αλφαβ"}
"""How each language says "alphabetical": a mnemonic that says it must be true in that language."""


def mnemonic_problem(lang: str, mnemonic: str, suits: list[str]) -> str | None:
    """Why a suit-order mnemonic does not work in ``lang`` (it calls the order, clubs to spades,
    alphabetical, but the suits' names in this language do not sort that way), or None."""
    from stud8.tools.docs.collation import fallback_key

    if re.search(MNEMONIC_ALPHABET[lang], mnemonic, re.IGNORECASE) and sorted(suits, key=fallback_key(lang)) != suits:
        return f"{lang}: the mnemonic calls the suit order alphabetical, but {suits} sort as {sorted(suits, key=fallback_key(lang))}"
    return None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_suit_mnemonic_works_in_the_books_language(lang: str) -> None:
    from stud8.tools.docs.i18n import translator

    t = translator(lang, default_rulebook())
    suits = [t(f"quickref.suit.{suit}") for suit in ("clubs", "diamonds", "hearts", "spades")]
    assert mnemonic_problem(lang, t("quickref.mnemonic"), suits) is None


def test_an_english_mnemonic_carried_into_a_translation_is_caught() -> None:
    # what the Greek and Polish books said before (issue 30): alphabetical in English only
    assert mnemonic_problem("el", "είναι η αλφαβητική σειρά των αγγλικών ονομάτων",
                            ["σπαθιά", "καρό", "κούπες", "μπαστούνια"]) is not None
    assert mnemonic_problem("pl", "to alfabetyczna kolejność angielskich nazw maści", ["trefl", "karo", "kier", "pik"]) is not None
    assert mnemonic_problem("en", "alphabetical in English", ["clubs", "diamonds", "hearts", "spades"]) is None


# --- Greek spelling: the final -ν the card room's written Greek keeps (issue 30's close read) ---

FINAL_NU_DROPPED = re.compile(r"(?<![\w'])(?:τη|στη|δε) (?:[αεηιουωάέήίόύώϊϋΐΰκπτξψ]|μπ|ντ|γκ|τσ|τζ)\w*", re.IGNORECASE)
"""``την``, ``στην`` and ``δεν`` keep their final -ν before a vowel, before κ, π, τ, ξ, ψ and
before the digraphs μπ, ντ, γκ, τσ, τζ («την ντάμα», «δεν έχει»); written without it there they
read as a slip. (``μη`` is left out: before an adjective it is a prefix, «μη έγκυρος».)"""


def final_nu_slips(text: str) -> list[str]:
    """Each ``τη``/``στη``/``δε`` in ``text`` that should have kept its final -ν, with the next word."""
    return FINAL_NU_DROPPED.findall(text)


def test_the_greek_book_keeps_the_final_nu() -> None:
    entries = load_catalogue("el")["entries"]
    slips = {key: final_nu_slips(entry["text"]) for key, entry in entries.items() if final_nu_slips(entry["text"])}
    assert slips == {}, f"el: final -ν dropped where Greek keeps it: {slips}"


@pytest.mark.parametrize(("text", "slips"), [
    ("ο ρήγας κερδίζει τη ντάμα", ["τη ντάμα"]),
    ("πηγαίνει στη αρχή, στη θέση 1, και δε έχει σειρά", ["στη αρχή", "δε έχει"]),
    ("Τη μπλόφα τη βλέπουν", ["Τη μπλόφα"]),
    # kept where Greek drops it, and the words that only look alike
    ("τη σειρά, στη μέση, δε λέει, μη έγκυρη ενέργεια, την ντάμα, στην αρχή, δεν είναι, πάντα", []),
])
def test_a_dropped_final_nu_is_caught(text: str, slips: list[str]) -> None:
    assert final_nu_slips(text) == slips


# --- the examples' bookkeeping: the same chips as the English (issue 30's close read) ---------

CHIP_AMOUNT = re.compile(r"(?<![\w.-])\d{2,}(?!\d)")
"""A number of two digits or more: in an example it is a count of chips (a bet, a stack, a pot,
a share); ranks and streets are single digits. Estonian joins its case endings with a hyphen
(``20-ni``), so only what comes before the number is fenced."""


def amount_differences(english: str, translated: str) -> tuple[list[str], list[str]]:
    """The chip amounts only the English names, and those only the translation names."""
    from collections import Counter

    theirs, ours = Counter(CHIP_AMOUNT.findall(english)), Counter(CHIP_AMOUNT.findall(translated))
    return sorted((theirs - ours).elements()), sorted((ours - theirs).elements())


@pytest.fixture(scope="module")
def english_examples() -> dict[str, str]:
    """The English of every example shown (the same for each language: built once)."""
    return {key: text for key, text in english_texts(default_rulebook(), load_source()).items() if key.startswith("example.")}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_translated_example_names_the_chips_the_english_does(english_examples: dict[str, str], lang: str) -> None:
    english = english_examples
    entries = load_catalogue(lang)["entries"]
    wrong = {key: amount_differences(text, entries[key]["text"]) for key, text in english.items()
             if key.startswith("example.") and key in entries and amount_differences(text, entries[key]["text"]) != ([], [])}
    assert wrong == {}, f"{lang}: examples whose chips differ from the English (English only, translation only): {wrong}"


def test_a_chip_amount_changed_in_translation_is_caught() -> None:
    english = "Seat 2's two pair take the larger half, 42, and seat 1's seven-low the smaller, 41."
    assert amount_differences(english, "p2 kaks paari võtavad suurema poole, 41, ja p1 madal käsi väiksema, 41.") == (["42"], ["41"])
    assert amount_differences("the pot of 260 is split 130 and 130", "260-mängumärgine pank jagatakse 130 ja 130") == ([], [])
    assert amount_differences("a 495-chip pot; 7-6-4-2-A on fifth street", "pula 495; 7-6-4-2-A na Fifth Street") == ([], [])
