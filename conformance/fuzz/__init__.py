"""`parity fuzz`: differential fuzzing of a live port against live scikit-learn (docs/fuzzing.md).

* :mod:`.space`       - the calls drawn: new inputs for the corpus's own templates
* :mod:`.campaign`    - jobs, draws weighted to what the port answers, findings grouped by cause
* :mod:`.session`     - one job's live port, judged by the harness's rules; what is declared
* :mod:`.oracle`      - the reference first, scikit-learn on disagreements and a sample; content ids
* :mod:`.journal`     - the findings file: JSON lines appended as the campaign goes, read to resume
* :mod:`.relations`   - metamorphic relations, per metric
* :mod:`.metamorphic` - checking them on a port's answers
* :mod:`.shrink`      - a finding down to a minimal call
* :mod:`.promote`     - findings written as corpus cases for generators/fuzzed
"""
