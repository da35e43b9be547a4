"""Windfall: take apples from a basket; a secret bonus card each; the last apple is a windfall.

The example game of ``docs/architecture.md``: one folder holds its rules, its plugin and every
front end's hooks (terminal board, browser board, greedy evaluator, component names)."""
