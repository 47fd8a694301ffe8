"""Double dummy: the solver (endplay's DDS), the store of solved results and the engine that
spreads solving over processes or machines, and two systems compared at double dummy.

Modules: solve (DDS for the strains and declarers asked), store (DuckDB, keyed by the deal:
nothing is solved twice), engine (in this process, or on a Dask cluster; only this process writes
the store), compare (two systems' auctions on the same boards, scored in IMPs and matchpoints).

May import: the engine below it (openbid.base, bridge, hands, expr, systems, readers, formats)."""

# Public: nothing. A user reaches this package through the Python API (openbid.api, docs/API.md);
# its modules are internal to openbid (imported across its layers, never a promise to users).
__all__: list[str] = []
