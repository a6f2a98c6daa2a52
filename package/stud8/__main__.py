"""``python -m stud8``: the ``stud8`` command, for where the console script is not on PATH.

It lives in ``package/stud8/`` beside the package's ``__init__.py`` (which says why ``stud8`` is
a regular package); a wheel ships both as the top of ``stud8``.
"""

from __future__ import annotations

import sys

from stud8.tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
