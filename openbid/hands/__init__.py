"""What is read from a hand: the descriptor registry (every descriptor defined once: PRELIM,
PLAYTRICKS and the readings of the OCR'd code, the modern descriptors, the facts of the deal)
and the hand evaluators of one form (the seeds' point scales, K&R points and their public
variants, Binky points).

May import: openbid.base, openbid.bridge."""

# Public: nothing. A user reaches this package through the Python API (openbid.api, docs/API.md);
# its modules are internal to openbid (imported across its layers, never a promise to users).
__all__: list[str] = []
