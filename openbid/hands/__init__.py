"""What is read from a hand: the descriptor registry (every descriptor defined once: PRELIM,
PLAYTRICKS and the readings of the OCR'd code, the modern descriptors, the facts of the deal)
and the hand evaluators of one form (the seeds' point scales, K&R points and their public
variants, Binky points).

May import: openbid.base, openbid.bridge."""
