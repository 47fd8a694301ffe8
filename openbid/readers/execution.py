"""Symbolic execution of the rules table over any Boolean algebra: the walk lives with the
model (:mod:`openbid.model.rules.execution`), where the auction model also reads it; the readers
import it from here."""

from openbid.model.rules.execution import Algebra, Execution, Site, execute

__all__ = ["Algebra", "Execution", "Site", "execute"]
