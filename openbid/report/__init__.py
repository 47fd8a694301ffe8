"""Rendering: the only place (with the command line) that formats output for people."""

# Public: nothing. A user reaches this package through the Python API (openbid.api, docs/API.md);
# its modules are internal to openbid (imported across its layers, never a promise to users).
__all__: list[str] = []
