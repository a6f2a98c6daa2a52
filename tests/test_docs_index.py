"""The README is a guide and the documents are linked (issue 27): the README stays short, its
contributor command is the one CI runs, every document it or the index mentions is a link that
leads somewhere, docs/index.md lists every document, docs/cli.md names every command and flag,
and the README's hand-history example is what the command prints."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from stud8.tools.cli import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
INDEX = ROOT / "docs" / "index.md"
CLI = ROOT / "docs" / "cli.md"
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)

pytestmark = pytest.mark.skipif(not CLI.is_file(), reason="not running from a checkout or an sdist (no docs/cli.md)")


def _prose(path: Path) -> str:
    """The text outside code blocks and commands (what a code block shows is output, and a
    path in a command, ``stud8 docs --out docs``, is an argument, not a mention)."""
    return re.sub(r"`[^`]+`", lambda span: "" if re.search(r"\s", span.group(0)) else span.group(0),
                  FENCE.sub("", path.read_text(encoding="utf-8")))


def _anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a Markdown file's headings (lower case, spaces to hyphens,
    punctuation dropped), and explicit ``<a id>``."""
    text = path.read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.+)$", FENCE.sub("", text), re.MULTILINE)
    made = {re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-") for heading in headings}
    return made | set(re.findall(r'<a id="([^"]+)"', text))


def test_the_readme_is_a_short_guide() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, len(lines)
    headings = [line for line in lines if line.startswith("## ")]
    assert headings[:4] == ["## Quick start", "## Test your engine", "## Audit hand histories", "## Print the rule book"]


def test_the_contributors_quick_start_is_exactly_what_ci_runs() -> None:
    script = ROOT / ".ci" / "run"
    if not script.is_file():
        pytest.skip("no .ci/run here (an sdist leaves it out)")
    [command] = [line for line in script.read_text(encoding="utf-8").splitlines() if "pytest" in line and "pip install" in line]
    command = command.replace(" --quiet", "")  # pip's verbosity in CI's log, not a different command
    blocks = re.findall(r"```sh\n(.*?)\n```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert command.strip() in [block.strip() for block in blocks]
    assert "contributor's test run" in README.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", [README, INDEX, CLI], ids=lambda path: path.name)
def test_every_link_leads_to_a_file_and_anchor_that_exist(path: Path) -> None:
    for text, target in LINK.findall(_prose(path)):
        if re.match(r"[a-z]+:", target):
            continue
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        assert linked.exists(), f"{path.name}: [{text}]({target}) leads nowhere"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked), f"{path.name}: [{text}]({target}): no such heading"


@pytest.mark.parametrize("path", [README, INDEX, CLI], ids=lambda path: path.name)
def test_every_mention_of_a_document_is_a_link(path: Path) -> None:
    prose = LINK.sub("", _prose(path))
    mentions = re.findall(r"(?<![\w/.$-])((?:docs|conformance|tests)/[\w./-]*\.md|README\.md|LICENSE)\b", prose)
    mentions = [mention for mention in mentions if mention != "README.md" or path != README]
    assert mentions == [], f"{path.name}: documents named without a link: {sorted(set(mentions))}"


def test_the_index_lists_every_document() -> None:
    """Every hand-written or generated document at the top of docs/ (and the catalogue, the
    translations, WRITING.md and the hostile corpus's README) is linked from docs/index.md."""
    linked = {(INDEX.parent / target.partition("#")[0]).resolve() for _, target in LINK.findall(_prose(INDEX))}
    documents = [path for path in (ROOT / "docs").glob("*") if path.suffix in (".md", ".html") and path != INDEX]
    documents += [ROOT / "docs" / "catalogue" / "README.md", ROOT / "conformance" / "WRITING.md",
                  ROOT / "tests" / "hostile" / "README.md"]
    documents += [ROOT / "docs" / lang / "rules.md" for lang in ("et", "pl", "el")]
    missing = sorted(str(path.relative_to(ROOT)) for path in documents if path.resolve() not in linked)
    assert missing == [], f"docs/index.md does not link: {missing}"


def _sections() -> dict[str, str]:
    text = CLI.read_text(encoding="utf-8")
    parts = re.split(r"^## stud8 ([a-z-]+)\n", text, flags=re.MULTILINE)
    return {parts[i]: parts[i + 1].split("\n## ", 1)[0] for i in range(1, len(parts), 2)}


def test_the_cli_reference_gives_every_command_and_every_flag() -> None:
    """A section per command, naming each of its visible flags (a flag added without a word
    in docs/cli.md fails here)."""
    sections = _sections()
    assert set(COMMANDS) <= set(sections), sorted(set(COMMANDS) - set(sections))
    missing = []
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    for name, command in commands.items():
        parsers = [command]
        section = sections["hh" if name == "phh" else name]  # phh's aliases take hh's arguments
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                parsers += list(action.choices.values())
        for sub in parsers:
            for action in sub._actions:
                if action.help == argparse.SUPPRESS:
                    continue
                missing += [f"{name}: {flag}" for flag in action.option_strings
                            if flag not in ("-h", "--help") and not re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", section)]
    assert missing == [], missing


def test_the_readmes_audit_example_is_what_the_command_prints(capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    text = README.read_text(encoding="utf-8")
    block = re.search(r"```\n\$ stud8 (hh audit [^\n]+)\n(.*?)```", text, re.DOTALL)
    assert block, "the README shows stud8 hh audit with its output"
    monkeypatch.chdir(ROOT)
    main(block.group(1).split())
    assert capsys.readouterr().out == block.group(2)
