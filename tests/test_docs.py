"""``stud8 docs``: the rule book (index.html, rules.md, per language) and the catalogue.

The committed documents must be what the generator makes from the current rule book,
translations and scenarios: when ``test_committed_docs_are_up_to_date`` fails, run
``stud8 docs --out docs``. Browser checks (search, widths, print) are in test_docs_browser.py;
translation checks in test_docs_i18n.py.
"""

from __future__ import annotations

import html
import posixpath
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from markupsafe import escape

from stud8.conformance.suite.scenarios import Scenario, iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.spec.errors import Stud8Error
from stud8.spec.rulebook import default_rulebook, packaged_rules_path
from stud8.tools.cli import main
from stud8.tools.docs.i18n import LANGUAGES, load_source
from stud8.tools.docs.order import book_rule_ids, engine_rules
from stud8.tools.docs.render import (
    BOOK_EXAMPLES_MAX,
    MD_FILE_LIMIT,
    build_book_context,
    csp_hash,
    low_ladder,
    md_escape,
    planned_names,
    render_book,
    write_output,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
BOOK_HTML_LIMIT = 520_000
"""Characters in one book page: every rule has a worked example (issue 19), and each of the book's
some 2,000 cards carries its spoken name (issue 30); the Greek book is the largest (about 480,000
characters). Counted in characters, not bytes: a Greek letter takes two
bytes in UTF-8, so a byte limit would hold the translated books to less text than the English."""

HOUSE_SCENARIO = """\
scenarios:
  - id: house-001
    kind: hand
    title: "<b>x</b> & the wheel is the best low in this room"
    rules: [low.qualifier]
    description: "A <i>house</i> case: *stars*, _under_ | pipes & <script>alert(1)</script>."
    cards: 5c 4d 3h 2s Ac
    high: {category: straight, cards: 5c 4d 3h 2s Ac}
    low: {cards: 5c 4d 3h 2s Ac}
  - id: house-002
    kind: replay
    teaching: showdown.uncontested
    title: A house hand where the bring-in takes the antes
    rules: [bring-in.lowest-upcard, showdown.uncontested]
    description: Seat 2 brings in and seat 1 folds.
    stakes: {ante: 5, bring_in: 10, small_bet: 20, big_bet: 40}
    stacks: [100, 100]
    deal:
      third: {p1: "Ah Kd 9s", p2: "2h 2d 3c"}
    actions:
      - p2 pb
      - p1 f
    outcome:
      stacks: [95, 105]
      pots:
        - {amount: 10, eligible: [p2], high: {p2: 10}, low: null}
      returned: {p2: 10}
      show_order: []
  - id: house-003
    kind: replay
    title: (test) An outcome the reference engine does not reach
    rules: [showdown.uncontested]
    description: The expected stacks are deliberately the other way round, so the engine's run is not used.
    stakes: {ante: 5, bring_in: 10, small_bet: 20, big_bet: 40}
    stacks: [100, 100]
    deal:
      third: {p1: "Ah Kd 9s", p2: "2h 2d 3c"}
    actions:
      - p2 pb
      - {reject: p2 cc, code: out-of-turn}
      - p1 f
    outcome:
      stacks: [105, 95]
      pots:
        - {amount: 10, eligible: [p1], high: {p1: 10}, low: null}
      returned: {p1: 10}
      show_order: []
"""


def docs(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main(["docs", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def read_tree(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8")
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def docs_dir(rendered_docs: Path) -> Path:
    """Every document in every language, rendered once for the session through the command."""
    return rendered_docs


@pytest.fixture(scope="module")
def tree(docs_dir: Path) -> dict[str, str]:
    return read_tree(docs_dir)


@pytest.fixture(scope="module")
def suite() -> list[Scenario]:
    files, problems = load_suite([packaged_scenarios_dir()], default_rulebook())
    assert problems == []
    return list(iter_scenarios(files))


def html_ids(page: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'\sid="([^"]*)"', page)]


def section_of(markdown: str, anchor: str) -> str:
    return markdown.split(f'<a id="{anchor}"></a>', 1)[1].split("<a id=", 1)[0]


BOOKS = ["index.html"] + [f"{lang}/index.html" for lang in LANGUAGES if lang != "en"]
MARKDOWN_BOOKS = ["rules.md"] + [f"{lang}/rules.md" for lang in LANGUAGES if lang != "en"]


# --- the committed documents ---------------------------------------------------------------


def test_committed_docs_are_up_to_date(tree: dict[str, str]) -> None:
    for name, text in tree.items():
        committed = ROOT / "docs" / name
        assert committed.is_file(), f"docs/{name} is missing: run `stud8 docs --out docs`"
        assert committed.read_bytes() == text.encode("utf-8"), (
            f"docs/{name} is out of date with the rule book, the translations or the scenarios: "
            "run `stud8 docs --out docs`")


def test_all_languages_and_the_catalogue_are_written(tree: dict[str, str]) -> None:
    for lang in LANGUAGES:
        folder = "" if lang == "en" else f"{lang}/"
        for name in ("index.html", "rules.md", "quickref.html"):
            assert f"{folder}{name}" in tree
        assert f'<html lang="{lang}">' in tree[f"{folder}index.html"]
    assert "catalogue.html" in tree and "catalogue/README.md" in tree
    for section in default_rulebook().data["sections"]:
        if section["id"] != "actions":
            assert f"catalogue/{section['id']}.md" in tree


def test_one_language_writes_its_book_and_the_catalogue(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "docs"
    code, printed, _ = docs(capsys, "--out", out, "--lang", "pl")
    assert code == 0 and "pl/index.html" in printed
    written = read_tree(out)
    assert "pl/index.html" in written and "catalogue.html" in written and "index.html" not in written


def test_rendering_is_deterministic(tree: dict[str, str], suite: list[Scenario]) -> None:
    again = render_book(build_book_context(default_rulebook(), suite, "en"))
    assert again["index.html"] == tree["index.html"] and again["rules.md"] == tree["rules.md"]
    for text in tree.values():
        assert not re.search(r"20\d\d-\d\d-\d\d|\d\d:\d\d:\d\d", text), "no dates or times"
        assert str(ROOT) not in text and "/tmp/" not in text, "no local paths"


# --- sizes ---------------------------------------------------------------------------------


def test_sizes(tree: dict[str, str]) -> None:
    for name in BOOKS:
        assert len(tree[name]) < BOOK_HTML_LIMIT, f"{name} is over {BOOK_HTML_LIMIT:,} characters"
    for name, text in tree.items():
        if name.endswith(".md"):
            assert len(text.encode("utf-8")) < MD_FILE_LIMIT, f"{name} is over {MD_FILE_LIMIT // 1000} KB"


# --- the book ------------------------------------------------------------------------------


def test_every_rule_has_an_anchor_and_a_catalogue_link(tree: dict[str, str]) -> None:
    rule_ids = book_rule_ids(default_rulebook())
    catalogue_ids = set(html_ids(tree["catalogue.html"]))
    for name in BOOKS:
        page = tree[name]
        ids = html_ids(page)
        assert len(ids) == len(set(ids)), f"{name}: HTML ids are unique"
        up = "" if name == "index.html" else "../"
        for rule_id in rule_ids:
            assert ids.count(rule_id) == 1, (name, rule_id)
            assert f'href="#{rule_id}"' in page  # the contents link to it
            assert f'href="{up}catalogue.html#{rule_id}"' in page, (name, rule_id)
            assert rule_id in catalogue_ids
        for rule_id in engine_rules(default_rulebook()):  # stated in the catalogue, not the book
            assert rule_id not in ids and f'href="{up}catalogue.html#rule-{rule_id}"' not in page.split("<main", 1)[0]
    for name in MARKDOWN_BOOKS:
        markdown = tree[name]
        up = "" if name == "rules.md" else "../"
        for rule_id in rule_ids:
            assert markdown.count(f'<a id="{rule_id}"></a>') == 1
            assert f"]({up}catalogue/README.md#{rule_id})" in markdown


def test_catalogue_links_back_to_the_book(tree: dict[str, str]) -> None:
    catalogue, readme = tree["catalogue.html"], tree["catalogue/README.md"]
    for rule_id in book_rule_ids(default_rulebook()):
        assert f'href="index.html#{rule_id}"' in catalogue
        assert f"](../rules.md#{rule_id})" in readme
        assert f'<a id="{rule_id}"></a>' in readme
    for rule_id in engine_rules(default_rulebook()):  # the engine rules are stated in the catalogue itself
        assert f'id="rule-{rule_id}"' in catalogue and f'href="#rule-{rule_id}"' in catalogue
        assert f'<a id="rule-{rule_id}"></a>' in readme and f"](README.md#rule-{rule_id})" in readme


def test_every_link_has_a_target(tree: dict[str, str]) -> None:
    for name, text in tree.items():
        if name.endswith(".html"):
            links = [html.unescape(t) for t in re.findall(r'href="([^"]*)"', text)]
            anchors = {n: set(html_ids(t)) for n, t in tree.items() if n.endswith(".html")}
        else:
            links = re.findall(r"\]\(([^)\s]+)\)", text)
            anchors = {n: set(re.findall(r'<a id="([^"]+)"></a>', t)) for n, t in tree.items() if n.endswith(".md")}
        for link in links:
            assert not link.startswith(("http:", "https:", "//")), f"{name}: no network link {link}"
            target, _, anchor = link.partition("#")
            resolved = posixpath.normpath(posixpath.join(posixpath.dirname(name), target)) if target else name
            assert resolved in tree, f"{name}: link to missing file {link}"
            if anchor:
                assert anchor in anchors[resolved], f"{name}: link to missing anchor {link}"


def test_book_has_no_codes_refusals_or_error_codes(tree: dict[str, str], suite: list[Scenario]) -> None:
    book = default_rulebook()
    # the worked examples of a rule about refused actions or hands that do not start show them
    # (issue 19: every rule has an example); they are left out of this check
    about = {r["id"] for s in book.data["sections"] for r in s["rules"]
             if "refused" in r["statement"] or "does not start" in r["statement"]}
    shown = [s.id for s in suite if s.data.get("teaching") in about]
    assert shown, "the rules about refusals have their examples"
    for name in BOOKS + MARKDOWN_BOOKS:
        # the engine rules (actions.*), which name the codes, are stated in the catalogue only
        text = re.sub(r"<(style|script)>.*?</\1>", "", tree[name], flags=re.DOTALL)
        for scenario_id in shown:
            text = re.sub(rf'<article class="example[^"]*" id="{scenario_id}">.*?</article>', "", text, flags=re.DOTALL)
            text = re.sub(rf'<a id="{scenario_id}"></a>.*?(?=<a id=)', "", text, flags=re.DOTALL)
        text = re.sub(r'<p class="statement"[^>]*>.*?</p>|^> .*$', "", text, flags=re.MULTILINE)
        assert not re.search(r"\bp\d (pb|cc|cbr|f)\b", text), f"{name}: no PHH action codes"
        assert not re.search(r"`(cc|cbr|pb|f)\b|\bcbr N\b", text), f"{name}: no action notation"
        assert 'class="refused"' not in text and "*refused*" not in text and "tries to" not in text, (
            f"{name}: no refused actions")
        for code in book.error_codes:
            assert code not in text.replace("actions.bad-start", ""), f"{name}: no error code {code}"


def test_at_most_two_examples_per_rule_and_each_once(tree: dict[str, str], suite: list[Scenario]) -> None:
    context = build_book_context(default_rulebook(), suite, "en")
    seen: list[str] = []
    for section in context["sections"]:
        for rule in section["rules"]:
            assert len(rule["examples"]) <= BOOK_EXAMPLES_MAX
            seen.extend(example["id"] for example in rule["examples"])
    assert len(seen) == len(set(seen))
    assert len(seen) >= 50, "most rules have a worked example"
    page = tree["index.html"]
    assert page.count('<article class="example') == len(seen)


def test_teaching_flags_name_a_cited_rule(suite: list[Scenario], tree: dict[str, str]) -> None:
    flagged = [s for s in suite if s.data.get("teaching")]
    assert flagged
    for scenario in flagged:
        named = scenario.data["teaching"]
        if isinstance(named, str):
            assert named in scenario.rules, f"{scenario.id}: teaching names {named}, which it does not cite"
            if named in engine_rules(default_rulebook()):  # stated in the catalogue, which names its example
                section = tree["catalogue.html"].split(f'id="rule-{named}"', 1)[1].split("</section>", 1)[0]
                assert f'<a href="#{scenario.id}">' in section, f"{scenario.id} is named under {named}"
                continue
            section = tree["index.html"].split(f'id="{named}"', 1)[1].split('<section class="rule', 1)[0]
            assert f'id="{scenario.id}"' in section, f"{scenario.id} is shown under {named}"


def test_worked_examples_tell_the_whole_story(tree: dict[str, str]) -> None:
    markdown = tree["rules.md"]
    story = section_of(markdown, "showdown-001")
    # made high and low of each player at showdown
    assert "- **p1**: two pair" in story and "- **p2**: high card" in story and "low 7-5-3-2-A" in story
    # the bring-in and who acts first each street, with the reason
    assert "| p1 | K♦ K♠ | 9♣ | ▶J♦ | ▶9♥ | ▶Q♣ | ▶3♥ |" in story and "| p2 | A♥ 3♦ | ▶2♠ |" in story
    assert "▶ Acts first: 3rd **p2** brings in: lowest up card 2♠ · 4th **p1**: best board: high card J♦ 9♣" in story
    assert "5th **p1**: best board: pair 9♥ 9♣ J♦" in story
    assert "Pot 260: high p1 130 · low p2 130" in story and "Final stacks: **p1** 505 (+5)" in story
    # amounts said one way: calls say what they add, bets and raises the total
    assert "calls 10 more" in markdown and "completes to 20" in markdown and "raises to" in markdown
    # running out of cards: the stub, the burns and the community card
    deck = section_of(markdown, "deck-003")
    assert "Running out of cards." in deck and "the stub holds 4:" in deck and "burned so far (3):" in deck
    assert "one community card is dealt face up for everyone: 2♥" in deck


def test_quick_reference_glossary_floor_and_sources(tree: dict[str, str]) -> None:
    page, markdown = tree["index.html"], tree["rules.md"]
    assert page.index('id="quick-reference"') < page.index('id="rules"')
    assert low_ladder(8, 8)[:3] == ["5-4-3-2-A", "6-4-3-2-A", "6-5-3-2-A"] and low_ladder(8, 8)[-1] == "8-7-6-5-4"
    assert "5-4-3-2-A" in markdown and "8-7-6-5-4" in markdown
    assert "clubs \\< ♦ diamonds \\< ♥ hearts \\< ♠ spades" in markdown
    source = load_source()
    for key in ("door-card", "hole-cards", "river", "bring-in", "complete", "scoop", "quarter", "stub", "wheel",
                "open-pair"):
        assert key in source["glossary"] and f'id="term-{key}"' in page
    for key in ("cards-speak", "show-all-seven", "exposed-down-cards", "verbal-string-bets"):
        assert f'id="floor-{key}"' in page
    assert "Floor procedures not covered by this rule book" in page
    for key in default_rulebook().data["sources"]:
        assert f'id="source-{key}"' in page
        assert key in source["source_details"], f"source {key} has its edition and date"
    assert "https://www.pokertda.com/" in page and "seeds/000_7823eb13fd885f11.txt" in markdown
    assert "quickref.html" in page and 'id="quick-reference"' in tree["quickref.html"]


def test_seed_quotes_are_verbatim_and_next_to_citing_rules(tree: dict[str, str]) -> None:
    book = default_rulebook()
    seeds = {"SEED-ET": "000_7823eb13fd885f11.txt", "SEED-PL": "001_4b229a6500f675fc.txt",
             "SEED-EL": "003_691b7f733cbaf140.txt"}
    # the seed texts beside the checkout (or a folder above it: a worktree sits deeper)
    folder = next((p / "shared" / "seeds" for p in ROOT.parents if (p / "shared" / "seeds").is_dir()),
                  ROOT.parent / "shared" / "seeds")
    citing = {key: {r["id"] for s in book.data["sections"] for r in s["rules"]
                    for c in r.get("sources", []) if c["source"] == key} for key in seeds}
    page = tree["index.html"]
    for quote in load_source()["seed_quotes"]:
        original = " ".join(quote["original"].split())
        if folder.is_dir():
            text = " ".join((folder / seeds[quote["source"]]).read_text(encoding="utf-8").split())
            for piece in original.split(" […] "):
                assert piece in text, f"{quote['source']}: quoted as written: {piece[:60]}"
        assert str(escape(original)) in page
        assert set(quote["rules"]) & citing[quote["source"]], "a quote stands next to a rule citing it"
    for key, rules in citing.items():
        appendix = page.split(f'id="quotes-{key}"', 1)[1].split("<h3", 1)[0]
        for rule_id in rules:
            assert f'href="#{rule_id}"' in appendix, f"{rule_id} cites {key}: listed beside its quotes"


def test_page_is_standalone_with_hashed_script(tree: dict[str, str]) -> None:
    for name in BOOKS + ["catalogue.html", "quickref.html"]:
        page = tree[name]
        assert page.startswith("<!DOCTYPE html>")
        csp = html.unescape(re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1))
        assert "unsafe-inline" not in csp and "default-src 'none'" in csp
        scripts = re.findall(r"<script>(.*?)</script>", page, re.DOTALL)
        styles = re.findall(r"<style>(.*?)</style>", page, re.DOTALL)
        assert len(scripts) == 1 and len(styles) == 1
        assert f"script-src {csp_hash(scripts[0])}" in csp
        assert f"style-src {csp_hash(styles[0])}" in csp
        assert "<script src" not in page and not re.search(r'(src|href)="(https?:)?//', page)
        assert "@import" not in page and "url(" not in page
        assert "fetch(" not in scripts[0] and "XMLHttpRequest" not in scripts[0]
        assert "@media print" in page and "@media (max-width" in page and "overflow-x: auto" in page
    # without JavaScript: the search box is hidden, the contents are open
    assert '<form id="search" class="search" role="search" hidden' in tree["index.html"]
    assert '<details class="toc" id="toc" open>' in tree["index.html"]


def test_every_rule_statement_is_in_the_english_book(tree: dict[str, str]) -> None:
    page, markdown = tree["index.html"], tree["rules.md"]
    engine = set(engine_rules(default_rulebook()))
    for section in default_rulebook().data["sections"]:
        for rule in section["rules"]:
            statement = " ".join(rule["statement"].split())
            html_page, md_page = (tree["catalogue.html"], tree["catalogue/README.md"]) if rule["id"] in engine else (
                page, markdown)
            assert str(escape(statement)) in html_page, rule["id"]
            assert md_escape(statement) in md_page, rule["id"]


# --- the catalogue -------------------------------------------------------------------------


def test_catalogue_has_every_scenario_codes_and_vocabulary(tree: dict[str, str], suite: list[Scenario]) -> None:
    catalogue = tree["catalogue.html"]
    ids = set(html_ids(catalogue))
    markdown = "".join(text for name, text in tree.items() if name.startswith("catalogue/"))
    for scenario in suite:
        assert scenario.id in ids
        assert markdown.count(f'<a id="{scenario.id}"></a>') == 1
    for code in default_rulebook().error_codes:
        assert f'id="error-{code}"' in catalogue
    assert 'id="vocabulary"' in catalogue and "<code>p2 cbr 20</code>" in catalogue
    assert 'id="coverage"' in catalogue
    assert "refused" in catalogue  # refusals are shown here, and only here


# --- escaping, profiles, house scenarios ---------------------------------------------------


@pytest.fixture(scope="module")
def house_tree(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The documents as the tda profile reads them, with three house scenarios."""
    house = tmp_path_factory.mktemp("house")
    (house / "house.yaml").write_text(HOUSE_SCENARIO, encoding="utf-8")
    out = tmp_path_factory.mktemp("house-book")
    assert main(["docs", "--out", str(out), "--scenarios", str(house), "--profile", "tda", "--lang", "en"]) == 0
    return read_tree(out)


def test_markup_in_a_scenario_is_shown_as_text(house_tree: dict[str, str]) -> None:
    page = house_tree["catalogue.html"]
    markdown = house_tree["catalogue/low.md"]
    assert "<b>x</b>" not in page and "<i>house</i>" not in page and "<script>alert" not in page
    assert "&lt;b&gt;x&lt;/b&gt; &amp; the wheel is the best low in this room" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>x</b>" not in markdown and "<script>" not in markdown
    assert r"\<b\>x\</b\> \& the wheel is the best low in this room" in markdown
    assert r"\*stars\*, \_under\_ \| pipes" in markdown


def test_house_scenarios_are_added(house_tree: dict[str, str], tree: dict[str, str]) -> None:
    catalogue = house_tree["catalogue.html"]
    for scenario_id in ("house-001", "house-002", "house-003"):
        assert f'id="{scenario_id}"' in catalogue
        assert scenario_id not in tree["catalogue.html"]
    assert "3 of them house scenarios" in catalogue
    # a house scenario marked for teaching is shown in the book under the rule it names
    book = house_tree["rules.md"]
    assert "| Third street | **p2** brings in 10 · **p1** folds | 20 |" in section_of(book, "house-002")
    assert "10 uncalled chips go back to p2." in book


def test_a_replay_the_engine_does_not_follow_is_shown_as_written(house_tree: dict[str, str]) -> None:
    markdown = house_tree["catalogue/showdown.md"]
    section = section_of(markdown, "house-003")
    assert ("Actions, in order: **p2** brings in · **p2** tries to check or call: *refused* (`out-of-turn`)"
            " · **p1** folds") in section
    assert "Pot after" not in section
    assert "| Pot | 10 | p1 | p1 10 | *not split: won without a showdown* |" in section
    assert "| Final | 105 | 95 |" in section


def test_profile_tda_shows_its_values(house_tree: dict[str, str], tree: dict[str, str]) -> None:
    rulebook = default_rulebook()
    markdown = house_tree["rules.md"]
    settings = rulebook.profiles["tda"]
    assert "This book is written as the profile tda reads it:" in markdown
    for option, value in settings.items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        default = rulebook.options[option].default
        for rule_id in rulebook.options[option].rules:
            assert f": `{shown}` (default `{default}`)" in section_of(markdown, rule_id)
    assert f"A round allows a bet and {settings['raise_cap']} raises" in markdown
    assert "(default `" not in section_of(tree["rules.md"], "betting.raise-cap")


# --- bad input -----------------------------------------------------------------------------


@pytest.fixture
def previous(tmp_path: Path) -> Path:
    """An output folder holding an earlier book and an unrelated file."""
    out = tmp_path / "docs"
    out.mkdir()
    for name in ("index.html", "rules.md"):
        (out / name).write_text(f"previous {name}\n", encoding="utf-8")
    (out / "notes.txt").write_text("keep me\n", encoding="utf-8")
    return out


def untouched(out: Path) -> bool:
    return (sorted(p.name for p in out.iterdir()) == ["index.html", "notes.txt", "rules.md"]
            and all((out / name).read_text(encoding="utf-8") == f"previous {name}\n" for name in ("index.html", "rules.md"))
            and not list(out.parent.glob(".docs.*")))


def test_broken_rule_book_is_reported_and_nothing_written(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          previous: Path) -> None:
    broken = tmp_path / "rules.yaml"
    text = packaged_rules_path().read_text(encoding="utf-8")
    broken.write_text(text.replace("id: table.stakes", "id: table.players", 1), encoding="utf-8")
    code, out, err = docs(capsys, "--out", previous, "--rules", broken)
    assert (code, out) == (1, "")
    lines = err.splitlines()
    assert re.fullmatch(rf"{re.escape(str(broken))}:\d+:\d+: \[error\] rule id 'table.players' is defined twice "
                        r"\(duplicate-rule-id\)", lines[0])
    assert lines[-1] == "stud8 docs: 1 problem found; nothing was written"
    assert untouched(previous)


def test_unparsable_rule_book(capsys: pytest.CaptureFixture[str], tmp_path: Path, previous: Path) -> None:
    broken = tmp_path / "rules.yaml"
    broken.write_text("version: 1\ntitle: [unclosed\n", encoding="utf-8")
    code, _, err = docs(capsys, "--out", previous, "--rules", broken)
    assert code == 1
    assert re.match(rf"{re.escape(str(broken))}:\d+:\d+: \[error\] .* \(yaml-syntax\)", err)
    assert untouched(previous)


def test_broken_scenario_is_reported_and_nothing_written(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         previous: Path) -> None:
    house = tmp_path / "house"
    house.mkdir()
    shutil.copy(DATA / "invalid" / "chips-not-conserved.yaml", house / "bad.yaml")
    code, out, err = docs(capsys, "--out", previous, "--scenarios", house)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{house}/bad.yaml:17:7: [error] final stacks add up to 210, the starting stacks to 200 (chips-not-conserved)",
        "stud8 docs: 1 problem found; nothing was written",
    ]
    assert untouched(previous)


def test_output_that_cannot_be_written(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a_file = tmp_path / "file.txt"
    a_file.write_text("not a folder\n", encoding="utf-8")
    assert docs(capsys, "--out", a_file) == (2, "", f"stud8 docs: --out {a_file}: exists and is not a folder\n")
    below = a_file / "docs"
    assert docs(capsys, "--out", below) == (2, "", f"stud8 docs: --out {below}: {a_file} is not a folder\n")
    assert a_file.read_text(encoding="utf-8") == "not a folder\n"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc, where no folder can be made")
def test_write_failure_is_a_clear_error() -> None:
    with pytest.raises(Stud8Error, match=r"^--out /proc/stud8-docs-test: cannot write: "):
        write_output(Path("/proc/stud8-docs-test"), {"rules.md": "x\n"})


def test_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "docs"
    assert docs(capsys, "--out", out, "--profile", "nope") == (
        2, "", "stud8 docs: unknown profile 'nope' (profiles: robert, tda)\n")
    assert docs(capsys, "--out", out, "--scenarios", tmp_path / "missing") == (
        2, "", f"stud8 docs: --scenarios {tmp_path / 'missing'}: no such folder\n")
    with pytest.raises(SystemExit) as raised:
        main(["docs", "--out", str(out), "--lang", "fi"])
    assert raised.value.code == 2
    assert not out.exists()


def test_write_output_replaces_only_its_files(tmp_path: Path) -> None:
    out = tmp_path / "docs"
    out.mkdir()
    (out / "rules.md").write_text("old\n", encoding="utf-8")
    (out / "other.md").write_text("other\n", encoding="utf-8")
    write_output(out, {"rules.md": "new\n", "et/rules.md": "uus\n"})
    assert (out / "rules.md").read_text(encoding="utf-8") == "new\n"
    assert (out / "et" / "rules.md").read_text(encoding="utf-8") == "uus\n"
    assert (out / "other.md").read_text(encoding="utf-8") == "other\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"], "no staging folder is left behind"


def test_catalogue_lists_the_mutants_when_the_registry_exists(tree: dict[str, str]) -> None:
    from stud8.tools.docs.mutants import mutant_rows

    rows = mutant_rows()
    if not rows:
        assert 'id="mutants"' not in tree["catalogue.html"]
        return
    assert 'id="mutants"' in tree["catalogue.html"] and "<a id=\"mutants\"></a>" in tree["catalogue/README.md"]
    for row in rows:
        assert f"<code>{row['name']}</code>" in tree["catalogue.html"].replace("_<wbr>", "_")
        assert row["rule"] in default_rulebook().rule_ids, f"mutant {row['name']} names a rule of the book"


VOID = {"meta", "br", "wbr", "input", "img", "hr", "link"}
OPTIONAL_END = {"li", "dt", "dd", "p", "tr", "td", "th", "thead", "tbody"}


class _Nesting(HTMLParser):
    """Checks that every element is closed in order (optional end tags aside)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack[-1] != tag and self.stack[-1] in OPTIONAL_END:
            self.stack.pop()
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> at line {self.getpos()[0]} closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()


def test_html_elements_are_properly_nested(tree: dict[str, str]) -> None:
    for name, text in tree.items():
        if name.endswith(".html"):
            checker = _Nesting()
            checker.feed(text)
            assert checker.errors[:3] == [] and checker.stack == [], name


def test_catalogue_quotes_every_citation(tree: dict[str, str]) -> None:
    """Issue 19: each citation is shown with the sentence it rests on (or why it was not checked),
    under its rule or option, in the HTML catalogue and in catalogue/citations.md."""
    data = default_rulebook().data
    page, markdown = tree["catalogue.html"], tree["catalogue/citations.md"]
    entries = [(f"cite-{r['id']}", r["sources"]) for s in data["sections"] for r in s["rules"]]
    entries += [(f"cite-option-{name}", o["sources"]) for name, o in data["options"].items()]
    for anchor, cited in entries:
        html_part = page.split(f'id="{anchor}"', 1)[1].split("</div>", 1)[0]
        md_part = markdown.split(f'<a id="{anchor}"></a>', 1)[1].split("<a id=", 1)[0]
        for citation in cited:
            if "quote" in citation:
                assert str(escape(" ".join(citation["quote"].split()))) in html_part, (anchor, citation["ref"])
                assert md_escape(citation["quote"]) in md_part, (anchor, citation["ref"])
            else:
                assert str(escape(" ".join(citation["why"].split()))) in html_part
                assert "*not checked*" in md_part
    assert "catalogue/citations.md" in tree and "(citations.md)" in tree["catalogue/README.md"]


@pytest.mark.parametrize("name", ["rules.md", "el/quickref.html", "catalogue/README.md", "catalogue/betting.md"])
def test_an_input_the_book_would_replace_is_refused_before_rendering(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """``--out book --rules book/rules.md`` (or a house scenario folder inside --out at a page's
    name): refused with the input named, before a page is rendered (it once took the whole
    rendering, a minute, to be told), and the input left as it was."""
    out = tmp_path / "book"
    source = out / name
    source.parent.mkdir(parents=True)
    shutil.copyfile(packaged_rules_path(), source)

    def no_rendering(*args: object, **kwargs: object) -> None:
        raise AssertionError("rendered before the outputs were checked")

    monkeypatch.setattr("stud8.tools.docs_cmd.build_book_context", no_rendering)
    code, printed, err = docs(capsys, "--out", out, "--rules", source)
    assert (code, printed) == (2, "")
    assert err == (f"stud8 docs: --out {source}: is an input of this command (its --rules): "
                   "it would be overwritten by its own output\n")
    assert source.read_bytes() == packaged_rules_path().read_bytes()


def test_planned_names_cover_every_page_written(tree: dict[str, str]) -> None:
    """The names checked before rendering are the names written (a page added to the book but
    not to ``planned_names`` would escape the early check)."""
    assert set(tree) <= set(planned_names(default_rulebook(), LANGUAGES))
