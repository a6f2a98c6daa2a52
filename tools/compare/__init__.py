"""Conformance reports of several engines side by side: one static page and a badge per engine.

``stud8 report REPORT.json... --html OUT`` reads the JSON reports ``stud8 conform --report`` writes
(one per engine), lines them up and renders:

- ``model``  the reports read and checked, and the comparison (rule areas x engines, scenarios,
  failures and their root causes);
- ``badge``  an SVG badge per engine ("stud8 | 329/410");
- ``page``   the HTML page (jinja2 template, inline CSS and script allowed by hash in its
  Content-Security-Policy, nothing from the network), like the rule book's pages.

Bowtie's report pages for JSON Schema implementations are the model: a summary row per
implementation, the cases drilled down to each test per implementation, a badge per
implementation. The page adds what they lack: the failures grouped by root cause (the rule of
each failure's first difference), and for every failure its differences and the
``stud8 explain`` command that replays it step by step.
"""
