"""The command line. Each sub-command is a module with ``register(subparsers)`` and ``run(args)``."""
