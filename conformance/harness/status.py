"""The status of a judged case: one closed set, typed (docs/glossary.md has each word).

Statuses fall in two groups that reports keep apart:

* honest outcomes of the implementation: ``passed``; ``by-convention`` (the answer is the outcome
  the corpus stores for a convention the port declares, docs/conventions.md); ``failed``;
  ``declared`` (failed, but covered by a divergence the port declares); ``skipped``;
* misbehaviour, when the harness could not judge the implementation: ``faulted`` (an error whose
  type the port does not declare as one of its library's refusals, or one the adapter marked
  uncaught; decision 0013), ``crashed``, ``timed-out``, ``protocol-error``, ``not-run`` (after the
  restart limit, or missing from a results file).

A :class:`Status` is a ``str``: it is written to run records and compared with the strings read
back from them as it is.
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    PASSED = "passed"
    BY_CONVENTION = "by-convention"
    FAILED = "failed"
    DECLARED = "declared"
    SKIPPED = "skipped"
    FAULTED = "faulted"
    CRASHED = "crashed"
    TIMED_OUT = "timed-out"
    PROTOCOL_ERROR = "protocol-error"
    NOT_RUN = "not-run"


HONEST = (Status.PASSED, Status.BY_CONVENTION, Status.FAILED, Status.DECLARED, Status.SKIPPED)
CONFORMANT = (Status.PASSED, Status.BY_CONVENTION)  # agreement, for the exit status and the conformance figure
MISBEHAVIOUR = (Status.FAULTED, Status.CRASHED, Status.TIMED_OUT, Status.PROTOCOL_ERROR, Status.NOT_RUN)
STATUSES = HONEST + MISBEHAVIOUR
