"""The starter harnesses (``engines/``), installed as package data of ``stud8.examples`` so that
``stud8 new-harness LANG DIR`` can copy one from a plain ``pip install``. Nothing here is imported
by stud8: each harness runs from a copy of its own folder (this file makes the folder a regular
package, which ``importlib.resources`` needs to find it under an editable install)."""
