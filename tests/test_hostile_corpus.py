"""Every command on every input of the hostile corpus (tests/hostile/README.md).

Asserted for each run: no exception escapes (no ``Traceback``, no ``INTERNALERROR``); the exit
status is one docs/cli.md's exit-code table gives that command, and not 0 (every input is
bad); nothing changed on disk but the named output; ``serve`` answers every line. Runs are
grouped into a few child processes (``tests/hostile/driver.py``) started side by side, each
under resource limits (address space ``MEMORY_BYTES``, CPU seconds, file size) and a generous
subprocess timeout, and each run under an alarm of ``round2.JOB_SECONDS``: bounds that catch a
hang or a blow-up, not speed assertions.

The second round (issue 22, ``tests/hostile/round2.py``) adds its classes (hand-history
input, outputs, standard output, arguments, Dask), made here in the test, with an
expectation per run (exit statuses, a phrase on stderr, checks on disk afterwards); every run
of both rounds records its time and peak memory, written to ``resources.json`` in the test's
folder (and to the path in ``STUD8_HOSTILE_FIGURES``, when set).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent
CORPUS = HERE / "hostile"
INPUTS = CORPUS / "inputs"
DATA = HERE / "data"
EXIT_TABLE = HERE.parent / "docs" / "cli.md"  # the exit-code table (moved out of the README)
sys.path.insert(0, str(CORPUS))
import round2

MEMORY_BYTES = 1536 << 20  # address space per child (about 1.5 GB): far above a healthy run (~0.2 GB)
CPU_SECONDS = 900
FILE_BYTES = 64 << 20  # no output of a hostile run needs more
DOCS_INPUTS = ("deep-flow.yaml", "alias-bomb.yaml", "binary.yaml", "bad-table.yaml", "huge-cbr.yaml")
GROUP_TIMEOUT = 1200.0  # seconds for one group of runs; a healthy group takes a minute or two

HH_KNOWN_BROKEN: dict[str, str] = {
    # Inputs `hh audit` is not given until conformance/handhistory (issue 9's code) handles them
    # (name -> why). None today: special files (a FIFO, /dev/zero) are refused unopened.
}


def exit_table() -> dict[str, set[int]]:
    """Command -> the exit statuses docs/cli.md's table allows it (one row per command)."""
    text = EXIT_TABLE.read_text(encoding="utf-8")
    start = text.index("## Exit codes")
    table: dict[str, set[int]] = {}
    for line in text[start:].splitlines()[1:]:
        if line.startswith("## "):
            break
        match = re.match(r"\|\s*`stud8 ([a-z-]+)[^`]*`\s*\|(.*)\|\s*$", line)
        if match:
            cells = [cell.strip() for cell in match.group(2).split("|")]
            table[match.group(1)] = {code for code, cell in enumerate(cells[:3]) if cell not in ("", "—", "-")}
    return table


def _limits() -> None:  # runs in the child, before exec
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_BYTES, FILE_BYTES))


def run_group(name: str, jobs: list[dict[str, Any]], work: Path) -> tuple[str, list[dict[str, Any]], str]:
    for job in jobs:
        job.setdefault("seconds_limit", round2.JOB_SECONDS)
    spec = work / f"{name}.jobs.json"
    spec.write_text(json.dumps(jobs), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE / "hostile" / "engines"), str(HERE / "engines")]))
    try:
        done = subprocess.run([sys.executable, str(CORPUS / "driver.py"), str(spec)], capture_output=True, text=True,
                              timeout=GROUP_TIMEOUT, preexec_fn=_limits, cwd=work, env=env, check=False)
    except subprocess.TimeoutExpired as expired:
        started = [line for line in (expired.stderr or b"").decode("utf-8", "replace").splitlines() if line.startswith("start ")]
        return name, [], f"timed out after {GROUP_TIMEOUT:g} s; running: {started[-1] if started else '?'}"
    results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    problem = ""
    if done.returncode != 0 or len(results) != len(jobs):
        started = [line for line in done.stderr.splitlines() if line.startswith("start ")]
        problem = (f"the driver exited {done.returncode} after {len(results)} of {len(jobs)} runs "
                   f"(last started: {started[-1] if started else '?'}): {done.stderr[-1500:]}")
    return name, results, problem


def build_groups(sandbox: Path) -> dict[str, list[dict[str, Any]]]:
    """The runs, by group. Inputs are copied into ``sandbox`` (folders of one file each, for the
    commands that take a folder); every run watches the sandbox and the committed corpus."""
    names = ("validate", "conform", "docs-export", "phh-serve", "arguments", "special")
    groups: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for name in names:  # each group writes in a folder of its own: groups run side by side
        (sandbox / name).mkdir()
    out = sandbox / "out"
    for name in names:
        (out / name).mkdir(parents=True)

    def job(group: str, argv: list[str], outputs: tuple[Path, ...] = (), stdin: Path | None = None, **extra: Any) -> None:
        watch = [str(sandbox / group), str(sandbox / "in"), str(INPUTS), str(DATA)]
        if any(str(path).startswith(str(out)) for path in outputs):
            watch.append(str(out / group))
        groups[group].append({"argv": argv, "outputs": [str(p) for p in outputs], "stdin": str(stdin) if stdin else None,
                              "watch": watch, **extra})

    for path in sorted(INPUTS.glob("*.yaml")):
        folder = sandbox / "in" / path.stem
        folder.mkdir(parents=True)
        shutil.copy(path, folder / path.name)
        report, book, phh = (out / "conform" / f"{path.stem}.json", out / "docs-export" / f"{path.stem}-docs",
                             out / "docs-export" / f"{path.stem}.phh")
        job("validate", ["validate", str(path)])
        job("validate", ["coverage", "--no-builtin", "--scenarios", str(folder)])
        job("conform", ["conform", "--no-builtin", "--scenarios", str(folder), "--report", str(report)], (report,))
        job("conform", ["conform", "--no-builtin", "--scenarios", str(DATA / "valid"), "--baseline", str(path)],
            allow_zero=path.name == "empty.yaml")  # an empty baseline is a baseline of no known failures
        if path.name in DOCS_INPUTS:  # docs loads the whole suite each time: a few inputs stand for all
            job("docs-export", ["docs", "--out", str(book), "--scenarios", str(folder)], (book,))
            job("docs-export", ["docs", "--out", str(book), "--rules", str(path)], (book,))
        job("docs-export", ["phh", "export", str(path), "-o", str(phh), "--no-check"], (phh,))
    for path in sorted(INPUTS.glob("*.phh")):
        imported = out / "phh-serve" / f"{path.stem}.yaml"
        job("phh-serve", ["phh", "replay", str(path)])
        job("phh-serve", ["phh", "import", str(path), "-o", str(imported)], (imported,))
    for path in sorted(INPUTS.glob("*.jsonl")):
        job("phh-serve", ["serve"], stdin=path, keep_stdout=True, lines=sum(1 for line in path.read_bytes().splitlines()
                                                                            if line.strip()))
    for path in sorted(INPUTS.iterdir()):
        if path.name in HH_KNOWN_BROKEN:
            continue
        job("phh-serve", ["hh", "audit", str(path)])
    for line in (CORPUS / "arguments.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            job("arguments", shlex.split(line))

    # Special files, made here: a FIFO, a link to an endless device, an empty folder, and
    # outputs that cannot be written as a regular file.
    special = sandbox / "special"
    fifo = special / "fifo.yaml"
    os.mkfifo(fifo)
    zero = special / "zero.yaml"
    zero.symlink_to("/dev/zero")
    empty = special / "empty-folder"
    empty.mkdir()
    for path in (fifo, zero):
        job("special", ["validate", str(path)])
        job("special", ["phh", "replay", str(path)])
        job("special", ["hh", "audit", str(path)])
        job("special", ["conform", "--no-builtin", "--scenarios", str(DATA / "valid"), "--baseline", str(path)])
    job("special", ["validate", str(empty)])
    job("special", ["conform", "--no-builtin", "--scenarios", str(empty)])
    under_file = special / "a-file"
    under_file.write_text("keep", encoding="utf-8")
    folder_out = special / "a-folder"
    folder_out.mkdir()
    book = special / "book"
    (book / "index.html").mkdir(parents=True)
    (book / "rules.md").write_text("old rules", encoding="utf-8")
    bad_outputs = [fifo, folder_out, under_file / "x", special / "missing" / "x", Path("/proc/stud8-hostile")]
    for target in bad_outputs:
        job("special", ["conform", "--no-builtin", "--scenarios", str(DATA / "valid"), "--report", str(target)])
        job("special", ["phh", "export", str(DATA / "replay" / "fold.yaml"), "--no-check", "-o", str(target)])
        job("special", ["phh", "import", str(DATA / "phh" / "hidden-shown.phh"), "-o", str(target)])
        if target not in (folder_out, special / "missing" / "x"):  # both are fine places for findings
            job("special", ["fuzz", "--engine", "reference", "--hands", "5", "--out", str(target)])
    job("special", ["docs", "--out", str(book)])  # index.html is a folder: rules.md must stay as it was
    return groups


ROUND1 = ["validate", "conform", "docs-export", "phh-serve", "arguments", "special"]
ROUND2 = ["r2-histories-a", "r2-histories-b", "r2-outputs", "r2-streams", "r2-dask"]


def _listener(behaviour: str, stop: threading.Event) -> str:
    """A local port that answers HTTP, sends garbage, or accepts and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(50)
    server.settimeout(0.2)
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except OSError:
                continue
            held.append(connection)
            try:
                if behaviour == "http":
                    connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
                elif behaviour == "garbage":
                    connection.sendall(b"\xff" * 4096 + b"garbage" * 100)
            except OSError:
                pass
        for connection in held:
            connection.close()
        server.close()

    threading.Thread(target=serve, daemon=True).start()
    return f"tcp://127.0.0.1:{server.getsockname()[1]}"


@contextlib.contextmanager
def dask_addresses() -> Iterator[tuple[dict[str, str], str]]:
    """An address of every Dask class, and the phrase every refusal starts with."""
    stop = threading.Event()
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    refused = f"tcp://127.0.0.1:{closed.getsockname()[1]}"
    closed.close()
    addresses = {kind: _listener(kind, stop) for kind in ("http", "garbage", "silent")}
    addresses.update({"tls": "tls://127.0.0.1:8786", "ucx": "ucx://127.0.0.1:8786", "refused": refused,
                      "bad-port": "tcp://127.0.0.1:99999"})
    try:
        import distributed
    except ImportError:  # then every --dask is refused for want of the package: one line all the same
        yield {**addresses, "no-workers": refused}, "--dask needs the dask distributed package"
        stop.set()
        return
    cluster = distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None, protocol="tcp://")
    try:
        yield {**addresses, "no-workers": cluster.scheduler_address}, "cannot reach the Dask scheduler at "
    finally:
        cluster.close()
        stop.set()


def build_round2(sandbox: Path, addresses: dict[str, str], phrase: str) -> tuple[dict[str, list[dict[str, Any]]], list[Any]]:
    """The second round's runs, by group, and the checks to make on disk after them."""
    root = sandbox / "r2"
    made = round2.make_histories(root / "in")
    history = round2.history_jobs(made, root / "out")
    heavy = {"mucked-2000", "merge-unclosed", "ipoker-unclosed", "phhs-40000-tables", "hands-10050", "line-too-long"}
    outputs, checks = round2.output_jobs(_fresh(root / "outputs"), round2.finding_name())
    dask = round2.dask_jobs(addresses, _fresh(root / "dask"))
    for job in dask:
        job["expect"]["stderr_has"] = phrase
    groups = {
        "r2-histories-a": [job for job in history if job["class"] in heavy],
        "r2-histories-b": [job for job in history if job["class"] not in heavy],
        "r2-outputs": outputs,
        "r2-streams": round2.stream_and_argument_jobs(_fresh(root / "streams")),
        "r2-dask": dask,
    }
    return groups, checks


def _fresh(folder: Path) -> Path:
    folder.mkdir(parents=True)
    return folder


@pytest.fixture(scope="module")
def corpus_results(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    if not hasattr(os, "mkfifo"):
        pytest.skip("the corpus needs POSIX FIFOs and resource limits")
    work = tmp_path_factory.mktemp("hostile")
    sandbox = work / "sandbox"
    sandbox.mkdir()
    stdout_link = os.lstat("/dev/stdout") if os.path.lexists("/dev/stdout") else None
    with dask_addresses() as (addresses, phrase):
        groups = build_groups(sandbox)
        second, checks = build_round2(sandbox, addresses, phrase)
        groups.update(second)
        order = sorted(groups, key=lambda name: -len(groups[name]))  # the longest first: two drivers finish together
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futures = [pool.submit(run_group, name, groups[name], work) for name in order]
            finished = [future.result() for future in futures]
    assert (sandbox / "special" / "book" / "rules.md").read_text(encoding="utf-8") == "old rules"
    results = {name: (groups[name], runs, problem) for name, runs, problem in finished}
    figures = [{"group": name, "class": job.get("class", "round 1"), "argv": round2.describe(job),
                "seconds": run["seconds"], "peak_kb": run["peak_kb"], "peak_scope": run["peak_scope"]}
               for name, (jobs, runs, _) in results.items() for job, run in zip(jobs, runs)]
    text = json.dumps(figures, indent=1)
    (work / "resources.json").write_text(text, encoding="utf-8")
    if os.environ.get("STUD8_HOSTILE_FIGURES"):
        Path(os.environ["STUD8_HOSTILE_FIGURES"]).write_text(text, encoding="utf-8")
    after = os.lstat("/dev/stdout") if stdout_link is not None else None
    yield {"groups": results, "checks": checks, "figures": figures,
           "stdout_link": (stdout_link.st_mode, stdout_link.st_ino) == (after.st_mode, after.st_ino)  # type: ignore[union-attr]
           if stdout_link is not None else True}


def _verdicts(jobs: list[dict[str, Any]], results: list[dict[str, Any]], table: dict[str, set[int]]) -> list[str]:
    bad = []
    for job, result in zip(jobs, results):
        command = job["argv"][0]
        shown = shlex.join(job["argv"])[:160] + (f" < {Path(job['stdin']).name}" if job.get("stdin") else "")
        allowed = table.get(command, {0, 1, 2})
        if result["traceback"]:
            bad.append(f"{shown}: traceback: {(result['escaped'] or result['tail'])[-800:]}")
        elif result["code"] not in allowed:
            bad.append(f"{shown}: exit {result['code']}, not in docs/cli.md's exit table {sorted(allowed)}: {result['tail'][-300:]}")
        elif command == "serve":
            answers = [json.loads(line) for line in result["stdout_lines"]]
            if len(answers) != job["lines"]:
                bad.append(f"{shown}: {len(answers)} answers to {job['lines']} lines")
        elif result["code"] == 0 and not job.get("allow_zero"):
            bad.append(f"{shown}: exit 0 on a hostile input: {result['tail'][-300:]}")
        if result["changed"]:
            bad.append(f"{shown}: changed what it was not told to write: {result['changed'][:5]}")
        if result["stdout_chars"] + result["stderr_chars"] > 200_000:
            bad.append(f"{shown}: {result['stdout_chars'] + result['stderr_chars']:,} characters of output")
    return bad


@pytest.mark.parametrize("group", ROUND1)
def test_every_command_survives_every_hostile_input(corpus_results: dict[str, Any], group: str) -> None:
    jobs, results, problem = corpus_results["groups"][group]
    assert not problem, problem
    assert len(results) == len(jobs)
    bad = _verdicts(jobs, results, exit_table())
    assert not bad, f"{len(bad)} of {len(jobs)} runs went wrong:\n" + "\n".join(bad)


def _verdicts2(jobs: list[dict[str, Any]], results: list[dict[str, Any]], table: dict[str, set[int]]) -> list[str]:
    """The second round's checks: each run's own expectation, on top of round 1's promises
    (no traceback, no hang, an exit docs/cli.md allows, nothing written but the named output,
    no raw escape sequence printed)."""
    bad = []
    for job, result in zip(jobs, results):
        shown = round2.describe(job)
        expect = job["expect"]
        command = job["argv"][0]
        if result["timed_out"]:
            bad.append(f"{shown}: still running after {round2.JOB_SECONDS} s: a hang")
        elif result["traceback"]:
            bad.append(f"{shown}: traceback: {(result['escaped'] or result['tail'])[-800:]}")
        elif result["code"] not in expect["codes"] or result["code"] not in table.get(command, {0, 1, 2}):
            bad.append(f"{shown}: exit {result['code']}, expected {expect['codes']} (docs/cli.md: "
                       f"{sorted(table.get(command, set()))}): {result['tail'][-300:]!r}")
        if expect.get("stderr_has") and expect["stderr_has"] not in result["stderr"]:
            bad.append(f"{shown}: stderr lacks {expect['stderr_has']!r}: {result['stderr'][-300:]!r}")
        if expect.get("one_line") and result["stderr"].count("\n") != 1:
            bad.append(f"{shown}: {result['stderr'].count(chr(10))} lines on stderr, not one: {result['stderr'][-300:]!r}")
        if expect.get("max_output") and result["stdout_chars"] + result["stderr_chars"] > expect["max_output"]:
            bad.append(f"{shown}: {result['stdout_chars'] + result['stderr_chars']:,} characters of output")
        if expect.get("stdout") and not result["stdout_chars"]:
            bad.append(f"{shown}: nothing on standard output")
        if result["raw_escape"]:
            bad.append(f"{shown}: an escape character printed raw: {result['tail'][-200:]!r}")
        if result["changed"]:
            bad.append(f"{shown}: changed what it was not told to write: {result['changed'][:5]}")
    return bad


@pytest.mark.parametrize("group", ROUND2)
def test_every_command_meets_every_round_two_class(corpus_results: dict[str, Any], group: str) -> None:
    jobs, results, problem = corpus_results["groups"][group]
    assert not problem, problem
    assert len(results) == len(jobs)
    bad = _verdicts2(jobs, results, exit_table())
    assert not bad, f"{len(bad)} of {len(jobs)} runs went wrong:\n" + "\n".join(bad)


def test_the_round_two_outputs_are_as_promised_on_disk(corpus_results: dict[str, Any]) -> None:
    """Links still links with their files written through them, modes kept, inputs never
    overwritten, the file outside every output folder untouched, /dev/stdout unchanged."""
    bad = [why for why in map(round2.check_on_disk, corpus_results["checks"]) if why]
    assert not bad, "\n".join(bad)
    assert corpus_results["stdout_link"], "/dev/stdout was replaced"


def test_every_round_two_class_meets_every_command_that_takes_it(corpus_results: dict[str, Any]) -> None:
    """The matrix is whole: every class is run by every command that reads, writes or prints
    what it attacks (the lists are in tests/hostile/round2.py)."""
    from stud8.tools.cli import COMMANDS

    jobs = [job for name in ROUND2 for job in corpus_results["groups"][name][0]]
    met: dict[str, set[str]] = {}
    for job in jobs:
        met.setdefault(job["class"], set()).add(job["argv"][0] if job["argv"][0] != "hh" else f"hh {job['argv'][1]}")
    readers = {"validate", "conform", "coverage", "phh", "hh audit", "hh import", "hh export"}
    for kind in round2.HISTORY_CLASSES:
        assert readers <= met[kind], (kind, readers - met[kind])
    for kind in round2.STDOUT_CLASSES:
        assert {name if name != "hh" else "hh audit" for name in COMMANDS} <= met[f"stdout {kind}"], kind
    for label in ("argument of 100,000 characters", "argument with escapes"):
        assert {name if name != "hh" else "hh audit" for name in COMMANDS} <= met[label], label
    writers = {job.get("writer") for job in jobs if job.get("writer")}
    assert writers == {*round2.FILE_WRITERS, "hh import --out", "fuzz --out", "docs --out"}
    for kind in round2.DASK_CLASSES:
        assert met[f"dask {kind}"] == {"hh audit", "fuzz"}


def test_every_run_stays_within_the_resource_limits(corpus_results: dict[str, Any]) -> None:
    """Each run's time and peak memory are recorded (resources.json); none came near the
    limits the children run under (the address space would have failed the run, the alarm
    stopped it: both are caught above, this names the largest)."""
    figures = corpus_results["figures"]
    assert figures and all(entry["peak_kb"] > 0 for entry in figures)
    largest = max(figures, key=lambda entry: entry["peak_kb"])
    longest = max(figures, key=lambda entry: entry["seconds"])
    assert largest["peak_kb"] * 1024 < MEMORY_BYTES, largest
    assert longest["seconds"] < round2.JOB_SECONDS, longest


def test_the_exit_table_names_every_command() -> None:
    from stud8.tools.cli import COMMANDS

    table = exit_table()
    assert set(COMMANDS) <= set(table), f"commands missing from docs/cli.md's exit-code table: {sorted(set(COMMANDS) - set(table))}"
    assert all(codes and codes <= {0, 1, 2} for codes in table.values())
