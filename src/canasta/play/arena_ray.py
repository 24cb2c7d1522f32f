"""Ray backend of the arena (``canasta arena --backend ray``): the same tasks, run on a Ray cluster.

Every task (:class:`canasta.play.arena_tasks.Task`: one shuffle of one pair) is played by
:func:`canasta.play.arena_tasks.run_task` in a Ray worker; the results come back in task
order, so the figures are exactly those of the local backend for the same seed
(all randomness derives from the seed and the shuffle index).

Ray is an optional dependency (``pip install "ray>=2.9"``, extra ``ray``). By
default a local Ray is started on demand (and shut down afterwards);
``address`` connects to a running cluster instead (``"auto"``, or
``"ray://host:10001"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta.play.arena_tasks import Progress, ShuffleResult, Task, run_task


def ray_available() -> bool:
    """Whether the ``ray`` package can be imported."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def _chunks(tasks: Sequence[Task], size: int) -> list[list[Task]]:
    return [list(tasks[a:a + size]) for a in range(0, len(tasks), size)]


def run_ray(tasks: Sequence[Task], jobs: int = 1, address: str | None = None,
            progress: Progress | None = None) -> list[ShuffleResult]:
    """Play ``tasks`` on Ray and return their results in task order.

    Args:
        tasks: the tournament's tasks (:func:`canasta.play.arena.make_tasks`).
        jobs: CPUs for a local Ray started here (ignored when connecting to ``address``).
        address: a Ray cluster address, or None to start a local Ray on demand.
        progress: optional callback ``progress(done, total)`` as tasks finish.

    Raises:
        RuntimeError: Ray is not installed, or it could not be started or reached
            (the message says how to install it or which address failed).
    """
    try:
        import ray
    except ImportError as e:
        raise RuntimeError('the Ray backend needs Ray: install it with pip install "ray>=2.9" '
                           '(or the extra canasta[ray]), or use --backend local') from e
    started = False
    if not ray.is_initialized():
        try:
            if address is None:
                ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False,
                         configure_logging=False)
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except Exception as e:  # noqa: BLE001  (Ray raises many kinds of errors here)
            where = f"at {address}" if address else "locally"
            raise RuntimeError(f"Ray could not be started {where}: {e}") from e
        started = True
    try:
        remote: Any = ray.remote(_run_chunk_ray)
        size = max(1, min(8, len(tasks) // max(1, jobs * 4)))
        pending = {remote.remote(chunk): k for k, chunk in enumerate(_chunks(tasks, size))}
        out: list[ShuffleResult] = []
        total = len(tasks)
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                del pending[ref]
                out.extend(ray.get(ref))
            if progress is not None:
                progress(len(out), total)
    finally:
        if started:
            ray.shutdown()
    order = {(t.pair, t.index): k for k, t in enumerate(tasks)}
    out.sort(key=lambda r: order[(r.pair, r.index)])
    return out


def _run_chunk_ray(chunk: list[Task]) -> list[ShuffleResult]:
    return [run_task(task) for task in chunk]
