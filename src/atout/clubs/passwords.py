"""Members' passwords: stored only as Argon2id hashes (argon2-cffi), checked in constant
time; a check against an unknown name costs the same as against a known one."""

from __future__ import annotations

import functools

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

__all__ = ["PASSWORD_MAX", "PASSWORD_MIN", "hash_password", "needs_rehash", "verify_password"]

PASSWORD_MIN = 8
"""Characters of the shortest password accepted."""
PASSWORD_MAX = 200
"""Characters of the longest (Argon2 takes any length; this bounds the work)."""


@functools.cache
def _hasher() -> PasswordHasher:
    # argon2-cffi's defaults (RFC 9106's low-memory profile: Argon2id, 64 MiB, 3 passes)
    return PasswordHasher()


@functools.cache
def _decoy() -> str:
    """A hash to check against when the name is unknown (the same work, no answer)."""
    return _hasher().hash("atout decoy password, never anyone's")


def hash_password(password: str) -> str:
    """The Argon2id hash of ``password`` (with its own random salt) to store."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise ValueError(f"a password has {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    return _hasher().hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` matches the ``stored`` hash (``None``: no such member, or no
    password yet; checked against a decoy all the same)."""
    if len(password) > PASSWORD_MAX:
        return False
    try:
        return _hasher().verify(stored or _decoy(), password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether a stored hash was made with weaker settings than today's."""
    return _hasher().check_needs_rehash(stored)
