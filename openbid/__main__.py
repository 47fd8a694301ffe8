"""``python -m openbid``: the same as the ``openbid`` command."""

from openbid.cli.main import run

if __name__ == "__main__":
    run()
