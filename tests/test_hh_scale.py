"""Auditing at scale: the same verdicts, in the same order, in this process, on local worker
processes (``--jobs``) and on a Dask cluster of two workers (``--dask``); and the ``audit``
section of ``stud8 bench``. Speed itself is never asserted (``stud8 bench`` prints it)."""

from __future__ import annotations

import dataclasses
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from stud8.conformance.handhistory.audit import AuditOptions
from stud8.conformance.handhistory.batch import audit_paths, batches, hands
from stud8.conformance.handhistory.speed import write_synth_file

SITE_HANDS = Path(__file__).parent / "data" / "site-hands"


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """A synthetic PokerStars file and every real site file (all formats, the refused ones too)."""
    from stud8.conformance.handhistory.pokerstars import PokerStarsWriter
    from stud8.conformance.handhistory.synth import synth_records

    folder = tmp_path_factory.mktemp("histories")
    write_synth_file(folder / "synth.txt", 60, seed=11)
    with open(folder / "loose.txt", "w", encoding="utf-8") as stream:  # deviations deep in a file
        PokerStarsWriter().write(synth_records(50, 4, options={"raise_cap": 6}), stream)
    with open(folder / "banner.txt", "w", encoding="utf-8") as stream:  # a line before the first hand
        stream.write("Exported by a tracker\n\n")
        PokerStarsWriter().write(synth_records(20, 5), stream)
    return [folder / "synth.txt", folder / "loose.txt", folder / "banner.txt", SITE_HANDS]


def _json(paths: list[Path], **where: Any) -> list[dict[str, Any]]:
    return [verdict.to_json() for verdict in audit_paths(paths, AuditOptions(), size=16, **where)]


@pytest.fixture(scope="module")
def serial(histories: list[Path]) -> list[dict[str, Any]]:
    return _json(histories, jobs=1)


def test_in_process_verdicts_cover_every_hand_in_reading_order(histories: list[Path],
                                                               serial: list[dict[str, Any]]) -> None:
    items = list(hands(histories))
    assert len(serial) == len(items) > 60 + 50 + 20 + 20
    assert [v["hand"] for v in serial] == [getattr(item, "hand_id", None) for item in items]
    verdicts = {v["verdict"] for v in serial}
    assert {"conforms", "deviates", "cannot-judge", "not-stud8", "unreadable"} <= verdicts


def test_spans_cut_a_file_at_hand_starts_with_the_file_s_line_numbers(histories: list[Path]) -> None:
    from stud8.conformance.handhistory.batch import spans

    path = histories[1]
    data = path.read_bytes()
    cut = list(spans(path, "pokerstars", "utf-8", AuditOptions(), size=7))
    assert len(cut) == 8 and cut[0].start == 0 and cut[-1].end == len(data)
    assert all(left.end == right.start for left, right in pairwise(cut))
    for span in cut:
        assert data[span.start:].startswith(b"PokerStars Hand #")
        assert data.count(b"\n", 0, span.start) + 1 == span.line


def test_every_site_file_cut_hand_by_hand_gives_the_serial_verdicts() -> None:
    """Units of one hand each, audited here: each text format is cut at every hand start and
    read from there (the same code a worker runs), the others batched."""
    from stud8.conformance.handhistory.batch import Span, audit_unit, units

    work = list(units([SITE_HANDS], AuditOptions(), size=1))
    assert sum(isinstance(unit, Span) for unit in work) >= 25
    serial = list(audit_paths([SITE_HANDS], jobs=1))
    # the run notes a hand id met earlier (a site-wide fact a unit cannot know): the rest is the unit's
    assert sum(bool(verdict.repeat_of) for verdict in serial) == 1
    assert [verdict.to_json() for unit in work for verdict in audit_unit(unit)] == \
        [dataclasses.replace(verdict, repeat_of="").to_json() for verdict in serial]


def test_spans_for_a_cluster_carry_their_bytes(histories: list[Path], tmp_path: Path) -> None:
    """Dask workers may run on other machines: a span sent to them holds its bytes, and is
    audited from them even where the file is not."""
    import dataclasses

    from stud8.conformance.handhistory.batch import Span, audit_unit, units

    shipped = [unit for unit in units(histories[:2], AuditOptions(), size=16, ship=True)]
    assert shipped and all(isinstance(unit, Span) and unit.data for unit in shipped)
    local = [unit for unit in units(histories[:2], AuditOptions(), size=16)]
    assert all(isinstance(unit, Span) and unit.data is None for unit in local)
    elsewhere = dataclasses.replace(shipped[-1], path=str(tmp_path / "not-here.txt"))
    got = [verdict.to_json() for verdict in audit_unit(elsewhere)]
    want = [verdict.to_json() for verdict in audit_unit(shipped[-1])]
    assert [{**v, "file": ""} for v in got] == [{**v, "file": ""} for v in want] and len(got) == 2


def test_deviations_found_by_workers_name_the_file_s_lines(histories: list[Path],
                                                            serial: list[dict[str, Any]]) -> None:
    deep = [v for v in serial if v["file"].endswith("loose.txt") and v["deviations"]]
    assert deep and max(d["line"] for v in deep for d in v["deviations"]) > 1000


def test_batches_keep_every_hand_once_in_order(histories: list[Path]) -> None:
    items = list(hands(histories))
    units = list(batches(iter(items), AuditOptions(), size=7))
    assert all(len(unit[0]) == 7 for unit in units[:-1]) and 1 <= len(units[-1][0]) <= 7
    assert [item for unit in units for item in unit[0]] == items


def test_a_run_of_one_unit_stays_in_this_process(histories: list[Path], serial: list[dict[str, Any]],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from stud8.conformance.handhistory import batch

    def no_workers(**_: Any) -> None:
        raise AssertionError("workers started for a run smaller than one batch")

    monkeypatch.setattr(batch, "open_executor", no_workers)
    synth = histories[:1]  # 60 hands, one unit
    verdicts = [v.to_json() for v in audit_paths(synth, AuditOptions(), jobs=4, size=100)]
    assert verdicts == serial[:60]


def test_local_processes_give_the_in_process_verdicts(histories: list[Path], serial: list[dict[str, Any]]) -> None:
    assert _json(histories, jobs=2) == serial


def _command(capsys: pytest.CaptureFixture[str], paths: list[Path], *where: str) -> tuple[int, str]:
    from stud8.tools.cli import main

    code = main(["hh", "audit", *map(str, paths), "--format", "json", "--no-progress", *where])
    return code, capsys.readouterr().out


def test_dask_local_cluster_of_two_workers_gives_the_in_process_verdicts(
        histories: list[Path], serial: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        import distributed
    except ImportError:
        pytest.skip("dask distributed is not installed (pip install 'stud8[cluster]')")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    try:
        with distributed.Client(cluster) as client:
            assert len(client.scheduler_info()["workers"]) == 2
        assert _json(histories, dask=cluster.scheduler_address) == serial
        # the command: stud8 hh audit --dask ADDRESS prints the report --jobs 1 prints
        local = _command(capsys, histories, "--jobs", "1")
        assert local[0] == 1  # some hands do not conform
        assert _command(capsys, histories, "--dask", cluster.scheduler_address) == local
    finally:
        cluster.close()


def test_bench_audit_section() -> None:
    from stud8.tools import bench_cmd

    section = bench_cmd.bench_audit(bench_cmd.Config(hands=20, seed=3, full_hands=3))
    assert set(section.rates) == {"hands_per_s", "read_only_per_s", "audit_only_per_s"}
    assert all(isinstance(rate, int) and rate > 0 for rate in section.rates.values())
    assert set(section.ratios) == {"audit hands_per_s/target", "audit read_only_per_s/target"}
    assert any("of the target 4,000 per core" in line for line in section.lines)
    assert any("of the target 10,000 per core" in line for line in section.lines)
    assert "30 synthetic hands" in section.title
    assert any("read only" in line for line in section.lines)
