"""The count family: confusion_matrix, accuracy and precision/recall/F."""

from __future__ import annotations

from generators.oracle import make_case


def cases():
    # Worked example of ../shared/reference 000/001 (Kotlin F1Score/Recall).
    yt, yp = [2, 1, 1, 0], [2, 0, 1, 2]
    for metric in ("f1_score", "precision_score", "recall_score"):
        yield make_case(f"{metric}/kotlin-fixture-macro", metric, {"y_true": yt, "y_pred": yp},
                        {"average": "macro"}, tags=["worked-example", "macro"])
    yield make_case("confusion_matrix/kotlin-fixture", "confusion_matrix", {"y_true": yt, "y_pred": yp},
                    tags=["worked-example"])
    yield make_case("f1_score/empty", "f1_score", {"y_true": [], "y_pred": []}, tags=["empty", "degenerate"])
    yield make_case("f1_score/zd-nan", "f1_score", {"y_true": [0, 0], "y_pred": [0, 0]},
                    {"zero_division": float("nan")}, tags=["zero-division"])
