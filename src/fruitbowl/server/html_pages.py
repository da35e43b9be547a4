"""The server's own HTML pages for a browser that asked for a page that is not there: an
unknown address, a table or a game that does not exist. The API keeps answering JSON
(``{"error": …}``); a person following a link gets a page in the site's look with a way back."""

from __future__ import annotations

import html

from fastapi import Request
from fastapi.responses import HTMLResponse

PAGE = """<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title} — fruitbowl</title>
    <link rel="stylesheet" href="/static/css/fruitbowl.css" />
  </head>
  <body class="rules-page">
    <header class="topbar"><a class="brand" href="/">fruitbowl</a></header>
    <main class="rules-main single">
      <article class="rules card">
        <h1>{title}</h1>
        <p>{message}</p>
        <p><a class="button primary" href="/">Back to the lobby</a></p>
      </article>
    </main>
  </body>
</html>
"""


def error_page(title: str, message: str, status: int = 404) -> HTMLResponse:
    """A page saying what is missing (``message``, one sentence) with a link to the lobby."""
    sentence = message[:1].upper() + message[1:]
    if not sentence.endswith("."):
        sentence += "."
    return HTMLResponse(PAGE.format(title=html.escape(title), message=html.escape(sentence)), status_code=status)


def wants_page(request: Request) -> bool:
    """A browser navigating (not the API, not a script asking for JSON)."""
    if request.url.path.startswith(("/api/", "/ws/", "/static/", "/boards/")):
        return False
    return "text/html" in request.headers.get("accept", "")
