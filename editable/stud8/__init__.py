"""stud8 installed editable (``pip install -e .``): the namespace is the checkout's folders.

A wheel maps the checkout's top-level folders into one namespace (``spec/`` is ``stud8.spec``,
``tools/`` is ``stud8.tools``: ``sources`` in pyproject.toml). hatchling's editable install
cannot rename a folder that way, so it puts this file's folder, ``editable/``, on ``sys.path``
(``dev-mode-dirs``) and this package points ``stud8`` at the checkout: ``import stud8.spec``
then imports ``spec/`` as it is, edits included. Nothing here is shipped: a regular install has
no ``stud8/__init__.py`` (there ``stud8`` is an implicit namespace package).

PYTEST_DONT_REWRITE: pytest marks an editable plugin's outermost regular package, this one, for
assertion rewriting, and warns when it was imported first (``stud8 conform`` imports stud8 before
it starts pytest); the marker says this module is not to be rewritten, which silences that.
"""

from pathlib import Path

__path__ = [str(Path(__file__).resolve().parents[2])]
