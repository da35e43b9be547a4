"""Accounts: optional names of one's own, with a password, signed in by a session cookie.

Guests still play with a name and an invitation link; an account adds a name nobody else may
take (compared case-insensitively), the seats taken while signed in (and guest seats claimed
into it), and, later, ratings. Passwords are kept only as Argon2 hashes (``argon2-cffi``, with
the OWASP minimum cost, computed off the event loop). A session is a random cookie
(``HttpOnly``, ``SameSite=Lax``) whose hash is stored with its CSRF token: every state-changing
request that relies on the cookie must repeat that token in ``X-CSRF-Token``, which a page of
another site cannot read. Deleting an account removes its name, password, sessions and seat
links; the tables keep their records, the account's seats renamed.
"""

from __future__ import annotations

import secrets
import threading
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from fruitbowl.engine.wording import N_, _

from .db import AccountRow, AccountSeatRow, NoteRow, SeatRow, SessionRow, TableRow, aware, now
from .errors import BadRequest, Busy, Conflict, Forbidden, NotSignedIn
from .live import check_name, hash_token

#: The session cookie's name; it holds a random token, never the account's name or id.
COOKIE = "fruitbowl_session"
#: A session lasts this long from sign-in (signing out ends it at once).
SESSION_DAYS = 30
#: Passwords: long enough to resist guessing, short enough that hashing one stays cheap.
MIN_PASSWORD, MAX_PASSWORD = 8, 200
#: What a deleted account's seats are called in the records that stay.
DELETED_NAME = "Former player"
#: Reserved for the built-in bots' ratings ("bot:ismcts:hard").
RESERVED_PREFIX = "bot:"

#: Argon2id with OWASP's minimum cost (19 MiB, 2 passes, 1 lane): about 20 ms a hash here.
HASHER = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)
#: Passwords hashed at once (each takes 19 MiB); more wait up to HASH_WAIT seconds, then are refused.
HASHING_AT_ONCE, HASH_WAIT = 2, 5.0


@dataclass(frozen=True)
class SignedIn:
    """A session as a request presents it: whose it is, and the token its changes must repeat."""

    account_id: str
    name: str
    csrf: str
    token_hash: str


def name_key(name: str) -> str:
    """How names are compared: runs of white space made one space (as :func:`check_name` does),
    Unicode-normalized and case-folded ("ADA", " ada" and "Ada" are one)."""
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def check_account_name(name: object) -> str:
    cleaned = check_name(name, N_("an account's name"))
    if name_key(cleaned).startswith(RESERVED_PREFIX):
        raise BadRequest(
            _("an account's name cannot start with '{prefix}': such names are the built-in bots'").format(
                prefix=RESERVED_PREFIX
            )
        )
    return cleaned


def check_password(password: object) -> str:
    if not isinstance(password, str):
        raise BadRequest(_("a password must be text"))
    if len(password) < MIN_PASSWORD:
        raise BadRequest(
            _("a password has at least {least} characters (this one has {length})").format(
                least=MIN_PASSWORD, length=len(password)
            )
        )
    if len(password) > MAX_PASSWORD:
        raise BadRequest(
            _("a password has at most {most} characters (this one has {length})").format(
                most=MAX_PASSWORD, length=len(password)
            )
        )
    return password


#: Verified against when a name has no account, so that an unknown name takes as long as a wrong password.
_DUMMY_HASH = HASHER.hash("not anyone's password")


class Accounts:
    """The accounts, their sessions and their seats, in the server's database."""

    def __init__(self, sessions: sessionmaker[Session]):
        self.sessions = sessions
        self.hashing = threading.BoundedSemaphore(HASHING_AT_ONCE)

    def _hash(self, password: str) -> str:
        with self._hash_slot():
            return HASHER.hash(password)

    def _verify(self, digest: str | None, password: str) -> bool:
        with self._hash_slot():
            try:
                return HASHER.verify(digest or _DUMMY_HASH, password) and digest is not None
            except (VerificationError, InvalidHashError):
                return False

    @contextmanager
    def _hash_slot(self) -> Iterator[None]:
        """One of the :data:`HASHING_AT_ONCE` places to hash in, given back when the hash is done."""
        if not self.hashing.acquire(timeout=HASH_WAIT):
            raise Busy(_("the server is busy checking other passwords; try again in a moment"), HASH_WAIT)
        try:
            yield
        finally:
            self.hashing.release()

    # ------------------------------------------------------------------ accounts and sessions

    def create(self, name: object, password: object) -> tuple[str, str, str]:
        """A new account, signed in: (name, session token, CSRF token)."""
        cleaned, secret = check_account_name(name), check_password(password)
        digest = self._hash(secret)
        account_id = secrets.token_urlsafe(9)
        try:
            with self.sessions.begin() as db:
                db.add(AccountRow(id=account_id, name=cleaned, name_key=name_key(cleaned), password_hash=digest))
        except IntegrityError:
            raise Conflict(
                _("the name '{name}' is taken (names are compared without regard to case)").format(name=cleaned)
            ) from None
        token, csrf = self._new_session(account_id)
        return cleaned, token, csrf

    def sign_in(self, name: object, password: object) -> tuple[str, str, str]:
        """(name, session token, CSRF token) for the right password; one sentence otherwise,
        the same whether the name or the password was wrong."""
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > MAX_PASSWORD:
            raise Forbidden(_("wrong name or password"))
        with self.sessions() as db:
            row = db.scalar(select(AccountRow).where(AccountRow.name_key == name_key(name)))
            account = (row.id, row.name, row.password_hash) if row else None
        if not self._verify(account[2] if account else None, password) or account is None:
            raise Forbidden(_("wrong name or password"))
        token, csrf = self._new_session(account[0])
        return account[1], token, csrf

    def _new_session(self, account_id: str) -> tuple[str, str]:
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        with self.sessions.begin() as db:
            db.add(
                SessionRow(
                    token_hash=hash_token(token),
                    account_id=account_id,
                    csrf=csrf,
                    expires_at=now() + timedelta(days=SESSION_DAYS),
                )
            )
        return token, csrf

    def session(self, token: str | None) -> SignedIn:
        """The signed-in account a session cookie names; :class:`NotSignedIn` otherwise."""
        if not token:
            raise NotSignedIn(_("you are not signed in: sign in first"))
        with self.sessions() as db:
            row = db.execute(
                select(SessionRow, AccountRow.name)
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(SessionRow.token_hash == hash_token(token))
            ).first()
        if row is None:
            raise NotSignedIn(_("your session has ended (signed out, or never issued): sign in again"))
        session, name = row
        if aware(session.expires_at) <= now():
            self.sign_out(token)
            raise NotSignedIn(
                _("your session has expired (sessions last {days} days): sign in again").format(days=SESSION_DAYS)
            )
        return SignedIn(session.account_id, name, session.csrf, session.token_hash)

    def checked(self, token: str | None, csrf: str | None) -> SignedIn:
        """The session of a state-changing request, which must repeat its CSRF token."""
        signed_in = self.session(token)
        if not csrf or not secrets.compare_digest(csrf, signed_in.csrf):
            raise Forbidden(
                _(
                    "this request relies on your session but lacks its X-CSRF-Token (GET /api/session gives it): "
                    "nothing was changed"
                )
            )
        return signed_in

    def sign_out(self, token: str, everywhere: bool = False) -> None:
        with self.sessions.begin() as db:
            if everywhere:
                account = db.scalar(select(SessionRow.account_id).where(SessionRow.token_hash == hash_token(token)))
                db.execute(delete(SessionRow).where(SessionRow.account_id == account))
            else:
                db.execute(delete(SessionRow).where(SessionRow.token_hash == hash_token(token)))

    def delete(self, signed_in: SignedIn, password: object) -> list[str]:
        """The account gone: its password asked again; its seats keep their moves under
        :data:`DELETED_NAME`; nothing personal stays. Returns the tables whose names changed (the
        server re-reads those it holds)."""
        if not isinstance(password, str):
            raise BadRequest(_("deleting an account asks for its password"))
        with self.sessions() as db:
            digest = db.scalar(select(AccountRow.password_hash).where(AccountRow.id == signed_in.account_id))
        if not self._verify(digest, password):
            raise Forbidden(_("wrong password: the account was not deleted"))
        with self.sessions.begin() as db:
            seats = db.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat).where(
                    AccountSeatRow.account_id == signed_in.account_id
                )
            ).all()
            for table_id, seat in seats:
                former = f"{DELETED_NAME} {seat + 1}"
                db.execute(
                    update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat).values(name=former)
                )
                # what the seat said in the chat, and its renames (the old name too), no longer
                # carry the name either
                db.execute(
                    update(NoteRow).where(NoteRow.table_id == table_id, NoteRow.seat == seat).values(name=former)
                )
                db.execute(
                    update(NoteRow)
                    .where(NoteRow.table_id == table_id, NoteRow.seat == seat, NoteRow.kind == "rename")
                    .values(text=former)
                )
            db.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == signed_in.account_id))
            db.execute(delete(SessionRow).where(SessionRow.account_id == signed_in.account_id))
            db.execute(delete(AccountRow).where(AccountRow.id == signed_in.account_id))
        return sorted({table_id for table_id, _seat in seats})

    # ------------------------------------------------------------------ seats

    def claim(self, signed_in: SignedIn, table_id: str, seat_token: object) -> dict[str, object]:
        """A guest's seat made the account's: whoever holds the seat's token may claim it once."""
        if not isinstance(seat_token, str) or not seat_token:
            raise BadRequest(_("claiming a seat needs its seat token"))
        with self.sessions.begin() as db:
            seat = db.scalar(
                select(SeatRow).where(SeatRow.table_id == table_id, SeatRow.token_hash == hash_token(seat_token))
            )
            if seat is None:
                raise Forbidden(
                    _("that is not a seat token of table {table}: nothing was claimed").format(table=table_id)
                )
            owner = db.scalar(
                select(AccountSeatRow.account_id).where(
                    AccountSeatRow.table_id == table_id, AccountSeatRow.seat == seat.seat
                )
            )
            if owner is not None and owner != signed_in.account_id:
                raise Conflict(
                    _("seat {seat} of table {table} is already another account's").format(
                        seat=seat.seat + 1, table=table_id
                    )
                )
            if owner is None:
                db.add(
                    AccountSeatRow(account_id=signed_in.account_id, table_id=table_id, seat=seat.seat, token=seat_token)
                )
            return {"table": table_id, "seat": seat.seat}

    def tables(self, signed_in: SignedIn) -> list[dict[str, object]]:
        """The account's seats, newest table first: game, status, seat, the name it plays under
        and its token (so any browser signed in to the account plays it)."""
        with self.sessions() as db:
            rows = db.execute(
                select(
                    TableRow.id, TableRow.game, TableRow.status, AccountSeatRow.seat, SeatRow.name, AccountSeatRow.token
                )
                .join(AccountSeatRow, AccountSeatRow.table_id == TableRow.id)
                .join(SeatRow, (SeatRow.table_id == TableRow.id) & (SeatRow.seat == AccountSeatRow.seat))
                .where(AccountSeatRow.account_id == signed_in.account_id)
                .order_by(AccountSeatRow.linked_at.desc())
            ).all()
        return [
            {"id": t, "url": f"/t/{t}", "game": game, "status": status, "seat": seat, "name": name, "token": token}
            for t, game, status, seat, name, token in rows
        ]
