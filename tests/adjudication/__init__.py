"""The engine's tests: plain pytest functions, no database."""
