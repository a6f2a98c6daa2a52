"""The rule book as a dealer reads it (issue 21): the dealer's order, the engine notation moved to
the catalogue, no raw backticks, the scope first, one hand told whole, the catalogue's mutants
linked both ways, an h1 on every page, and the paper details of the print style sheet.

Browser checks (search, 390 px phone, contrast, :target) are in test_docs_browser.py; the PDF
itself in test_docs_pdf.py.
"""

from __future__ import annotations

import copy
import dataclasses
import html
import itertools
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from stud8.conformance.suite.scenarios import Scenario, iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.spec.rulebook import default_rulebook
from stud8.tools.docs.hand import WHOLE_HAND, NotTellable, find_whole_hand, whole_hand_view
from stud8.tools.docs.i18n import LANGUAGES, translator
from stud8.tools.docs.order import BOOK_CHAPTERS, ENGINE_RULES, book_rule_ids, chapters, engine_rules, unplaced

BOOKS = {lang: ("" if lang == "en" else f"{lang}/") for lang in LANGUAGES}


@pytest.fixture(scope="module")
def tree(rendered_docs: Path) -> dict[str, str]:
    folder = rendered_docs
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def suite() -> list[Scenario]:
    files, problems = load_suite([packaged_scenarios_dir()], default_rulebook())
    assert problems == []
    return list(iter_scenarios(files))


def whole(suite: list[Scenario]) -> Scenario:
    return next(s for s in suite if s.id == WHOLE_HAND)


class _Text(HTMLParser):
    """The text a reader sees: no comments, scripts, styles or attribute values."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0
        self.h1 = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self.skip += 1
        if tag == "h1":
            self.h1 += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def visible(page: str) -> _Text:
    parser = _Text()
    parser.feed(page)
    return parser


# --- the dealer's order --------------------------------------------------------------------


def test_every_rule_is_placed_once_in_the_book_or_the_catalogue() -> None:
    book = default_rulebook()
    assert unplaced(book) == [], "name each new rule in tools/docs/order.py (BOOK_CHAPTERS or ENGINE_RULES)"
    named = [rule_id for _, rules in BOOK_CHAPTERS for rule_id in rules] + list(ENGINE_RULES)
    assert sorted(named) == sorted(book.rule_ids) and len(named) == len(set(named))


def test_chapters_follow_a_hand_as_it_is_dealt() -> None:
    order = [chapter.id for chapter in chapters(default_rulebook())]
    assert order == ["table", "antes", "deal", "bring-in", "act-order", "betting", "all-in", "hands", "low",
                     "showdown", "pots", "odd-chip", "deck"]
    ids = list(book_rule_ids(default_rulebook()))
    # who acts before the betting limits and raise caps; the rankings and the low before the showdown
    assert ids.index("act-order.best-exposed-hand") < ids.index("betting.limits") < ids.index("betting.raise-cap")
    assert ids.index("betting.raise-cap") < ids.index("betting.all-in")
    assert ids.index("hands.categories") < ids.index("low.qualifier") < ids.index("showdown.split")
    assert ids.index("showdown.split") < ids.index("pots.side-pots") < ids.index("odd-chip.high-half")


def test_a_rule_missing_from_the_order_is_still_shown() -> None:
    book = default_rulebook()
    data = copy.deepcopy(dict(book.data))
    for section in data["sections"]:
        if section["id"] == "low":
            section["rules"].append({**section["rules"][0], "id": "low.new-rule", "title": "A new rule"})
        if section["id"] == "actions":
            section["rules"].append({**section["rules"][0], "id": "actions.new-code", "title": "Another code"})
    from stud8.spec.rulebook import parse_rulebook

    changed = parse_rulebook(data)
    assert unplaced(changed) == ["low.new-rule", "actions.new-code"]
    low = next(c for c in chapters(changed) if c.id == "low")
    assert low.rules[-1] == "low.new-rule"
    assert "actions.new-code" in engine_rules(changed) and "actions.new-code" not in book_rule_ids(changed)


def test_the_book_is_in_the_dealers_order_in_every_language(tree: dict[str, str]) -> None:
    expected = [f'id="section-{chapter.id}"' for chapter in chapters(default_rulebook())]
    for lang, folder in BOOKS.items():
        page = tree[f"{folder}index.html"]
        main_part = page.split('<main id="main">', 1)[1]
        positions = [main_part.index(anchor) for anchor in expected]
        assert positions == sorted(positions), lang
        for rule_id in ENGINE_RULES:
            assert f'id="{rule_id}"' not in page, f"{lang}: engine rule {rule_id} is in the catalogue only"
        numbers = re.findall(r'<section class="rule-section" id="section-[^"]+" data-search-group>\n<h3>(\d+)\. ', main_part)
        assert numbers == [str(n) for n in range(1, len(expected) + 1)], lang
    t = translator("et", default_rulebook())
    assert t("labels.chapter.antes") != "Antes" and t("labels.chapter.all-in") in tree["et/index.html"]


def test_engine_notation_is_in_the_catalogue(tree: dict[str, str]) -> None:
    catalogue = tree["catalogue.html"]
    assert catalogue.index('id="engine-rules"') < catalogue.index('id="vocabulary"')
    for rule_id in engine_rules(default_rulebook()):
        assert f'<section class="rule" id="rule-{rule_id}"' in catalogue
    assert "<code>p2 cbr 20</code>" in catalogue and 'id="error-out-of-turn"' in catalogue


def test_no_backticks_show_as_text(tree: dict[str, str]) -> None:
    for name, page in tree.items():
        if name.endswith(".html"):
            text = "".join(visible(page).parts)
            found = [m.start() for m in re.finditer("`", text)]
            assert not found, f"{name}: a backtick shows as text: …{text[max(found[0] - 60, 0):found[0] + 40]}…"


def test_every_page_has_one_h1(tree: dict[str, str]) -> None:
    for name, page in tree.items():
        if name.endswith(".html"):
            assert visible(page).h1 == 1, f"{name}: one h1"


# --- the scope, first ----------------------------------------------------------------------


def test_the_scope_comes_first_and_names_what_the_house_decides(tree: dict[str, str]) -> None:
    page = tree["index.html"]
    scope = re.search(r'<p class="scope" id="scope" data-search="scope">(.*?)</p>', page, re.DOTALL)
    assert scope and page.index('id="scope"') < page.index('id="toc"') < page.index('id="quick-reference"')
    text = scope.group(1)
    assert len(re.findall(r"[.!?](\s|$)", text.replace("(see", "").replace('").', '"'))) <= 2, "two sentences"
    for words in ("misdeals", "exposed cards", "string bets", "cards speak", "the bring-in", "odd chip"):
        assert words in text
    for lang, folder in BOOKS.items():
        assert '<p class="scope" id="scope" data-search="scope">' in tree[f"{folder}index.html"], lang
        assert '<a id="scope"></a>' in tree[f"{folder}rules.md"]
    # the floor procedures are searchable too (they were hidden from the search)
    assert '<section id="floor" data-search-group>' in page and '<div data-search="floor-cards-speak">' in page


# --- one hand, told whole ------------------------------------------------------------------


def test_the_whole_hand_is_a_four_player_hand_to_a_split_pot_with_an_odd_chip(suite: list[Scenario]) -> None:
    scenario = whole(suite)
    assert len(scenario.data["stacks"]) == 4 and scenario.kind == "replay"
    view = whole_hand_view(scenario, default_rulebook())
    assert [s["street"] for s in view["streets"]] == ["third", "fourth", "fifth", "sixth", "seventh"]
    [pot] = view["pots"]
    assert pot["split"] and pot["odd"] and pot["high_half"] == pot["low_half"] + 1
    assert view["shown_first"]["key"] == "bet"


def test_the_book_tells_what_the_suite_checks(suite: list[Scenario]) -> None:
    """Each street's first actor and the pot before it, as the book tells them, are the
    scenario's own checkpoints (worked out by hand), so the suite checks what the book says."""
    scenario = whole(suite)
    view = whole_hand_view(scenario, default_rulebook())
    told = {s["street"]: (s["reason"]["seat"] if s["reason"]["key"] != "all_in_skipped" else s["reason"]["first"],
                          s["pot_before"]) for s in view["streets"]}
    checked = {}
    for item in scenario.data["actions"]:
        if isinstance(item, dict) and "expect" in item and "street" in item["expect"]:
            expect = item["expect"]
            checked.setdefault(expect["street"], (expect.get("to_act"), expect.get("pot")))
    assert told == checked
    # and every action's pot adds up to the outcome
    last = view["streets"][-1]["actions"][-1]["pot"]
    assert last == sum(p["amount"] for p in scenario.data["outcome"]["pots"])
    assert view["streets"][0]["reason"]["key"] == "bring_in_suit", "the bring-in is decided by suit"
    assert [s["reason"]["key"] for s in view["streets"][1:]] == ["best_board"] * 3 + ["seventh"]


def test_a_hand_the_engine_does_not_follow_is_not_told(suite: list[Scenario]) -> None:
    scenario = whole(suite)
    data = copy.deepcopy(dict(scenario.data))
    data["actions"].insert(0, {"expect": {"to_act": "p1"}})
    wrong = dataclasses.replace(scenario, data=data)
    with pytest.raises(NotTellable, match="to_act"):
        whole_hand_view(wrong, default_rulebook())
    assert find_whole_hand([wrong], default_rulebook()) is None
    refused = copy.deepcopy(dict(scenario.data))
    refused["actions"].insert(1, {"reject": "p1 cc", "code": "out-of-turn"})
    with pytest.raises(NotTellable, match="refused"):
        whole_hand_view(dataclasses.replace(scenario, data=refused), default_rulebook())


def test_the_whole_hand_is_near_the_front_in_every_language(tree: dict[str, str]) -> None:
    for lang, folder in BOOKS.items():
        page = tree[f"{folder}index.html"]
        assert page.index('id="quick-reference"') < page.index('id="whole-hand"') < page.index('id="rules"'), lang
        hand = page.split('id="whole-hand"', 1)[1].split('<section id="rules">', 1)[0]
        for street in ("third", "fourth", "fifth", "sixth", "seventh", "showdown"):
            assert f'id="whole-hand-{street}"' in hand
        # cards drawn as cards: rank and suit symbol, face-down cards marked ▼ (not by colour alone)
        assert hand.count('<span class="pc') >= 4 * 3 + 3 * 4 * 5
        # each drawn card named for a screen reader in the book's language (test_every_card_has_a_spoken_name...)
        assert re.search('<span class="pc dn nw" role="img" aria-label="[^"]+"><span class="pc-rank">Q</span>'
                         '<span class="pc-suit">♠</span><span class="pc-face">▼</span>', hand)
        assert re.search('<span class="pc r nw" role="img" aria-label="[^"]+"><span class="pc-rank">3</span>'
                         '<span class="pc-suit">♥</span></span>', hand)
        if lang == "en":
            assert 'aria-label="queen of spades, face down"><span class="pc-rank">Q</span>' in hand
        assert hand.count('<p class="why">') == 5
        markdown = tree[f"{folder}rules.md"]
        assert markdown.index('<a id="whole-hand"></a>') < markdown.index('<a id="rules"></a>')
        assert "| p1 | **▼Q♠** **▼Q♣** **K♠** |" in markdown
    english = tree["index.html"].split('id="whole-hand"', 1)[1].split('<section id="rules">', 1)[0]
    text = html.unescape(re.sub(r"<[^>]+>", "", english))
    assert "p2 3♦, p4 3♣" in text and "so p4, with 3♣, must bring in" in text
    assert "p2 shows the best board (pair: 3♥ 3♦) and acts first" in text
    assert "the order is the sixth street's, and p1 acts first again" in text
    assert "The pot of 169 is split in two halves: 85 for the best high hand, 84 for the best low." in text
    assert "169 chips do not halve evenly: the odd chip goes to the high half." in text
    assert "p1 made the last bet on seventh street and shows first" in text
    assert "Final stacks: p1 229 (+29) · p2 144 (−56) · p3 199 (−1) · p4 228 (+28)" in text


def test_the_whole_hand_is_not_also_a_rule_example(tree: dict[str, str]) -> None:
    page = tree["index.html"]
    assert f'id="{WHOLE_HAND}"' not in page


# --- paper ---------------------------------------------------------------------------------


def test_a_catalogue_link_reads_catalogue_and_the_rule_id_on_paper(tree: dict[str, str]) -> None:
    style = re.search(r"<style>(.*?)</style>", tree["index.html"], re.DOTALL).group(1)
    printed = style.split("@media print", 1)[1]
    assert "a.cat > span { display: none; }" in printed and "a.cat::after { content: attr(data-paper); }" in printed
    assert "target-counter(attr(href), page)" in printed and "counter(page)" in style
    for lang, folder in BOOKS.items():
        page = tree[f"{folder}index.html"]
        word = translator(lang, default_rulebook())("labels.catalogue_paper", id="table.ante")
        assert f'data-paper="{word}"' in page, lang
        assert page.count('class="cat"') == len(book_rule_ids(default_rulebook()))


# --- the catalogue: mutants both ways ------------------------------------------------------


def test_each_rule_row_lists_its_mutants_and_each_mutant_links_back(tree: dict[str, str]) -> None:
    from stud8.tools.docs.mutants import mutant_rows

    rows = mutant_rows()
    if not rows:
        pytest.skip("no mutant registry installed")
    catalogue, readme = tree["catalogue.html"], tree["catalogue/README.md"]
    ids = set(re.findall(r'\sid="([^"]*)"', catalogue))
    by_rule: dict[str, list[str]] = {}
    for row in rows:
        by_rule.setdefault(row["rule"], []).append(row["name"])
        assert f"mutant-{row['name']}" in ids
        line = catalogue.split(f'<tr id="mutant-{row["name"]}"', 1)[1].split("</tr>", 1)[0]
        assert f'<a href="#{row["rule"]}">{row["rule"]}</a>' in line, row["name"]
        if row["killer"]:
            assert f'<a href="#{row["killer"]}">{row["killer"]}</a>' in line and row["killer"] in ids
        else:
            assert row["equivalent"], f"{row['name']}: a mutant to be killed names its killer"
        assert f'<a id="mutant-{row["name"]}"></a>' in readme
    for rule_id, names in by_rule.items():
        cell = catalogue.split(f'<tr id="{rule_id}"', 1)[1].split("</tr>", 1)[0]
        for name in names:
            assert f'<a href="#mutant-{name}">{name}</a>' in cell
    assert '<section id="mutants" data-search-group>' in catalogue, "the search finds mutants"


def test_markdown_uses_no_undefined_card_filter_output(tree: dict[str, str]) -> None:
    for lang, folder in BOOKS.items():
        assert "Markup(" not in tree[f"{folder}rules.md"] and "{seat}" not in tree[f"{folder}rules.md"], lang
        assert "{seat}" not in tree[f"{folder}index.html"] and "{cards}" not in tree[f"{folder}index.html"], lang


def test_write_output_writes_bytes(tmp_path: Path) -> None:
    from stud8.tools.docs.render import write_output

    write_output(tmp_path / "out", {"a.pdf": b"%PDF-1.7\n\x00\xff", "a.md": "x\n"})
    assert (tmp_path / "out" / "a.pdf").read_bytes() == b"%PDF-1.7\n\x00\xff"


# --- two registers: the dealer's text speaks of cards, chips and players (issue 30) ---------


def dealer_texts(suite: list[Scenario], lang: str) -> dict[str, str]:
    """What a dealer reads in the book, by where it is: the quick reference, the words of the
    hand told whole, each rule's title and statement, its worked examples' titles and
    descriptions, the glossary and the floor procedures. Not in it: the small print under a
    rule (parameters, options, sources) and an example's set-up line, the Options chapter, the
    sources and the catalogue, where option names, profile ids and rule ids belong."""
    from stud8.tools.docs.render import build_book_context

    context = build_book_context(default_rulebook(), suite, lang)
    t = context["t"]
    out = {key: t(key) for key in t.english if key.startswith(("quickref.", "glossary.", "floor.", "labels.walk."))}
    for section in context["sections"]:
        for rule in section["rules"]:
            out[f"rule {rule['id']} title"] = rule["title"]
            out[f"rule {rule['id']} statement"] = rule["statement"]
            for example in rule["examples"]:
                out[f"example {example['id']} title"] = example["title"]
                out[f"example {example['id']} description"] = example["description"]
    return out


def _outside_brackets(text: str) -> str:
    depth, kept = 0, []
    for char in text:
        depth += char == "("
        if depth == 0:
            kept.append(char)
        depth -= char == ")" and depth > 0
    return "".join(kept)


def register_problems(text: str, lang: str) -> list[str]:
    """What in ``text`` (a dealer's text) belongs to the software's register: an option's name
    or a value of one written as code (``burn_before_third``, ``card_by_suit_all_cards``), a
    profile id (``robert``), a rule or scenario id outside brackets (a rule as the subject of
    a sentence: "betting.heads-up says ..."), and in English "refused"."""
    book = default_rulebook()
    found = []
    names = set(book.options) | {value for option in book.data["options"].values() for value in option.get("values", {})
                                 if "_" in value}
    for name in sorted(names):
        if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text):
            found.append(f"option name or value {name!r}")
    for profile in book.profiles:
        if re.search(rf"(?<![\w.-]){re.escape(profile)}(?![\w-])", text):  # lower case: RR and TDA the sources are capitals
            found.append(f"profile id {profile!r}")
    bare = _outside_brackets(text)
    for rule_id in book.rule_ids:
        if re.search(rf"(?<![\w.-]){re.escape(rule_id)}(?![\w-])", bare):
            found.append(f"rule id {rule_id!r} outside brackets")
    if re.search(r"\b[a-z]+(?:-[a-z]+)*-\d{3}\b", bare):
        found.append("a scenario id outside brackets")
    if lang == "en" and re.search(r"\brefus", text, re.IGNORECASE):
        found.append("refused")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dealers_text_speaks_of_cards_chips_and_players(suite: list[Scenario], lang: str) -> None:
    problems = [f"{where}: {problem}: {text[:140]!r}" for where, text in dealer_texts(suite, lang).items()
                for problem in register_problems(text, lang)]
    assert problems == [], f"{lang}: {len(problems)} pieces of the software's register in the dealer's text:\n" + \
        "\n".join(problems[:40])


@pytest.mark.parametrize("planted", [
    "no card is burned before third street unless the burn_before_third option is on",
    "under the default card_by_suit_all_cards the ace of clubs is lowest",
    "the profile robert reads it so",
    "betting.heads-up says when two may raise on",
    "the deal of odd-chip-012, played again",
    "folding, checking and any other amount are refused",
])
def test_each_kind_of_software_register_is_found(planted: str) -> None:
    assert register_problems(planted, "en") != []
    # ... and not in brackets or in the words of the game
    assert register_problems("as the next rule says (betting.heads-up), as played before (odd-chip-012)", "en") == []
    assert register_problems("the robber bets; a capped round allows no more raises", "en") == []


# --- headings in order ----------------------------------------------------------------------


def test_heading_levels_never_skip(tree: dict[str, str]) -> None:
    """A screen reader's outline: on every page each heading is at most one level below the one
    before it (the quick reference on its own page is under the h1, so its headings are h2)."""
    for name, page in tree.items():
        if not name.endswith(".html"):
            continue
        levels = [int(level) for level in re.findall(r"<h([1-6])[\s>]", page)]
        assert levels and levels[0] == 1, name
        skips = [(a, b) for a, b in itertools.pairwise(levels) if b > a + 1]
        assert skips == [], f"{name}: a heading skips a level ({skips[:3]})"


# --- examples a dealer reads as rulings; cards a screen reader names (issue 30) ------------


def test_a_pot_is_shown_going_to_the_players_who_get_it(tree: dict[str, str]) -> None:
    """A pot shared both ways is shown shared (33 and 33), not as halves whose bookkeeping hands
    the odd low chip against the card order; an uncontested pot is named as such, never "high";
    a pot without a low goes whole to the high hand."""
    page = tree["index.html"]
    lines = re.findall(r'<ul class="pots-line">(.*?)</ul>', page, re.DOTALL)
    items = [re.sub(r"<[^>]+>", "", item).strip() for block in lines for item in re.findall(r"<li>(.*?)</li>", block, re.DOTALL)]
    assert items, "the book's examples list their pots"
    both = [item for item in items if "tie for high and for low" in item]
    assert both == ["Pot 66: p1, p2 tie for high and for low and share the whole pot: p1 33, p2 33"]
    uncontested = [item for item in items if "uncontested" in item]
    assert uncontested and not any("high" in item for item in uncontested)
    assert all("·" in item or "uncontested" in item or "whole pot" in item for item in items), items
    markdown = tree["rules.md"]
    assert "p1, p2 tie for high and for low and share the whole pot: p1 33, p2 33" in markdown


def test_the_tied_both_ways_view_shares_the_pot() -> None:
    from stud8.tools.docs.scenes import outcome_view

    data = {"stacks": [100, 100], "outcome": {"stacks": [100, 100], "show_order": ["p2", "p1"], "pots": [
        {"amount": 66, "eligible": ["p1", "p2"], "high": {"p1": 16, "p2": 17}, "low": {"p1": 17, "p2": 16}}]}}
    [pot] = outcome_view(data)["pots"]
    assert pot["note"] == "both_ways" and pot["shares"] == [{"seat": "p1", "amount": 33}, {"seat": "p2", "amount": 33}]
    # the same players high and low but one of them alone (a scoop) is not a shared pot
    data["outcome"]["pots"][0].update(high={"p1": 33}, low={"p1": 33})
    assert outcome_view(data)["pots"][0]["note"] == ""


SPOKEN = {"en": "ten of hearts", "et": "ärtu kümme", "pl": "dziesiątka kier", "el": "δέκα κούπα"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_spoken_name_in_the_books_language(tree: dict[str, str], lang: str) -> None:
    page = tree[f"{BOOKS[lang]}index.html"]
    cards = re.findall(r"<b(?: class=\"r\")?( [^>]*)?>([^<]*)</b>", page)
    assert len(cards) > 500
    unnamed = [text for attrs, text in cards if 'role="img"' not in (attrs or "") or "aria-label=" not in (attrs or "")]
    assert unnamed == [], f"{lang}: {len(unnamed)} cards without a spoken name, e.g. {unnamed[:5]}"
    assert f'aria-label="{SPOKEN[lang]}">10♥</b>' in page
    drawn = re.findall(r'<span class="pc(?: [^"]*)?"([^>]*)>', page)  # the drawn cards, not their rank and suit
    assert drawn and all(('role="img"' in attrs and "aria-label=" in attrs) or 'aria-hidden="true"' in attrs
                         for attrs in drawn)
