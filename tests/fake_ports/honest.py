"""Answers every case as the oracle does: verify passes."""
import fakeport

fakeport.serve()
