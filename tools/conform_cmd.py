"""``stud8 conform``: run the conformance suite against an engine, through pytest.

pytest does the work (selection with ``-k``, ``--maxfail``, JUnit XML, ``-n auto`` with
pytest-xdist, from the ``xdist`` or ``dev`` extra): arguments after ``--`` go to it unchanged.
The run uses the packaged ``conform.ini`` so that it behaves the same from any directory.

pytest's cache lives in the user's cache folder (``tools/cachedir.py``: ``$XDG_CACHE_HOME``, or
the system's own; ``~/.cache/stud8/conform/ENGINE`` on Linux), one per engine spec, so ``-- --lf``,
``--ff`` and ``--sw`` rerun what failed last time against that engine. The engine is made (and its process started) before
pytest runs: a spec that names nothing, or an engine that cannot start, is this command's usage
error, said as ``stud8 conform: ...`` like every other (pytest's own usage errors are reworded
the same way).

Exit codes: 0 every scenario passed (or was not applicable, or is a known failure of the
baseline), 1 failures (including engine errors, crashes and timeouts, and baseline entries that
now pass), 2 usage errors (unknown engine, missing folder, unwritable report).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import re
import sys
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any, TextIO, TypeVar

import pytest

from stud8.conformance.engines.api import Engine, EngineFault
from stud8.conformance.engines.spec import DEFAULT_TIMEOUT, make_engine
from stud8.conformance.suite import plugin
from stud8.conformance.suite.baseline import load_baseline
from stud8.conformance.suite.faults import first_line
from stud8.conformance.suite.freshcheck import RECHECKS
from stud8.conformance.suite.nextstep import engine_flag
from stud8.conformance.suite.order import parse_order
from stud8.conformance.suite.projectconfig import MAX_LABEL
from stud8.conformance.suite.scenarios import SCENARIO_SUFFIXES, packaged_scenarios_dir
from stud8.conformance.suite.testids import real_path, root_labels
from stud8.reference.errors import Stud8Error
from stud8.spec.limits import printable, quoted, seconds_problem
from stud8.spec.outputs import claim_stdout, stdout_for_outputs
from stud8.spec.runfiles import declare_inputs
from stud8.tools.arguments import check_scenario_folders
from stud8.tools.formats import add_format_argument, wants_json
from stud8.tools.output import check_writable, is_stdout
from stud8.tools.progress import ProgressBar, progress_bar, progress_wanted
from stud8.tools.settings import apply_settings

EXAMPLES: tuple[str, ...] = (
    "stud8 conform --engine 'cmd:./my-engine --stud8' --report report.json",
    "stud8 conform --engine 'cmd:./my-engine --stud8' --baseline baseline.json -- -k bring-in",
)
"""The command lines its --help ends with (tests/test_cli_conventions.py checks each parses)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    # --engine, --timeout, --baseline, --scenarios: None when not given, so that stud8.toml or
    # [tool.stud8] can give them (tools/settings.py)
    parser.add_argument("--engine", default=None, metavar="SPEC",
                        help="the engine under test: reference (default), pokerkit, pokerkit-native, "
                             "python:MODULE:FACTORY, or cmd:COMMAND LINE (started without a shell; or cmd:[\"PROGRAM\", \"ARG\", ...]); "
                             "default: engine in stud8.toml or [tool.stud8], else reference")
    parser.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help=f"seconds allowed for each engine message (default {DEFAULT_TIMEOUT:g}, or timeout in the settings)")
    parser.add_argument("--report", type=Path, metavar="FILE", help="write the JSON report (spec/schema/report.schema.json)")
    parser.add_argument("--label", metavar="NAME",
                        help="a name for this run, kept in the report: stud8 report names the engine and its badge file "
                             "by it (default: the engine's name and version from its hello)")
    parser.add_argument("--baseline", type=Path, metavar="FILE",
                        help="known failures (a baseline from --update-baseline, a JSON report, or ids one a line): they "
                             "do not fail the run; one that passes, or fails another way, does")
    parser.add_argument("--update-baseline", type=Path, metavar="FILE",
                        help="write this run's failures to FILE as the new baseline (exit 0 once written; entries for "
                             "scenarios not run are kept)")
    parser.add_argument("--scenarios", action="append", type=Path, default=None, metavar="DIR",
                        help="also run the scenario files under DIR (repeatable; default: scenarios in the settings)")
    parser.add_argument("--no-builtin", action="store_true", help="run only the --scenarios folders, not the packaged suite")
    add_format_argument(parser, "results (json: the report of --report, on stdout; pytest's lines go to stderr)")
    parser.add_argument("--explain", metavar="ID",
                        help="show one scenario's exchange with the engine step by step instead of running the suite "
                             "(the same as stud8 explain ID)")
    parser.add_argument("--keep-going", action="store_true",
                        help="after a difference in a replay, check every later checkpoint and the outcome too, and report them all")
    parser.add_argument("--order", default=None, metavar="ORDER",
                        help="the order scenarios run in: file (default, or order in the settings), reverse, random (a seed "
                             "is chosen and said) or random:SEED (that order again); an engine that carries state between "
                             "hands fails differently in another order")
    parser.add_argument("--no-fresh-check", action="store_true",
                        help=f"do not replay a failing scenario on a fresh engine (by default up to {RECHECKS} failures "
                             "per engine are, to tell state carried between hands from a rule mistake)")
    parser.add_argument("pytest_args", nargs=argparse.REMAINDER, metavar="-- PYTEST-ARGS",
                        help="arguments after -- are passed to pytest")


def pytest_arguments(args: argparse.Namespace) -> list[str]:
    """The pytest command line for this run."""
    folders = ([] if args.no_builtin else [packaged_scenarios_dir()]) + list(args.scenarios)
    if not folders:
        raise Stud8Error("nothing to run: --no-builtin needs at least one --scenarios DIR", "usage")
    check_scenario_folders(args.scenarios)
    problem = seconds_problem(args.timeout, "--timeout")  # inf, nan and 1e308 are refused here, before any run
    if problem:
        raise Stud8Error(problem, "usage")
    if getattr(args, "order", None) is not None:
        parse_order(args.order, "--order")  # random:x or sideways stops here, before the engine starts
    # every file the run reads, before any output is checked: no output may replace one of them
    declare_inputs(folders, "--scenarios", suffixes=SCENARIO_SUFFIXES)
    declare_inputs([args.baseline], "--baseline")
    if args.report is not None:
        check_writable(args.report, "--report")
    if args.baseline is not None:
        load_baseline(args.baseline)  # a baseline that cannot be read stops the run before it starts
    if getattr(args, "update_baseline", None) is not None:
        # it reads the file it replaces (entries for scenarios not run are kept), and may replace the --baseline
        check_writable(args.update_baseline, "--update-baseline", replaces=("--baseline",))
    extra = list(args.pytest_args)
    if extra and extra[0] == "--":
        extra = extra[1:]
    ini = Path(str(resources.files("stud8.conformance.suite").joinpath("conform.ini")))
    rootdir = _rootdir(folders)
    labelled = root_labels(folders, Path.cwd())
    extra = [_pasteable(arg, rootdir, labelled) for arg in extra]
    # -rN: no "FAILED id - message" line per failure after the fact (338 of them once, issue 27):
    # the summary by root cause says it shorter, last; `-- -ra` brings them back
    command = ["-c", str(ini), "--rootdir", str(rootdir), "-o", f"cache_dir={cache_dir(args.engine, rootdir)}", "-rN",
               "--stud8-settings-read", "--stud8-engine", args.engine, "--stud8-timeout", str(args.timeout)]
    if args.report is not None:
        command += ["--stud8-report", str(args.report) if is_stdout(args.report) else str(args.report.resolve())]
    if args.baseline is not None:
        command += ["--stud8-baseline", str(args.baseline.resolve())]
    if getattr(args, "update_baseline", None) is not None:
        update = args.update_baseline
        command += ["--stud8-update-baseline", str(update) if is_stdout(update) else str(update.resolve())]
    if getattr(args, "keep_going", False):
        command.append("--stud8-keep-going")
    order = getattr(args, "order", None)
    if order is not None:
        command += ["--stud8-order", parse_order(order, "--order").spec]
    if getattr(args, "no_fresh_check", False):
        command.append("--stud8-no-fresh-check")
    if getattr(args, "label", None) is not None:
        command += ["--stud8-label", check_label(args.label)]
    for folder in folders:
        command += ["--stud8-scenarios", str(folder.resolve())]
    if any(_names_scenarios(arg) for arg in extra):  # the ids or files given are the selection
        return command + extra
    return command + extra + [str(folder.resolve()) for folder in folders]




def check_label(label: str) -> str:
    """``label`` if it can name a run: printable, one line, at most ``MAX_LABEL`` characters."""
    from stud8.spec.limits import quoted

    if not label.strip() or len(label) > MAX_LABEL or not label.isprintable():
        raise Stud8Error(f"--label must be 1 to {MAX_LABEL} printable characters on one line, got {quoted(label)}", "usage")
    return label.strip()


def _rootdir(folders: list[Path]) -> Path:
    """pytest's rootdir: the current folder. Test ids do not depend on it (they are named
    relative to their suite: conformance/suite/testids.py), and with the rootdir where the
    command runs pytest prints them as they are, never as ``../..`` paths."""
    return Path.cwd()


def _names_scenarios(arg: str) -> bool:
    """Whether a pytest argument names scenarios to run (``FILE::ID`` or a scenario file)."""
    if arg.startswith("-"):
        return False
    file = arg.partition("::")[0]
    return ("::" in arg or file.endswith((".yaml", ".yml"))) and Path(file).exists()


def _pasteable(arg: str, rootdir: Path, labelled: list[tuple[Path, str]] | None = None) -> str:
    """A test id pasted from an earlier run or a report (``LABEL/FILE::ID``, named relative to
    its suite: conformance/suite/testids.py; or ``FILE::ID`` relative to ``rootdir``) made the
    file's real path when it does not name a file from the current folder."""
    file, sep, rest = arg.partition("::")
    if arg.startswith("-") or not (sep or file.endswith((".yaml", ".yml"))) or Path(file).exists():
        return arg
    real = real_path(file, labelled or [])
    if real is not None:
        return f"{real}{sep}{rest}"
    if sep and (rootdir / file).exists():
        return f"{rootdir / file}{sep}{rest}"
    return arg


def cache_dir(engine: str, rootdir: Path | None = None) -> Path:
    """pytest's cache for runs against ``engine``: in the user's cache folder (the packaged suite
    may sit in a read-only site-packages), one folder per engine spec and rootdir (test ids are
    relative to it, as with pytest's own ``.pytest_cache``), so that ``--lf`` means "what failed
    last time against this engine, run from here"."""
    from stud8.tools.cachedir import user_cache_dir

    name = re.sub(r"[^A-Za-z0-9_]+", "-", engine)[:40].strip("-") or "engine"
    digest = hashlib.sha256(f"{engine}\0{rootdir or ''}".encode()).hexdigest()[:8]
    return user_cache_dir() / "conform" / f"{name}-{digest}"


def start_engine(spec: str, timeout: float) -> Engine:
    """The engine under test, its handshake done: any problem is a usage error of the command."""
    return greeted(make_engine(spec, timeout), spec)


_Greeted = TypeVar("_Greeted", bound=Engine)


def greeted(engine: _Greeted, spec: str) -> _Greeted:
    """``engine`` once its ``hello`` is answered; an engine that cannot finish ``hello`` cannot
    start: closed, and a usage error of the command (exit 2, one line) naming the engine, in
    every command that runs one (conform, explain, fuzz; smoke reports it as its finding)."""
    try:
        engine.handshake()
    except EngineFault as fault:
        engine.close()
        raise Stud8Error(f"engine {quoted(spec)} cannot start: {printable(first_line(fault.message), 400)} "
                         f"(stud8 smoke{engine_flag(spec)} checks the protocol step by step)", "usage") from None
    return engine


class _Reworded:
    """stderr during the pytest run, with pytest's ``ERROR: `` prefix said as ``stud8 conform: ``
    (pytest prints its usage errors that way; the command's convention is its own name)."""

    PREFIX = re.compile(r"^((?:\x1b\[[0-9;]*m)*)ERROR: ", re.MULTILINE)

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(self.PREFIX.sub(r"\1stud8 conform: ", text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class ScenarioProgress:
    """A pytest plugin drawing a progress bar of scenarios run (``stud8.tools.progress``).

    Used only when stderr is a terminal and pytest's own lines are not going to it (stdout sent
    to a file or a pipe): with a slow engine the terminal would otherwise show nothing for
    minutes, and a bar beside pytest's lines would garble both. Failures are counted as it goes.
    """

    def __init__(self) -> None:
        self.bar: ProgressBar | None = None
        self.failed = 0

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        # Under pytest-xdist the controller collects nothing: the bar then counts without a total.
        self.bar = progress_bar(total=len(session.items) or None, desc="scenarios", unit="scenario")

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.bar is None or not (report.when == "call" or (report.when == "setup" and not report.passed)):
            return
        self.bar.update(1)
        if report.failed:
            self.failed += 1
            self.bar.set_postfix_str(f"{self.failed} failed", refresh=True)

    def pytest_sessionfinish(self) -> None:
        if self.bar is not None:
            self.bar.close()


def show_progress(as_json: bool) -> bool:
    """Draw the bar: stderr is a terminal and pytest's lines go somewhere else."""
    try:
        return not as_json and progress_wanted() and not sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def next_step(args: argparse.Namespace) -> str:
    """The line printed after a passing run: what to do next."""
    if args.engine == "reference":
        return ("next: run the suite against your engine: stud8 conform --engine 'cmd:./your-engine' "
                "(the protocol it speaks: stud8 protocol), or --engine python:MODULE:FACTORY")
    if args.report is None:
        return f"next: keep a record: stud8 conform --engine {args.engine!r} --report report.json, then --baseline report.json"
    return f"next: keep it passing: stud8 conform --engine {args.engine!r} --baseline {args.report} in your CI"


def run(args: argparse.Namespace) -> int:
    apply_settings(args, "conform")
    if args.explain is not None:
        from stud8.tools import explain_cmd

        if args.pytest_args:
            raise Stud8Error("--explain runs one scenario: pytest arguments after -- do not apply", "usage")
        return explain_cmd.run(argparse.Namespace(id=args.explain, engine=args.engine, timeout=args.timeout,
                                                  scenarios=args.scenarios, no_builtin=args.no_builtin, format=args.format))
    as_json = wants_json(args)
    if as_json:  # standard output holds the report (a --report - is that same report)
        claim_stdout("--format json", "--report")
    # an output on standard output holds it alone: pytest's lines then go to stderr
    quiet = as_json or is_stdout(args.report) or is_stdout(getattr(args, "update_baseline", None))
    with tempfile.TemporaryDirectory(prefix="stud8-conform-") as scratch:
        temporary = as_json and (args.report is None or is_stdout(args.report))
        if temporary:
            args.report = Path(scratch) / "report.json"  # printed on stdout at the end
        command = pytest_arguments(args) + (["--stud8-report-quiet"] if temporary or is_stdout(args.report) else [])
        autoload_off = bool(os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD"))
        engine = start_engine(args.engine, args.timeout)
        plugins: list[Any] = [plugin.PremadeEngine(engine)] + ([plugin] if autoload_off else [])
        if show_progress(as_json):
            plugins.append(ScenarioProgress())
        saved, sys.stderr = sys.stderr, _Reworded(sys.stderr)  # type: ignore[assignment]
        real_stdout = sys.stdout
        try:
            # --format json, or an output named -: stdout holds that alone; pytest's own lines go to stderr
            with (contextlib.redirect_stdout(sys.stderr) if quiet else contextlib.nullcontext(),
                  stdout_for_outputs(real_stdout)):
                code = pytest.main(command, plugins=plugins)
        finally:
            sys.stderr = saved
            engine.close()
        if temporary and args.report.is_file():
            sys.stdout.write(args.report.read_text(encoding="utf-8"))
    if code == pytest.ExitCode.OK:
        print(next_step(args), file=sys.stderr if quiet else sys.stdout)
        return 0
    if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.NO_TESTS_COLLECTED):
        return 2
    return 1
