"""Whole deals bid by one system: :mod:`openbid.model.auction` (``System.bid_deal``), as the
double-dummy comparison reads it."""

from openbid.model.auction import Choice, DealAuction, System, load_system

__all__ = ["Choice", "DealAuction", "System", "load_system"]
