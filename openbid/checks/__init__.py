"""The checks of any system: three-valued verdicts, witness search (every hand re-run by the
executor), the opening's system checks (dead, shadowed and overlapping bid points, claims), every
node of an auction tree (the exact tree census and the Z3 node checks), what an auction shows,
two systems compared, questions over two or four hands, the counting planner and deals for an
auction. Checkers return records and never print.

May import: the engine below it (openbid.base, bridge, hands, expr, systems, readers, formats,
dd, sim)."""
