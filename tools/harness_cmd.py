"""``stud8 new-harness LANG DIR``: copy a starter harness to start an engine's adapter from.

The harnesses (``examples/engines/LANG`` in a checkout, ``stud8.examples`` when installed) are
complete protocol loops wired to a toy engine, so the copy runs at once: the command prints how
to build it (C) and the ``stud8 smoke`` line to run next. Nothing is overwritten: ``DIR`` must
be new or empty, so a second run never clobbers an adapter already written in it.

Exit codes: 0 copied, 2 usage errors (an unknown language, a folder that is not empty or not a
folder, one that cannot be written).
"""

from __future__ import annotations

import argparse
import json
import shutil
import stat
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from stud8.spec.errors import Stud8Error
from stud8.spec.limits import shell_command, shown_path
from stud8.tools.formats import add_format_argument, wants_json

EXAMPLES: tuple[str, ...] = (
    "stud8 new-harness python my-harness",
    "stud8 new-harness c engine-adapter --format json",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


@dataclass(frozen=True)
class Harness:
    """One starter harness: its folder, how to build it (if at all) and the engine spec of the copy."""

    folder: str
    language: str
    build: str | None
    engine: str
    plug_in: str
    needs: str


HARNESSES: dict[str, Harness] = {
    "python": Harness("python", "Python 3.8+", None, "cmd:python3 harness.py",
                      "the engine_* functions marked ENGINE CALL in harness.py", "python3"),
    "node": Harness("node", "JavaScript (Node 18+)", None, "cmd:node harness.js",
                    "the engine* functions marked ENGINE CALL in harness.js", "node"),
    "c": Harness("c", "C99", "make", "cmd:./harness",
                 "an implementation of engine.h, built instead of toy_engine.c (make ENGINE=my_engine.c)", "cc, make"),
}
ALIASES = {"py": "python", "js": "node", "javascript": "node"}
SOURCE_SUFFIXES = frozenset({".py", ".js", ".c", ".h", ".md"})


def _language(text: str) -> str:
    name = ALIASES.get(text.lower(), text.lower())
    if name not in HARNESSES:
        raise argparse.ArgumentTypeError(f"unknown language {text!r}: choose from {', '.join(HARNESSES)}")
    return name


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("language", type=_language, metavar="LANG",
                        help=f"the harness's language: {', '.join(HARNESSES)} (also py, js)")
    parser.add_argument("folder", type=Path, metavar="DIR", help="the folder to copy it to: new, or empty")
    add_format_argument(parser, "files copied and the commands to run next")


def harness_source(name: str) -> Path:
    """The installed harness folder (package data of ``stud8.examples``)."""
    return Path(str(resources.files("stud8.examples").joinpath("engines").joinpath(HARNESSES[name].folder)))


def copy_harness(name: str, folder: Path) -> list[str]:
    """Copy harness ``name`` into ``folder`` (new or empty); the names of the files copied."""
    if folder.exists() and not folder.is_dir():
        raise Stud8Error(f"{shown_path(folder)}: exists and is not a folder", "usage")
    if folder.is_dir() and any(folder.iterdir()):
        raise Stud8Error(f"{shown_path(folder)}: not empty (nothing is overwritten: give a new or empty folder)", "usage")
    source = harness_source(name)
    files = sorted(path for path in source.iterdir()  # sources only: never a build left in a checkout's copy
                   if path.is_file() and (path.suffix in SOURCE_SUFFIXES or path.name == "Makefile"))
    folder.mkdir(parents=True, exist_ok=True)
    for path in files:
        target = folder / path.name
        shutil.copyfile(path, target)
        mode = target.stat().st_mode  # the umask's permissions, writable by the user whatever the source's were
        target.chmod(mode | stat.S_IWUSR)
    return [path.name for path in files]


def run(args: argparse.Namespace) -> int:
    harness = HARNESSES[args.language]
    files = copy_harness(args.language, args.folder)
    smoke = shell_command(["stud8", "smoke", "--engine", harness.engine])
    # shell-quoted: a folder named "x; rm -rf ~" is one argument of cd when the line is pasted
    # and a folder named "-" or "-x" is no option of cd (cd - goes back to the previous folder)
    folder = str(args.folder)
    steps = ([shell_command(["cd", f"./{folder}" if folder.startswith("-") else folder])]
             + ([harness.build] if harness.build else []) + [smoke])
    if wants_json(args):
        document: dict[str, Any] = {"language": args.language, "folder": str(args.folder), "files": files,
                                    "engine": harness.engine, "build": harness.build, "next": steps}
        print(json.dumps(document, indent=2))
        return 0
    print(f"copied the {harness.language} harness to {shown_path(args.folder)}: {', '.join(files)}")
    print(f"it plays a toy engine as shipped; your engine goes in {harness.plug_in}")
    print(f"needs: {harness.needs}")
    print("next: " + " && ".join(steps))
    return 0
