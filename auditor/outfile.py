"""Writing an output file (``-o``) so that no reader ever sees half of it, and the file keeps what it had.

The text goes to a temporary file beside the target, which replaces the
target by a rename once everything is written; if writing fails, the target
is left as it was.  The file keeps its permission bits (the temporary file is
made 0600), its owner and group where the system allows, and, if the path is
a symbolic link, the link (the file it names is rewritten).  A new file gets
the permissions ``open`` would give it (0666 less the umask).  What is not a
regular file (``-o /dev/null``, a FIFO) is written to as it is: renaming over
it would put a file in its place.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO


@contextmanager
def replacing(path: Path) -> Iterator[TextIO]:
    """A text file to write ``path``'s new content into, put in its place when the block ends without error."""
    try:
        before: os.stat_result | None = path.stat()
    except FileNotFoundError:
        before = None
    if before is not None and not stat.S_ISREG(before.st_mode):
        # a device or a pipe (/dev/null, /dev/stdout, a FIFO) is written to, never replaced by a file;
        # a folder is refused by open (IsADirectoryError)
        with path.open("w", encoding="utf-8", newline="") as fh:
            yield fh
        return
    target = path.resolve() if path.is_symlink() else path
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            yield fh
            fh.flush()
            take_permissions(fh.fileno(), before)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` as :func:`replacing` does."""
    with replacing(path) as fh:
        fh.write(text)


def take_permissions(fd: int, before: os.stat_result | None) -> None:
    """Give the open file ``fd`` the owner, group and mode of the file it replaces (``before``)."""
    if before is None:
        os.fchmod(fd, 0o666 & ~umask())
        return
    for owner in (before.st_uid, -1):  # the owner only root may keep; the group any member may
        try:
            os.fchown(fd, owner, before.st_gid)
            break
        except OSError:
            continue
    os.fchmod(fd, stat.S_IMODE(before.st_mode))  # after fchown, which may clear set-id bits


def umask() -> int:
    mask = os.umask(0o022)  # the only way to read it is to set it, so it is put back at once
    os.umask(mask)
    return mask
