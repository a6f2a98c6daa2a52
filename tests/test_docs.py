"""``stud8 docs``: the generated rule book (docs/rules.md and docs/index.html).

The committed book must be what the generator makes from the current rule book and
scenarios: when ``test_committed_docs_are_up_to_date`` fails, run ``stud8 docs --out docs``.
The Chromium check (``-m chromium``) runs only where a headless Chromium is installed: it
renders the page at a desktop and a phone width and fails on console errors.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from markupsafe import escape

from stud8.conformance.scenarios import Scenario, iter_scenarios, load_suite, packaged_scenarios_dir
from stud8.reference.errors import Stud8Error
from stud8.spec.rulebook import default_rulebook, packaged_rules_path
from stud8.tools.cli import main
from stud8.tools.docs_render import build_context, md_escape, render, write_output

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data"
FILES = ("rules.md", "index.html")

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


def read(folder: Path) -> dict[str, str]:
    return {name: (folder / name).read_text(encoding="utf-8") for name in FILES}


@pytest.fixture(scope="module")
def book_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default book, rendered once for the module through the command."""
    folder = tmp_path_factory.mktemp("book") / "docs"
    assert main(["docs", "--out", str(folder)]) == 0
    return folder


@pytest.fixture(scope="module")
def book(book_dir: Path) -> dict[str, str]:
    return read(book_dir)


@pytest.fixture(scope="module")
def suite() -> list[Scenario]:
    files, problems = load_suite([packaged_scenarios_dir()], default_rulebook())
    assert problems == []
    return list(iter_scenarios(files))


def html_ids(page: str) -> list[str]:
    return [html.unescape(m) for m in re.findall(r'\sid="([^"]*)"', page)]


# --- the committed book --------------------------------------------------------------------


def test_committed_docs_are_up_to_date(book: dict[str, str]) -> None:
    for name in FILES:
        committed = ROOT / "docs" / name
        assert committed.is_file(), f"docs/{name} is missing: run `stud8 docs --out docs`"
        assert committed.read_bytes() == book[name].encode("utf-8"), (
            f"docs/{name} is out of date with the rule book or the scenarios: run `stud8 docs --out docs`")


def test_rendering_is_deterministic(book: dict[str, str], suite: list[Scenario]) -> None:
    assert render(build_context(default_rulebook(), suite)) == book  # a second rendering, byte for byte
    for text in book.values():
        assert not re.search(r"20\d\d-\d\d-\d\d|\d\d:\d\d:\d\d", text), "no dates or times in the book"
        assert str(ROOT) not in text and "/tmp/" not in text, "no local paths in the book"


# --- contents ------------------------------------------------------------------------------


def test_every_rule_has_its_id_as_anchor(book: dict[str, str]) -> None:
    page, markdown = book["index.html"], book["rules.md"]
    ids = html_ids(page)
    assert len(ids) == len(set(ids)), "HTML ids are unique"
    for rule_id in default_rulebook().rule_ids:
        assert ids.count(rule_id) == 1
        assert markdown.count(f'<a id="{rule_id}"></a>') == 1
        assert f'href="#{rule_id}"' in page  # the table of contents links to it
        assert f"](#{rule_id})" in markdown


def test_every_link_has_a_target(book: dict[str, str]) -> None:
    page, markdown = book["index.html"], book["rules.md"]
    ids = set(html_ids(page))
    missing = {html.unescape(t) for t in re.findall(r'href="#([^"]*)"', page)} - ids
    assert missing == set()
    md_ids = set(re.findall(r'<a id="([^"]+)"></a>', markdown))
    assert set(re.findall(r"\]\(#([^)]+)\)", markdown)) - md_ids == set()


def test_every_rule_and_scenario_appears(book: dict[str, str], suite: list[Scenario]) -> None:
    rulebook = default_rulebook()
    page, markdown = book["index.html"], book["rules.md"]
    for section in rulebook.data["sections"]:
        for rule in section["rules"]:
            statement = " ".join(rule["statement"].split())
            assert str(escape(statement)) in page
            assert md_escape(statement) in markdown
            assert str(escape(rule["title"])) in page
    ids = set(html_ids(page))
    for scenario in suite:
        assert scenario.id in ids, f"{scenario.id} is shown in full somewhere"
        assert f'<a id="{scenario.id}"></a>' in markdown
    # every rule statement, option and profile ends up in the page
    for option in rulebook.options:
        assert f'id="option-{option}"' in page
    for profile in rulebook.profiles:
        assert f"<code>{profile}</code>" in page


def test_overview_rankings_and_coverage(book: dict[str, str]) -> None:
    page, markdown = book["index.html"], book["rules.md"]
    for anchor in ("overview", "streets", "hand-rankings", "high-hands", "low-hands", "rules", "options",
                   "profiles", "error-codes", "sources", "coverage"):
        assert f'id="{anchor}"' in page
        assert f"](#{anchor})" in markdown
    for street in default_rulebook().streets:
        assert f"| {street.name.capitalize()} street |" in markdown
    for category in default_rulebook().data["game"]["high_categories"]:
        assert f"| {category.capitalize()} |" in markdown
    assert '<span class="c r">10♥</span>' in page and '<span class="c k">' in page  # red and black suits
    assert "| 5-4-3-2-A |" in markdown
    assert "| Antes | each player antes 5 |" in markdown  # a replay's street-by-street table
    assert "Showdown order:" in markdown and "| Pot after |" in markdown


def test_page_is_standalone(book: dict[str, str]) -> None:
    page = book["index.html"]
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page.lower()
    assert not re.search(r'(src|href)="(https?:)?//', page), "nothing is loaded from the network"
    assert "@import" not in page and "url(" not in page
    assert "Content-Security-Policy" in page
    assert "@media print" in page and "@media (max-width" in page and "overflow-x: auto" in page


# --- escaping, profiles, house scenarios ---------------------------------------------------


@pytest.fixture(scope="module")
def house_book(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The book as the tda profile reads it, with three house scenarios (one rendering for both)."""
    house = tmp_path_factory.mktemp("house")
    (house / "house.yaml").write_text(HOUSE_SCENARIO, encoding="utf-8")
    out = tmp_path_factory.mktemp("house-book")
    assert main(["docs", "--out", str(out), "--scenarios", str(house), "--profile", "tda"]) == 0
    return read(out)


def test_markup_in_a_scenario_is_shown_as_text(house_book: dict[str, str]) -> None:
    page, markdown = house_book["index.html"], house_book["rules.md"]
    assert "<b>x</b>" not in page and "<i>house</i>" not in page and "<script>" not in page
    assert "&lt;b&gt;x&lt;/b&gt; &amp; the wheel is the best low in this room" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>x</b>" not in markdown and "<script>" not in markdown
    assert r"\<b\>x\</b\> \& the wheel is the best low in this room" in markdown
    assert r"\*stars\*, \_under\_ \| pipes" in markdown


def test_house_scenarios_are_added(house_book: dict[str, str], book: dict[str, str]) -> None:
    page, markdown = house_book["index.html"], house_book["rules.md"]
    for scenario_id in ("house-001", "house-002", "house-003"):
        assert f'<article class="example house" id="{scenario_id}">' in page
        assert f'<a id="{scenario_id}"></a>' in markdown
        assert f"[{scenario_id}](#{scenario_id})" in markdown  # in the coverage matrix
        assert scenario_id not in book["index.html"]
    assert "3 of them house scenarios" in markdown
    assert "| Third street | **p2** brings in 10 · **p1** folds | 20 |" in markdown
    assert "10 uncalled chips go back to p2." in markdown


def test_a_replay_the_engine_does_not_follow_is_shown_as_written(house_book: dict[str, str]) -> None:
    markdown = house_book["rules.md"]
    section = markdown.split('<a id="house-003"></a>', 1)[1].split("<a id=", 1)[0]
    assert ("Actions, in order: **p2** brings in · **p2** tries to check or call: *refused* (`out-of-turn`)"
            " · **p1** folds") in section
    assert "Pot after" not in section
    # the outcome shown is the scenario's, never the engine's
    assert "| Pot | 10 | p1 | p1 10 | *not split: won without a showdown* |" in section
    assert "| Final | 105 | 95 |" in section


def test_profile_tda_shows_its_values(house_book: dict[str, str], book: dict[str, str]) -> None:
    rulebook = default_rulebook()
    page, markdown = house_book["index.html"], house_book["rules.md"]
    settings = rulebook.profiles["tda"]
    assert settings, "the tda profile sets options"
    assert "It is written as the profile `tda` reads it" in markdown
    assert "tda (this profile)" in page
    for option, value in settings.items():
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        default = rulebook.options[option].default
        for rule_id in rulebook.options[option].rules:
            section = markdown.split(f'<a id="{rule_id}"></a>', 1)[1].split("<a id=", 1)[0]
            assert f"**This profile changes this rule:** `{option}` is `{shown}` (default `{default}`)" in section
        assert f"**This profile:** `{shown}`." in markdown
    assert f"A betting round allows a bet and {settings['raise_cap']} raises (`raise_cap`, in this profile)" in markdown
    assert "This profile changes this rule" not in book["rules.md"]


# --- bad input -----------------------------------------------------------------------------


@pytest.fixture
def previous(tmp_path: Path) -> Path:
    """An output folder holding an earlier book and an unrelated file."""
    out = tmp_path / "docs"
    out.mkdir()
    for name in FILES:
        (out / name).write_text(f"previous {name}\n", encoding="utf-8")
    (out / "notes.txt").write_text("keep me\n", encoding="utf-8")
    return out


def untouched(out: Path) -> bool:
    return (sorted(p.name for p in out.iterdir()) == ["index.html", "notes.txt", "rules.md"]
            and all((out / name).read_text(encoding="utf-8") == f"previous {name}\n" for name in FILES)
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
    assert not out.exists()


def test_write_output_replaces_only_its_files(tmp_path: Path) -> None:
    out = tmp_path / "docs"
    out.mkdir()
    (out / "rules.md").write_text("old\n", encoding="utf-8")
    (out / "other.md").write_text("other\n", encoding="utf-8")
    write_output(out, {"rules.md": "new\n", "index.html": "<p>new</p>\n"})
    assert read(out) == {"rules.md": "new\n", "index.html": "<p>new</p>\n"}
    assert (out / "other.md").read_text(encoding="utf-8") == "other\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"], "no staging folder is left behind"


# --- the page in a browser -----------------------------------------------------------------


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.mark.chromium
@pytest.mark.skipif(_chromium() is None, reason="no headless Chromium installed")
@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_page_renders_in_headless_chromium(book_dir: Path, tmp_path: Path, width: int, height: int) -> None:
    shot = tmp_path / f"rules-{width}.png"
    command = [
        str(_chromium()), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={tempfile.mkdtemp(dir=tmp_path)}", "--hide-scrollbars",
        "--enable-logging=stderr", "--v=0", f"--window-size={width},{height}", f"--screenshot={shot}",
        (book_dir / "index.html").as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert shot.is_file() and shot.stat().st_size > 10_000
    console = [line for line in done.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    assert console == []
