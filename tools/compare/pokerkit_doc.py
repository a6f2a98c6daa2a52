"""``docs/pokerkit.md``, generated from an actual run of the suite on PokerKit.

    python -m stud8.tools.compare.pokerkit_doc --out docs/pokerkit.md

runs ``stud8 conform`` on ``--engine pokerkit`` and ``--engine pokerkit-native`` (in this process,
through the same command, reports written to a temporary folder), groups the native run's failures
by root cause, and renders ``templates/pokerkit.md.j2`` with the notes of
``templates/pokerkit-notes.yaml`` (why PokerKit fails each rule, and whose reading is right). A
rule that fails without a note, or a note whose rule no longer fails, stops the generation with a
message naming them: the page says what PokerKit does, or nothing is written.
``tests/test_pokerkit_doc.py`` regenerates it and compares with the committed page.

Exit codes: 0 written (or, with ``--check``, the page is current), 1 the page is stale
(``--check``) or the notes do not match the run, 2 PokerKit is not installed or the output
cannot be written.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
from importlib import metadata, resources
from pathlib import Path
from typing import Any

import jinja2

from stud8.conformance.suite.checks import rule_text
from stud8.spec.errors import Stud8Error
from stud8.spec.outputs import write_text_atomic
from stud8.spec.version import stud8_version
from stud8.spec.yamlio import load_yaml
from stud8.tools.compare.model import Comparison, EngineRun, compare, load_comparison

ENGINES = ("pokerkit", "pokerkit-native")


class NotesMismatch(Stud8Error):
    """The notes and the run disagree: a failing rule without a note, or a note for no failure."""


def run_suite(spec: str, folder: Path) -> Path:
    """One ``stud8 conform`` run of the packaged suite on ``spec``; its report's path."""
    from stud8.tools.cli import main

    report = folder / f"{spec}.json"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        main(["conform", "--engine", spec, "--report", str(report), "--", "-q", "-p", "no:cacheprovider"])
    if not report.is_file():
        raise Stud8Error(f"the run on {spec} wrote no report (is PokerKit installed? pip install 'stud8[pokerkit]')", "usage")
    return report


def notes() -> dict[str, dict[str, str]]:
    text = resources.files("stud8.tools.compare").joinpath("templates").joinpath("pokerkit-notes.yaml").read_text(encoding="utf-8")
    return dict(load_yaml(text, "pokerkit-notes.yaml"))


def render(pokerkit: EngineRun, native: EngineRun, comparison: Comparison | None = None) -> str:
    """The page's Markdown for the two runs (``NotesMismatch`` when the notes do not fit them)."""
    from stud8.conformance.engines.pokerkit_adapter import PokerKitEngine

    known = notes()
    failing = {rule for rule, _ in native.root_causes} | {rule for rule, _ in pokerkit.root_causes}
    missing, unused = sorted(failing - set(known)), sorted(set(known) - failing)
    if missing or unused:
        parts = ([f"rules that fail without a note: {', '.join(missing)}"] if missing else []) + (
            [f"notes for rules that no longer fail: {', '.join(unused)}"] if unused else [])
        raise NotesMismatch("tools/compare/templates/pokerkit-notes.yaml does not match the run: " + "; ".join(parts), "invalid")
    comparison = comparison or compare([pokerkit, native])
    handshake = PokerKitEngine(native=False).handshake()
    declared = handshake["options"]
    declared_text = ", ".join(f"`{name}`: {'any' if values == '*' else ' or '.join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)}"
                              for name, values in declared.items())
    causes = [{"rule": rule, "scenarios": ids, "title": rule_text(rule)[0], "kind": known[rule]["kind"],
               "text": " ".join(str(known[rule]["text"]).split())}
              for rule, ids in native.root_causes + [item for item in pokerkit.root_causes if item[0] not in dict(native.root_causes)]]

    def view(run: EngineRun) -> dict[str, Any]:
        return {"spec": run.spec, "counts": run.counts(), "scenarios": run.scenarios}

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(resources.files("stud8.tools.compare").joinpath("templates"))),
        autoescape=False, undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    text = env.get_template("pokerkit.md.j2").render(
        pokerkit_version=metadata.version("pokerkit"), stud8_version=stud8_version(),
        scenarios=native.scenarios, runs=[view(pokerkit), view(native)], pokerkit=view(pokerkit),
        native=view(native), declared=declared_text, causes=causes, profiles=list(handshake.get("profiles") or []),
        native_areas=[{"title": title, "counts": comparison.area_counts(rows, native.key)}
                      for _, title, rows in comparison.areas],
    )
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n") + "\n"


def generate() -> str:
    """Run the suite on both PokerKit engines and render the page."""
    import importlib.util

    if importlib.util.find_spec("pokerkit") is None:
        raise Stud8Error("PokerKit is not installed: pip install 'stud8[pokerkit]'", "usage")
    with tempfile.TemporaryDirectory(prefix="stud8-pokerkit-doc-") as scratch:
        comparison = load_comparison([run_suite(spec, Path(scratch)) for spec in ENGINES])
    pokerkit, native = comparison.runs
    return render(pokerkit, native, comparison)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m stud8.tools.compare.pokerkit_doc",
                                     description="Write docs/pokerkit.md from a run of the suite on PokerKit.")
    parser.add_argument("--out", type=Path, default=Path("docs/pokerkit.md"), metavar="FILE",
                        help="the page to write (default docs/pokerkit.md)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if the page is not current")
    args = parser.parse_args(argv)
    try:
        text = generate()
        if args.check:
            current = args.out.read_text(encoding="utf-8") if args.out.is_file() else ""
            if current != text:
                print(f"{args.out} is stale: regenerate it with python -m stud8.tools.compare.pokerkit_doc --out {args.out}",
                      file=sys.stderr)
                return 1
            return 0
        write_text_atomic(args.out, text, "--out")
    except NotesMismatch as error:
        print(f"pokerkit_doc: {error.message}", file=sys.stderr)
        return 1
    except Stud8Error as error:
        print(f"pokerkit_doc: {error.message}", file=sys.stderr)
        return 2
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
