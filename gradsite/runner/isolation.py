"""What an example may not do to the process or the build: change process-wide state that the
next example would inherit, run past the time limit, print past the output limit, read stdin."""

from __future__ import annotations

import ctypes
import io
import os
import random
import signal
import sys
import threading
import warnings
from contextlib import contextmanager

import torch

from gradsite import project


class ExampleTimeout(Exception):  # noqa: N818 - named for the message an author reads
    def __init__(self, *args):
        super().__init__(
            *args or (f"the example ran longer than the time limit ({project.TIME_LIMIT[0]})",)
        )


class OutputLimit(Exception):  # noqa: N818
    pass


class NoInput(io.StringIO):
    """stdin of an example: a build has no one to answer."""

    def read(self, *args):
        raise RuntimeError(
            "examples cannot read standard input: a build has no one to type an answer"
        )

    readline = read


class CappedOutput(io.StringIO):
    """stdout of an example: printing past the limit fails at the line that prints."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def write(self, text: str) -> int:
        if self.tell() + len(text) > self.limit:
            raise OutputLimit(
                f"the example printed more than {self.limit} characters ({project.OUTPUT_LIMIT[0]})"
            )
        return super().write(text)


@contextmanager
def time_limit(seconds: float):
    """Interrupt the example after `seconds`: by SIGALRM in the main thread (it also ends
    a sleep), else by raising in the running thread (mkdocs serve rebuilds in a thread)."""
    if threading.current_thread() is threading.main_thread():

        def alarm(signum, frame):
            raise ExampleTimeout(
                f"the example ran longer than {seconds:g} s ({project.TIME_LIMIT[0]})"
            )

        previous = signal.signal(signal.SIGALRM, alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        return
    target, running = threading.get_ident(), threading.Event()
    running.set()

    def interrupt():
        if running.is_set():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(target), ctypes.py_object(ExampleTimeout)
            )

    timer = threading.Timer(seconds, interrupt)
    timer.start()
    try:
        yield
    finally:
        running.clear()
        timer.cancel()


def _environ(saved: dict) -> None:
    os.environ.clear()
    os.environ.update(saved)


# The process-wide state an example may change, each (read, restore): put back after every
# example, and only where it changed (use_deterministic_algorithms imports torch._dynamo: a second).
STATE = {
    "grad mode": (torch.is_grad_enabled, torch.set_grad_enabled),
    "default dtype": (torch.get_default_dtype, torch.set_default_dtype),
    "deterministic algorithms": (
        lambda: (
            torch.are_deterministic_algorithms_enabled(),
            torch.is_deterministic_algorithms_warn_only_enabled(),
        ),
        lambda saved: torch.use_deterministic_algorithms(saved[0], warn_only=saved[1]),
    ),
    "anomaly detection": (
        lambda: (torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled()),
        lambda saved: torch.autograd.set_detect_anomaly(saved[0], check_nan=saved[1]),
    ),
    "threads": (torch.get_num_threads, torch.set_num_threads),
    "warn always": (torch.is_warn_always_enabled, torch.set_warn_always),
    "working folder": (os.getcwd, os.chdir),
    "sys.path": (lambda: list(sys.path), lambda saved: sys.path.__setitem__(slice(None), saved)),
    "environment": (lambda: dict(os.environ), _environ),
}
_FRESH_RNG = torch.random.get_rng_state()  # torch's generator as a new interpreter has it
_SEED = 0  # Python's and numpy's generators, seeded the same before every example


@contextmanager
def isolated():
    """Put back the process-wide state an example may change (STATE, the warning filters, the
    random generators); start its generators afresh."""
    import numpy as np

    saved = {name: read() for name, (read, _) in STATE.items()}
    rng = (torch.random.get_rng_state(), random.getstate(), np.random.get_state())
    torch.random.set_rng_state(_FRESH_RNG)
    random.seed(_SEED)
    np.random.seed(_SEED)
    try:
        with warnings.catch_warnings():  # filters are put back too
            warnings.simplefilter("error")  # an escaping warning fails where it is raised
            # ... except a DeprecationWarning raised inside a library, as Python's own
            # filters hide it from a program (torch.compile tracing an optimizer meets one).
            warnings.filterwarnings("ignore", category=DeprecationWarning)
            warnings.filterwarnings("error", category=DeprecationWarning, module="__main__")
            yield
    finally:
        for name, (read, restore) in STATE.items():
            if read() != saved[name]:
                restore(saved[name])
        torch.random.set_rng_state(rng[0])
        random.setstate(rng[1])
        np.random.set_state(rng[2])
