"""What the generic contract tests need to know about shrines."""

HOOKS = None
