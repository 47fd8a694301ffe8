"""The checks of any system: three-valued verdicts, witness search (every hand re-run by the
executor), the opening's system checks (dead, shadowed and overlapping bid points, claims), every
node of an auction tree (the exact tree census and the Z3 node checks), what an auction shows,
two systems compared, questions over two or four hands, the counting planner and deals for an
auction. Checkers return records and never print.

May import: the engine below it (openbid.base, bridge, hands, expr, systems, readers, formats,
dd, sim)."""

# Public: the modules a user of the Python API (openbid.api, docs/API.md) meets: what an auction
# shows (Explained), the findings of a check (Finding, Policy), a count (Count), a probability at
# the table. Every other module is internal to openbid (imported across its layers, never a
# promise to users).
__all__: list[str] = ["explain", "findings", "planner", "table"]
