"""The accounts' HTTP API (see :mod:`.accounts`): sign up, sign in and out, one's seats.

Every answer that signs a browser in sets the session cookie (``HttpOnly``, ``SameSite=Lax``,
``Secure`` over HTTPS) and gives the CSRF token the page repeats in ``X-CSRF-Token``; every
state-changing request here that relies on the cookie is refused without it. Sign-up and sign-in
are rate limited per address, sign-in per account name too, so a password cannot be guessed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Cookie, Header, Request, Response
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field

from fruitbowl.engine import get_game
from fruitbowl.engine.wording import N_, _

from . import ratings
from .accounts import COOKIE, SESSION_DAYS, Accounts, name_key
from .errors import NotSignedIn, TooMany
from .guard import client_address
from .limits import Limits, RateLimiter


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Credentials(_Strict):
    name: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class Password(_Strict):
    password: str = Field(max_length=1000)


class Claim(_Strict):
    table: str = Field(max_length=32)
    token: str = Field(max_length=200)


def build_account_router(
    accounts: Accounts, limits: Limits, reread: Callable[[list[str]], Awaitable[None]] | None = None
) -> APIRouter:
    """The accounts' routes; ``reread`` re-reads the tables an account's deletion renamed seats
    of (the table service's :meth:`~.tables.TableService.reread`), so nobody reads the old name."""
    router = APIRouter(prefix="/api")
    signup_limiter = RateLimiter(limits.signup_rate, limits.signup_burst)
    signin_by_address = RateLimiter(limits.signin_rate, limits.signin_burst)
    signin_by_name = RateLimiter(limits.signin_rate, limits.signin_burst)

    def refuse_if(wait: float | None, refusal: str) -> None:
        """``refusal`` (marked with N_, a ``{wait}`` in it) said when a limiter asks to wait."""
        if wait is not None:
            raise TooMany(_(refusal).format(wait=wait), wait)

    def signed_in(response: Response, request: Request, name: str, token: str, csrf: str) -> dict[str, Any]:
        response.set_cookie(
            COOKIE,
            token,
            max_age=SESSION_DAYS * 86400,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
        return {"name": name, "csrf": csrf}

    @router.post("/accounts", status_code=201)
    def create_account(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """A new account, signed in at once: ``{"name", "csrf"}`` and the session cookie."""
        refuse_if(
            signup_limiter.check(client_address(request)),
            N_("too many new accounts from your address; wait {wait:.0f} s and try again"),
        )
        return signed_in(response, request, *accounts.create(body.name, body.password))

    @router.post("/session")
    def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """Sign in: ``{"name", "csrf"}`` and the session cookie; a wrong name or password is 403."""
        refuse_if(
            signin_by_address.check(client_address(request)),
            N_("too many sign-in attempts from your address; wait {wait:.0f} s and try again"),
        )
        refuse_if(
            signin_by_name.check(name_key(body.name)),
            N_("too many sign-in attempts for this name; wait {wait:.0f} s and try again"),
        )
        return signed_in(response, request, *accounts.sign_in(body.name, body.password))

    @router.get("/session")
    def session(fruitbowl_session: str | None = Cookie(None)) -> dict[str, Any]:
        """Who this browser is signed in as, and the CSRF token its changes repeat; ``null`` for
        both when nobody is (no session, or one that ended: ``ended`` says why)."""
        try:
            current = accounts.session(fruitbowl_session)
        except NotSignedIn as exc:
            return {"name": None, "csrf": None, "ended": str(exc) if fruitbowl_session else None}
        return {"name": current.name, "csrf": current.csrf}

    @router.delete("/session")
    def sign_out(
        response: Response,
        everywhere: bool = False,
        fruitbowl_session: str | None = Cookie(None),
        x_csrf_token: str | None = Header(None),
    ) -> dict[str, Any]:
        """Sign this browser out (``?everywhere=true``: every browser signed in to the account)."""
        accounts.checked(fruitbowl_session, x_csrf_token)
        accounts.sign_out(fruitbowl_session or "", everywhere)
        response.delete_cookie(COOKIE, path="/")
        return {"signed_out": True}

    @router.get("/accounts/me")
    def me(fruitbowl_session: str | None = Cookie(None)) -> dict[str, Any]:
        """The signed-in account: its name and its seats (newest first)."""
        current = accounts.session(fruitbowl_session)
        return {"name": current.name, "tables": accounts.tables(current)}

    @router.post("/accounts/me/seats", status_code=201)
    def claim_seat(
        body: Claim, fruitbowl_session: str | None = Cookie(None), x_csrf_token: str | None = Header(None)
    ) -> dict[str, Any]:
        """A guest seat (its table and seat token) made this account's."""
        current = accounts.checked(fruitbowl_session, x_csrf_token)
        return accounts.claim(current, body.table, body.token)

    @router.delete("/accounts/me")
    async def delete_account(
        body: Password,
        response: Response,
        fruitbowl_session: str | None = Cookie(None),
        x_csrf_token: str | None = Header(None),
    ) -> dict[str, Any]:
        """Delete the account (its password asked again): personal data gone, records kept."""
        current = await run_in_threadpool(accounts.checked, fruitbowl_session, x_csrf_token)
        renamed = await run_in_threadpool(accounts.delete, current, body.password)  # (Argon2: off the loop)
        if reread is not None:
            await reread(renamed)
        response.delete_cookie(COOKIE, path="/")
        return {"deleted": True}

    @router.get("/players/{name}")
    def player(name: str) -> dict[str, Any]:
        """A player (an account's name, or a built-in bot's ``bot:<level>``): ratings per game,
        games played and won, recent rated games with links to replay and review."""
        with accounts.sessions() as db:
            return ratings.profile(db, name)

    @router.get("/leaderboards/{game_id}")
    def leaderboard(game_id: str) -> dict[str, Any]:
        """A game's best ratings (the conservative estimate, mu - 3 sigma) with their uncertainty."""
        game = get_game(game_id)  # an unknown game: 400 in one sentence
        with accounts.sessions() as db:
            return ratings.leaderboard(db, game.id)

    return router
