"""The game's value types: hands (PBN and the paper's notation), distributions, the rank model
of a pass, bids and BIDVAL, seeded random deals and their keys, duplicate scoring (Law 77), IMPs
and matchpoints.

May import: openbid.base."""

# Public: the modules a user of the Python API (openbid.api, docs/API.md) meets: a hand, the
# notation hands and deals are read in, seeded deals (deals.DealtBoard), a score. Every other
# module is internal to openbid (imported across its layers, never a promise to users).
__all__: list[str] = ["deals", "hand", "notation", "scoring"]
