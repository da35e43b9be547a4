"""The terminal front end: ``fruitbowl play | resume | replay | simulate | games | bench``.

``app.py`` declares the commands and turns every user error into one line on stderr;
each command's work lives in its own module (``session.py`` for play and resume,
``replay.py``, ``listing.py``, ``reports.py``), and each game's picture in ``boards/``.
"""
