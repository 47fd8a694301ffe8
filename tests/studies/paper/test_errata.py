"""The errata records (openbid/errata.py) and docs/ERRATA.md say the same, and every variant
they name exists."""

from pathlib import Path

from openbid.studies.paper.errata import OCR_ERRATA, READINGS
from openbid.systems.variants import VARIANTS

DOC = (Path(__file__).resolve().parents[3] / "docs" / "ERRATA.md").read_text()


def test_every_erratum_is_documented():
    for e in OCR_ERRATA + READINGS:
        assert f"**{e.id}" in DOC or f"| {e.id} |" in DOC, e.id


def test_the_four_kinds_the_brief_names_are_there():
    kinds = {e.kind for e in OCR_ERRATA}
    assert {"identifier", "comparison", "constant", "arithmetic"} <= kinds


def test_named_variants_exist():
    for e in OCR_ERRATA + READINGS:
        if e.variant:
            assert e.variant in VARIANTS, e.variant
