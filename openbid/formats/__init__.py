"""The files players use, read and written: PBN and LIN boards with their auctions, and system
notes. Readers stream a board at a time; writers write whole files or nothing.

May import: openbid.base, bridge, hands, expr, systems, readers."""

# Public: the modules a user of the Python API (openbid.api, docs/API.md) meets: a board read
# from a file (board.Board, which System.bid_deal takes) and the reader of PBN and LIN files
# (read.read_boards). Every other module is internal to openbid (imported across its layers,
# never a promise to users).
__all__: list[str] = ["board", "read"]
