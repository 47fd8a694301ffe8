"""Double dummy: deals, the solver (endplay's DDS), the store of solved results and the engine
that spreads solving over processes or machines.

Modules: deals (a deal's key, seeded random deals, PBN files), solve (DDS for the strains and
declarers asked), store (DuckDB, keyed by the deal: nothing is solved twice), engine (in this
process, or on a Dask cluster; only this process writes the store).
"""
