"""shrinetable: a desktop card table for a family of homebrew card games."""

__version__ = "0.1.0"
