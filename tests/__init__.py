"""The tests: a package, so that test modules import their helpers relatively."""
