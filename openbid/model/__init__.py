"""The model: hands, the expression language, the descriptor registry, the rules and the
procedures that run them. Imports nothing above it (readers, checkers, report, command line)."""
