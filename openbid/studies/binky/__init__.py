"""Binky points (seed 003: Thomas Andrews, "Binky Points: Optimal Evaluation"), by the method.

    v(hand) = vp(pattern) + sum over suits of vh(holding)
    holding = (which of A K Q J T 9 it holds, its length)

chosen so that v(north) + v(south) estimates the pair's double-dummy tricks: v = Tr (I + M)^-1
where Tr is the expected tricks of a hand's side given the hand alone (seed lines 20-61).

Modules: ddgen (double-dummy data), matrices (exact partner matrices, inversion, gauge),
tr (Tr tables from the data), derive (v from a Tr table), checks (the seed's claims and
out-of-sample accuracy). docs/BINKY.md documents every convention.

``BINKY_SUIT`` and ``BINKY_NT`` are evaluators of the project's one form (reads "AKQJT9"),
offense, built from the shipped table openbid/hands/evaluators/data/binky_table.json: their values are
exactly the decimals written there (Fraction("1.234")); that table was derived numerically
(float64) from data/tr_table.json.
"""

from __future__ import annotations

from openbid.hands.evaluators.binky import BINKY_NT, BINKY_SUIT, binky_evaluator

__all__ = ["BINKY_SUIT", "BINKY_NT", "binky_evaluator"]
