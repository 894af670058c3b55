"""The two numba pieces the compiled core is built from: `kernel` and the bit-count intrinsics.

`kernel` is `numba.njit(cache=True)` with a type that mypy can follow (numba has no stubs, so its
decorators would make every kernel untyped). The compiled machine code is cached next to the
sources (`__pycache__`), so only the first import on a machine pays the compile. Numba checks
only the stamp of a kernel's own file, so this module drops the whole cache when any file the
kernels are built from has changed (`drop_stale_cache`, run once at import).

`popcount`, `highest` and `lowest` are the CPU's own instructions (LLVM's ctpop, ctlz, cttz) on a
64-bit mask, with Python's meaning: `highest(m) == m.bit_length() - 1` and `lowest(m) ==
(m & -m).bit_length() - 1`, both -1 for an empty mask.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar, cast

import numba
from numba import types
from numba.extending import intrinsic

F = TypeVar("F", bound=Callable[..., Any])

_PACKAGE = Path(__file__).resolve().parent
_ROOT = _PACKAGE.parents[1]  # the `heartsuite` package
# Every file whose code or constants the kernels are compiled from: numba checks only the
# stamp of a kernel's own file, so a kernel that calls or reads from another file would keep
# stale machine code after that file changes (the play-out kept the old policy).
KERNEL_SOURCES = (*sorted(_PACKAGE.glob("*.py")), _ROOT / "hearts" / "cards.py",
                  _ROOT / "players" / "heuristic.py", _ROOT / "prng.py")
DIGEST_FILE = "kernel-sources.sha256"


def sources_digest(sources: Iterable[Path]) -> str:
    """One digest of the files' names and contents."""
    h = hashlib.sha256()
    for path in sources:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def drop_stale_cache(cache_dir: Path, sources: Iterable[Path]) -> bool:
    """Remove numba's cached kernels (`*.nbi`, `*.nbc`) from `cache_dir` unless they were
    compiled from these very sources (the digest kept beside them); True if any were removed.
    A directory that cannot be written is left alone (numba then compiles in memory)."""
    digest = sources_digest(sources)
    stamp = cache_dir / DIGEST_FILE
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    removed = False
    try:
        cache_dir.mkdir(exist_ok=True)
        for path in cache_dir.iterdir():
            if path.suffix in (".nbi", ".nbc"):
                path.unlink(missing_ok=True)
                removed = True
        fresh = cache_dir / f"{DIGEST_FILE}.{os.getpid()}"
        fresh.write_text(digest)
        fresh.replace(stamp)  # atomic: processes starting together agree on one file
    except OSError:
        pass
    return removed


drop_stale_cache(_PACKAGE / "__pycache__", KERNEL_SOURCES)


def kernel(fn: F) -> F:
    """Compile `fn` in nopython mode, cached on disk; the Python signature stays for the caller."""
    return cast(F, numba.njit(cache=True, nogil=True)(fn))


Codegen = Callable[[Any, Any, Any, Any], Any]


def _unary(instruction: str, zero_is_defined: bool) -> Callable[[Any, Any], Any]:
    """The typing and code generation of an LLVM bit instruction on one integer."""

    def typer(typingctx: Any, x: Any) -> tuple[Any, Codegen] | None:
        if not isinstance(x, types.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            if instruction == "ctpop":
                return builder.ctpop(args[0])
            flag = context.get_constant(types.boolean, not zero_is_defined)
            return getattr(builder, instruction)(args[0], flag)

        return x(x), codegen

    return typer


# Called from compiled code only, where numba supplies the typing context itself.
_ctpop: Any = intrinsic(_unary("ctpop", True))
_ctlz: Any = intrinsic(_unary("ctlz", True))
_cttz: Any = intrinsic(_unary("cttz", True))


@kernel
def popcount(mask: int) -> int:
    """The number of set bits (`int.bit_count`)."""
    count: int = _ctpop(mask)
    return count


@kernel
def highest(mask: int) -> int:
    """The index of the highest set bit; -1 for 0."""
    zeros: int = _ctlz(mask)
    return 63 - zeros


@kernel
def lowest(mask: int) -> int:
    """The index of the lowest set bit; -1 for 0."""
    if mask == 0:
        return -1
    zeros: int = _cttz(mask)
    return zeros
