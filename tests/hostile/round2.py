"""The second round of the hostile corpus (issue 22): its classes, made by the test (nothing of
it is committed: a few of the files are gigabytes, sparse on disk), and the runs that make
every command meet every class.

The classes, by what they attack:

* **hand-history input** (``HISTORY_CLASSES``): files past the 4 MiB limit (a sparse 4 MiB + 1,
  a sparse gigabyte PHH file, a PokerStars header followed by a gigabyte without a newline),
  a line past the line limit, OHH files of short and blank lines (the re-parse hang), nested
  980 deep, holding ``1e999999999``, 5,000-digit integers and NaN; an unclosed Merge ``<game>``
  and an unclosed iPoker game followed by 600,000 newlines; XML nested 200 deep; a ``.phhs``
  file of 40,000 tiny tables; 10,050 hands in one file; 2,000 hands with a mucked hand each
  (the cannot-judge search); names with ANSI escapes and of 200 characters; PokerStars seats and
  amounts of 5,000 digits; an Absolute hand
  with a bad stake; hands with a community card (which ``hh import`` cannot write); a file
  name holding a newline and an escape. Every command that reads a file reads each one (the
  commands that take a folder get a folder holding it as ``input.yaml``);
* **output** (``OUTPUT_CLASSES``): at the output's name a FIFO, a folder, a link leading
  outside (and a dangling one), a link to a device, a link to a regular file (followed), an
  existing file of mode 604 (kept), ``-`` and ``/dev/stdout`` (standard output), the
  command's own input, two inputs of one name; for every command that writes;
* **standard output** (``STDOUT_CLASSES``): ``/dev/full``, closed, a broken pipe; every command;
* **arguments**: a 100,000-character argument, one with a newline and ANSI escapes, a file
  name of 300 characters; ``--jobs`` 0, 257 and 999,999; a negative ``--seed``; every command
  that takes each;
* **Dask** (``DASK_CLASSES``): ``tls://``, ``ucx://``, an HTTP server, garbage bytes, a port
  that accepts and never answers, a refused port, a bad port, a scheduler without workers;
  ``hh audit`` and ``fuzz``.

Each run carries its expectation (``expect``): the exit statuses allowed, a phrase its stderr
must hold, or checks made on disk after the run (a link still a link, a mode kept, a file
written through a link).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
TESTS = HERE.parent
DATA = TESTS / "data"
SITES = DATA / "site-hands"
PS = SITES / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt"
MERGE = SITES / "merge" / "7-StudHL-USD-0.25-0.50-201307.xml"
IPOKER = SITES / "ipoker" / "7-StudHL-EUR-0.05-0.10-201405.xml"
ABSOLUTE = SITES / "absolute" / "7-StudHL-USD-0.02-0.04-200903.txt"
FULLTILT = SITES / "fulltilt" / "7-StudHL-USD-2-4-201103.txt"
PHH = DATA / "real-hands" / "test_2023_43_5__test_48_02_09_20.phh"
FOLD = DATA / "replay" / "fold.yaml"
VALID = DATA / "valid"
WRONG_ENGINE = "python:fuzz_engines:reversed_show_order"
JOB_SECONDS = 300
"""Seconds one run may take before the driver stops it as a hang (a healthy one takes a few)."""

Job = dict[str, Any]


# --- the hand-history classes -----------------------------------------------------------------

def _ps_hand() -> str:
    return PS.read_text(encoding="utf-8").split("\n\n\n")[0].strip() + "\n\n\n"


def _ohh(record_index: int = 0) -> str:
    import io

    from stud8.conformance.handhistory import ohh
    from stud8.conformance.handhistory.pokerstars import PokerStarsReader
    from stud8.conformance.handhistory.record import HandRecord

    records = [item for item in PokerStarsReader().read(io.StringIO(PS.read_text(encoding="utf-8")), "ps.txt")
               if isinstance(item, HandRecord)]
    return ohh.dumps(records[record_index])


def _sparse(path: Path, head: str, size: int) -> None:
    with open(path, "wb") as out:
        out.write(head.encode())
        out.truncate(size)


def _mucked(path: Path) -> None:
    from dataclasses import replace

    from stud8.conformance.handhistory.pokerstars import PokerStarsWriter
    from stud8.conformance.handhistory.record import PlayerCards
    from stud8.conformance.handhistory.synth import synth_records

    records = []
    for record in synth_records(3300, 13, hide=False):
        shown = [entry.player for entry in record.showdown if entry.shown]
        if len(shown) < 2:
            continue
        winners = {name for name, _ in record.collected}
        loser = ([name for name in shown if name not in winners] or shown[-1:])[0]
        cards = tuple(PlayerCards(entry.player, tuple(None if entry.player == loser and slot in (0, 1, 6) else card
                                                       for slot, card in enumerate(entry.cards)))
                      for entry in record.cards)
        records.append(replace(record, cards=cards, showdown=tuple(replace(entry, shown=entry.player != loser)
                                                                   for entry in record.showdown)))
        if len(records) == 2000:
            break
    with open(path, "w", encoding="utf-8") as stream:
        PokerStarsWriter().write(records, stream)


def _community(path: Path) -> None:
    from stud8.conformance.handhistory.pokerstars import PokerStarsWriter
    from stud8.conformance.handhistory.synth import synth_records

    records = list(synth_records(400, 3, players=(8, 8)))
    with open(path, "w", encoding="utf-8") as stream:
        PokerStarsWriter().write(records[:3] + [record for record in records if record.community is not None][:2], stream)


def _ohh_numbers() -> str:
    text = _ohh()
    bad = []
    for key, number in (("table_size", "1e999999999"), ("seat", "1e999999999"), ("ante_amount", "1e999999999"),
                        ("ante_amount", "9" * 5000), ("table_size", "NaN"), ("table_size", "1" * 20)):
        bad.append(re.sub(rf'("{key}": )[^,\n}}]+', lambda found, n=number: found.group(1) + n, text, count=1))
    return "\n\n".join(bad) + "\n"


def _xml_deep() -> str:
    merge = MERGE.read_text(encoding="utf-8")
    at = merge.index("<players")
    return merge[:at] + "<x>" * 200 + "</x>" * 200 + merge[at:]


def _ipoker_unclosed() -> bytes:
    data = IPOKER.read_bytes()
    at = data.index(b"<game gamecode")
    return data[: data.index(b">", at) + 1] + b"\n" * 600_000 + data


HISTORY_CLASSES: dict[str, tuple[str, Callable[[Path], None]]] = {
    "too-large": ("big.txt", lambda path: _sparse(path, _ps_hand(), 4 * 1024 * 1024 + 1)),
    "gigabyte-phh": ("huge.phh", lambda path: _sparse(path, "variant = 'F7S/8'\n", 1 << 30)),
    "header-then-gigabyte": ("nonl.txt", lambda path: _sparse(path, _ps_hand().splitlines()[0], 1 << 30)),
    "line-too-long": ("long.txt", lambda path: path.write_text(
        _ps_hand().splitlines()[0] + "\n" + "x" * (3 << 20) + "\n" + _ps_hand(), encoding="utf-8")),
    "ohh-blank-lines": ("blank.ohh", lambda path: path.write_text(
        '{"ohh": {"game_type": "StudHiLo",\n' + '"a": 1,\n\n' * 20_000, encoding="utf-8")),
    "ohh-deep": ("deep.ohh", lambda path: path.write_text(
        _ohh().replace('"rounds": [', '"x": ' + "[" * 980 + "]" * 980 + ', "rounds": [', 1) + "\n", encoding="utf-8")),
    "ohh-numbers": ("numbers.ohh", lambda path: path.write_text(_ohh_numbers(), encoding="utf-8")),
    "merge-unclosed": ("unclosed.xml", lambda path: path.write_text(
        MERGE.read_text(encoding="utf-8").split("<players")[0] + "\n" * 600_000 + MERGE.read_text(encoding="utf-8"),
        encoding="utf-8")),
    "ipoker-unclosed": ("session.xml", lambda path: path.write_bytes(_ipoker_unclosed())),
    "xml-deep": ("deep.xml", lambda path: path.write_text(_xml_deep(), encoding="utf-8")),
    "phhs-40000-tables": ("many.phhs", lambda path: path.write_text(
        "".join(f"[{number}]\nvariant = 'F7S/8'\n" for number in range(40_000)), encoding="utf-8")),
    "hands-10050": ("headers.txt", lambda path: path.write_text(
        (_ps_hand().splitlines()[0] + "\n") * 10_050, encoding="utf-8")),
    "mucked-2000": ("mucked.txt", _mucked),
    "names": ("names.txt", lambda path: path.write_text(
        _ps_hand().replace("gashpor", "Ann\x1b[31m\x1b]0;pwned\x07").replace("rdiezchang", "r" * 200)
        + _ps_hand().replace("$0.04/$0.08", "$0.04/$0.09"), encoding="utf-8")),
    "site-numbers": ("digits.txt", lambda path: path.write_text(
        _ps_hand().replace("Seat 3: gashpor", "Seat " + "9" * 5000 + ": gashpor", 1)
        + _ps_hand().replace("($1.16 in chips)", "($" + "9" * 5000 + " in chips)") + _ps_hand(), encoding="utf-8")),
    "absolute-bad-stake": ("absolute.txt", lambda path: path.write_text(
        ABSOLUTE.read_text(encoding="utf-8").replace("Normal $0.02/$0.04", "Normal $0.025/$0.04", 1)
        + "\n\n" + ABSOLUTE.read_text(encoding="utf-8"), encoding="utf-8")),
    "community-card": ("community.txt", _community),
    "name-newline": ("a.txt\n1 hand: 1 conforms\x1b[2J", lambda path: path.write_text(
        _ps_hand().replace("$0.04/$0.08", "$0.04/$0.09"), encoding="utf-8")),
}
"""Class -> (file name, how to make it)."""

DOCS_CLASSES = ("too-large", "ohh-deep", "name-newline")
"""docs loads and renders the whole suite each run (seconds): these stand for the rest."""
BASELINE_CLASSES = ("too-large", "gigabyte-phh", "ohh-deep", "name-newline")
"""Read as a conform ``--baseline`` too (the YAML reader every class meets in ``validate`` and
in ``conform --scenarios``; each conform run starts a pytest session: these stand for all)."""
PARALLEL_CLASSES = ("too-large", "hands-10050", "mucked-2000")
"""Audited on two worker processes too (the spans path), beside the run in one process."""


def make_histories(root: Path) -> dict[str, Path]:
    """Each class's file in a folder of its own (``root/CLASS/NAME``), with an ``input.yaml``
    link to it for the commands that read folders of scenario files; class -> file."""
    made: dict[str, Path] = {}
    for name, (file_name, make) in HISTORY_CLASSES.items():
        folder = root / name
        folder.mkdir(parents=True)
        path = folder / file_name
        make(path)
        (folder / "input.yaml").symlink_to(path)
        made[name] = path
    return made


ALIASES = {("phh", "replay"): ("hh", "audit"), ("phh", "import"): ("hh", "import"), ("phh", "export"): ("hh", "export")}
"""``stud8 phh`` runs ``stud8 hh`` (tools/phh_cmd.py): an alias meets a class as its command does."""


def history_jobs(made: dict[str, Path], out: Path) -> list[Job]:
    """Every command that reads a file, on every hand-history class."""
    jobs: list[Job] = []
    for name, path in made.items():
        folder = path.parent
        where = out / name
        where.mkdir(parents=True)
        runs: list[tuple[list[Any], tuple[Path, ...], dict[str, Any]]] = [
            (["validate", path], (), {}),
            (["conform", "--no-builtin", "--scenarios", folder, "--report", where / "report.json"], (where / "report.json",), {}),
            (["coverage", "--no-builtin", "--scenarios", folder], (), {}),
            (["phh", "replay", path], (), {}),
            (["phh", "import", path, "-o", where / "phh.yaml"], (where / "phh.yaml",), {}),
            (["phh", "export", path, "-o", where / "export.phh"], (where / "export.phh",), {}),
            (["hh", "audit", path, "--jobs", "1"], (), {}),
            (["hh", "import", path, "--out", where / "imported"], (where / "imported",), {}),
            (["hh", "export", path, "--to", "ohh", "-o", where / "export.ohh"], (where / "export.ohh",), {}),
        ]
        if name in BASELINE_CLASSES:
            runs.append((["conform", "--no-builtin", "--scenarios", VALID, "--baseline", path], (), {}))
        if name in PARALLEL_CLASSES:
            runs.append((["hh", "audit", path, "--jobs", "2", "--format", "json"], (), {}))
        if name in DOCS_CLASSES:
            runs.append((["docs", "--out", where / "book", "--scenarios", folder], (where / "book",), {}))
        for argv, outputs, extra in runs:
            allowed = [1, 2]  # a problem found, or an input that is not a regular file within the limits
            command = ALIASES.get(tuple(argv[:2]), tuple(argv[:2]))  # stud8 phh ACTION is an alias of stud8 hh
            if command == ("hh", "import") and name == "mucked-2000":
                allowed = [0, 1]  # every hand reads and is written: a clean import
            if command == ("hh", "audit") and name == "community-card":
                allowed = [0, 1]  # such hands are judged (deck.community-card); only hh import cannot write them
            jobs.append({"argv": [str(part) for part in argv], "outputs": [str(o) for o in outputs], "class": name,
                         "watch": [str(folder), str(where)], "expect": {"codes": allowed}, **extra})
    return jobs


# --- outputs ----------------------------------------------------------------------------------

OUTPUT_CLASSES = ("fifo", "folder", "dangling-outside-link", "device-link", "followed-link", "mode-kept", "dash",
                  "dev-stdout", "input-itself")
"""For one output file (``-o``, ``--report``): a link the user names is followed wherever it
leads (``followed-link``); one that leads nowhere, or to a device, is refused."""
FOLDER_OUTPUT_CLASSES = ("fifo", "folder", "outside-link", "dangling-outside-link", "device-link", "inside-link",
                         "dash", "input-itself", "same-base-names")
"""For a name inside an output folder (``--out DIR``): a link is followed only to a file inside it."""
REFUSED = {"fifo", "folder", "outside-link", "dangling-outside-link", "device-link", "dash-folder", "input-itself"}


def _plant(kind: str, target: Path, outside: Path, inside: Path | None = None) -> None:
    """Put at ``target`` what the class names."""
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    elif kind == "outside-link":
        target.symlink_to(outside)
    elif kind == "dangling-outside-link":
        target.symlink_to(outside.parent / "nowhere" / "gone.txt")
    elif kind == "device-link":
        target.symlink_to("/dev/null")
    elif kind in ("followed-link", "inside-link"):
        assert inside is not None
        inside.parent.mkdir(parents=True, exist_ok=True)
        inside.write_text("old", encoding="utf-8")
        target.symlink_to(inside)
    elif kind == "mode-kept":
        target.write_text("old", encoding="utf-8")
        target.chmod(0o604)


FILE_WRITERS: dict[str, tuple[list[str], str | None]] = {
    "conform --report": (["conform", "--no-builtin", "--scenarios", str(VALID), "--report", "{out}"], None),
    "phh import -o": (["phh", "import", "{in}", "-o", "{out}"], str(PHH)),
    "phh export -o": (["phh", "export", "{in}", "-o", "{out}"], str(FOLD)),
    "hh audit --report": (["hh", "audit", "{in}", "--report", "{out}"], str(PS)),
    "hh export -o": (["hh", "export", "{in}", "--to", "ohh", "-o", "{out}"], str(FOLD)),
    "hh synth -o": (["hh", "synth", "--hands", "2", "--seed", "1", "-o", "{out}"], None),
    "mutants --doc": (["mutants", "--doc", "{out}"], None),
}
"""Each command that writes one file: its arguments and its input (copied per run)."""


def finding_name() -> str:
    """The name of the finding ``fuzz --engine WRONG_ENGINE --hands 100 --seed 3`` writes (the
    lowest divergent hand; the same on any machine), found by playing the run's hands here."""
    import sys
    import tempfile

    sys.path.insert(0, str(TESTS / "engines"))
    try:
        from stud8.tools.cli import main

        with tempfile.TemporaryDirectory() as folder:
            saved = sys.stdout
            sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - closed below
            try:
                main(["fuzz", "--engine", WRONG_ENGINE, "--hands", "100", "--seed", "3", "--jobs", "1", "--out", folder])
            finally:
                sys.stdout.close()
                sys.stdout = saved
            (written,) = os.listdir(folder)
            return written
    finally:
        sys.path.remove(str(TESTS / "engines"))


def output_jobs(root: Path, finding: str) -> tuple[list[Job], list[tuple[str, ...]]]:
    """Every writing command on every output class; and the checks to make on disk afterwards."""
    jobs: list[Job] = []
    checks: list[tuple[str, ...]] = []
    outside = root / "outside.txt"
    outside.write_text("precious", encoding="utf-8")
    checks.append(("content", str(outside), "precious"))
    for number, (writer, (template, source)) in enumerate(FILE_WRITERS.items()):
        for kind in OUTPUT_CLASSES:
            if kind == "input-itself" and source is None:
                continue
            folder = root / f"file-{number}-{kind}"
            folder.mkdir()
            given = folder / ("input" + Path(source).suffix) if source else None
            if given is not None:
                given.write_bytes(Path(source).read_bytes())  # type: ignore[arg-type]
            target = folder / "output.out"
            if kind in ("dash", "dev-stdout"):
                out: str = "-" if kind == "dash" else "/dev/stdout"
            elif kind == "input-itself":
                out = str(given)
            else:
                _plant(kind, target, outside, folder / "elsewhere" / "real.out")
                out = str(target)
            argv = [out if part == "{out}" else str(given) if part == "{in}" else part for part in template]
            refused = kind in REFUSED
            jobs.append({"argv": argv, "class": kind, "writer": writer, "watch": [str(folder), str(outside.parent)],
                         "outputs": [] if refused else [str(folder)],
                         "expect": {"codes": [2] if refused else [0, 1], "stdout": kind in ("dash", "dev-stdout")}})
            if kind == "followed-link":
                checks += [("link", str(target)), ("written", str(folder / "elsewhere" / "real.out"))]
            elif kind == "mode-kept":
                checks += [("mode", str(target), "0o604"), ("written", str(target))]
            elif kind == "input-itself":
                checks.append(("same", str(given), str(source)))
    folder_writers: dict[str, tuple[list[str], str]] = {
        "hh import --out": (["hh", "import", "{in}", "--out", "{dir}"], "hands.yaml"),
        "fuzz --out": (["fuzz", "--engine", WRONG_ENGINE, "--hands", "100", "--seed", "3", "--jobs", "1", "--out", "{dir}"],
                       finding),
        "docs --out": (["docs", "--out", "{dir}", "--lang", "en"], "rules.md"),
    }
    for number, (writer, (template, name)) in enumerate(folder_writers.items()):
        for kind in FOLDER_OUTPUT_CLASSES:
            if writer == "docs --out" and kind not in ("outside-link", "inside-link"):
                continue  # docs renders the whole book each run: two classes stand for the rest
            if kind in ("input-itself", "same-base-names") and writer != "hh import --out":
                continue
            folder = root / f"dir-{number}-{kind}"
            out_dir = folder / "out"
            out_dir.mkdir(parents=True)
            inputs = [folder / "hands.txt"]
            if kind == "input-itself":
                inputs = [out_dir / "hands.yaml"]  # a history named .yaml, imported into its own folder
            elif kind == "same-base-names":
                inputs = [folder / "a" / "hands.txt", folder / "b" / "hands.txt"]
            for number_in, given in enumerate(inputs):
                given.parent.mkdir(parents=True, exist_ok=True)
                # two histories of other hands: the same hands twice are refused (two scenarios of one title)
                given.write_bytes((PS if number_in == 0 else FULLTILT).read_bytes())
            target = out_dir / name
            if kind not in ("dash", "input-itself", "same-base-names"):
                _plant(kind, target, outside, out_dir / "kept" / "real.out")
            argv: list[str] = []
            for part in template:
                if part == "{in}":
                    argv += [str(given) for given in inputs]
                elif part == "{dir}":
                    argv.append("-" if kind == "dash" else str(out_dir))
                else:
                    argv.append(part)
            refused = kind in REFUSED or kind == "dash"
            jobs.append({"argv": argv, "class": kind, "writer": writer, "watch": [str(folder), str(outside.parent)],
                         "outputs": [] if refused else [str(out_dir)],
                         "expect": {"codes": [2] if refused else [0, 1]}})
            if kind == "inside-link":
                checks += [("link", str(target)), ("written", str(out_dir / "kept" / "real.out"))]
            elif kind == "same-base-names":
                checks += [("exists", str(out_dir / "hands.yaml")), ("exists", str(out_dir / "hands-2.yaml"))]
            elif kind == "input-itself":
                checks.append(("same", str(inputs[0]), str(PS)))
    return jobs, checks


def check_on_disk(check: tuple[str, ...]) -> str | None:
    """Why a check made after the runs fails, or None."""
    kind, path, *rest = check
    target = Path(path)
    if kind == "content":
        return None if target.read_text(encoding="utf-8") == rest[0] else f"{path} changed"
    if kind == "link":
        return None if target.is_symlink() else f"{path} is no longer a link"
    if kind == "written":
        return None if target.read_bytes() != b"old" else f"{path} was not written through the link"
    if kind == "mode":
        mode = stat.S_IMODE(os.stat(target).st_mode)
        return None if mode == int(rest[0], 8) else f"{path} has mode {oct(mode)}, not {rest[0]}"
    if kind == "exists":
        return None if target.is_file() else f"{path} was not written"
    if kind == "same":
        return None if target.read_bytes() == Path(rest[0]).read_bytes() else f"{path}, an input, was overwritten"
    return f"unknown check {kind}"


# --- standard output, arguments, jobs ---------------------------------------------------------------

STDOUT_CLASSES = ("full", "closed", "broken-pipe")

EVERY_COMMAND: dict[str, list[str]] = {
    "validate": ["validate", str(VALID / "hands.yaml")],
    "eval": ["eval", "As", "Kd", "Qh", "Jc", "Ts"],
    "verify-evaluator": ["verify-evaluator", "--cards", "5", "--sample", "20", "--jobs", "1"],
    "conform": ["conform", "--no-builtin", "--scenarios", str(VALID)],
    "coverage": ["coverage", "--no-builtin", "--scenarios", str(VALID)],
    "phh": ["phh", "replay", str(PHH)],
    "hh": ["hh", "audit", str(PS)],
    "bench": ["bench", "--hands", "10", "--full-hands", "1"],
    "docs": ["docs", "--help"],
    "serve": ["serve"],
    "fuzz": ["fuzz", "--engine", "reference", "--hands", "2", "--jobs", "1", "--out", "{tmp}"],
    "schema": ["schema"],
    "protocol": ["protocol"],
    "mutants": ["mutants", "--doc", "-"],
    "report": ["report", "--help"],
    "explain": ["explain", "pots-005"],
    "smoke": ["smoke", "--engine", "reference"],
    "new-harness": ["new-harness", "python", "{tmp}/harness"],
}
"""One quick run of every command that prints on standard output."""

LONG = "x" * 100_000
ESCAPES = "a\nb\x1b[2J\x1b]0;pwned\x07\u202e"
ARGUMENT_RUNS: dict[str, list[str]] = {
    "validate": ["validate", "{arg}"],
    "eval": ["eval", "{arg}", "Kd", "Qh", "Jc", "Ts"],
    "verify-evaluator": ["verify-evaluator", "--cards", "{arg}"],
    "conform": ["conform", "--engine", "{arg}"],
    "coverage": ["coverage", "--scenarios", "{arg}"],
    "phh": ["phh", "replay", "{arg}"],
    "hh": ["hh", "audit", "{arg}"],
    "bench": ["bench", "--hands", "{arg}"],
    "docs": ["docs", "--out", "{tmp}", "--profile", "{arg}"],
    "serve": ["serve", "{arg}"],
    "fuzz": ["fuzz", "--engine", "reference", "--hands", "1", "--seed", "{arg}"],
    "schema": ["schema", "{arg}"],
    "protocol": ["protocol", "{arg}"],
    "mutants": ["mutants", "-k", "{arg}"],
    "report": ["report", "{arg}"],
    "explain": ["explain", "{arg}"],
    "smoke": ["smoke", "--engine", "{arg}"],
    "new-harness": ["new-harness", "{arg}", "{tmp}"],
}
"""Where each command takes a hostile argument."""

NAME_TOO_LONG_RUNS = [["validate", "{name}"], ["coverage", "--scenarios", "{name}"], ["conform", "--report", "{name}/r"],
                      ["docs", "--out", "{name}"], ["phh", "replay", "{name}"], ["phh", "export", "{name}"],
                      ["hh", "audit", "{name}"], ["hh", "import", "{name}", "--out", "{tmp}"],
                      ["hh", "synth", "--hands", "1", "-o", "{name}"], ["fuzz", "--engine", "reference", "--out", "{name}"],
                      ["mutants", "--doc", "{name}"], ["report", "{name}"], ["explain", "pots-005", "--scenarios", "{name}"]]
JOBS_RUNS = {"fuzz": ["fuzz", "--engine", "reference", "--hands", "300"], "mutants": ["mutants", "-k", "low"],
             "hh": ["hh", "audit", str(PS)], "verify-evaluator": ["verify-evaluator", "--cards", "5", "--sample", "10"]}
SEED_RUNS = [["fuzz", "--engine", "reference", "--hands", "1"], ["bench", "--hands", "1"], ["hh", "synth", "--hands", "1"],
             ["verify-evaluator", "--cards", "5", "--sample", "5"]]


def stream_and_argument_jobs(root: Path) -> list[Job]:
    """Every command on every standard-output class and every argument class."""
    jobs: list[Job] = []
    hello = root / "hello.jsonl"
    hello.write_text('{"id": 1, "type": "hello", "protocol": 1}\n', encoding="utf-8")
    for number, kind in enumerate(STDOUT_CLASSES):
        for command, argv in EVERY_COMMAND.items():
            tmp = root / f"stdout-{number}-{command}"
            tmp.mkdir()
            jobs.append({"argv": [part.replace("{tmp}", str(tmp)) for part in argv], "class": f"stdout {kind}",
                         "stdout": kind, "stdin": str(hello) if command == "serve" else None, "keep_stderr": True,
                         "watch": [str(tmp)], "outputs": [str(tmp)],
                         "expect": {"codes": [2], "stderr_has": f"stud8 {command}: cannot write to standard output: "}})
    for label, value in (("argument of 100,000 characters", LONG), ("argument with escapes", ESCAPES)):
        for command, argv in ARGUMENT_RUNS.items():
            tmp = root / f"argument-{len(jobs)}"
            tmp.mkdir()
            jobs.append({"argv": [value if part == "{arg}" else str(tmp / "book") if part == "{tmp}" else part
                                  for part in argv],
                         "class": label, "watch": [str(tmp)], "expect": {"codes": [1, 2], "max_output": 6000}})
    name = "n" * 300
    for argv in NAME_TOO_LONG_RUNS:
        tmp = root / f"name-{len(jobs)}"
        tmp.mkdir()
        jobs.append({"argv": [str(tmp / name) if part == "{name}" else str(tmp) if part == "{tmp}" else part
                              for part in argv],
                     "class": "file name of 300 characters", "watch": [str(tmp)],
                     "expect": {"codes": [2], "max_output": 3000}})
    for command, argv in JOBS_RUNS.items():
        for value in ("0", "257", "999999"):
            jobs.append({"argv": [*argv, "--jobs", value], "class": f"--jobs {value}", "keep_stderr": True,
                         "expect": {"codes": [2], "stderr_has": "--jobs must be"}})
    for argv in SEED_RUNS:
        jobs.append({"argv": [*argv, "--seed", "-5"], "class": "negative seed", "keep_stderr": True,
                     "expect": {"codes": [2], "stderr_has": "a seed is 0 or more"}})
    return jobs


# --- Dask ---------------------------------------------------------------------------------------------

DASK_CLASSES = ("tls", "ucx", "http", "garbage", "silent", "refused", "bad-port", "no-workers")


def dask_jobs(addresses: dict[str, str], root: Path) -> list[Job]:
    """``hh audit`` and ``fuzz`` on every Dask class (``addresses``: class -> address)."""
    jobs: list[Job] = []
    histories = root / "dask-histories"
    histories.mkdir()
    (histories / "a.txt").write_text(PS.read_text(encoding="utf-8") * 40, encoding="utf-8")
    for kind in DASK_CLASSES:
        out = root / f"dask-{kind}"
        for argv in (["hh", "audit", str(histories), "--dask", addresses[kind]],
                     ["fuzz", "--engine", "reference", "--hands", "300", "--dask", addresses[kind], "--out", str(out)]):
            jobs.append({"argv": argv, "class": f"dask {kind}", "keep_stderr": True, "watch": [str(root)],
                         "outputs": [str(out)],
                         "expect": {"codes": [2], "stderr_has": "cannot reach the Dask scheduler at ", "one_line": True}})
    return jobs


def describe(job: Job) -> str:
    """A run, for a failure message: its class and its command line, briefly."""
    shown = json.dumps([part if len(part) < 80 else part[:60] + f"...({len(part)})" for part in job["argv"]])
    return f"[{job.get('class', '?')}{' / ' + job['writer'] if job.get('writer') else ''}] {shown[:220]}"
