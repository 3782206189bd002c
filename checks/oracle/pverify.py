"""``tombspec verify`` on several workers: the games of the traces split across an executor.

This process streams each file once, cutting it into parts at header lines (a header starts a game),
about :data:`PART_BYTES` each (a part holds whole games: one game longer than that is one part); the
parts go to the executor of :mod:`tombspec.checks.parallel` with their file name, the number of their
first line and of the games before them, and each is verified there by verify's own
:meth:`~tombspec.checks.oracle.verify.Verifier.verify_stream`.  A process pool's workers share this
machine's files, so a part of a file is sent to them as a :class:`Slice` (where it lies, and its
checksum) and read there, not pickled through a pipe: on two cores this process's share of the CPU
was a tenth of the run.  Dask's workers may be elsewhere, and standard input cannot be read twice:
those parts are sent as bytes.  The partial reports are merged in file
order, so the report is the one a single process gives, in the same order: where a part meets malformed
input, the parts after it in that file are dropped, as a single process stops reading that file there.
At most a few parts per worker are in flight, so memory stays flat in the traces' length.  A worker that
dies is :class:`~tombspec.checks.parallel.WorkerLost` (exit 2), never a pass.
"""

from __future__ import annotations

import io
import itertools
import sys
import time
import zlib
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import IO, Any, NamedTuple

import orjson

from tombspec.spec.errors import InvalidInput
from tombspec.spec.inputs import MAX_LINE_BYTES, clip, open_regular

from ..parallel import Args, map_ordered, workers_of
from .verify import KEEP, Verifier, VerifyReport, check_rule_match, verify

#: the size a part of a trace grows to before it is cut at the next header line
PART_BYTES = 256 * 1024
#: how much of a trace this process reads at a time
BLOCK_BYTES = 1024 * 1024


def is_header(raw: bytes) -> bool:
    """Whether a trace line is a header (starts a game), as verify reads it: a JSON object with
    ``trace``; a line that is not JSON is no header (the worker reports it)."""
    if b'"trace"' not in raw:
        return False
    try:
        obj = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return False
    return type(obj) is dict and "trace" in obj


def parts(stream: IO[bytes], size: int = PART_BYTES, *, source: str = "<trace>",
          limit: int = MAX_LINE_BYTES, block: int = BLOCK_BYTES) -> Iterator[tuple[int, int, bytes]]:
    """``(first line, games before, bytes)`` of each part of a trace, cut at header lines.

    The stream is read in blocks and searched for headers in C (``bytes.find``), never line by line
    in Python: this process only cuts, and the workers do the verifying, so its time is the part of
    the run that does not shrink with more workers.  A line over verify's line cap ends the last
    part with its first ``limit + 1`` bytes: the worker refuses that line with the very message, at
    the very line, a single process gives, after verifying what comes before it."""
    block = min(block, limit)            # then only a line that crosses a block can be over the cap
    buf = bytearray()
    first, games = 1, 0                  # the part's first line, and the headers before the part
    headers = 0                          # header lines in buf[:scanned]
    scanned = 0                          # buf[:scanned] is whole lines already searched for headers
    while True:
        try:
            chunk = stream.read(block)
        except OSError as exc:
            raise InvalidInput(f"cannot read: {exc.strerror or exc}", source=source,
                               line=first + buf.count(b"\n")) from None
        buf += chunk
        whole = len(buf) if not chunk else buf.rfind(b"\n") + 1   # the end of the whole lines read
        # the line cap: the first line ending in this chunk, or the unfinished one at its end
        nl = buf.find(b"\n", scanned)
        long_at = scanned if (nl == -1 and len(buf) - scanned > limit) or nl - scanned >= limit else None
        if long_at is not None:
            whole = long_at
        pos = scanned
        while (p := buf.find(b'"trace"', pos, whole)) != -1:
            start = buf.rfind(b"\n", 0, p) + 1
            stop = buf.find(b"\n", p, whole)
            stop = whole if stop == -1 else stop + 1
            if is_header(bytes(buf[start:stop])):
                if start >= size:        # the part has grown to its size: cut it before this header
                    yield first, games, bytes(buf[:start])
                    first += buf.count(b"\n", 0, start)
                    games += headers
                    headers = 0
                    del buf[:start]
                    stop -= start
                    whole -= start
                    if long_at is not None:
                        long_at -= start
                headers += 1
            pos = stop
        scanned = whole
        if long_at is not None:
            yield first, games, bytes(buf[:long_at + limit + 1])
            return
        if not chunk:
            if buf:
                yield first, games, bytes(buf)
            return


class Slice(NamedTuple):
    """A part of a file by reference, read by the worker that verifies it."""

    path: str
    offset: int
    length: int
    crc: int                 #: zlib.crc32 of the bytes this process read there

    def read(self, source: str, first_line: int) -> bytes:
        """The part's bytes; a file that no longer holds them (rewritten or cut short while it was being
        verified) is :class:`~tombspec.spec.errors.InvalidInput`, never verified as something else."""
        path, offset, length, crc = self
        try:
            with open(path, "rb") as stream:
                stream.seek(offset)
                data = stream.read(length)
        except OSError as exc:
            raise InvalidInput(f"cannot read: {exc.strerror or exc}", source=source, line=first_line) from None
        if len(data) != length or zlib.crc32(data) != crc:
            raise InvalidInput("the file changed while it was being verified (these lines are no longer "
                               "the ones read before); verify a file that is no longer being written",
                               source=source, line=first_line)
        return data


_VERIFIERS: dict[Any, Verifier] = {}


def _verify_part(source: str, first_line: int, games_before: int, data: bytes | Slice,
                 itf_dir: Path | None, rule_match: str = "any") -> VerifyReport:
    """On a worker: verify one part of a trace (its rulesets cached in the worker process)."""
    verifier = _VERIFIERS.get((itf_dir, rule_match))
    if verifier is None:
        verifier = _VERIFIERS[(itf_dir, rule_match)] = Verifier(itf_dir=itf_dir, rule_match=rule_match)
    verifier.report = VerifyReport()
    if isinstance(data, Slice):
        try:
            data = data.read(source, first_line)
        except InvalidInput as exc:
            verifier.report.malformed.append(clip(str(exc)))
            return verifier.report
    verifier.verify_stream(io.BytesIO(data), source, first_line=first_line, games_before=games_before)
    return verifier.report


def _work(paths: Iterable[str | Path], report: VerifyReport, size: int,
          itf_dir: Path | None, by_reference: bool = False, rule_match: str = "any") -> Iterator[Any]:
    """The parts of every file, in order; an unreadable file is noted in ``report`` as verify does.
    With ``by_reference``, a part of a regular file is sent as its :class:`Slice`."""
    for index, path in enumerate(paths):
        source = str(path)
        if source == "-":
            stream, source, own = sys.stdin.buffer, "<stdin>", False
        else:
            try:             # regular files only, as verify reads them (never a FIFO or /dev/zero)
                stream, own = open_regular(path), True
            except InvalidInput as exc:
                report.files += 1
                report.malformed.append(str(exc))
                continue
        report.files += 1
        try:
            sent, offset = 0, 0
            where = str(Path(path).resolve()) if by_reference and own else None
            for first, games, data in parts(stream, size, source=source):
                sent += 1
                part: bytes | Slice = data
                if where is not None:               # the parts of a file are contiguous from its start
                    part = Slice(where, offset, len(data), zlib.crc32(data))
                offset += len(data)
                yield index, Args(source, first, games, part, itf_dir, rule_match)
            if not sent:     # an empty file: nothing to check is no pass (as verify says it)
                report.malformed.append(f"{source}: nothing to check: the trace holds no game (it is empty "
                                        "or blank); a trace starts with a header line")
        except InvalidInput as exc:      # a read error: the rest of this file is not read
            report.malformed.append(clip(str(exc)))
        finally:
            if own:
                stream.close()


def pverify(paths: Iterable[str | Path], executor: Executor, *, itf_dir: Path | None = None,
            strict: bool = False, part_bytes: int = PART_BYTES, rule_match: str = "any") -> VerifyReport:
    """Verify every trace in ``paths`` on ``executor``: the same report as :func:`verify`."""
    if workers_of(executor) <= 1 or itf_dir is not None:
        # ITF files are written by one process, which refuses two traces that would write one file
        return verify(paths, itf_dir=itf_dir, strict=strict, rule_match=rule_match)
    check_rule_match(rule_match)         # an unknown rule match refused here, before any work
    report = VerifyReport(strict=strict)
    start = time.perf_counter()
    files: deque[int] = deque()       # the file of each part sent and not yet merged

    local = isinstance(executor, ProcessPoolExecutor)      # its workers read this machine's files

    def calls() -> Iterator[Args]:
        for index, call in _work(paths, report, part_bytes, itf_dir, by_reference=local, rule_match=rule_match):
            files.append(index)
            yield call

    work = calls()
    head = list(itertools.islice(work, 2))
    if len(head) < 2:                   # one part in all: no worker would be any faster
        answers: Iterable[VerifyReport] = [_verify_part(*call) for call in head]
    else:
        # The first part is verified here, before any worker exists: a process pool's workers then
        # fork with this process's warm caches (the model imported, the ruleset configured, its board
        # built, the schemas compiled) instead of each paying for them (the split cost 1.13 in CPU
        # seconds, now about 1.0).  On Dask the workers warm up on their own, as before.
        first = _verify_part(*head[0])
        answers = itertools.chain([first], map_ordered(executor, _verify_part, itertools.chain(head[1:], work),
                                                       what="verifying traces"))
    stopped: set[int] = set()           # files whose reading stopped at malformed input
    for part in answers:
        index = files.popleft()
        if index in stopped:
            continue
        report.games += part.games
        report.steps += part.steps
        report.conforming += part.conforming
        report.diverging += part.diverging
        report.unspecified_games += part.unspecified_games
        report.divergences.extend(part.divergences[:max(0, KEEP - len(report.divergences))])
        report.unspecified.extend(part.unspecified[:max(0, KEEP - len(report.unspecified))])
        report.incomplete.extend(part.incomplete)
        report.protocol_notes.extend(n for n in part.protocol_notes if n not in report.protocol_notes)
        if part.malformed:
            report.malformed.extend(part.malformed)
            stopped.add(index)
    report.seconds = time.perf_counter() - start
    return report
