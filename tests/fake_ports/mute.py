"""Answers start, then never answers a run message (it reads them and says nothing): a port
that hangs after start."""
import fakeport

fakeport.serve(lambda message, expected: None)
