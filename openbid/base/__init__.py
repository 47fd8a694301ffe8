"""The ground every layer stands on: the errors a user can cause (printed as one line, exit 2),
files written whole or not at all, small exact statistics, and the one process pool.

May import: nothing of openbid."""

# Public: the modules a user of the Python API (openbid.api, docs/API.md) meets: the errors bad
# input raises. Every other module is internal to openbid (imported across its layers, never a
# promise to users).
__all__: list[str] = ["errors"]
