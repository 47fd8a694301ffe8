"""openbid: OPENBID (London & Wasserman, 1967) as executable Python, checked mechanically."""

__version__ = "0.1.0"
