"""The files players use, read and written: PBN and LIN boards with their auctions, and system
notes. Readers stream a board at a time; writers write whole files or nothing.

May import: openbid.base, bridge, hands, expr, systems, readers."""

# Public: nothing. A user reaches this package through the Python API (openbid.api, docs/API.md);
# its modules are internal to openbid (imported across its layers, never a promise to users).
__all__: list[str] = []
