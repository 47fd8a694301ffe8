"""Bidding at scale: seeded random deals bid through a whole system with numpy, node by node, on
one machine or a Dask cluster; how often each auction arises and where the system is silent.

May import: openbid.base, bridge, hands, expr, systems, readers, formats, dd."""
