"""ssg's Python hook (docs/hooks.md), loaded by putting this folder first on PYTHONPATH.

Every command that subprocess.Popen (and so run, call, check_call, check_output, getoutput, os.popen) or
os.system would run is first judged by `ssg hook shell`; a blocked one never starts. Popen raises
PermissionError with the reason; os.system prints the reason to stderr and returns the wait status of exit 126.
When ssg cannot be run, or this hook fails, the command runs (fail-open) unless the fail-closed sentinel exists.
os.exec*, os.spawn* and os.posix_spawn are not judged.

This file shadows any other sitecustomize on sys.path (a distribution's, a virtualenv's), so after installing
the hook it runs the next one found, as Python would have.
"""

import json
import os
import shlex
import subprocess
import sys
import threading

_HERE = os.path.dirname(os.path.realpath(__file__))
_original_init = subprocess.Popen.__init__
_original_system = os.system
# Set while this thread runs ssg, so that the hook's own subprocess.run is not judged.
_judging = threading.local()


def _refusal(command, cwd):
    """The reason the command must not run, or None when it may (or cannot be judged: fail-open)."""
    if getattr(_judging, "active", False):
        return None
    _judging.active = True
    try:
        env = dict(os.environ)
        # ssg is a Node program: it needs neither this hook nor the caller's Node hook.
        env.pop("NODE_OPTIONS", None)
        payload = {"command": command, "cwd": os.path.abspath(os.fsdecode(cwd)) if cwd is not None else os.getcwd()}
        run = subprocess.run(
            [os.environ.get("SSG_BIN") or "ssg", "hook", "shell"],
            input=json.dumps(payload).encode("utf-8"),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        stderr = run.stderr.decode("utf-8", "replace").strip()
        if run.returncode == 1:
            return stderr or "ssg blocked this command"
        if stderr:
            sys.stderr.write(stderr + "\n")
        if run.returncode != 0:
            return _unjudged("exit %s" % run.returncode)
        return None
    except Exception as error:  # noqa: BLE001 — a broken hook must never break the program
        return _unjudged(error)
    finally:
        _judging.active = False


def _unjudged(problem):
    """When ssg itself cannot run, the choice `ssg hook shell` makes: fail open, unless the sentinel exists."""
    home = os.environ.get("SSG_HOME") or os.path.join(os.path.expanduser("~"), ".ssg")
    if os.path.exists(os.path.join(home, "fail-closed")):
        return "ssg blocked this: ssg could not be run (%s) and fail-closed mode is on" % problem
    sys.stderr.write("ssg python hook: ssg could not be run (%s) — the command was not evaluated (fail-open)\n" % problem)
    return None


def _word(value):
    return os.fsdecode(value) if isinstance(value, (bytes, os.PathLike)) else str(value)


def _command_of(args, shell):
    """What runs: with shell=True the command string (a list's first item); else the words, shell-quoted."""
    if isinstance(args, (str, bytes, os.PathLike)):
        return _word(args) if shell else shlex.quote(_word(args))
    words = [_word(arg) for arg in args]
    if shell:
        return words[0] if words else ""
    return " ".join(shlex.quote(word) for word in words)


def _popen_init(self, args, *rest, **kwargs):
    # Popen(args, bufsize, executable, stdin, stdout, stderr, preexec_fn, close_fds, shell, cwd, ...): shell and
    # cwd are almost always keywords, but may be passed by position.
    shell = kwargs.get("shell", rest[7] if len(rest) > 7 else False)
    cwd = kwargs.get("cwd", rest[8] if len(rest) > 8 else None)
    reason = _refusal(_command_of(args, shell), cwd)
    if reason is not None:
        raise PermissionError(13, reason)
    _original_init(self, args, *rest, **kwargs)


def _system(command):
    reason = _refusal(_word(command), None)
    if reason is not None:
        sys.stderr.write(reason + "\n")
        sys.stderr.flush()
        return 126 << 8  # the wait status of exit 126, the shell's "cannot execute"
    return _original_system(command)


def _chain_next_sitecustomize():
    import importlib.machinery
    import importlib.util

    path = [entry for entry in sys.path if os.path.realpath(entry or os.curdir) != _HERE]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # noqa: BLE001 — as Python reports a failing sitecustomize, and goes on
        sys.stderr.write("Error in sitecustomize (%s); set PYTHONVERBOSE for traceback:\n%s: %s\n" % (
            spec.origin, type(error).__name__, error))


subprocess.Popen.__init__ = _popen_init
os.system = _system
_chain_next_sitecustomize()
