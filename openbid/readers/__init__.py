"""The readers of a rules table, each derived from the descriptor registry and the same rules:
Z3 over one hand (symbolic) or several hands of one deal with disjoint cards (symbolic_deal), the
exact census over every hand class with numpy (census/), and the control-flow graph (graph/).

May import: openbid.base, bridge, hands, expr, systems."""

# Public: nothing. A user reaches this package through the Python API (openbid.api, docs/API.md);
# its modules are internal to openbid (imported across its layers, never a promise to users).
__all__: list[str] = []
