"""stud8: the executable specification of Seven Card Stud Hi/Lo, eight-or-better, fixed limit.

The import namespace maps the project's folders: ``stud8.spec`` (rule book and schemas),
``stud8.reference`` (reference engine), ``stud8.conformance`` (scenarios and the pytest
runner), ``stud8.tools`` (the ``stud8`` command).
"""

__version__ = "0.1.0"
