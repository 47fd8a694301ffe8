"""Part One of the paper as text files in the block format, read by :mod:`openbid.studies.paper.part_one_data`
(a package only so that the files are installed with it)."""
