"""Write-ahead persistence of web tables: a writer thread that stores batches of changes.

:class:`StoreWriter` takes the :class:`~canasta.web.store.StoreOp` s of a change and writes them on
its own thread, so the event loop never waits for the database: all changes queued while one batch
is written go into the next batch (one transaction, one commit). :meth:`StoreWriter.commit` returns
when the change's batch is committed, or raises :class:`StoreFailed` — then nothing of the change is
stored, and the caller undoes it in memory (:class:`~canasta.web.tables.table.Change`). A batch that
fails is retried change by change, so one bad change fails alone; when the database is down every
change fails, and play goes on when it is back (nothing is queued for later).

A write can fail after the database committed it (the connection lost during COMMIT,
:class:`~canasta.web.store.CommitUnknown`): the writer then reads back whether each change's rows are stored
(:meth:`~canasta.web.store.Store.ops_stored`) and reports it stored if they are. When even that read fails,
the change ends in :class:`StoreInDoubt`: the caller must drop what it holds in memory and load the table
again from the store, the one truth.

The hand-over costs the event loop little per change: the changes submitted during one turn of the loop go
to the thread together (one queue put, one wake-up of the thread), and the thread wakes the loop once per
batch (one ``call_soon_threadsafe``) to resume every waiting change of the batch.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from concurrent.futures import CancelledError, Future

from canasta.web.store import CommitUnknown, Store, StoreOp

log = logging.getLogger("canasta.web")

MAX_BATCH = 500
"""Most changes written in one transaction."""


class StoreFailed(RuntimeError):
    """The store did not write a change (the database refused it or is unreachable)."""


class StoreInDoubt(StoreFailed):
    """A write failed and the database could not be read back: the change may or may not be stored."""


class ChangeFuture:
    """The outcome of one change submitted from an event loop: the part of :class:`concurrent.futures.Future`
    the writer uses, without its per-future condition (a change is settled once, by the writer thread, and
    nearly always waited for on the loop through ``waiter``, which the writer resolves for the whole batch at
    once: :func:`_wake`). Blocking waits (:meth:`exception` with a timeout, :meth:`StoreWriter.settle`) are
    rare and get an event made on demand."""

    __slots__ = ("_error", "_event", "_state", "loop", "waiter")
    _lock = threading.Lock()

    def __init__(self, loop: asyncio.AbstractEventLoop, waiter: asyncio.Future[None]):
        self.loop, self.waiter = loop, waiter
        self._state = "pending"
        self._error: BaseException | None = None
        self._event: threading.Event | None = None

    def cancel(self) -> bool:
        """Withdraw the change if the writer has not taken it; True if it is (now) withdrawn."""
        with self._lock:
            if self._state == "pending":
                self._state = "cancelled"
            return self._state == "cancelled"

    def set_running_or_notify_cancel(self) -> bool:
        """The writer takes the change: False if it was withdrawn."""
        with self._lock:
            if self._state == "cancelled":
                return False
            self._state = "running"
            return True

    def set_result(self, _result: None = None) -> None:
        """The change is stored."""
        self._settle(None)

    def set_exception(self, error: BaseException) -> None:
        """The change failed with ``error``."""
        self._settle(error)

    def _settle(self, error: BaseException | None) -> None:
        with self._lock:
            self._state, self._error = "finished", error
            event = self._event
        if event is not None:
            event.set()

    def done(self) -> bool:
        """Settled or withdrawn."""
        return self._state in ("finished", "cancelled")

    def exception(self, timeout: float | None = None) -> BaseException | None:
        """The error of a failed change, None if it is stored. Raises TimeoutError (not settled within
        ``timeout`` seconds) or :class:`concurrent.futures.CancelledError` (withdrawn)."""
        with self._lock:
            event = None
            if not self.done():
                if self._event is None:
                    self._event = threading.Event()
                event = self._event
        if event is not None and not event.wait(timeout):
            raise TimeoutError("the change is not settled yet")
        if self._state == "cancelled":
            raise CancelledError()
        return self._error

    def result(self, timeout: float | None = None) -> None:
        """None once stored; raises the change's error, TimeoutError or CancelledError."""
        error = self.exception(timeout)
        if error is not None:
            raise error


_Outcome = Future[None] | ChangeFuture
_Item = tuple[list[StoreOp], _Outcome]


class StoreWriter:
    """A thread that writes changes to ``store`` in batches.

    Args:
        store: the database.
        max_batch: most changes per transaction.
    """

    def __init__(self, store: Store, max_batch: int = MAX_BATCH):
        self.store = store
        self.max_batch = max_batch
        self.batches = 0
        self._queue: queue.SimpleQueue[list[_Item] | None] = queue.SimpleQueue()
        self._pending: list[_Item] = []
        self._thread = threading.Thread(target=self._run, name="canasta-store-writer", daemon=True)
        self._thread.start()

    def submit(self, ops: list[StoreOp]) -> _Outcome:
        """Queue ``ops`` (one change); the future is done when they are committed, or holds the error.

        Called on an event loop, the change is handed to the thread with the others submitted during the same
        turn of the loop (one queue put); elsewhere at once."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            plain: Future[None] = Future()
            self._queue.put([(ops, plain)])
            return plain
        fut = ChangeFuture(loop, loop.create_future())
        self._pending.append((ops, fut))
        if len(self._pending) == 1:
            loop.call_soon(self._flush)
        return fut

    def _flush(self) -> None:
        """Hand the changes submitted since the last flush to the thread."""
        pending, self._pending = self._pending, []
        if pending:
            self._queue.put(pending)

    async def commit(self, ops: list[StoreOp]) -> None:
        """Store ``ops`` and wait for their commit, without blocking the event loop.

        Raises:
            StoreFailed: nothing of ``ops`` was stored (the message says why, in one line).
        """
        if ops:
            await self.wait(self.submit(ops))

    @staticmethod
    async def wait(fut: _Outcome) -> None:
        """Wait for a submitted change. Raises StoreFailed (not stored) or CancelledError (see :meth:`settle`)."""
        try:
            if not isinstance(fut, ChangeFuture):
                await asyncio.shield(asyncio.wrap_future(fut))
            else:  # woken by the writer once the batch is settled (a cancelled wait leaves the change alone)
                if not fut.done():
                    await fut.waiter
                fut.result(timeout=0)
        except asyncio.CancelledError:
            raise
        except StoreInDoubt:
            raise
        except Exception as e:  # the database's own error, whatever its driver
            raise StoreFailed(str(e).splitlines()[0][:200] if str(e) else type(e).__name__) from e

    @staticmethod
    def settle(fut: _Outcome, timeout: float = 60.0) -> bool:
        """After the waiter was cancelled: True if the change is stored, False if it never will be.

        A change not yet taken by the writer is withdrawn; one being written is waited for (blocking, a
        rare path: a task cancelled at shutdown), so that the caller keeps memory as the store has it.
        """
        if fut.cancel():
            return False
        try:
            return fut.exception(timeout=timeout) is None
        except Exception:
            return False

    def close(self, timeout: float = 5.0) -> None:
        """Write what is queued, then stop the thread."""
        self._flush()
        self._queue.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        stop = False
        while not stop:
            items = self._queue.get()
            if items is None:
                return
            batch: list[_Item] = []
            while True:
                batch.extend(it for it in items if it[1].set_running_or_notify_cancel())  # given-up changes skipped
                if len(batch) >= self.max_batch:
                    break
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    stop = True
                    break
                items = nxt
            if batch:
                try:
                    self._write(batch)
                finally:
                    _wake(batch)

    def _write(self, batch: list[_Item]) -> None:
        self.batches += 1
        try:
            self.store.apply_ops([op for ops, _ in batch for op in ops])
        except Exception as e:
            if len(batch) > 1:
                log.warning("a batch of %d changes failed (%s); writing them one by one", len(batch), e)
            for ops, fut in batch:
                self._settle_failed(ops, fut, e, retry=len(batch) > 1)
            return
        for _, fut in batch:
            fut.set_result(None)

    def _settle_failed(self, ops: list[StoreOp], fut: _Outcome, error: Exception, retry: bool,
                       last: bool = False) -> None:
        """A write holding ``ops`` failed with ``error``: when its COMMIT may have gone through, find out
        whether they are stored; if they are not and ``retry`` (they failed in a batch), write them alone."""
        if isinstance(error, CommitUnknown):
            try:
                stored = self.store.ops_stored(ops)
            except Exception as unreadable:
                fut.set_exception(StoreInDoubt(f"the commit failed ({error}) and the database cannot be read "
                                               f"back ({type(unreadable).__name__}): the change may be stored"))
                return
            if stored:
                fut.set_result(None)
                return
            retry = retry or stored is None  # only updates: writing them again does no harm
        if not retry or last:
            fut.set_exception(error)
            return
        try:
            self.store.apply_ops(ops)
        except CommitUnknown as again:
            self._settle_failed(ops, fut, again, retry=False, last=True)
        except Exception as again:
            fut.set_exception(again)
        else:
            fut.set_result(None)


def _wake(batch: list[_Item]) -> None:
    """Resume the waiters of a settled batch: one call per event loop."""
    by_loop: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
    for _, fut in batch:
        if isinstance(fut, ChangeFuture):
            by_loop.setdefault(fut.loop, []).append(fut.waiter)
    for loop, waiters in by_loop.items():
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            loop.call_soon_threadsafe(_resume, waiters)


def _resume(waiters: list[asyncio.Future[None]]) -> None:
    for waiter in waiters:
        if not waiter.done():
            waiter.set_result(None)
