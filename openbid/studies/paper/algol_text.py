"""OPENBID as printed in Appendix 1 (London & Wasserman 1967), transcribed literally into Python.

Its length (about 900 lines) is the Algol's: one literal transcription whose procedures share the
conventions below, kept whole so that it reads beside Appendix 1. The driver that runs it on a
hand, and its readings, are :mod:`openbid.studies.paper.algol`.

This module is the *independent reference*: it is written from Appendix 1 (the Algol code) alone,
with the agreed OCR errata applied, and it keeps the Algol's control flow -- its labels and
GO TOs, its loop orders (SUITS = L from 4 down to 1, SHD = 4 down to 2, MAJORS = 4 down to 3) and
its arrays (HAND 1:13, RANK 1:15, SL and SAFE 1:4, SUITLENGTH / SUITPOINTS / HONORCOUNT 0:5).
It never looks at the project's table-driven engine; the two are compared hand class by hand
class.

Conventions of the transcription
--------------------------------
* B (the hand index) is dropped everywhere: ``SUITPOINTS[B,L]`` is ``SUITPOINTS[L]``.
* Algol arrays keep their Algol bounds: a Python list has an unused slot 0 where the Algol lower
  bound is 1, so ``RANK[I]`` is the Algol ``RANK[B,I]``.
* The procedures share the Algol's global variables (I, J, K, L, M, N, ACE, KING); here each
  procedure receives the arrays it reads as arguments.  The only globals whose sharing could
  change a result are L (NOTRUMPTRY's loop and ASORT clobber it) and K, I (OUTSIDEACE clobbers
  them); every statement of OPENBID that reads L or K reads it inside a loop that has just set it,
  so the sharing is invisible and is not reproduced.
* Algol 60 does not short-circuit AND / OR; the Boolean procedures called inside conditions
  (NOTRUMPTRY, SOLID, OUTSIDEACE, CANBEREBID, SLIDEPOINTS) have no side effect that matters
  (see the previous point), so Python's short-circuit evaluation gives the same result.
* GO TO: every jump in OPENBID goes forward.  ``GO TO TEXT`` (and ``NOBID``) is a ``return``
  (TEXT is the last statement), ``GO TO OPENER`` is ``return 10 + L`` (``OPENER: BIDVAL<-10+L``
  falls into TEXT); the remaining jumps (J4, PREEMPT, WEAK3, LASTCHANCE, SKIP) are forward jumps
  over statements, written with ``break`` and a flag named after the label.  In PRELIM the jumps
  BOUT, OUT and XIT are a ``break`` out of the card loop, an ``if`` around the suit body, and a
  ``break`` out of the suit loop.  Every piece carries the Algol line(s) it transcribes.
* Printing (PRINTHAND, LETTERS, NUMBERS, INDEX, EYES, BWOOD) is left out; the statements are
  quoted in comments where they stand.

Errata applied (decided by the project; each place is marked ``# erratum E<n>``)
  E1  SUR[B] -> SUB[B]            E2  ACFSE[B] -> ACES[B]          E3  HONORCOUNTER -> HONORCOUNT
  E4  WFAK3 -> WEAK3              E5  [R] -> [B]                   E6  RERIDDABLE -> REBIDDABLE
  E7  PRELIM labels: BOUT (declared ROUT) and OUT (printed DNT:, declared UMT)
  E8  EYES[M] / FXES: printing only E9  king adds 3 to SUITPOINTS, not 1
  E10 DISTP + SL[I] + 3 -> DISTP + 3 - SL[I]                       E11 SOLID: >= 2 -> <= 2
  E12 2*(SL[I]-5)+1 is a multiplication                             E13 PRELIM: / GO TO define

Speed: PLAYTRICKS of a suit is read from a 224-cell lookup per reading, filled once at import by
calling the literal PLAYINGTRICKS (or Appendix 3's ``table_value``) on every (A, K, Q, J, length)
cell; PLAYINGTRICKS is a pure function of SUITLENGTH, SUITPOINTS, ACE and KING, and the four
honour flags determine SUITPOINTS, so the lookup is an exact memo (tests/studies/paper/test_algol.py checks it
cell by cell).  About 11 microseconds per hand on the development machine.

Readings (``AlgolReadings``)
  playtricks  "procedure": the literal PLAYINGTRICKS below; "table" / "table-fixed": Appendix 3
              (via ``openbid.hands.playtricks.table_value``; "table-fixed" applies the KQ/3 footnote).
  solid       "corrected" (E11 applied: SUITPOINTS <= 2) or "as-printed" (SUITPOINTS >= 2).
  notrumptry  "code": as printed; "appendix2": a suit fails on (SP<=2 and SL=2) or (SP<=1 and
              SL=3) or SL<=1 or NOTR (Appendix 2: doubletons at least Kx, tripletons at least Qxx).
"""

from __future__ import annotations

__all__ = ["ASORT", "PLAYINGTRICKS", "PRELIM", "MAJOR", "MINOR", "OUTSIDEACE", "CANBEREBID",
           "SOLID", "NOTRUMPTRY", "SLIDEPOINTS", "OPENBID", "SECTIONS", "SUITS", "SHD", "MAJORS"]

# DEFINE GO TO = GO TO#, MAJORS = L<-4 STEP -1 UNTIL 3#,
#        SHD = L<-4 STEP -1 UNTIL 2#, SUITS = L<-4 STEP -1 UNTIL 1#;      (erratum E13: GOTO)
SUITS = (4, 3, 2, 1)
SHD = (4, 3, 2)
MAJORS = (4, 3)

# Every section label algol_openbid can report, in the synopsis' order.
SECTIONS = (
    "1", "2a", "2b", "3", "4", "5a", "5b", "6a", "6b", "7",
    "8a", "8b", "8c", "8d", "8e", "9", "10", "11a", "11b",
    "12a", "12b", "12c", "12d", "12e", "12f", "12g", "12h", "12i", "12j",
    "13a", "13b", "13c", "13d", "14",
)  # fmt: skip



# --------------------------------------------------------------------------------------------
# PROCEDURE ASORT(A,M); VALUE M; INTEGER M; INTEGER ARRAY A(1);
# --------------------------------------------------------------------------------------------
def ASORT(A: list[int], M: int) -> None:
    """Selection sort of A[1..M] into descending order (in place), as printed."""
    # BEGIN INTEGER TEMP;
    # FOR I<-1 STEP 1 UNTIL M-1 DO
    for I in range(1, M):
        # BEGIN L<-I; FOR J<-I+1 STEP 1 UNTIL M DO
        L = I
        for J in range(I + 1, M + 1):
            # IF A(J) > A(L) THEN L<-J;
            if A[J] > A[L]:
                L = J
        # TEMP<-A(I); A(I)<-A(L); A(L)<-TEMP;
        TEMP = A[I]
        A[I] = A[L]
        A[L] = TEMP
    # END; END;


# --------------------------------------------------------------------------------------------
# INTEGER PROCEDURE PLAYINGTRICKS(SUIT); VALUE SUIT; INTEGER SUIT;
# --------------------------------------------------------------------------------------------
# SWITCH POINTS <- NONE,WUN,TWO,THREE,FOUR,FIVE,SIX,SEVEN,EIGHT,NINE,Z;
_POINTS = ("NONE", "WUN", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE", "Z")


def PLAYINGTRICKS(LNG: int, SUITPOINTS_SUIT: int, ACE: bool, KING: bool) -> int:
    """PLAYINGTRICKS(SUIT) as printed.

    The Algol procedure reads SUITLENGTH[B,SUIT], SUITPOINTS[B,SUIT] and the globals ACE, KING
    (set by PRELIM for the suit just scanned); here they are the arguments.
    """
    # BEGIN INTEGER LNG;
    # LNG<-SUITLENGTH(B,SUIT); N<-0;
    N = 0
    # GO TO POINTS[SUITPOINTS(B,SUIT)+1];   (the switch list is 1-based: SUITPOINTS 0 -> NONE)
    label = _POINTS[SUITPOINTS_SUIT]
    if label == "NINE":
        # NINE: IF LNG>=4 AND LNG<=7 THEN N<-1; GO TO Z;
        if LNG >= 4 and LNG <= 7:
            N = 1
    elif label == "EIGHT":
        # EIGHT: IF LNG<=10 THEN N<-1; GO TO Z;
        if LNG <= 10:
            N = 1
    elif label == "SEVEN":
        # SEVEN: IF KING THEN
        if KING:
            # BEGIN IF LNG<=10 THEN N<-1; IF LNG<=7 THEN N<-2;
            if LNG <= 10:
                N = 1
            if LNG <= 7:
                N = 2
            # IF LNG<=4 THEN N<-LNG-2;
            if LNG <= 4:
                N = LNG - 2
            # END ELSE
        # IF LNG>=4 AND LNG<=7 THEN N<-2 ELSE IF LNG<=11 THEN N<-1; GO TO Z;
        elif LNG >= 4 and LNG <= 7:
            N = 2
        elif LNG <= 11:
            N = 1
    elif label == "SIX":
        # SIX: IF ACE THEN
        if ACE:
            # BEGIN IF LNG<=3 THEN N<-LNG-1 ELSE IF LNG<=5 THEN N<-3
            # ELSE IF LNG<=8 THEN N<-2 ELSE IF LNG<=11 THEN N<-1;
            if LNG <= 3:
                N = LNG - 1
            elif LNG <= 5:
                N = 3
            elif LNG <= 8:
                N = 2
            elif LNG <= 11:
                N = 1
        # END ELSE IF LNG>=4 AND LNG<=6 THEN N<-2 ELSE N<-1; GO TO Z;
        elif LNG >= 4 and LNG <= 6:
            N = 2
        else:
            N = 1
    elif label == "FIVE":
        # FIVE: N<-1; IF ACE THEN
        N = 1
        if ACE:
            # BEGIN IF LNG<=9 THEN N<-2; IF LNG<=5 THEN N<-3;
            if LNG <= 9:
                N = 2
            if LNG <= 5:
                N = 3
            # IF LNG=3 THEN N<-2;
            if LNG == 3:
                N = 2
        # END ELSE
        else:
            # BEGIN IF LNG<=8 THEN N<-2; IF LNG<=6 THEN N<-3;
            if LNG <= 8:
                N = 2
            if LNG <= 6:
                N = 3
            # END;
        # IF LNG<=2 THEN N<-1; GO TO Z;
        if LNG <= 2:
            N = 1
    elif label == "FOUR":
        # FOUR: N<-2; IF ACE THEN
        N = 2
        if ACE:
            # BEGIN IF LNG<=8 THEN N<-3; IF LNG=6 THEN N<-4; IF LNG<=5 THEN N<-LNG-1;
            if LNG <= 8:
                N = 3
            if LNG == 6:
                N = 4
            if LNG <= 5:
                N = LNG - 1
        # END ELSE
        else:
            # BEGIN IF LNG<=7 THEN N<-3; IF LNG=3 OR LNG=4 THEN N<-LNG-1;
            if LNG <= 7:
                N = 3
            if LNG == 3 or LNG == 4:
                N = LNG - 1
        # END; GO TO Z;
    elif label == "THREE":
        # THREE: N<-2; IF KING THEN
        N = 2
        if KING:
            # BEGIN IF LNG<=7 THEN N<-4 ELSE IF LNG<=10 THEN N<-3; END ELSE
            if LNG <= 7:
                N = 4
            elif LNG <= 10:
                N = 3
        # IF LNG<=6 THEN N<-4 ELSE IF LNG<=8 THEN N<-3;
        elif LNG <= 6:
            N = 4
        elif LNG <= 8:
            N = 3
        # IF LNG<=4 THEN N<-LNG; GO TO Z;
        if LNG <= 4:
            N = LNG
    elif label == "TWO":
        # TWO: IF LNG<=5 THEN N<-LNG ELSE IF LNG<=8 THEN N<-4 ELSE N<-3; GO TO Z;
        if LNG <= 5:
            N = LNG
        elif LNG <= 8:
            N = 4
        else:
            N = 3
    elif label == "WUN":
        # WUN: IF LNG>=8 THEN N<-4 ELSE N<-LNG; GO TO Z;
        if LNG >= 8:
            N = 4
        else:
            N = LNG
    elif label == "NONE":
        # NONE: N<-LNG;   (falls into Z)
        N = LNG
    # Z: PLAYINGTRICKS<-LNG-N;
    return LNG - N
    # END;


# --------------------------------------------------------------------------------------------
# PROCEDURE PRELIM;                                                              (erratum E13)
# --------------------------------------------------------------------------------------------
_ZERO16 = [0] * 16


def PRELIM(HAND: list[int], PTLOOKUP: tuple[int | None, ...]) -> tuple:
    """PRELIM for the hand HAND[1..13] (sorted in descending card number; HAND[0] unused).

    Returns the arrays and variables PRELIM sets (B dropped), plus PT, the PLAYTRICKS of each
    suit (the Algol only keeps the sum).
    """
    # BEGIN
    # INTEGER INDEX; INTEGER ARRAY SL,SAFE[1:4],SUB,XTRP[0:4];
    # ALPHA ARRAY LETTERS[1:4],NUMBERS[1:13]; LABEL ROUT,XIT,UMT;     (erratum E7: BOUT, OUT)
    # FILL LETTERS[*] WITH ...; FILL NUMBERS[*] WITH ...;                              (printing)
    # J <- 1; SUB[B] <- 0; STOP[B] <- 0; INDEX <- 0;
    J = 1
    SUB = 0
    STOP = 0
    # SUITLENGTH[B,0] <- 0; SUITPOINTS[B,0] <- 0; HONORCOUNT[B,0] <- 0;
    # SUITLENGTH[B,5] <- 2; SUITPOINTS[B,5] <- 0; HONORCOUNT[B,5] <- 0;
    SUITLENGTH = [0, 0, 0, 0, 0, 2]
    SUITPOINTS = [0, 0, 0, 0, 0, 0]
    HONORCOUNT = [0, 0, 0, 0, 0, 0]
    # ACES[B] <- 0; KINGS[B] <- 0; HCP[B] <- 0;
    ACES = 0
    KINGS = 0
    HCP = 0
    # DISTP[B] <- 0; XTRP[B] <- 1; PLAYTRICKS[B] <- 0;
    DISTP = 0
    XTRP = 1
    PLAYTRICKS = 0
    # VOIDFLAG[B]<-FALSE; EVENDIST[B]<-FALSE; BWOOD[B]<-FALSE;
    VOIDFLAG = False
    EVENDIST = False
    # FOR I <- 1 STEP 1 UNTIL 4 DO
    # BEGIN SAFE[I] <- 0; SUITPOINTS[B,I] <- 0; HONORCOUNT[B,I] <- 0;
    #       SL[I] <- 0; SUITLENGTH[B,I] <- 0; NOTR[B,I] <- FALSE; END;
    SAFE = [0, 0, 0, 0, 0]
    SL = [0, 0, 0, 0, 0]
    NOTR = [False, False, False, False, False]
    PT = [0, 0, 0, 0, 0]  # not in the Algol: PLAYINGTRICKS(L) of each suit, for the report
    # FOR I <- 1 STEP 1 UNTIL 15 DO RANK[B,I] <- 0;
    RANK = _ZERO16[:]
    # FOR K <- 3 STEP -1 UNTIL 0 DO
    for K in (3, 2, 1, 0):
        # BEGIN L <- K+1;
        L = K + 1
        KX13 = 13 * K
        # FOR I <- J STEP 1 UNTIL 13 DO
        for I in range(J, 14):
            # BEGIN RANK[B,I] <- HAND[B,I] - 13xK;
            RANK[I] = HAND[I] - KX13
            # IF RANK[B,I] <= 0 THEN GO TO BOUT;                            (erratum E7)
            if RANK[I] <= 0:
                break
            # END;
        else:
            # I <- 14;
            I = 14
        # BOUT: SL[L] <- I-J;
        SL[L] = I - J
        # SUITLENGTH[B,L] <- SL[L];
        SUITLENGTH[L] = SL[L]
        # PRINTHAND[B,INDEX]<-LETTERS[L]; INDEX<-INDEX+1;                               (printing)
        # IF SL[L]=0 THEN GO TO OUT;                                        (erratum E7)
        if SL[L] != 0:
            # ACE<-KING<-FALSE;
            ACE = KING = False
            QUEEN = JACK = False  # not in the Algol: the Appendix 3 readings need Q and J
            # IF RANK[B,I-1] = 1 THEN
            if RANK[I - 1] == 1:
                # BEGIN SAFE[L]<-1; ACE<-TRUE; PRINTHAND[B,INDEX]<-" A";
                #   INDEX<-INDEX+1; SUITPOINTS[B,L]<-SUITPOINTS[B,L]+4;
                #   ACES[B]<-ACES[B]+1; IF SL[L]=1 THEN SUB[B]<-SUB[B]-1;
                # END;
                SAFE[L] = 1
                ACE = True
                SUITPOINTS[L] = SUITPOINTS[L] + 4
                ACES = ACES + 1
                if SL[L] == 1:
                    SUB = SUB - 1
            # IF RANK[B,J]=13 THEN
            if RANK[J] == 13:
                # BEGIN KING<-TRUE; SUITPOINTS[B,L]<-SUITPOINTS[B,L]+1;
                KING = True
                SUITPOINTS[L] = SUITPOINTS[L] + 3  # erratum E9 (printed +1)
                #   KINGS[B]<-KINGS[B]+1; IF SL[L]=1 THEN
                KINGS = KINGS + 1
                if SL[L] == 1:
                    #   BEGIN SUR[B] <- SUB[B]+2; NOTR[B,L] <- TRUE; END
                    SUB = SUB + 2  # erratum E1
                    NOTR[L] = True
                else:
                    #   ELSE SAFE[L] <- 1;
                    SAFE[L] = 1
                # END;
            # IF RANK[B,J]=12 OR RANK[B,J+1]=12 THEN
            if RANK[J] == 12 or RANK[J + 1] == 12:
                # BEGIN SUITPOINTS[B,L]<-SUITPOINTS[B,L]+2;
                QUEEN = True
                SUITPOINTS[L] = SUITPOINTS[L] + 2
                #   IF SL[L] < 3 THEN SUR[B] <- SUB[B] + 3 - SL[L];
                if SL[L] < 3:
                    SUB = SUB + 3 - SL[L]  # erratum E1
                # END;
            # IF RANK[B,J] = 11 OR RANK[B,J+1] = 11 OR RANK[B,J+2] = 11 THEN
            if RANK[J] == 11 or RANK[J + 1] == 11 or RANK[J + 2] == 11:
                # BEGIN SUITPOINTS[B,L]<-SUITPOINTS[B,L]+1;
                JACK = True
                SUITPOINTS[L] = SUITPOINTS[L] + 1
                #   IF SL[L] < 3 THEN SUB[B] <- SUB[B]+1;
                if SL[L] < 3:
                    SUB = SUB + 1
                # END;
            # IF SL[L] = 2 AND RANK[B,J] = 12 AND RANK[B,J+1] = 11 THEN NOTR[B,L] <- TRUE;
            if SL[L] == 2 and RANK[J] == 12 and RANK[J + 1] == 11:
                NOTR[L] = True
            # IF SL[L] >= 3 THEN SAFE[L] <- 1;
            if SL[L] >= 3:
                SAFE[L] = 1
            # FOR M <- J STEP 1 UNTIL I-1 DO
            for M in range(J, I):
                # BEGIN N<-RANK[B,M]; IF N#1 THEN (print the rank)
                N = RANK[M]
                # IF N>=10 OR N=1 THEN HONORCOUNT[B,L]<-HONORCOUNT[B,L]+1;
                if N >= 10 or N == 1:
                    HONORCOUNT[L] = HONORCOUNT[L] + 1
                # IF N>=2 AND N<=9 AND EYES[M] THEN PRINTHAND[B,INDEX-1]<-" X";  (E8: printing)
                # END;
            # PLAYTRICKS[B] <- PLAYTRICKS[B] + PLAYINGTRICKS(L);
            #   (the reading's PLAYTRICKS of the suit: PLAYINGTRICKS(L) for "procedure",
            #    the Appendix 3 cell for "table" / "table-fixed")
            PT[L] = PTLOOKUP[(8 * ACE + 4 * KING + 2 * QUEEN + JACK) * 14 + SL[L]]  # type: ignore
            PLAYTRICKS = PLAYTRICKS + PT[L]
            # J <- I;
            J = I
        # OUT: IF J > 13 THEN GOTO XIT;                            (erratum E7: printed DNT:)
        if J > 13:
            break
        # END;

    # XIT: FOR I <- 1 STEP 1 UNTIL 4 DO
    for I in range(1, 5):
        # BEGIN STOP[B] <- STOP[B] + SAFE[I];
        STOP = STOP + SAFE[I]
        #   HCP[B] <- HCP[B] + SUITPOINTS[B,I];
        HCP = HCP + SUITPOINTS[I]
        # END;
    # IF HAND[B,13]>13 THEN FOR J<-16,J-1 WHILE PRINTHAND[B,J]="" DO ...              (printing)
    # ASORT(SL,4); LONGEST[B] <- SL[1];
    ASORT(SL, 4)
    LONGEST = SL[1]
    # FOR I <- 2,3,4 DO
    for I in (2, 3, 4):
        # BEGIN IF SL[I] < 3 THEN DISTP[B] <- DISTP[B] + SL[I] + 3;
        if SL[I] < 3:
            DISTP = DISTP + 3 - SL[I]  # erratum E10
        #   IF SL[I] = 0 THEN VOIDFLAG[B] <- TRUE;
        if SL[I] == 0:
            VOIDFLAG = True
        # END;
    # IF DISTP[B] <= 1 THEN EVENDIST[B] <- TRUE;
    if DISTP <= 1:
        EVENDIST = True
    # IF DISTP[B]= 0 THEN XTRP[B]<- XTRP[B]-1;
    if DISTP == 0:
        XTRP = XTRP - 1
    # IF ACES[B] = 0 THEN XTRP[B] <- XTRP[B]-1;
    if ACES == 0:
        XTRP = XTRP - 1
    # IF ACES[B] = 4 THEN XTRP[B] <- XTRP[B]+1;
    if ACES == 4:
        XTRP = XTRP + 1
    # FOR I<- 1 STEP 1 UNTIL 2 DO
    for I in (1, 2):
        # IF SL[I] >= 5 THEN XTRP[B] <- XTRP[B] + 2*(SL[I]-5)+1;
        if SL[I] >= 5:
            XTRP = XTRP + 2 * (SL[I] - 5) + 1  # erratum E12 (* is a multiplication)
    # SUMP[B] <- HCP[B] + DISTP[B] - SUB[B];
    SUMP = HCP + DISTP - SUB
    # TOTALPTS[B] <- HCP[B] + XTRP[B] - SUB[B];
    TOTALPTS = HCP + XTRP - SUB
    # END;
    return (
        SUITLENGTH, SUITPOINTS, HONORCOUNT, NOTR, SAFE, PT,
        HCP, DISTP, TOTALPTS, SUB, XTRP, SUMP, ACES, KINGS, LONGEST, STOP, PLAYTRICKS,
        VOIDFLAG, EVENDIST,
    )  # fmt: skip


# --------------------------------------------------------------------------------------------
# The Boolean procedures.  B is dropped; the arrays they read are passed explicitly.
# --------------------------------------------------------------------------------------------
def MAJOR(SUIT: int) -> bool:
    # BOOLEAN PROCEDURE MAJOR(SUIT); VALUE SUIT; INTEGER SUIT; MAJOR<- SUIT>=3;
    return SUIT >= 3


def MINOR(SUIT: int) -> bool:
    # BOOLEAN PROCEDURE MINOR(SUIT); VALUE SUIT; INTEGER SUIT; MINOR<- SUIT<=2;
    return SUIT <= 2


def OUTSIDEACE(SUIT: int, HAND: list[int]) -> bool:
    # BOOLEAN PROCEDURE OUTSIDEACE(SUIT); VALUE SUIT; INTEGER SUIT;
    # BEGIN OUTSIDEACE<-FALSE;
    result = False
    # FOR I<- 1 STEP 1 UNTIL 13 DO
    for I in range(1, 14):
        # FOR K<- 3 STEP -1 UNTIL 0 DO
        for K in (3, 2, 1, 0):
            # IF HAND[B,I]=13xK+1 AND K#SUIT-1 THEN OUTSIDEACE<-TRUE;
            if HAND[I] == 13 * K + 1 and K != SUIT - 1:
                result = True
    # END;
    return result


def CANBEREBID(
    SUIT: int, SUITLENGTH: list[int], SUITPOINTS: list[int], HONORCOUNT: list[int]
) -> bool:
    # BOOLEAN PROCEDURE CANBEREBID(SUIT); VALUE SUIT; INTEGER SUIT;
    # CANBEREBID<-(SUITLENGTH[B,SUIT]>=5 AND SUITPOINTS[B,SUIT]>=4 AND
    #   HONORCOUNT[B,SUIT]>=2) OR SUITLENGTH[B,SUIT]>=6;
    return (
        SUITLENGTH[SUIT] >= 5 and SUITPOINTS[SUIT] >= 4 and HONORCOUNT[SUIT] >= 2
    ) or SUITLENGTH[SUIT] >= 6


def SOLID(SUITPOINTS: list[int], SUITLENGTH: list[int], NOTR: list[bool], as_printed: bool) -> bool:
    # BOOLEAN PROCEDURE SOLID;
    # BEGIN SOLID<-TRUE;
    result = True
    # FOR M<-1 STEP 1 UNTIL 4 DO
    for M in range(1, 5):
        # IF (SUITPOINTS[B,M]>=2 AND SUITLENGTH[B,M]<=4) OR NOTR[B,M] THEN SOLID<-FALSE;
        if as_printed:
            weak = SUITPOINTS[M] >= 2  # the printed reading
        else:
            weak = SUITPOINTS[M] <= 2  # erratum E11
        if (weak and SUITLENGTH[M] <= 4) or NOTR[M]:
            result = False
    # END;
    return result


def NOTRUMPTRY(
    SUITPOINTS: list[int], SUITLENGTH: list[int], NOTR: list[bool], appendix2: bool
) -> bool:
    # BOOLEAN PROCEDURE NOTRUMPTRY;
    # BEGIN LABEL DONE; NOTRUMPTRY<-TRUE;
    # (reading "appendix2": the thresholds 3 and 2 below become 2 and 1)
    two, three = (2, 1) if appendix2 else (3, 2)
    # FOR SUITS DO
    for L in SUITS:
        # IF (SUITPOINTS[B,L]<=3 AND SUITLENGTH[B,L]=2) OR
        #    (SUITPOINTS[B,L]<=2 AND SUITLENGTH[B,L]=3) OR
        #    SUITLENGTH[B,L]<=1 OR NOTR[B,L] THEN
        if (
            (SUITPOINTS[L] <= two and SUITLENGTH[L] == 2)
            or (SUITPOINTS[L] <= three and SUITLENGTH[L] == 3)
            or SUITLENGTH[L] <= 1
            or NOTR[L]
        ):
            # BEGIN NOTRUMPTRY<-FALSE; GO TO DONE; END;
            return False
    # DONE:END;
    return True


def SLIDEPOINTS(
    SUIT: int, NUM1: int, NUM2: int, SUITPOINTS: list[int], SUITLENGTH: list[int]
) -> bool:
    # BOOLEAN PROCEDURE SLIDEPOINTS(SUIT,NUM1,NUM2); VALUE SUIT,NUM1,NUM2; INTEGER SUIT,NUM1,NUM2;
    # SLIDEPOINTS<-SUITPOINTS[B,SUIT]>=NUM1-NUM2xSUITLENGTH[B,SUIT];
    return SUITPOINTS[SUIT] >= NUM1 - NUM2 * SUITLENGTH[SUIT]


# --------------------------------------------------------------------------------------------
# PROCEDURE OPENBID;
# --------------------------------------------------------------------------------------------
def OPENBID(P: tuple, HAND: list[int], SOLID_PRINTED: bool, NTT_APPENDIX2: bool) -> tuple:
    """OPENBID on PRELIM's results P; returns (BIDVAL, section label, FOUR441, SP)."""
    (
        SUITLENGTH, SUITPOINTS, HONORCOUNT, NOTR, SAFE, PT,
        HCP, DISTP, TOTALPTS, SUB, XTRP, SUMP, ACES, KINGS, LONGEST, STOP, PLAYTRICKS,
        VOIDFLAG, EVENDIST,
    ) = P  # fmt: skip
    # BEGIN BOOLEAN FOUR441;
    # LABEL J4,PREEMPT,WFAK3,OPENER,LASTCHANCE,NOBID,TEXT,AWAY,SKIP;             (erratum E4)
    # REBIDDABLE[B]<-FALSE; BIDVAL[B]<-0;            (REBIDDABLE is set at TEXT, by the caller)
    BIDVAL = 0
    # OPEN<-FALSE; FOUR441<-FALSE;
    FOUR441 = False
    # FOR SUITS DO SP[L]<-SUITPOINTS[B,L]; ASORT(SP,4);
    SP = [0, 0, 0, 0, 0]
    for L in SUITS:
        SP[L] = SUITPOINTS[L]
    ASORT(SP, 4)
    # IF LONGEST[B]<=5 THEN FOR SUITS DO
    if LONGEST <= 5:
        for L in SUITS:
            # IF SUITLENGTH[B,L]=1 THEN FOUR441<-TRUE;
            if SUITLENGTH[L] == 1:
                FOUR441 = True

    # ---- section 1 --------------------------------------------------------------------------
    # IF TOTALPTS[B] < 7 THEN GO TO NOBID;
    if TOTALPTS < 7:
        return BIDVAL, "1", FOUR441, SP

    # ---- section 2 --------------------------------------------------------------------------
    # IF PLAYTRICKS[B]>=12 AND ACFSE[B]=4 THEN                                     (erratum E2)
    if PLAYTRICKS >= 12 and ACES == 4:
        # BEGIN BIDVAL[B]<-(PLAYTRICKS[B]-6)x10+5; GO TO TEXT; END;
        BIDVAL = (PLAYTRICKS - 6) * 10 + 5
        return BIDVAL, "2a", FOUR441, SP
    # IF PLAYTRICKS[B]>=12 AND LONGEST[B]>=8 THEN FOR SUITS DO
    if PLAYTRICKS >= 12 and LONGEST >= 8:
        for L in SUITS:
            # IF SUITLENGTH[B,L]=LONGEST[B] THEN
            if SUITLENGTH[L] == LONGEST:
                # BEGIN BIDVAL[B]<-(PLAYTRICKS[B]-6)x10+L; GO TO TEXT; END;
                BIDVAL = (PLAYTRICKS - 6) * 10 + L
                return BIDVAL, "2b", FOUR441, SP

    # ---- section 3 --------------------------------------------------------------------------
    # IF HCP[B]>=25 AND EVENDIST[B] AND NOTRUMPTRY THEN
    if HCP >= 25 and EVENDIST and NOTRUMPTRY(SUITPOINTS, SUITLENGTH, NOTR, NTT_APPENDIX2):
        # BEGIN BIDVAL[B]<-10; GO TO TEXT; END;
        BIDVAL = 10
        return BIDVAL, "3", FOUR441, SP

    # ---- section 4 --------------------------------------------------------------------------
    # IF HCP[B]>=22 AND HCP[B]<=24 AND EVENDIST[B] AND NOTRUMPTRY THEN
    if (
        HCP >= 22
        and HCP <= 24
        and EVENDIST
        and NOTRUMPTRY(SUITPOINTS, SUITLENGTH, NOTR, NTT_APPENDIX2)
    ):
        # BEGIN BIDVAL[B]<-25; GO TO TEXT; END;
        BIDVAL = 25
        return BIDVAL, "4", FOUR441, SP

    # ---- section 5 --------------------------------------------------------------------------
    # IF (HCP[B]>=23 OR (HCP[B]>=22 AND TOTALPTS[B]>=25) OR
    #     TOTALPTS[B]>=26) AND PLAYTRICKS[B]>=9 THEN
    if (HCP >= 23 or (HCP >= 22 and TOTALPTS >= 25) or TOTALPTS >= 26) and PLAYTRICKS >= 9:
        # BEGIN FOR SUITS DO
        for L in SUITS:
            # IF SUITLENGTH[B,L]=LONGEST[B] AND LONGEST[B]>=5 THEN
            if SUITLENGTH[L] == LONGEST and LONGEST >= 5:
                # BEGIN BIDVAL[B]<-5+L; GO TO TEXT; END;
                BIDVAL = 5 + L
                return BIDVAL, "5a", FOUR441, SP
        # FOR SUITS DO
        for L in SUITS:
            # IF SUITLENGTH[B,L]=4 AND SUITPOINTS[B,L]=SP[1] THEN
            if SUITLENGTH[L] == 4 and SUITPOINTS[L] == SP[1]:
                # BEGIN BIDVAL[B]<-5+L; GO TO TEXT; END;
                BIDVAL = 5 + L
                return BIDVAL, "5b", FOUR441, SP
        # END;

    # ---- section 6 --------------------------------------------------------------------------
    # IF LONGEST[B]>=8 AND PLAYTRICKS[B]>=9 AND HCP[B]<=15 THEN
    if LONGEST >= 8 and PLAYTRICKS >= 9 and HCP <= 15:
        # FOR SUITS DO IF SUITLENGTH[B,L]=LONGEST[B] THEN
        for L in SUITS:
            if SUITLENGTH[L] == LONGEST:
                # BEGIN IF MINOR(L) AND PLAYTRICKS[B]>=10 THEN
                if MINOR(L) and PLAYTRICKS >= 10:
                    # BEGIN BIDVAL[B]<-50+L; GO TO TEXT; END;
                    BIDVAL = 50 + L
                    return BIDVAL, "6b", FOUR441, SP
                # IF MAJOR(L) THEN
                if MAJOR(L):
                    # BEGIN BIDVAL[B]<-40+L; GO TO TEXT; END;
                    BIDVAL = 40 + L
                    return BIDVAL, "6a", FOUR441, SP
                # END;

    # ---- section 7 --------------------------------------------------------------------------
    # IF HCP[B]>=15 AND HCP[B]<=18 AND EVENDIST[B] AND STOP[B]=4 THEN
    if HCP >= 15 and HCP <= 18 and EVENDIST and STOP == 4:
        # BEGIN IF ((HCP[B]>=17 AND TOTALPTS[B]>=19) OR
        #   (SUITLENGTH[B,3]=5 AND SUITPOINTS[B,3]>=5) OR
        #   (SUITLENGTH[B,4]=5 AND SUITPOINTS[B,4]>=5)) AND NOT SOLID THEN
        if (
            (HCP >= 17 and TOTALPTS >= 19)
            or (SUITLENGTH[3] == 5 and SUITPOINTS[3] >= 5)
            or (SUITLENGTH[4] == 5 and SUITPOINTS[4] >= 5)
        ) and not SOLID(SUITPOINTS, SUITLENGTH, NOTR, SOLID_PRINTED):
            # GO TO J4   (J4 is the next statement: fall through)
            pass
        else:
            # ELSE BEGIN BIDVAL[B]<-15; GO TO TEXT; END;
            BIDVAL = 15
            return BIDVAL, "7", FOUR441, SP
        # END;

    # ---- section 8 --------------------------------------------------------------------------
    # J4: IF HCP[B]>=17 OR (HCP[B]>=16 AND TOTALPTS[B]>=20) OR TOTALPTS[B]>=21 THEN
    if HCP >= 17 or (HCP >= 16 and TOTALPTS >= 20) or TOTALPTS >= 21:
        # BEGIN IF HCP[B]>=18 AND HCP[B]<=21 AND EVENDIST[B] AND SOLID THEN
        if (
            HCP >= 18
            and HCP <= 21
            and EVENDIST
            and SOLID(SUITPOINTS, SUITLENGTH, NOTR, SOLID_PRINTED)
        ):
            # BEGIN FOR MAJORS DO IF CANBEREBID(L) THEN
            for L in MAJORS:
                if CANBEREBID(L, SUITLENGTH, SUITPOINTS, HONORCOUNT):
                    # BEGIN BIDVAL[B]<-L; GO TO TEXT; END;
                    BIDVAL = L
                    return BIDVAL, "8a", FOUR441, SP
            # BIDVAL[B]<-5; GO TO TEXT;
            BIDVAL = 5
            return BIDVAL, "8a", FOUR441, SP
            # END;
        # FOR SUITS DO
        for L in SUITS:
            # IF SUITLENGTH[B,L]=LONGEST[B] AND LONGEST[B]>=5 THEN
            if SUITLENGTH[L] == LONGEST and LONGEST >= 5:
                # BEGIN BIDVAL[B]<-L; GO TO TEXT; END;
                BIDVAL = L
                return BIDVAL, "8b", FOUR441, SP
        # IF HCP[B]>=18 AND NOTRUMPTRY THEN
        if HCP >= 18 and NOTRUMPTRY(SUITPOINTS, SUITLENGTH, NOTR, NTT_APPENDIX2):
            # BEGIN BIDVAL[B]<-5; GO TO TEXT; END;
            BIDVAL = 5
            return BIDVAL, "8c", FOUR441, SP
        # FOR SUITS DO
        for L in SUITS:
            # IF SUITLENGTH[B,L]=4 AND SUITPOINTS[B,L]=SP[1] THEN
            if SUITLENGTH[L] == 4 and SUITPOINTS[L] == SP[1]:
                # BEGIN BIDVAL[B]<-L; GO TO TEXT; END;
                BIDVAL = L
                return BIDVAL, "8d", FOUR441, SP
        # FOR SUITS DO
        for L in SUITS:
            # IF SUITLENGTH[B,L]=4 AND SUITPOINTS[B,L]=SP[2] THEN
            if SUITLENGTH[L] == 4 and SUITPOINTS[L] == SP[2]:
                # BEGIN BIDVAL[B]<-L; GO TO TEXT; END;
                BIDVAL = L
                return BIDVAL, "8d", FOUR441, SP
        # IF HCP[B]>=18 AND EVENDIST[B] AND STOP[B]=4 THEN
        if HCP >= 18 and EVENDIST and STOP == 4:
            # BEGIN BIDVAL[B]<-5; GO TO TEXT; END;
            BIDVAL = 5
            return BIDVAL, "8e", FOUR441, SP
        # END;

    # ---- section 9 --------------------------------------------------------------------------
    # IF SUITLENGTH[B,1]>=6 AND SUITPOINTS[B,1]>=9 AND
    #    HONORCOUNTER[B,1]>=4 AND HCP[B]<=14 THEN                               (erratum E3)
    if SUITLENGTH[1] >= 6 and SUITPOINTS[1] >= 9 and HONORCOUNT[1] >= 4 and HCP <= 14:
        # BEGIN BIDVAL[B]<-31; GO TO TEXT; END;
        BIDVAL = 31
        return BIDVAL, "9", FOUR441, SP

    # ---- section 10 -------------------------------------------------------------------------
    # IF HCP[B]>=6 AND HCP[B]<=12 AND LONGEST[B]>=6 AND TOTALPTS[B]<=7+LONGEST[B] THEN
    if HCP >= 6 and HCP <= 12 and LONGEST >= 6 and TOTALPTS <= 7 + LONGEST:
        # BEGIN FOR MAJORS DO
        for L in MAJORS:
            # IF HONORCOUNT[B,L]>=9-SUITLENGTH[B,L] AND SUITLENGTH[B,L]>=6 THEN
            if HONORCOUNT[L] >= 9 - SUITLENGTH[L] and SUITLENGTH[L] >= 6:
                # BEGIN IF LONGEST[R]>=8 THEN GO TO PREEMPT ELSE                    (erratum E5)
                if LONGEST >= 8:
                    break  # GO TO PREEMPT: the statement right after section 10
                #   BEGIN BIDVAL[B]<-20+L; GO TO TEXT; END;
                BIDVAL = 20 + L
                return BIDVAL, "10", FOUR441, SP
                # END;
        # END;

    # ---- section 11 -------------------------------------------------------------------------
    section = "14"
    goto_lastchance = False
    # PREEMPT: IF LONGEST[R]>=7 AND HCP[B]>=6 AND HCP[B]<=10 THEN                 (erratum E5)
    if LONGEST >= 7 and HCP >= 6 and HCP <= 10:
        goto_weak3 = False
        # BEGIN FOR SHD DO
        for L in SHD:
            # IF SUITLENGTH[B,L] = LONGEST[R] AND SLIDEPOINTS(L,18,2) THEN        (erratum E5)
            if SUITLENGTH[L] == LONGEST and SLIDEPOINTS(L, 18, 2, SUITPOINTS, SUITLENGTH):
                # BEGIN IF VOIDFLAG[B] OR LONGEST[B]>=8 OR OUTSIDEACE(L) THEN GO TO WEAK3;
                if VOIDFLAG or LONGEST >= 8 or OUTSIDEACE(L, HAND):
                    goto_weak3 = True
                    break
                # END;
        if not goto_weak3:
            # IF SUITLENGTH[B,1]>=8 AND PLAYTRICKS[B]>=8 THEN
            if SUITLENGTH[1] >= 8 and PLAYTRICKS >= 8:
                # BEGIN BIDVAL[B]<-41; GO TO TEXT; END;
                BIDVAL = 41
                return BIDVAL, "11b", FOUR441, SP
            # GO TO LASTCHANCE;
            goto_lastchance = True
        else:
            # WEAK3: BIDVAL[B]<-30+L; GO TO IF HCP[B]>=10 THEN LASTCHANCE ELSE TEXT;  (erratum E4)
            BIDVAL = 30 + L
            section = "11a"
            if HCP >= 10:
                goto_lastchance = True
            else:
                return BIDVAL, section, FOUR441, SP
        # END;

    # ---- section 12 (skipped by GO TO LASTCHANCE) -------------------------------------------
    # IF ((HCP[B]>=11 AND (TOTALPTS[B]>=13 OR FOUR441)) OR
    #     (HCP[B]>=10 AND VOIDFLAG[B]) OR (HCP[B]>=12 AND DISTP[B]#0))
    #     AND TOTALPTS[B]>=11 THEN
    if not goto_lastchance and (
        (
            (HCP >= 11 and (TOTALPTS >= 13 or FOUR441))
            or (HCP >= 10 and VOIDFLAG)
            or (HCP >= 12 and DISTP != 0)
        )
        and TOTALPTS >= 11
    ):
        # BEGIN FOR SHD DO
        for L in SHD:
            # BEGIN IF SUITLENGTH[B,L]=LONGEST[R] AND
            #   LONGEST[R]>=5 AND SLIDEPOINTS(L,6,1) AND TOTALPTS[B]>=12 THEN     (erratum E5)
            if (
                SUITLENGTH[L] == LONGEST
                and LONGEST >= 5
                and SLIDEPOINTS(L, 6, 1, SUITPOINTS, SUITLENGTH)
                and TOTALPTS >= 12
            ):
                # GO TO OPENER;   (OPENER: BIDVAL<-10+L; then TEXT)
                BIDVAL = 10 + L
                return BIDVAL, "12a", FOUR441, SP
            # END;
        goto_skip = False
        # IF SUITLENGTH[B,1]=LONGEST[R] THEN                                        (erratum E5)
        if SUITLENGTH[1] == LONGEST:
            # BEGIN FOR MAJORS DO IF SLIDEPOINTS(L,25,5) AND LONGEST[R]=5
            #   AND SUITPOINTS[B,1]<=6 THEN GO TO OPENER;                           (erratum E5)
            for L in MAJORS:
                if (
                    SLIDEPOINTS(L, 25, 5, SUITPOINTS, SUITLENGTH)
                    and LONGEST == 5
                    and SUITPOINTS[1] <= 6
                ):
                    BIDVAL = 10 + L  # OPENER: BIDVAL<-10+L
                    return BIDVAL, "12b", FOUR441, SP
            # IF LONGEST[B]>=5 AND CANBEREBID(1) THEN
            if LONGEST >= 5 and CANBEREBID(1, SUITLENGTH, SUITPOINTS, HONORCOUNT):
                # BEGIN BIDVAL[B]<-21; GO TO TEXT; END;
                BIDVAL = 21
                return BIDVAL, "12c", FOUR441, SP
            # FOR SHD DO
            for L in SHD:
                # IF SLIDEPOINTS(L,31,7) THEN GO TO SKIP;
                if SLIDEPOINTS(L, 31, 7, SUITPOINTS, SUITLENGTH):
                    goto_skip = True
                    break
            # END;
        # IF LONGEST[R]=4 THEN                                                      (erratum E5)
        #   (GO TO SKIP enters the THEN part without testing LONGEST=4)
        if goto_skip or LONGEST == 4:
            # SKIP: BEGIN IF SLIDEPOINTS(2,34,8) AND (SUITLENGTH[B,3]<=2 OR
            #   (SUITLENGTH[R,4]<=3 AND SUITLENGTH[B,3]<=3)) THEN                   (erratum E5)
            if SLIDEPOINTS(2, 34, 8, SUITPOINTS, SUITLENGTH) and (
                SUITLENGTH[3] <= 2 or (SUITLENGTH[4] <= 3 and SUITLENGTH[3] <= 3)
            ):
                # BEGIN BIDVAL[B]<-12; GO TO TEXT; END;
                BIDVAL = 12
                return BIDVAL, "12d", FOUR441, SP
            # IF SLIDEPOINTS(3,34,8) AND (SUITLENGTH[B,4]<=3 OR
            #   (SUITLENGTH[B,4]=4 AND SUITPOINTS[B,4]<=1)) THEN
            if SLIDEPOINTS(3, 34, 8, SUITPOINTS, SUITLENGTH) and (
                SUITLENGTH[4] <= 3 or (SUITLENGTH[4] == 4 and SUITPOINTS[4] <= 1)
            ):
                # BEGIN IF NOT (HCP[R]<=12 AND TOTALPTS[B]<=12 AND
                #   SUITPOINTS[R,3]<=3) THEN                                        (erratum E5)
                if not (HCP <= 12 and TOTALPTS <= 12 and SUITPOINTS[3] <= 3):
                    # BEGIN BIDVAL[B]<-13; GO TO TEXT; END;
                    BIDVAL = 13
                    return BIDVAL, "12e", FOUR441, SP
                # END;
            # FOR L<-4,2 DO IF SLIDEPOINTS(L,34,8) THEN
            for L in (4, 2):
                if SLIDEPOINTS(L, 34, 8, SUITPOINTS, SUITLENGTH):
                    # BEGIN IF NOT (HCP[B]<=12 AND TOTALPTS[B]<=12 AND
                    #   SUITPOINTS[B,L]<=3) THEN GO TO OPENER;
                    if not (HCP <= 12 and TOTALPTS <= 12 and SUITPOINTS[L] <= 3):
                        BIDVAL = 10 + L  # OPENER: BIDVAL<-10+L
                        return BIDVAL, "12f", FOUR441, SP
                    # END;
            # END;
        # FOR SHD DO
        for L in SHD:
            # IF SUITLENGTH[B,L]=LONGEST[B] AND LONGEST[B]=5 AND SUITPOINTS[B,L]=0 THEN
            if SUITLENGTH[L] == LONGEST and LONGEST == 5 and SUITPOINTS[L] == 0:
                # BEGIN FOR K<-4 STEP -1 UNTIL 2 DO
                for K in (4, 3, 2):
                    # IF SUITLENGTH[B,K]=4 AND SUITPOINTS[B,K]>=4 THEN
                    if SUITLENGTH[K] == 4 and SUITPOINTS[K] >= 4:
                        # BEGIN BIDVAL[B]<-10+K; GO TO TEXT; END;
                        BIDVAL = 10 + K
                        return BIDVAL, "12g", FOUR441, SP
                # IF HCP[B]>=13 THEN GO TO OPENER;
                if HCP >= 13:
                    BIDVAL = 10 + L  # OPENER: BIDVAL<-10+L
                    return BIDVAL, "12h", FOUR441, SP
                # END;
        # IF HCP[B]>=13 AND EVENDIST[B] AND SUITLENGTH[B,2]>=3 THEN
        if HCP >= 13 and EVENDIST and SUITLENGTH[2] >= 3:
            # BEGIN BIDVAL[B]<-12; GO TO TEXT; END;
            BIDVAL = 12
            return BIDVAL, "12i", FOUR441, SP
        # IF SUITLENGTH[B,1]>=5 AND HCP[B]>=13 AND
        #    SUITPOINTS[B,1]>=5-HONORCOUNT[B,1] THEN
        if SUITLENGTH[1] >= 5 and HCP >= 13 and SUITPOINTS[1] >= 5 - HONORCOUNT[1]:
            # BEGIN BIDVAL[B]<-21; GO TO TEXT; END;
            BIDVAL = 21
            return BIDVAL, "12j", FOUR441, SP
        # END;

    # ---- section 13 -------------------------------------------------------------------------
    # LASTCHANCE: IF TOTALPTS[B]>=13 AND LONGEST[B]>=6 AND HCP[B]>=10 THEN
    if TOTALPTS >= 13 and LONGEST >= 6 and HCP >= 10:
        # FOR SHD DO IF SUITLENGTH[B,L]=LONGEST[B] AND
        #   SLIDEPOINTS(L,14,2) THEN GO TO OPENER;
        for L in SHD:
            if SUITLENGTH[L] == LONGEST and SLIDEPOINTS(L, 14, 2, SUITPOINTS, SUITLENGTH):
                BIDVAL = 10 + L  # OPENER: BIDVAL<-10+L
                return BIDVAL, "13a", FOUR441, SP
    # IF TOTALPTS[B]>=14 AND HCP[B]>=10 THEN
    if TOTALPTS >= 14 and HCP >= 10:
        # FOR MAJORS DO IF CANBEREBID(L) THEN GO TO OPENER;
        for L in MAJORS:
            if CANBEREBID(L, SUITLENGTH, SUITPOINTS, HONORCOUNT):
                BIDVAL = 10 + L  # OPENER: BIDVAL<-10+L
                return BIDVAL, "13b", FOUR441, SP
    # IF HCP[B]>=6 AND HCP[B]<=12 AND LONGEST[B]>=6 THEN
    if HCP >= 6 and HCP <= 12 and LONGEST >= 6:
        # FOR MAJORS DO IF HONORCOUNT[B,L]>=9-SUITLENGTH[B,L] AND SUITLENGTH[B,L]>=6 THEN
        for L in MAJORS:
            if HONORCOUNT[L] >= 9 - SUITLENGTH[L] and SUITLENGTH[L] >= 6:
                # BEGIN BIDVAL[B]<-20+L; GO TO TEXT; END;
                BIDVAL = 20 + L
                return BIDVAL, "13c", FOUR441, SP
    # IF HCP[B]>=14 THEN FOR SHD DO
    if HCP >= 14:
        for L in SHD:
            # IF SUITLENGTH[B,L]>=4 AND SUITPOINTS[B,L]>=1 THEN GO TO OPENER;
            if SUITLENGTH[L] >= 4 and SUITPOINTS[L] >= 1:
                BIDVAL = 10 + L  # OPENER: BIDVAL<-10+L
                return BIDVAL, "13d", FOUR441, SP
    # GO TO TEXT;
    #   (BIDVAL is 0 here -- section "14" -- unless WEAK3 set it to 30+L: section "11a")
    return BIDVAL, section, FOUR441, SP
    # OPENER: BIDVAL[B]<-10+L;          (reached only by GO TO; transcribed at each GO TO)
    # NOBID:TEXT:IF BIDVAL[B]#0 THEN OPEN <- TRUE; OPENVAL<-BIDVAL[B];
    # RERIDDABLE[B]<- CANBEREBID(OPENVAL MOD 5);          (erratum E6; done in algol_openbid)
    # AWAY: END;
