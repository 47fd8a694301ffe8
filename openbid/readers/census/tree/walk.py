"""The walk of some classes of the tree census: the bidder's rows at each node, the coarse rows
past the opening, and every reading made (kept from round to round)."""

from __future__ import annotations

import hashlib

import numpy as np

from openbid.expr.ast import Name
from openbid.systems.auction import System, system_of
from openbid.systems.auction_facts import ended, illegal
from openbid.systems.rules.fold import fold_facts
from openbid.systems.rules.model import Rules
from openbid.readers.census.domain import SUITS
from openbid.readers.census.passes import Pass
from openbid.bridge.notation import vul_word
from openbid.readers.census.tree.counts import (DEAL_VULS, Auction, Example, NodeCounts,
                                               WalkResult, merge_claim)
from openbid.readers.census.tree.plan import (ATOMS, TreeSpec, claims_at, lumped_plan, opened,
                                              summed_plan)
from openbid.readers.census.tree.reading import Reading, Shared
from openbid.readers.census.tree.level import CoarseRows, Lumped, Summed
from openbid.readers.census.tree.rows import EMPTY
from openbid.readers.uses import uses

_UNSEEN = object()
# A table several nodes of a round read over rows together more than this many times the
# level's is read once over every row (see Walk._plan_whole)
WHOLE_SHARE = 1.0
# Masks of one table read together are counted by their shared core (see reading.Shared)
SHARE_CORES = True


class Replan(Exception):
    """A node reads what the planned domain does not tell apart: plan again with it."""

    def __init__(self, auction: Auction, vul: bool) -> None:
        super().__init__(" ".join(auction))
        self.auction = auction
        self.vul = vul


_RULES_AT = "rules at"  # (the memo's key of what Walk.rules_at and Walk.folded find)


class Walk(CoarseRows):
    """Some classes of the tree census (whole compositions, consecutive in the enumeration):
    the opening read over their fine classes (:mod:`.opening`, before the first round), every
    later node over their coarse classes, each weighted by the hands of its fine classes that
    make the bidder's calls so far. Every reading made is kept from round to round, so a later
    round's roots find the paths to them already read."""

    def __init__(self, spec: TreeSpec, p: Pass, index: int, fine: list[list[int]],
                 pc: Pass | None = None, system: System | None = None,
                 memo: dict | None = None, openings: tuple[Auction, ...] = ((),),
                 cache=None) -> None:
        """``fine``: the fine plan's chunks of this walk, in parts (consecutive); ``pc``: the
        coarse pass (None: the nodes past the opening read the fine classes too); ``openings``:
        the opening nodes (all calls passes) whose readings the walk needs; ``cache``: a
        :class:`openbid.readers.census.tree.cache.TreeCache` (None: none)."""
        self.spec = spec
        self.system = system or system_of(spec.rules)  # one per process: its nodes are cached
        self.p = p
        self.identity = pc is None  # the "coarse" classes are the fine ones
        self._init_rows(p if pc is None else pc)
        self.index = index
        self.fine = fine
        self.openings = openings
        self.cache = cache
        self._cached: dict[Auction, tuple[str, NodeCounts | None]] = {}
        self._later: dict[tuple, list] = {}  # opening readings left in the cache (open())
        self._offsets: list[int] = []  # each fine part's first coarse row
        self.any_opened = any(opened(a) for a in spec.seeds)
        # what depends only on the plans, shared by every walk of a process (_covered, folded)
        self.memo: dict = {} if memo is None else memo
        # the rules at each node, their numbers, what reads them and their folded tables:
        # the same for every walk of a process (its memo's), each found once
        state = self.memo.get(_RULES_AT)
        if state is None:
            state = self.memo[_RULES_AT] = ({}, set(), {}, {}, set(), {}, {}, {})
        self.rkeys: dict[Rules, int]
        self.coarse_ok: set[int]  # rules whose tables the coarse pass reads
        self.reads_vul: dict[int, bool]
        self.node_rkey: dict[Auction, tuple[int, Rules, bool, bool] | None]
        self.lumped_ok: set[int]  # rules read over the lumped level
        self._node_lumped: dict[Auction, int]  # the level a node is read over (see level_mask)
        self._folded: dict[tuple, tuple[int, Rules, bool]]
        self.fkeys: dict[Rules, int]  # the folded tables, each by its number
        (self.rkeys, self.coarse_ok, self.reads_vul, self.node_rkey, self.lumped_ok,
         self._node_lumped, self._folded, self.fkeys) = state
        self.evals: dict[tuple, object] = {}  # readings (the opening's: OpeningReading)
        self._rows: dict[tuple, object] = {}  # (a player's calls, context) -> their rows
        self.claims = claims_at(spec.claims)
        self.tables = {s: set(p.tables[s]) for s in SUITS}
        self.contexts = DEAL_VULS if spec.vul else ((False, False),)
        self.ctables = {s: set(self.pc.tables[s]) for s in SUITS}
        # the coarse rows are this walk's classes of ``pc`` (built by open()); the lumped
        # level's, of the coarser pass most later nodes read (see .level), when there is one
        self.pq = lumped_plan(spec, p, pc)
        self._lumped: Lumped | None = None
        self.qtables = {s: set(self.pq.tables[s]) for s in SUITS} if self.pq else None
        # the summed level's tables and atoms, when there is one (see .level.Summed)
        self.p3 = summed_plan(spec, self.pq)
        if self.p3 is not None:  # (an atom the lumped level cannot read is read by no node)
            self.p3 = (self.p3[0], tuple(a for a in self.p3[1] if self._covered_by(
                None, (Name(a),), "lumped")))
        self._summed: Summed | None = None
        self._origin_masks: set[tuple] = set()  # the masks of the opening's calls' rows
        self._origin_digests: dict[bytes, tuple[int, int]] = {}  # an origin's content -> mask
        self.system_parts: list[list[tuple]] | None = None  # per fine part, per context
        self._hands: dict[int, str] = {}  # a fine row -> its hand class, as text

    # -- the rules at a node -----------------------------------------------------------------
    def rules_at(self, a: Auction) -> tuple[int, Rules, bool, bool] | None:
        """The rules at ``a`` (None: off the system, every hand passes): their number in this
        walk, the rules, whether they read the vulnerability, and whether falling through them
        is a gap (the node's block does not say ``else pass``)."""
        got = self.node_rkey.get(a, _UNSEEN)
        if got is _UNSEEN:
            node = self.system.node(a)
            if node.rules is None:
                self.node_rkey[a] = None
                return None
            if self.identity and opened(a) and not self.any_opened:
                raise Replan(a, False)  # plan the coarse pass with a node past the opening
            rk = self.rkeys.get(node.rules)
            coarse = opened(a)
            if rk is None or (coarse and rk not in self.coarse_ok):
                covered, reads_vul = self._covered(node.rules, coarse)
                if not covered or (reads_vul and not self.spec.vul):
                    raise Replan(a, reads_vul)
                if rk is None:
                    rk = self.rkeys[node.rules] = len(self.rkeys)
                self.reads_vul[rk] = reads_vul
                if coarse:
                    self.coarse_ok.add(rk)
                    if self.qtables is not None and self._covered_by(node.rules, (),
                                                                     "lumped"):
                        self.lumped_ok.add(rk)
            got = self.node_rkey[a] = (rk, node.rules, self.reads_vul[rk],
                                       node.block is not None and not node.else_pass)
        return got  # type: ignore[return-value]

    def _covered(self, rules: Rules, coarse: bool) -> tuple[bool, bool]:
        """Whether the pass (the coarse one: ``coarse``) tabulates everything ``rules`` read,
        and whether they read the vulnerability (the same for every walk of a process: kept
        in its memo)."""
        u = self._uses(rules, ())
        return (self._covered_by(rules, (), "coarse" if coarse else "fine"),
                bool({"VUL", "THEYVUL"} & u.contexts))

    def _uses(self, rules: Rules | None, exprs: tuple):
        """What ``rules`` (their outcome) and ``exprs`` read (kept in the process's memo)."""
        key = ("uses", rules, exprs)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = uses(self.p.defs[0], exprs, rules, outcome=rules is not None)
        return got

    def _covered_by(self, rules: Rules | None, exprs: tuple, level: str) -> bool:
        """Whether the pass of ``level`` ("fine", "coarse" or "lumped") tabulates every table
        ``rules`` (their outcome) and ``exprs`` read, and the rank model every rank they
        read."""
        key = ("covered by", rules, exprs, level)
        got = self.memo.get(key)
        if got is None and level == "summed":
            assert self.p3 is not None
            u = uses(self.p.defs[0], exprs, rules, outcome=rules is not None, atoms=ATOMS)
            got = self.memo[key] = self._covered_by(rules, exprs, "lumped") and all(
                t.name in self.p3[0] for t, _ in u.tables) and u.atoms <= set(self.p3[1])
        if got is None:
            tables = {"fine": self.tables, "coarse": self.ctables, "lumped": self.qtables}[level]
            assert tables is not None
            u = self._uses(rules, exprs)
            got = self.memo[key] = all(t in tables[s] for t, s in u.tables) and \
                all(r in self.p.model.tracked for r in u.reads)
        return got

    # -- the levels ------------------------------------------------------------------------------
    @property
    def lumped(self) -> Lumped | None:
        """The lumped level (None: none), built when first read."""
        if self._lumped is None and self.pq is not None:
            self.open()
            self._lumped = Lumped(self, self.pq)
        return self._lumped

    @property
    def summed(self) -> Summed | None:
        """The summed level (None: none), built when first read."""
        if self._summed is None and self.p3 is not None:
            lumped = self.lumped
            assert lumped is not None
            self._summed = Summed(self, lumped, *self.p3)
        return self._summed

    def level_of(self, mask) -> CoarseRows:
        """The level of a mask's rows."""
        if mask == EMPTY or len(mask) == 2:
            return self
        return self._lumped if mask[2] == 1 else self._summed  # type: ignore

    def level_mask(self, a: Auction, mask):
        """The mask the node ``a`` (past the opening) is read over, for the player's rows
        ``mask``: summed when every rule and claim there reads only what the summed level
        tells apart, else lumped when they read only what the lumped level does, else coarse.
        An origin (coarse) is summed or lumped then; other coarse rows are read as they are;
        summed or lumped rows are taken to the level the node needs (the lumped or coarse
        rows they merge), never up."""
        if mask == -1:  # the player has not called: every row
            self.open()
            mask = self.all_rows
        if mask == EMPTY or self.pq is None:
            return mask
        lumped = self.lumped
        assert lumped is not None
        ok = self._node_lumped.get(a)
        if ok is None:
            ok = self._node_lumped[a] = self._level_at(a)
        if len(mask) == 2:
            if not ok or mask not in self._origin_masks:
                return mask
            return self.summed.lump(mask) if ok == 2 else lumped.lump(mask)  # type: ignore
        if mask[2] == 1:
            return mask if ok else lumped.expand(mask)
        summed = self._summed
        assert summed is not None
        return mask if ok == 2 else summed.lower(mask) if ok == 1 else summed.expand(mask)

    def _level_at(self, a: Auction) -> int:
        """The level the node ``a`` is read over: 2 summed, 1 lumped, 0 coarse."""
        got = self.rules_at(a)
        claims = self.claims.get(a, ())
        if got is None or got[0] not in self.lumped_ok or not all(
                self._covered_by(got[1], (c.cond,), "lumped") for c in claims):
            return 0
        if self.p3 is None or not self._covered_by(got[1], (), "summed") or not all(
                self._covered_by(got[1], (c.cond,), "summed") for c in claims):
            return 1
        return 2

    # -- the opening, and the coarse rows ----------------------------------------------------------
    # Past the opening, the rules of a system read far less than the opening does (SAYC's
    # opening reads playing tricks and honour counts, nothing later does). There, a node is read
    # over the walk's classes of the coarse pass, each a union of the fine classes it merges,
    # weighted by the hands of those fine classes that make the bidder's calls at the opening
    # (the *origin*): every count is unchanged, since nothing read there tells the merged
    # classes apart, and every example is still the first fine row (kept per coarse row).
    def open(self) -> None:
        """Read the opening nodes over this walk's fine classes, part by part (see
        :mod:`openbid.readers.census.tree.opening`), and build the coarse rows and origins.
        With a cache, a part's calls of an opening reading are taken from it, and the part
        is read only for what it does not hold (or an opening node's counts it lacks)."""
        from openbid.readers.census.tree.opening import (Calls, FinePart, OpeningReading,
                                                         every_row, merge_part)

        if self.cchunk is not None:
            return
        # each reading the walk's opening nodes need, once: key -> (node, context, claims)
        wanted: dict[tuple, list] = {}
        for a in self.openings:
            if ended(a) or self.rules_at(a) is None:
                continue
            for ctx in range(len(self.contexts)):
                key, vul, folded, gap = self._key(a, -1, ctx)
                slot = wanted.setdefault(key, [a, vul, folded, gap, [], set()])
                slot[4].extend(c for c in self.claims.get(a, ()) if c not in slot[4])
                slot[5].add(a)
        keep = self.spec.system is not None and self.spec.count_system
        cache = self.cache
        # the readings whose counts some opening node needs (all of them without a cache)
        counted = {key for key, slot in wanted.items()
                   if cache is None or keep or any(self.node_cached(a) is None for a in slot[5])}
        dom = self.p.domain
        cdigest = self.coarse_digest()
        # the readings whose calls the cache holds for every part (and whose counts no node
        # needs): taken from it when a node's rows first need them (see _open_later)
        if cache is not None and not keep:
            self._later = {key: slot for key, slot in wanted.items() if key not in counted
                           and all(cache.has_calls(cache.opening_key(
                               cdigest, (part[0], part[-1]), slot[2], key[1], slot[3]))
                               for part in self.fine)}
            wanted = {key: slot for key, slot in wanted.items() if key not in self._later}
        merged = {key: OpeningReading() for key in wanted}
        calls: dict[tuple, list] = {key: [] for key in wanted}
        offsets: list[int] = []
        cn = 0
        system_parts: list[list[tuple]] = []
        for part in self.fine:
            fcomps = tuple(c for i in part for c in dom.plan[i][1])
            span = (part[0], part[-1])
            got: dict[tuple, object] = {}
            if cache is not None:
                for key, (a, vul, folded, gap, claims, _) in wanted.items():
                    if key not in counted:
                        got[key] = cache.get_calls(cache.opening_key(
                            cdigest, span, folded, key[1], gap))
            read = [key for key in wanted if got.get(key) is None]
            if read:
                fp = FinePart(self.p, self.pc, dom.chunk_of(fcomps, dom.plan[part[0]][0]),
                              self.identity, [(wanted[k][2], wanted[k][1]) for k in read],
                              self._share_atoms() if keep else ())
                here = {}
                for key in read:
                    a, vul, folded, gap, claims, _ = wanted[key]
                    r = here[key] = fp.read(gap, folded, vul, keep, bool(claims))
                    merge_part(merged[key], r, claims)
                    got[key] = fp.calls_of(r)
                    if cache is not None:
                        cache.put_calls(cache.opening_key(cdigest, span, folded, key[1], gap),
                                        got[key])
                    if claims and not keep:
                        r.outcome = None
                if keep:
                    system_parts.append(self._system_part(fp, here))
                del fp, here
            for key in wanted:
                calls[key].append(got[key])
            offsets.append(cn)
            cn += self.part_rows(fcomps)
        comps = tuple(c for part in self.fine for i in part for c in dom.plan[i][1])
        self.cchunk = (dom if self.identity else self.pc.domain).chunk_of(comps)
        assert self.cchunk.size == cn
        self.cn = self.csets.n = cn
        self.ccomp_bounds = np.cumsum((0,) + self.cchunk.sizes)
        self.w_all, self.first_all = every_row(self.p, self.pc, comps)
        # (int64, as the readings take them: numpy's least-per-group needs matching types)
        self.first_all = self.first_all.astype(np.intp, copy=False)
        self.all_rows = self._origin(np.arange(cn, dtype=np.int32), None)
        self._offsets = offsets
        for key, opening in merged.items():
            self._opened(key, opening, Calls.join(calls[key], offsets), key in counted)
        self.system_parts = system_parts if keep else None

    def _opened(self, key: tuple, opening, joined, counted: bool) -> None:
        """An opening reading made (or its calls taken from the cache: ``counted`` False),
        with the origin of each of its calls."""
        for call in joined.calls:
            opening.children[call] = self._origin(joined.rows(call), joined.split.get(call))
        if not counted:
            opening.counts = None  # (taken from the cache)
        self.evals[key] = opening

    def _open_later(self, key: tuple) -> None:
        """An opening reading whose calls open() left in the cache: taken from it now (a part
        spoilt since is read again)."""
        from openbid.readers.census.tree.opening import Calls, FinePart, OpeningReading

        a, vul, folded, gap, claims, _ = self._later.pop(key)
        cache = self.cache
        assert cache is not None
        dom = self.p.domain
        parts = []
        for part in self.fine:
            okey = cache.opening_key(self.coarse_digest(), (part[0], part[-1]), folded, key[1],
                                     gap)
            got = cache.get_calls(okey)
            if got is None:
                fcomps = tuple(c for i in part for c in dom.plan[i][1])
                fp = FinePart(self.p, self.pc, dom.chunk_of(fcomps, dom.plan[part[0]][0]),
                              self.identity, [(folded, vul)])
                got = fp.calls_of(fp.read(gap, folded, vul, False, False))
                cache.put_calls(okey, got)
                del fp
            parts.append(got)
        self._opened(key, OpeningReading(), Calls.join(parts, self._offsets), False)

    def part_rows(self, comps) -> int:
        """The coarse rows of some compositions."""
        d = (self.p if self.identity else self.pc).domain
        return sum(d.rows(c) for c in comps)

    def coarse_digest(self) -> str:
        if self.cache is None:
            return ""
        got = self.memo.get("coarse digest")
        if got is None:
            from openbid.readers.census.tree.cache import domain_digest

            got = self.memo["coarse digest"] = "identity" if self.identity else \
                domain_digest(self.pc)
        return got

    def node_cached(self, a: Auction) -> NodeCounts | None:
        """The counts of the node ``a`` the cache holds (None: none, or no cache); kept."""
        if self.cache is None:
            return None
        if a not in self._cached:
            key = self.cache.node_key(a, self.claims.get(a, ()))
            self._cached[a] = (key, self.cache.get_node(key))
        return self._cached[a][1]

    def _origin(self, rows: np.ndarray, split: tuple | None) -> tuple[int, int]:
        """The mask of an origin: the coarse rows ``rows`` (ascending), each weighted by all of
        its hands and first by its first fine row, but for ``split``: (some of ``rows``, their
        hands and first fine rows). Origins of the same rows, hands and first rows (a call its
        rule makes alike in seats and vulnerabilities whose openings fold differently
        elsewhere) are one: every later reading of them is shared."""
        parts = [rows.tobytes()]
        if split is not None:
            parts += [split[0].astype(np.int32).tobytes(), split[1].tobytes(),
                      split[2].astype(np.int64).tobytes()]
        digest = hashlib.blake2b(b"|".join(parts), digest_size=16).digest()
        got = self._origin_digests.get(digest)
        if got is None:
            self.origins.append(split)
            got = self._origin_digests[digest] = (len(self.origins) - 1,
                                                  self.csets.intern(rows))
            self._origin_masks.add(got)
        return got

    def _share_atoms(self) -> tuple:
        """What the opening's system checks read besides the opening's rules: the parts of the
        claims' expressions (folded in each context) that do not read the calls, each with its
        context's facts (the opening's groups must tell apart what they read)."""
        got = self.memo.get("share atoms")
        if got is None:
            from openbid.readers.census.tree.reading import outcome_free
            from openbid.systems.rules.fold import fold_exprs

            share = self.spec.system
            assert share is not None
            seen: dict = {}
            for arg in share.args:
                a, ctx = self._share_node(arg)
                folded = self._key(a, -1, ctx)[2]
                for e in fold_exprs(self.system.opening, share.singles, arg.context):
                    for x in outcome_free(e):
                        seen.setdefault((x, arg.context, folded), None)
            got = self.memo["share atoms"] = tuple(seen)
        return got

    def _share_node(self, arg) -> tuple[Auction, int]:
        """The opening node and context a context of the system checks is (its seat, its
        vulnerability)."""
        facts = dict(arg.context)
        a: Auction = ("PASS",) * (int(facts.get("SEAT", 1)) - 1)  # type: ignore[call-overload]
        vul = (bool(facts.get("VUL", False)), bool(facts.get("THEYVUL", False)))
        ctx = next(i for i in range(len(self.contexts))
                   if self.view_vul(len(a) % 4, i) == vul) if self.spec.vul else 0
        return a, ctx

    def _system_part(self, fp, here: dict) -> list[tuple]:
        """One fine part's counts of each context of TreeSpec.system (see
        :class:`SystemShare`): the opening node of the context's seat, read in its vulnerability
        (the reading made of the part), and the claims' expressions read in the context."""
        from openbid.readers.census.system_pass import read_singles, shared_counts
        from openbid.systems.rules.fold import fold_exprs

        share = self.spec.system
        assert share is not None
        view = fp.gview  # the part's groups: nothing the claims' expressions read parts them
        w = np.rint(fp.gweight).astype(np.int64)
        opening = self.system.opening
        singles: dict[tuple, tuple] = {}
        out, used = [], []
        for arg in share.args:
            facts = dict(arg.context)
            a, ctx = self._share_node(arg)
            r = here.get(self._key(a, -1, ctx)[0])
            if r is None or r.root is None:
                raise AssertionError(f"the opening in seat {len(a) + 1} was not kept")
            if tuple(r.rules.labels) != tuple(opening.labels):
                raise AssertionError("the opening's folded table lost a bid point")
            # the claims' expressions in this context: the same trees over the same reading
            # (the same calls) count alike
            key = (id(r), fold_exprs(opening, share.singles, arg.context))
            got = singles.get(key)
            if got is None:
                run = view.reader(0)
                run.rules = r.rules
                run.context = facts
                groups = fp.groups(r.rules, r.vul)[1]
                run.use_outcome((groups.bidval, groups.section))  # the groups' calls
                got = singles[key] = read_singles(arg, view, run, w, None)
            on, per_pat, pat_first, code_first, per_code = r.root
            out.append(shared_counts(on, per_pat, pat_first, code_first, per_code,
                                     len(opening.labels), fp.chunk, fp.offset, got))
            used.append(r)
        for r in used:  # counted: nothing more to keep
            r.root = r.outcome = None
        return out

    def rows(self, a: Auction, turn: int, ctx: int):
        """The mask of the rows of the hands of the player at ``turn`` (0 the dealer) that
        make that player's calls in ``a`` (-1: every row; else the coarse rows of an origin, or
        EMPTY). Kept per the player's calls so far: the nodes below read them again and
        again."""
        if len(a) <= turn:
            return -1
        last = turn + (len(a) - 1 - turn) // 4 * 4  # the player's last call in ``a``
        mine = a[:last + 1]  # the calls after it do not matter
        got = self._rows.get((mine, ctx))
        if got is None:
            got = self.rows(a[:last], turn, ctx)
            if self.rules_at(a[:last]) is not None:  # else off-system: every hand passed
                got = self.read(a[:last], got, ctx).children.get(a[last], EMPTY)
            self._rows[(mine, ctx)] = got
        return got

    def view_vul(self, turn: int, ctx: int) -> tuple[bool, bool]:
        ours, theirs = self.contexts[ctx]
        return (ours, theirs) if turn % 2 == 0 else (theirs, ours)

    def example(self, row: int, vul: str) -> Example:
        """The example of a fine row (its place in the enumeration)."""
        hand = self._hands.get(row)  # the same first rows recur from node to node
        if hand is None:
            hand = self._hands[row] = str(self.p.domain.row_hand(row))
        return Example(row, hand, vul)

    def _key(self, a: Auction, mask, ctx: int):
        """The key of the reading of the rules at ``a`` over ``mask`` in context ``ctx`` (the
        folded table, the vulnerability if it still reads it, the gap flag, the rows), and the
        vulnerability, folded table and gap flag."""
        got = self.rules_at(a)
        assert got is not None, a
        rk, rules, reads_vul, gap = got
        vul = self.view_vul(len(a) % 4, ctx)
        fk, folded, folded_vul = self.folded(rk, rules, vul if reads_vul else None)
        return (fk, vul if folded_vul else None, gap, mask), vul, folded, gap

    def read(self, a: Auction, mask, ctx: int, calls: bool = False):
        """The reading of the rules at ``a`` over the rows ``mask`` in context ``ctx``;
        ``calls``: keep its rows' calls for the claims about the node (a reading made earlier
        without them reads them again)."""
        if not opened(a):  # a player's opening call comes first (its rows: every row)
            assert mask == -1, a
            self.open()
            key = self._key(a, -1, ctx)[0]
            if key in self._later:
                self._open_later(key)
            got = self.evals.get(key)
            if got is None:
                raise AssertionError(f"the opening node {' '.join(a) or '(dealer)'} was not read")
            return got
        mask = self.level_mask(a, mask)
        key, vul, folded, gap = self._key(a, mask, ctx)
        reading = self.evals.get(key)
        if reading is None:
            reading = self.evals[key] = Reading(self.level_of(mask), gap, folded, mask, vul,
                                                key[:2], False, calls)
        return reading

    def shared_groups(self, a: Auction, masks: list) -> None:
        """Before the rules at ``a`` are read over ``masks`` (a row mask in each context):
        where several of the readings to make read one folded table alike (the same table, and
        no vulnerability it still reads: the bidder's rows differ from context to context when
        an earlier call of theirs read it), read it once over the union of their rows. Each
        reading then takes its rows' calls, bid points and patterns of guards from that one
        (what every row makes depends on the row alone: only the weights differ). The rows
        all of them hold with the same hands are counted once, each reading's others on their
        own (:class:`~.reading.Shared`; a node with claims counts each reading's rows with its
        own weights, as its claims read them). One reading of some tens of thousands of rows
        costs about as much again in fixed work (building the rows' view, running the rules'
        program, finding the patterns) as in work per row: a re-check reads few rows a
        reading."""
        if not opened(a):
            return
        todo: dict[tuple, dict] = {}
        for ctx, mask in enumerate(masks):
            if mask == -1 or mask == EMPTY:
                continue
            mask = self.level_mask(a, mask)
            lv = self.level_of(mask)
            key, vul, folded, _ = self._key(a, mask, ctx)
            ekey = key[:2]
            if key in self.evals or (ekey, mask) in lv._primed or ekey in lv.full_values or \
                    ekey in lv.whole:  # (read over every row: see _plan_whole)
                continue
            todo.setdefault((lv.tag, ekey), {}).setdefault(mask, (vul, folded))
        for (tag, ekey), got in todo.items():
            if len(got) < 2:
                continue
            lv = self.level_of(next(iter(got)))
            sets = sorted({m[1] for m in got})
            if any(lv.csets.sizes[k] in (0, lv.cn) for k in sets):
                continue  # (no rows, or every row: read as they are)
            vul, folded = next(iter(got.values()))
            if SHARE_CORES and not self.claims.get(a):  # (a claim reads each mask's rows)
                shared = Shared(lv, folded, vul, lv.decompose(frozenset(got)))
                for mask in got:
                    lv._primed[(ekey, mask)] = shared
                continue
            at = dict(zip(sets, lv.read_union(("union", *sets), [lv.csets.rows(k) for k in sets],
                                              folded, vul)))
            for mask in got:
                lv._primed[(ekey, mask)] = at[mask[1]]

    def folded(self, rk: int, rules: Rules, vul: tuple[bool, bool] | None):
        """The rules at a node as read in the vulnerability ``vul`` (None: they do not read
        it), with every fact of the deal a constant and the constant terms folded
        (openbid.systems.rules.fold): the number of the folded table, the table, and whether it
        still reads the vulnerability. Nodes and vulnerabilities whose tables fold alike make
        the same calls with every hand, and share every reading."""
        got = self._folded.get((rk, vul))
        if got is None:
            key = ("folded", rules, vul)
            fv = self.memo.get(key)
            if fv is None:
                facts = () if vul is None else (("VUL", vul[0]), ("THEYVUL", vul[1]))
                f = fold_facts(rules, facts)
                still = vul is not None and bool({"VUL", "THEYVUL"} & uses(
                    self.p.defs[0], (), f, outcome=True).contexts)
                fv = self.memo[key] = (f, still)
            f, still = fv
            fk = self.fkeys.setdefault(f, len(self.fkeys))
            got = self._folded[(rk, vul)] = (fk, f, still)
        return got

    # -- the walk ---------------------------------------------------------------------------------
    def walk(self, roots: tuple[Auction, ...], known: dict[Auction, tuple[str, ...]],
             skip: frozenset[Auction] = frozenset(), reach_of: Auction | None = None,
             descend: bool = True) -> WalkResult:
        """Visit ``roots`` and every node below them (``known``: the calls other walks found
        at some nodes); a node of ``skip`` is not read (its counts are known: its calls are
        in ``known``). ``reach_of``: the node whose players' reach is reported (None:
        none). ``descend`` False: read the roots only (with a cache, the census's parent
        looks their children up in it and sends the next round only the nodes it lacks)."""
        import time

        c0 = time.process_time()
        if (self.spec.system is not None and self.spec.count_system) or self.cache is None:
            self.open()  # (with a cache, only when a node's rows need it)
        c1 = time.process_time()
        visited: list[Auction] = []
        found: dict[Auction, set[str]] = {}
        counts: dict[Auction, NodeCounts] = {}
        reach: dict[Auction, set[int]] = {}
        hits: dict[Auction, str] = {}  # nodes counted before (the cache's key)
        keys: dict[Auction, str] = {}  # nodes counted here, with a cache (their keys)
        for r in () if reach_of is None else (reach_of,):  # (only the census's root's is used)
            reach[r] = {p for p in range(4) if self._makes(r, p)}
        if not descend and len(roots) > 1:
            self._plan_whole(roots, skip)
        stack = list(roots)
        while stack:
            a = stack.pop()
            visited.append(a)
            if ended(a):
                continue
            here: set[str] = set()
            if a in skip:
                pass  # counted before: its calls are known
            elif self.rules_at(a) is None:
                here.add("PASS")
            elif self.node_cached(a) is not None:  # counted before: its calls only
                here.update(self._cached[a][1].calls)  # type: ignore[union-attr]
                hits[a] = self._cached[a][0]
            else:
                nc = NodeCounts()
                masks = [self.rows(a, len(a) % 4, ctx) for ctx in range(len(self.contexts))]
                if len(masks) > 1:
                    self.shared_groups(a, masks)
                for ctx in range(len(self.contexts)):
                    claims = self.claims.get(a, ())
                    reading = self.read(a, masks[ctx], ctx, bool(claims))
                    word = vul_word(*self.view_vul(len(a) % 4, ctx))
                    nc.add(reading.counts, word)
                    here |= set(reading.children)
                    for c in claims:
                        nc.claims[c.id] = merge_claim(nc.claims.get(c.id), reading.claim(c),
                                                      word)
                    if claims and reading.root is None:  # read: the calls need not be kept
                        reading.outcome = None
                counts[a] = nc
                if self.cache is not None:
                    keys[a] = self._cached[a][0]
            found[a] = here
            if not descend:
                continue
            for call in sorted(here | set(known.get(a, ())), reverse=True):
                if not illegal(a, call):
                    stack.append(a + (call,))
        system, self.system_parts = self.system_parts, None  # sent once
        self.end_walk()
        if self._lumped is not None:
            self._lumped.end_walk()
        if self._summed is not None:
            self._summed.end_walk()
        return WalkResult(visited, found, counts, reach=reach, system=system,
                          cpu={"opening": c1 - c0, "later": time.process_time() - c1},
                          hits=hits, keys=keys)

    def _plan_whole(self, roots: tuple[Auction, ...], skip: frozenset[Auction]) -> None:
        """Before a round reads ``roots`` (their own readings only): a folded table that
        several of them read over different rows of one level, those rows together more than
        the level's (one reading of them all costs less than theirs), is read once over every
        row (:meth:`CoarseRows.read_whole`), and each of those readings takes its rows' values
        from that one (SAYC: about a thousand CPU-ms of thirty). Only how often the table's
        program runs changes: what a row makes depends on the row alone."""
        reads: dict[tuple, tuple[set, set, CoarseRows]] = {}  # table -> nodes, masks, level
        for a in roots:
            if ended(a) or a in skip or not opened(a) or self.rules_at(a) is None or \
                    self.node_cached(a) is not None:
                continue
            for ctx in range(len(self.contexts)):
                mask = self.rows(a, len(a) % 4, ctx)
                if mask == EMPTY:
                    continue
                mask = self.level_mask(a, mask)
                lv = self.level_of(mask)
                key = self._key(a, mask, ctx)[0]
                if key not in self.evals:
                    got = reads.setdefault((lv.tag, key[:2]), (set(), set(), lv))
                    got[0].add(a)
                    got[1].add(mask)
        for (_, ekey), (nodes, masks, lv) in reads.items():
            if len(nodes) > 1 and ekey not in lv.full_values and \
                    sum(lv.csets.sizes[m[1]] for m in masks) > WHOLE_SHARE * lv.cn:
                lv.whole.add(ekey)

    def _makes(self, a: Auction, turn: int) -> bool:
        """Does some hand of this walk make every call of the player at ``turn`` in ``a``?"""
        for t in range(turn, len(a), 4):
            if self.rules_at(a[:t]) is None and a[t] != "PASS":
                return False
        for ctx in range(len(self.contexts)):
            mask = self.rows(a, turn, ctx)
            if mask == -1:
                return True
            if mask != EMPTY and self.level_of(mask).csets.sizes[mask[1]]:
                return True
        return False

