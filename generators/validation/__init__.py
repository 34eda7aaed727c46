"""Placeholder: filled by issue 30."""


def cases():
    return iter(())
