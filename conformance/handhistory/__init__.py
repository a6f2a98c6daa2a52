"""Hand histories (PHH and the files poker sites write): one neutral hand record, readers and
writers per format, the audit that replays a recorded hand on the reference engine, and the
import that makes a replay scenario of it.

Why here, under ``conformance/``: a hand history is evidence about an implementation we cannot
wire in (a site's server), and auditing it is a conformance judgment, made with the reference
engine and the rule book beneath it. The layers stay as they are (spec -> reference ->
conformance -> tools): this package imports the reference engine, the engines and the suite,
and the ``stud8 hh`` commands in ``tools/hh_cmd.py`` (and their ``stud8 phh`` aliases) import it.
Every format, PHH included, is read into the one record and judged, imported and written the
same way: there is one reader of PHH (``phh``), one judge (``audit``), one importer (``scenario``).

Modules:
- ``record``   the neutral ``HandRecord`` (exact integer amounts, every card as far as known);
- ``readers``  the reader and writer registries, ``open_history`` (encoding and format from the
               content, never the file name);
- ``grammar``  the one reading machine of the text sites: each site's module (``fulltilt``,
               ``acr``, ``kingsclub``, ``winamax``, ``winning``, ``ongame``, ``absolute``,
               ``bovada``, ``partypoker``) is a grammar, a table of line patterns and their
               meaning; ``merge`` and ``ipoker`` read XML by element tables; ``pokerstars``,
               ``ohh`` and ``phh`` (the one PHH module) keep their own readers (and are writers
               too);
- ``sitebuild`` the hand builder every site reader fills; ``games`` which game a hand is;
- ``money``    the money check every record passes before it is judged;
- ``unsupported`` formats recognised by name but not read;
- ``filling``  the one policy that deals the cards nobody saw (down lowest, up highest);
- ``stacking`` the deck that makes the reference engine deal a record's cards (burns, a short
               deck on seventh street);
- ``audit``    ``audit_hand(record, options) -> HandVerdict``, a pure function of picklable
               values so it can run in worker processes or on a Dask cluster;
- ``batch``    many hands: read here, audited in batches wherever the shared executor runs;
- ``play``     hands played on the reference engine recorded as a site would (scenario export);
- ``synth``    random hands played on the reference engine, written as a site would;
- ``scenario`` a recorded hand as a replay scenario (``stud8 hh import``), written through the
               suite's scenario-file writer (``conformance.suite.scenario_writer``).
"""
