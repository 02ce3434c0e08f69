"""Benchmarks: scripts that print figures (not tests). See README.md."""
