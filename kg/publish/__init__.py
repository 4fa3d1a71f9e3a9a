"""Publish the graph: dumps (and, later, serving and loading)."""
