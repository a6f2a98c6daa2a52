"""The conformance suite as a program: scenario files loaded, replayed through an engine, reported.

The scenarios themselves are data (``conformance/scenarios/<area>/*.yaml``); this room holds the
code that reads them and runs them. It reaches engines only through ``conformance.engines`` and
never imports the hand-history, fuzz or mutant rooms (``tests/test_layers.py`` checks it).

Modules:
- ``scenarios``        finding, loading and checking scenario files beyond their schema;
- ``deal``             a scenario's ``deal`` (or ``deck``) as the stacked deck an engine receives;
- ``replay``           one scenario replayed through an engine and compared with its expectations;
- ``plugin``           the pytest plugin (``pytest11`` entry point) that turns files into items;
- ``report``           the JSON report, the totals and the summary by rule area;
- ``modeline``         the editor modeline at the top of every scenario file;
- ``rake``             the final stacks of recorded hands whose pots paid a site's rake;
- ``rules_exercised``  which rules a played hand exercised, read from what it showed;
- ``conform.ini``      the pytest configuration ``stud8 conform`` runs with.
"""
