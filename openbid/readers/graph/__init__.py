"""The control-flow graph of a rules table (networkx), and where control arrives."""
