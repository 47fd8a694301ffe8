"""Bidding at scale: seeded random deals bid through a whole system with numpy, node by node, on
one machine or a Dask cluster; how often each auction arises and where the system is silent.

Entry points: :func:`openbid.sim.engine.run` (a run of N deals of a :class:`~openbid.sim.engine.
Settings`: its :class:`~openbid.sim.tally.Tally`, with ``Tally.share("1NT P 2C")`` how often an
auction begins so), :func:`openbid.sim.tally.summarize` (every node's figures and the coverage),
:class:`openbid.sim.bidder.Bidder` (deals bid in this process, each deal's auction) and
:func:`openbid.sim.deals.deals` (the seeded deals themselves).

May import: openbid.base, bridge, hands, expr, systems, readers, formats, dd."""

# Public: the modules a user of the Python API (openbid.api, docs/API.md) meets: a simulation's
# summary (Summary, NodeStat, Share). Every other module is internal to openbid (imported across
# its layers, never a promise to users).
__all__: list[str] = ["tally"]
