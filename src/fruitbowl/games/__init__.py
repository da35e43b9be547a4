"""The built-in games, one folder each. Nothing is registered here: each game's ``plugin.py``
is named in the ``fruitbowl.games`` entry point group of ``pyproject.toml`` (see
:mod:`fruitbowl.engine.plugin`)."""
