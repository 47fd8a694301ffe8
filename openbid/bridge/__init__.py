"""The game's value types: hands (PBN and the paper's notation), distributions, the rank model
of a pass, bids and BIDVAL, seeded random deals and their keys, duplicate scoring (Law 77), IMPs
and matchpoints.

May import: openbid.base."""
