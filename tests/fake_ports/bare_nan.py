"""Writes NaN as a bare JSON token (Python's json.dumps default) instead of the string "NaN"."""
import json
import math

import fakeport


def answer(message, expected):
    result = fakeport.honest(message, expected)
    if result.get("value") == "NaN":
        return json.dumps({"seq": message["seq"], "value": math.nan})  # -> {"value": NaN}
    return result


fakeport.serve(answer)
