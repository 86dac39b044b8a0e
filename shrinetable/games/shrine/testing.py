"""What the generic contract tests need to know about shrine."""

HOOKS = None
