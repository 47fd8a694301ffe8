"""The command line. Each sub-command is a module with ``register(subparsers)`` and ``run(args)``."""

# Public: the modules a user of the Python API (openbid.api, docs/API.md) meets: the command
# line's entry point (the ``openbid`` command runs ``main.run``). Every other module is internal
# to openbid (imported across its layers, never a promise to users).
__all__: list[str] = ["main"]
