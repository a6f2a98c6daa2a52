"""Issue 22, writing where it must not (spec/outputs.py, the one safe writer of every output):
a fuzz finding written through a link inside ``--out`` overwrote a file outside it; ``hh
import`` replaced a FIFO in ``--out``, overwrote the input history with its own output and let
two inputs of the same name overwrite each other; every ``hh`` writer replaced a link with a
file (run as root, ``hh audit --report /dev/stdout`` replaced the system's ``/dev/stdout``);
new files got mode 600 whatever the umask and a replaced file lost its mode; a subfolder that
could not be read was skipped without a word; writing a fuzz finding ended in
``IsADirectoryError`` or waited on a FIFO forever. Each test is the regression test of one."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from stud8.reference.errors import Stud8Error
from stud8.spec.outputs import distinct_name, open_output, resolve_output, write_files_atomic, write_text_atomic
from stud8.tools.cli import main

DATA = Path(__file__).parent / "data"
PS = DATA / "site-hands" / "pokerstars" / "7-StudHL-USD-0.04-0.08-200911.txt"
PHH = DATA / "real-hands" / "test_2023_43_5__test_48_02_09_20.phh"
ENGINES = Path(__file__).parent / "engines"
WRONG = "python:fuzz_engines:reversed_show_order"

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX FIFOs")


@pytest.fixture
def umask_027() -> Iterator[None]:
    old = os.umask(0o027)
    yield
    os.umask(old)


def _run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


# --- the writer itself --------------------------------------------------------------------------


def test_a_link_to_a_file_inside_the_output_folder_has_that_file_written(tmp_path: Path) -> None:
    out = tmp_path / "out"
    (out / "keep").mkdir(parents=True)
    real = out / "keep" / "real.yaml"
    real.write_text("old", encoding="utf-8")
    (out / "h.yaml").symlink_to(real)
    write_files_atomic({out / "h.yaml": "new"}, "--out", inside=out)
    assert (out / "h.yaml").is_symlink() and real.read_text(encoding="utf-8") == "new"


@pytest.mark.parametrize("kind", ["fifo", "folder", "outside-link", "dangling-outside-link", "device-link"])
def test_special_files_and_links_leading_outside_are_refused(tmp_path: Path, kind: str) -> None:
    out = tmp_path / "out"
    out.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text("precious", encoding="utf-8")
    name = out / "h.yaml"
    if kind == "fifo":
        os.mkfifo(name)
    elif kind == "folder":
        name.mkdir()
    elif kind == "outside-link":
        name.symlink_to(outside)
    elif kind == "dangling-outside-link":
        name.symlink_to(tmp_path / "nowhere.txt")
    else:
        name.symlink_to("/dev/null")
    before = os.lstat(name)
    with pytest.raises(Stud8Error):
        write_files_atomic({name: "text"}, "--out", inside=out)
    with pytest.raises(Stud8Error), open_output(name, "--out", inside=out) as stream:
        stream.write("text")
    after = os.lstat(name)
    assert (before.st_mode, before.st_ino) == (after.st_mode, after.st_ino)
    assert outside.read_text(encoding="utf-8") == "precious" and not (tmp_path / "nowhere.txt").exists()
    assert sorted(path.name for path in out.iterdir()) == ["h.yaml"]  # no temporary file left


def test_an_input_is_never_an_output(tmp_path: Path) -> None:
    source = tmp_path / "hands.yaml"
    source.write_text("the input", encoding="utf-8")
    link = tmp_path / "link.yaml"
    link.symlink_to(source)
    for target in (source, link):
        with pytest.raises(Stud8Error, match="is an input of this command"):
            write_text_atomic(target, "output", "-o", inputs=[source])
    assert source.read_text(encoding="utf-8") == "the input"


def test_distinct_inputs_get_distinct_names(tmp_path: Path) -> None:
    taken: set[str] = set()
    names = [distinct_name(tmp_path, stem, ".yaml", taken).name for stem in ("h", "h", "h-2", "g", "h")]
    assert names == ["h.yaml", "h-2.yaml", "h-2-2.yaml", "g.yaml", "h-3.yaml"]


def test_new_files_follow_the_umask_and_replaced_files_keep_their_mode(tmp_path: Path, umask_027: None) -> None:
    with open_output(tmp_path / "new.txt", "--out") as stream:
        stream.write("x")
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o640
    (tmp_path / "new.txt").chmod(0o604)
    with open_output(tmp_path / "new.txt", "--out") as stream:
        stream.write("y")
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o604


def test_an_output_that_fails_midway_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_text("old", encoding="utf-8")
    with pytest.raises(RuntimeError), open_output(target, "--report") as stream:
        stream.write("half")
        raise RuntimeError("the run failed")
    assert target.read_text(encoding="utf-8") == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


# --- the commands -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["-", "/dev/stdout"])
@pytest.mark.parametrize("argv", [
    ["hh", "audit", str(PS), "--format", "json", "--report", "{}"],
    ["hh", "synth", "--hands", "2", "--seed", "1", "-o", "{}"],
    ["hh", "export", str(DATA / "replay" / "fold.yaml"), "--to", "ohh", "-o", "{}"],
    ["phh", "import", str(PHH), "-o", "{}"],
    ["conform", "--no-builtin", "--scenarios", str(DATA / "valid"), "--report", "{}"],
])
def test_dash_and_dev_stdout_mean_standard_output(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch, argv: list[str], name: str) -> None:
    monkeypatch.chdir(tmp_path)
    link = Path("/dev/stdout")
    before = os.lstat(link) if os.path.lexists(link) else None
    code, out, err = _run(capsys, *(name if arg == "{}" else arg for arg in argv))
    assert code in (0, 1), err
    assert out.strip(), "nothing on standard output"
    assert list(tmp_path.iterdir()) == []  # no file called "-"
    if before is not None:
        after = os.lstat(link)
        assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)  # the system's link untouched


def test_hh_import_refuses_a_fifo_and_an_outside_link_at_an_output_name(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    os.mkfifo(out / "a.yaml")
    history = tmp_path / "a.txt"
    history.write_text(PS.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = _run(capsys, "hh", "import", history, "--out", out)
    assert code == 2 and err.count("\n") == 1 and "is not a regular file" in err
    assert stat.S_ISFIFO(os.lstat(out / "a.yaml").st_mode)
    (out / "a.yaml").unlink()
    victim = tmp_path / "victim.yaml"
    victim.write_text("precious", encoding="utf-8")
    (out / "a.yaml").symlink_to(victim)
    code, _, err = _run(capsys, "hh", "import", history, "--out", out)
    assert code == 2 and "is a link leading outside" in err and victim.read_text(encoding="utf-8") == "precious"


def test_hh_import_never_overwrites_its_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    history = tmp_path / "hands.yaml"  # a history named .yaml, imported into its own folder
    history.write_text(PS.read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = _run(capsys, "hh", "import", history, "--out", tmp_path)
    assert code == 2 and "is an input of this command" in err
    assert history.read_text(encoding="utf-8") == PS.read_text(encoding="utf-8")


def test_hh_import_gives_inputs_of_the_same_name_distinct_outputs(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path, umask_027: None) -> None:
    # two histories of other hands (the same hands twice would be refused: two scenarios of one title)
    for folder, history in (("a", PS), ("b", DATA / "site-hands" / "fulltilt" / "7-StudHL-USD-2-4-201103.txt")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "hands.txt").write_text(history.read_text(encoding="utf-8"), encoding="utf-8")
    out = tmp_path / "out"
    code, _, err = _run(capsys, "hh", "import", tmp_path / "a" / "hands.txt", tmp_path / "b" / "hands.txt", "--out", out)
    assert code in (0, 1), err
    assert sorted(path.name for path in out.iterdir()) == ["hands-2.yaml", "hands.yaml"]
    assert "PokerStars" in (out / "hands.yaml").read_text(encoding="utf-8")
    assert "Full Tilt" in (out / "hands-2.yaml").read_text(encoding="utf-8")
    assert stat.S_IMODE((out / "hands.yaml").stat().st_mode) == 0o640


def test_hh_import_of_a_hand_it_cannot_write_exits_1_and_writes_the_rest(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path) -> None:
    from stud8.conformance.handhistory.pokerstars import PokerStarsWriter
    from stud8.conformance.handhistory.synth import synth_records

    records = list(synth_records(400, 3, players=(8, 8)))
    community = [record for record in records if record.community is not None][:1]
    assert community
    history = tmp_path / "mixed.txt"
    with open(history, "w", encoding="utf-8") as stream:
        PokerStarsWriter().write(records[:3] + community, stream)
    code, _, err = _run(capsys, "hh", "import", history, "--out", tmp_path / "out")
    assert code == 1
    # named (file and hand) and left out, with why: hh import's one wording for a hand it leaves out
    assert "a community card on seventh street cannot be written in a scenario's deal" in err
    assert (tmp_path / "out" / "mixed.yaml").read_text(encoding="utf-8").count("  - id: ") == 3


@pytest.mark.parametrize("argv", [
    ["hh", "audit", str(PS), "--report", "{}"],
    ["hh", "synth", "--hands", "2", "-o", "{}"],
    ["phh", "import", str(PHH), "-o", "{}"],
    ["conform", "--no-builtin", "--scenarios", str(DATA / "valid"), "--report", "{}"],
])
def test_outputs_follow_the_umask_keep_a_mode_and_never_replace_a_link(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path, umask_027: None,
                                                                      argv: list[str]) -> None:
    fresh = tmp_path / "fresh.out"
    assert _run(capsys, *(str(fresh) if arg == "{}" else arg for arg in argv))[0] in (0, 1)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o640
    fresh.chmod(0o604)
    link = tmp_path / "link.out"
    link.symlink_to(fresh)
    assert _run(capsys, *(str(link) if arg == "{}" else arg for arg in argv))[0] in (0, 1)
    assert link.is_symlink() and stat.S_IMODE(fresh.stat().st_mode) == 0o604


@pytest.mark.parametrize("argv", [
    ["hh", "audit", "{in}", "--report", "{in}"],
    ["phh", "import", "{in}", "-o", "{in}"],
])
def test_an_output_that_is_an_input_is_refused_before_any_work(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                                argv: list[str]) -> None:
    source = tmp_path / ("input.phh" if argv[0] == "phh" else "input.txt")
    source.write_bytes((PHH if argv[0] == "phh" else PS).read_bytes())
    code, _, err = _run(capsys, *(str(source) if arg == "{in}" else arg for arg in argv))
    assert code == 2 and "is an input of this command" in err
    assert source.read_bytes() == (PHH if argv[0] == "phh" else PS).read_bytes()


# --- fuzz findings ---------------------------------------------------------------------------------


@pytest.fixture
def finding_name(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> str:
    """The name the finding of ``fuzz --engine WRONG --seed 3`` gets (found by a first run)."""
    monkeypatch.syspath_prepend(str(ENGINES))
    scratch = tmp_path_factory.mktemp("scratch")
    assert main(["fuzz", "--engine", WRONG, "--hands", "100", "--seed", "3", "--jobs", "1", "--out", str(scratch)]) == 1
    (written,) = list(scratch.iterdir())
    return written.name


@pytest.mark.parametrize("kind", ["folder", "fifo", "outside-link", "inside-link"])
def test_fuzz_findings_go_through_the_safe_writer(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                  finding_name: str, kind: str) -> None:
    capsys.readouterr()
    out = tmp_path / "findings"
    out.mkdir()
    outside = tmp_path / "outside.yaml"
    outside.write_text("precious", encoding="utf-8")
    inside = out / "kept" / "real.yaml"
    inside.parent.mkdir()
    inside.write_text("old", encoding="utf-8")
    target = out / finding_name
    if kind == "folder":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(outside if kind == "outside-link" else inside)
    code, _, err = _run(capsys, "fuzz", "--engine", WRONG, "--hands", "100", "--seed", "3", "--jobs", "1",
                               "--out", out)
    assert outside.read_text(encoding="utf-8") == "precious"
    if kind == "inside-link":
        assert code == 1 and target.is_symlink() and inside.read_text(encoding="utf-8").startswith("# yaml-language-server")
        return
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"stud8 fuzz: --out {target}: ")
    assert stat.S_IFMT(os.lstat(target).st_mode) == {"folder": stat.S_IFDIR, "fifo": stat.S_IFIFO,
                                                      "outside-link": stat.S_IFLNK}[kind]


# --- folders that cannot be read ---------------------------------------------------------------------


def test_a_scenario_subfolder_that_cannot_be_read_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "ok").mkdir()
    (tmp_path / "ok" / "hands.yaml").write_text((DATA / "valid" / "hands.yaml").read_text(encoding="utf-8"),
                                                encoding="utf-8")
    locked = tmp_path / "locked"
    locked.mkdir()
    real_scandir, real_listdir = os.scandir, os.listdir

    def refuse(real: object) -> object:
        def listing(path: object = ".") -> object:
            if isinstance(path, (str, os.PathLike)) and Path(path) == locked or path == "locked-fd":
                raise PermissionError(13, "Permission denied", str(path))
            return real(path)  # type: ignore[operator]
        return listing

    monkeypatch.setattr(os, "scandir", refuse(real_scandir))
    monkeypatch.setattr(os, "listdir", refuse(real_listdir))
    code, out, _ = _run(capsys, "validate", tmp_path)
    assert code == 1
    assert f"{locked}:1:1: [error] cannot read" in out and "(unreadable)" in out


def test_resolve_output_names_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(Stud8Error, match="lies outside"):
        (tmp_path / "out").mkdir()
        (tmp_path / "out" / "sub").symlink_to(tmp_path)
        resolve_output(tmp_path / "out" / "sub" / "x.yaml", "--out", inside=tmp_path / "out")
