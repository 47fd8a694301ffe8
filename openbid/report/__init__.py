"""Rendering: the only place (with the command line) that formats output for people."""
