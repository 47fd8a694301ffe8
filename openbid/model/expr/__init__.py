"""The expression language (docs/expressions.md): one tree, several interpreters."""

from openbid.model.expr.ast import Expr
from openbid.model.expr.parser import parse
from openbid.model.expr.unparse import unparse

__all__ = ["Expr", "parse", "unparse"]
