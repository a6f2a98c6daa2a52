"""Hand histories written by poker sites: one neutral hand record, readers and writers per
format, and the audit that replays a recorded hand on the reference engine.

Why here, under ``conformance/``: a hand history is evidence about an implementation we cannot
wire in (a site's server), and auditing it is a conformance judgment, made with the reference
engine and the rule book beneath it. The layers stay as they are (spec -> reference ->
conformance -> tools): this package imports the reference engine and the existing PHH support
(``conformance.handhistory.phh``), and the ``stud8 hh`` commands in ``tools/hh_cmd.py`` import it.

Modules:
- ``record``   the neutral ``HandRecord`` (exact integer amounts, every card as far as known);
- ``readers``  the reader and writer registries, ``open_history`` (encoding and format from the
               content, never the file name);
- one module per format (``pokerstars``, ``ohh``, ``phh_bridge``, and the other sites' readers,
  which build their records through ``sitebuild``; ``unsupported`` names formats not read);
- ``audit``    ``audit_hand(record, options) -> HandVerdict``, a pure function of picklable
               values so it can run in worker processes or on a Dask cluster;
- ``batch``    many hands: read here, audited in batches wherever the shared executor runs;
- ``play``     hands played on the reference engine recorded as a site would (scenario export);
- ``synth``    random hands played on the reference engine, written as a site would;
- ``scenario`` a recorded hand as a replay scenario (``stud8 hh import``).
"""
