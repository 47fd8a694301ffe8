"""The OCR errata of Appendix 1 and the readings the evidence left to decide, as data.

docs/ERRATA.md gives the full argument for each; a test checks every id here appears there.
``variant`` names the selectable variant that keeps the other reading, where one exists.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Erratum:
    id: str
    where: str  # procedure / statement
    printed: str  # as printed (OCR)
    read: str  # as read by openbid
    kind: str  # identifier, comparison, constant, arithmetic, label, punctuation, reading
    evidence: str
    variant: str | None = None  # the variant that keeps the printed / other reading


OCR_ERRATA: tuple[Erratum, ...] = (
    Erratum("E1", "PRELIM, king and queen blocks", "SUR [B]", "SUB [B]", "identifier",
            "SUR is declared nowhere; SUB is the short-honour deduction of Appendix 2 (TOTALPTS)."),
    Erratum("E2", "OPENBID, section 2a", "ACFSE[B]", "ACES[B]", "identifier",
            "Synopsis 2a: 'PLAYTRICKS >= 12 and ACES = 4'."),
    Erratum("E3", "OPENBID, section 9", "HONORCOUNTER[B,1]", "HONORCOUNT[B,1]", "identifier",
            "Synopsis 9: 'HONORCOUNT(C) >= 4'; only HONORCOUNT is declared."),
    Erratum("E4", "OPENBID, label list", "WFAK3", "WEAK3", "identifier",
            "The label used is WEAK3 ('GO TO WEAK3', 'WEAK3: BIDVAL <- 30+L')."),
    Erratum("E5", "OPENBID, sections 10-12", "LONGEST[R], HCP[R], SUITPOINTS[R,3], SUITLENGTH[R,4]",
            "the same with [B]", "identifier", "R is declared nowhere; B indexes the hand being bid."),
    Erratum("E6", "OPENBID, TEXT", "RERIDDABLE[B]", "REBIDDABLE[B]", "identifier",
            "REBIDDABLE is the declared Boolean array (Appendix 2: 'Same as REBIDDABLE')."),
    Erratum("E7", "PRELIM, labels", "ROUT / BOUT, UMT / DNT / OUT", "one label BOUT, one label OUT",
            "label", "Each pair is the declaration and the use of one label (GO TO BOUT, GO TO OUT)."),
    Erratum("E8", "PRELIM, printing", "EYES[M], FXES", "(printing only)", "identifier",
            "Affects PRINTHAND only; OPENBID never reads it."),
    Erratum("E9", "PRELIM, king block", "SUITPOINTS[B,L]+1", "SUITPOINTS[B,L]+3", "constant",
            "Appendix 2 item 6: 'each King 3'; Appendix 3 lists K under SUITPOINTS 3, KQ under 5, "
            "AK under 7; every HCP the paper computes (e.g. S:KJxxx H:QJ D:QJ C:Kxxx is 13 HCP)."),
    Erratum("E10", "PRELIM, after XIT", "DISTP[B] + SL[I] + 3", "DISTP[B] + 3 - SL[I]",
            "arithmetic", "Appendix 2 item 3: 'Each void counts 3, each singleton 2, and each "
            "doubleton 1'; EVENDIST = DISTP <= 1 only makes sense so (Part Two: 4432 is EVENDIST)."),
    Erratum("E11", "SOLID", "SUITPOINTS[B,M] >= 2 AND SUITLENGTH[B,M] <= 4",
            "SUITPOINTS[B,M] <= 2 AND SUITLENGTH[B,M] <= 4", "comparison",
            "Appendix 2 item 17: SOLID needs 'at least 3 SUITPOINTS' in every suit; as printed, no "
            "hand with 18-21 HCP and EVENDIST could be SOLID and bid 8a would be dead "
            "(shown: openbid graph --check --variant solid-as-printed).", "solid-as-printed"),
    Erratum("E12", "PRELIM, XTRP", "2*(SL[I]-5)+1", "2 x (SL[I]-5) + 1", "arithmetic",
            "Appendix 1 says '*' is exponentiation, but Appendix 2 item 22 says 2 x (SUITLENGTH-5)+1 "
            "and Appendix 6 needs it: 8500 has minimum change 8 (7+1+1-1), 13000 has 18."),
    Erratum("E13", "PRELIM heading, DEFINE", "PROCEDURE PRELIM:  /  DEFINE GO TO= GO TO#",
            "PROCEDURE PRELIM;  /  DEFINE GOTO = GO TO#", "punctuation",
            "Algol syntax; the code uses both GOTO and GO TO."),
)

READINGS: tuple[Erratum, ...] = (
    Erratum("P", "PLAYTRICKS", "PLAYINGTRICKS procedure (Appendix 1)",
            "Appendix 3 table as printed", "reading",
            "The procedure and the table differ in 4 cells: KJ length 2 (procedure -1, table 1) and "
            "J lengths 8, 9, 10 (procedure 4, 5, 6, table 0). Part Two's PLAYTRICKS facts all hold "
            "under the table, and two fail under the procedure: Prop. 8 I.A.1.b ('SUITPOINTS "
            "(longest suit) <= 1 therefore PLAYTRICKS <= 5') and Prop. 11 II.B.1 ('HCP >= 6 "
            "therefore PLAYTRICKS >= 9'). The footnote says the analysis used the printed 0 for KQ "
            "at length 3, which procedure and table share.", "playtricks-procedure"),
    Erratum("P-fix", "PLAYTRICKS, Appendix 3 footnote", "KQ length 3: 0*", "0 (as analysed)",
            "reading", "Footnote: 'The proper value is 1. If the analysis used any value, it was "
            "the incorrect 0.'", "playtricks-table-fixed"),
    Erratum("N1", "NOTRUMPTRY", "(SUITPOINTS <= 3 AND SUITLENGTH = 2) OR (SUITPOINTS <= 2 AND "
            "SUITLENGTH = 3)", "as printed", "reading",
            "Appendix 2 item 12 says 2-card suits 'at least Kx' and 3-card suits 'at least Qxx', "
            "which would be <= 2 and <= 1. Both thresholds are off by one in the same direction, "
            "which an OCR slip does not explain, and nothing in Parts One or Two depends on it; "
            "the printed code is kept and the Appendix 2 wording is a variant.",
            "notrumptry-appendix2"),
)
