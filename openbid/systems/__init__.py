"""Bidding systems: the rules table and rule files (openbid.systems.rules), the executor that
runs a table on one hand (procedure, descriptors, evaluate), calls and the facts of an auction,
a System that calls at every point of the auction (auction), the claims files a system is
checked against, and the shipped systems (variants; their files in data/ and examples/).

May import: openbid.base, openbid.bridge, openbid.hands, openbid.expr."""
