"""The rule book's machinery behind ``stud8 docs``: rendering, narratives, translations, templates.

``tools/docs_cmd.py`` is the command; this room is what it drives.

Modules:
- ``render``     the book, the quick reference and the conformance catalogue from one source;
- ``scenes``     scenarios told as narratives a person can follow (deal grids, action rows);
- ``i18n``       the translation catalogues under ``spec/i18n/`` and their staleness hashes;
- ``mutants``    the mutant list of the catalogue, read from the mutant registry;
- ``templates/`` the jinja2 templates, the style sheet and the page's small search script.
"""
