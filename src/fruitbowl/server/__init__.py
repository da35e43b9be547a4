"""The web table: authoritative tables over HTTP and WebSocket, persisted in a database."""

from .app import create_app

__all__ = ["create_app"]
