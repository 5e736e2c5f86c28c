"""A seeded mutation fuzzer for euchre-audit (see bench/fuzz.py for the command line).

Every input is a pure function of (run seed, input index): the same pair gives the
same bytes and the same command line on any machine, so a failure is reproduced
from its index alone and a run's figures can be compared with another's.

- :mod:`.mutators`: byte and line mutations of any text (the notation's own words,
  encodings, line ends, look-alike letters, long lines);
- :mod:`.structured`: JSON (EGN) and YAML (rulesets) mutations and ``--set`` values;
- :mod:`.seeds`: the corpus the mutations start from;
- :mod:`.cases`: one input (files and a command line) from its index;
- :mod:`.execute`: one input through ``auditor.cli.main`` in this process, judged;
- :mod:`.minimize`: the smallest input that fails the same way, written to a folder;
- :mod:`.pool`: many inputs on several processes, with a watchdog for hangs and memory;
- :mod:`.special`: folders, FIFOs, unreadable files, symlink loops, /dev/zero and a
  50 MB line, each run once in a subprocess with a timeout.
"""
