"""The project's settings applied to a command's arguments (``conform``, ``explain``, ``smoke``,
``fuzz``): a flag given on the command line wins, then ``stud8.toml`` or ``[tool.stud8]``
(``stud8.conformance.suite.projectconfig``), then the command's own default.

The flags these commands take from the file default to ``None`` (``--scenarios`` to nothing),
so "not given" is told apart from "given as the default"; ``apply_settings`` fills each in and
says, in one line, which file it read and what it took from it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from stud8.conformance.engines.spec import DEFAULT_TIMEOUT
from stud8.conformance.suite.projectconfig import ProjectConfig, load_project_config
from stud8.spec.errors import Stud8Error
from stud8.spec.limits import shown_path

DEFAULTS: dict[str, Any] = {"engine": "reference", "timeout": DEFAULT_TIMEOUT, "baseline": None, "label": None,
                            "order": "file"}
"""What each setting is when neither the command line nor a file gives it."""


def apply_settings(args: argparse.Namespace, command: str, *, defaults: dict[str, Any] | None = None,
                   quiet: bool = False) -> ProjectConfig | None:
    """Fill in ``args`` from the project's settings file (found from the current folder up) and
    the defaults; print ``stud8 COMMAND: settings from FILE: key, key`` on stderr when the file
    gave any. Idempotent: a second call changes nothing and says nothing."""
    if getattr(args, "_settings_applied", False):
        return None
    args._settings_applied = True
    config = load_project_config(Path.cwd())
    taken: list[str] = []
    wanted = {**DEFAULTS, **(defaults or {})}
    for key, default in wanted.items():
        if not hasattr(args, key):
            continue
        if getattr(args, key) is None:
            value = config.get(key) if config is not None else None
            if value is not None:
                taken.append(key)
            setattr(args, key, default if value is None else value)
    if "baseline" in taken and getattr(args, "update_baseline", None) is not None and not Path(args.baseline).exists():
        # the first --update-baseline of a project whose settings already name its baseline: the
        # file is what this run makes, there is nothing to compare with yet
        args.baseline = None
        taken.remove("baseline")
    if "baseline" in taken and not Path(args.baseline).exists():
        assert config is not None
        raise Stud8Error(f"{config.where}: baseline {shown_path(args.baseline)}: no such file (write it first: "
                         f"stud8 {command} --update-baseline {shown_path(args.baseline)})", "usage")
    if hasattr(args, "scenarios") and args.scenarios is None:
        args.scenarios = list(config.scenarios) if config is not None else []
        if args.scenarios:
            taken.append("scenarios")
    if config is not None and taken and not quiet:
        print(f"stud8 {command}: settings from {config.where}: {', '.join(taken)}", file=sys.stderr)
    return config
