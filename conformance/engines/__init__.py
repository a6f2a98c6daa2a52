"""Everything that reaches an engine: the interface the runner speaks, and its adapters.

The suite (``conformance.suite``), the fuzzer and the audit drive every engine through one small
interface; this room holds that interface and every way an engine is reached. Nothing here
knows about scenarios, hand histories, fuzzing or mutants (``tests/test_layers.py`` checks it).

Modules:
- ``api``                 the ``Engine`` protocol, the engine faults, and ``ReferenceEngine``;
- ``spec``                ``--engine SPEC``: which engine a command drives;
- ``python_adapter``      ``python:MODULE:FACTORY``, an engine in this process;
- ``subprocess_adapter``  ``cmd:COMMAND LINE``, an engine in another process over the protocol;
- ``pokerkit_adapter``    PokerKit 0.7.7 behind the interface (``pokerkit`` and ``pokerkit-native``);
- ``protocol``            the JSON-lines wire protocol (``protocol.md``, its schemas);
- ``digest``              short fingerprints of observations, for the protocol's ``digest`` feature.

The interface's names are re-exported here, so an adapter can be written against
``stud8.conformance.engines.Engine`` (the name docs/cli.md and the protocol document give).
"""

from stud8.conformance.engines.api import (
    Engine,
    EngineCrash,
    EngineError,
    EngineFault,
    EngineRefusal,
    EngineTimeout,
    ReferenceEngine,
)

__all__ = ["Engine", "EngineCrash", "EngineError", "EngineFault", "EngineRefusal", "EngineTimeout", "ReferenceEngine"]
