"""Honest, except that every f1_score value is off by 0.01: exactly the f1_score value cases fail."""
import fakeport


def answer(message, expected):
    result = fakeport.honest(message, expected)
    if message["metric"] == "f1_score" and isinstance(result.get("value"), (int, float)):
        result["value"] += 0.01
    return result


fakeport.serve(answer)
