"""London & Wasserman, "The Anatomy of an Algol Procedure" (1967), re-derived: OPENBID's Algol
transcribed literally (algol) and checked against the rules table (agreement, soundness), the
OCR errata (errata), Part One (part_one_data, overlap), Part Two (part_two, cases), the lemmas
(lemmas), reachability of every bid point, and the breakdown of Part Two's leaves."""
