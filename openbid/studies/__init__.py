"""Studies built on the engine: the 1967 paper (openbid.studies.paper: OPENBID's literal Algol,
the OCR errata, Part One, Part Two, the lemmas), the seeds' evaluators' claims
(openbid.studies.evaluators) and Binky points (openbid.studies.binky); the quotes every study
makes of its seed and their certificate; and ``prove``, the one run over the studies and a
system's checks, with its recorded expectations (studies.expected).

May import: the engine (openbid.base, bridge, hands, expr, systems, readers, checks, dd). The
engine never imports a study."""

# Public: nothing. A user reaches this package through the Python API (openbid.api, docs/API.md);
# its modules are internal to openbid (imported across its layers, never a promise to users).
__all__: list[str] = []
