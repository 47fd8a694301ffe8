"""Bidding systems: the rules table and rule files (openbid.systems.rules), the executor that
runs a table on one hand (procedure, descriptors, evaluate), calls and the facts of an auction,
a System that calls at every point of the auction (auction), the claims files a system is
checked against, and the shipped systems (variants; their files in data/ and examples/).

May import: openbid.base, openbid.bridge, openbid.hands, openbid.expr."""

# Public: the modules a user of the Python API (openbid.api, docs/API.md) meets: a System's
# auction and choices (DealAuction, Choice), its rules. Every other module is internal to openbid
# (imported across its layers, never a promise to users).
__all__: list[str] = ["auction", "rules"]
