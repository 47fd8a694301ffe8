"""The exact census of a whole system's auction tree: every node, every hand class, no solver.

A node is a concrete auction; its bidder ranges over exactly the hands that make the bidder's
own earlier calls (each the system's first-wins choice at its node). Here every node of the tree
is counted over all C(52, 13) hands, class by class, in one shared domain (the rank model and
suit-state merging of every rules table the tree reads):

* The hand classes are cut into chunks. In each chunk a depth-first walk visits the nodes; at a
  node the node's rules are read (the numpy reader, :mod:`openbid.readers.census.arrays`) over
  the bidder's rows only, and the rows making each call are the bidder's rows at that call's
  later nodes. A reading is memoised on (the node's rules with the facts of the deal read as
  constants and the constant terms folded, the vulnerability if they still read it, the
  bidder's rows): the same rules over the same rows are read once per chunk, however many
  auctions lead there (opponents' calls fan a tree out; a player's own rows do not change), and
  in however many seats and vulnerabilities they fold alike. Where a node's rules fold alike
  in several vulnerabilities over different rows (the bidder's earlier calls read it), they
  are read once over the union of those rows; the rows every one of those readings holds,
  with the same hands, are counted once for all of them, and each reading's other rows on
  their own (reading.Shared).
* The tree is global: a call made at a node by some hand of ANY chunk makes a child in every
  chunk (the other players' hands there still bid). The chunks are walked in rounds: the first
  from the root, each later one from the nodes other chunks found and this chunk has not yet
  walked, until no chunk finds a new node. Every (node, chunk) pair is read exactly once.
* Past the opening, a node is read over coarser classes when the rules there read less than the
  opening does (SAYC's opening reads playing tricks and honour counts, which tell every holding
  of the ace to the ten apart; nothing later does): the classes of a second pass planned for the
  later nodes alone, each weighted by the hands of the fine classes it merges that make the
  bidder's call at the opening. Nothing read there tells those fine classes apart, so every
  count is unchanged, and every example is still the first fine class (kept per coarse class).
  Most later nodes are read over coarser levels still (:mod:`.level`): without the tables few
  of their rules read (SAYC's aces, kings and queens), and with a hand's point count read as
  one value, not its points in each suit (SAYC: 80,000 classes for 4.6 million coarse ones).
* The deal's vulnerability, when any node reads it, ranges over its four values, each a context
  equally likely (counts are of hand-contexts, as for the opening's checks).

Per node: the hands consistent with the bidder's history, per call its hands, first hand and the
bid points that make it, per bid point the hands it bids and the hands meeting its guard, which
earlier point takes a guard's hands, the gap (hands falling through a block that does not say
``else pass``) and each claim's counts. Every example is the first class of the enumeration, a
concrete hand for the executor to re-run (openbid.checks.tree does). Returns data; never prints.
"""

from openbid.readers.census.tree.counts import (DEAL_VULS, Auction, Example, NodeClaim,
                                               NodeCounts, TreeCounts)
from openbid.readers.census.tree.merge import MAX_TREE_NODES, WALK_ROWS, tree_census
from openbid.readers.census.tree.plan import TreeSpec, coarse_plan, opened

__all__ = ["DEAL_VULS", "Auction", "Example", "NodeClaim", "NodeCounts", "TreeCounts",
           "MAX_TREE_NODES", "WALK_ROWS", "tree_census", "TreeSpec", "coarse_plan", "opened"]
