"""Mutation testing of the reference implementation: how much the corpus can catch (docs/decisions/0042).

cosmic-ray's operators enumerate and apply the mutations (``points``); the corpus judges each
mutant in process, as tests/test_reference_corpus.py replays it (``judge``), with only the cases
of the metrics whose cases execute the mutated lines (``trace``); ``run`` drives the mutants in
forked children over the cores and keeps the results, keyed by source and case digests, in
``results.json``; ``report`` writes the section of docs/coverage.md.

    python -m generators.mutation [--jobs N] [--only GLOB]    # or: nox -s mutation
"""
