"""`parity fuzz`: differential fuzzing of a live port against live scikit-learn (docs/fuzzing.md).

* :mod:`.space`       - the calls drawn: new inputs for the corpus's own templates
* :mod:`.campaign`    - jobs, the oracle call, judging through the harness, findings
* :mod:`.relations`   - metamorphic relations, per metric
* :mod:`.metamorphic` - checking them on a port's answers
* :mod:`.shrink`      - a finding down to a minimal call
* :mod:`.promote`     - findings written as corpus cases for generators/fuzzed
"""
