"""``python -m stud8``: the ``stud8`` command, for where the console script is not on PATH.

This folder is installed as the top of the ``stud8`` namespace (``package-dir`` in
pyproject.toml maps ``stud8`` to it) and holds nothing but this file: no ``__init__.py``, so
``stud8`` stays an implicit namespace package made of the project's top-level folders, and
``python -m`` runs this module as it runs any package's ``__main__``.
"""

from __future__ import annotations

import sys

from stud8.tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
