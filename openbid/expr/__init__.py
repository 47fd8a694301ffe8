"""The expression language (docs/expressions.md): one tree, several interpreters.

May import: openbid.base, bridge, hands."""

from openbid.expr.ast import Expr
from openbid.expr.parser import parse
from openbid.expr.unparse import unparse

__all__ = ["Expr", "parse", "unparse"]
