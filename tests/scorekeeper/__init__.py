"""The app's tests (pytest-django)."""
