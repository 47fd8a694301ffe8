"""The files players use, read and written: PBN and LIN boards with their auctions, and system
notes. Readers stream a board at a time; writers write whole files or nothing.

May import: openbid.base, bridge, hands, expr, systems, readers."""
