"""The reference model of rule files: a small, slow, obviously correct interpreter of one hand
(interp) and a brute-force counter over a reduced hand space (count), written from the documented
semantics and sharing no code with openbid's readers (only the rule file's data model and hand
parsing); gen: Hypothesis strategies for random rule files and claims over its vocabulary."""
