"""Answers every case with the value 42 (a port whose adapter is broken)."""
import fakeport

fakeport.serve(lambda message, expected: {"value": 42})
