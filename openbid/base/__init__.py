"""The ground every layer stands on: the errors a user can cause (printed as one line, exit 2),
files written whole or not at all, small exact statistics, and the one process pool.

May import: nothing of openbid."""
