"""Fake ports for the harness tests: each script misbehaves in one way (see README.md)."""
