"""The machinery: Z3 and exhaustive readings of the rules table, and the checkers built on them.
Checkers return verdict records and never print; reporting is a leaf (openbid.report.report, openbid.cli)."""
