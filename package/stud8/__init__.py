"""The ``stud8`` package: one import namespace over the project's top-level folders.

A wheel maps the checkout's folders into one package (``spec/`` is ``stud8.spec``, ``tools/`` is
``stud8.tools``: ``sources`` in pyproject.toml) and ships this file and ``__main__.py``
(``python -m stud8``) as its top. An editable install (``pip install -e .``) cannot rename
folders that way, so hatchling puts this file's folder, ``package/``, on ``sys.path``
(``dev-mode-dirs``) and this module points ``stud8`` at the checkout: ``import stud8.spec`` then
imports ``spec/`` as it is, edits included.

Why a regular package and not an implicit namespace: pytest marks for assertion rewriting the
top-level modules of every distribution that has a pytest plugin; a wheel with no depth-one
package of its own would offer ``__main__`` (from ``stud8/__main__.py``), and every pytest run
beside stud8 would warn that ``__main__`` was already imported. As a regular package, stud8 is
the name marked, and PYTEST_DONT_REWRITE in this docstring tells pytest that it need not be
rewritten, which silences the warning when stud8 was imported first (``stud8 conform``).
"""

from pathlib import Path

_HERE = Path(__file__).resolve().parent
_CHECKOUT = _HERE.parents[1]
if _HERE.parent.name == "package" and (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "spec").is_dir():
    # an editable install: the checkout's folders, and this folder for __main__.py
    __path__ = [str(_CHECKOUT), str(_HERE)]
