"""Serve the kit's notebooks with Voilà, on this computer only.

    btlgames app                       # the CLI calls serve()
    python -m btlgames.ui.serve        # the same, without the CLI

How it runs
-----------
``serve()`` runs Voilà *in the calling process* and blocks until Ctrl-C (or
SIGTERM).  ``command()`` returns the argv that runs exactly the same thing in a
child process (``python -m btlgames.ui.serve --port ...``); the browser tests
and the benchmark start the server with it, so there is one way to start it.

What the kit adds to plain Voilà (all of it from files inside the package,
never from ~/.jupyter):

* ``config/voila.py`` beside this file: the server configuration (template, kernel
  culling, kernel cap, kernels in this Python, localhost).  Voilà reads no
  other config file.
* ``btlgames/ui/pages/voila/templates/btlgames/``: a template based on Voilà's
  ``lab`` template that loads nothing from outside localhost, and whose tree
  page is the launcher (``/``), drawn from ``btlgames.ui.pages.launcher.GAMES``
  without starting a kernel (the static site draws its pages with it too).
* ``voila_app.py``: ``/lessons/<game>/`` (the lesson packs rendered
  as readable, printable pages), the kernel cap, and app pages that set the
  cookie Voilà needs to shut a page's kernel down when the page closes.
* The server process does not import ``rfc3987_syntax`` (see
  ``_skip_slow_iri_checker``), and warns about an ipykernel that is known to
  hang app pages (see ``BAD_IPYKERNEL``).

Directories: the notebooks are ``<repo>/notebooks`` where ``<repo>`` is the
parent of the ``btlgames`` package directory; override with the
``notebooks_dir`` argument or the ``BTLGAMES_NOTEBOOKS`` environment variable.
Lessons likewise: ``<repo>/lessons`` or ``BTLGAMES_LESSONS``.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..pages.paths import ENV_LESSONS, ENV_NOTEBOOKS, TEMPLATE_ROOT, resolve_lessons_dir, resolve_notebooks_dir
from ...core.i18n import t
from .class_code import address, check_class_ip, new_code, shown
from .network import DEFAULT_IP, DEFAULT_PORT, check_localhost

#: Holds ``voila.py``, the server's one configuration file (Voilà reads no other).
CONFIG_DIR = Path(__file__).resolve().parent / "config"


def voila_argv(port: int = DEFAULT_PORT, ip: str = DEFAULT_IP,
               notebooks: str | os.PathLike | None = None, open_browser: bool = False,
               extra_args: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The arguments given to Voilà itself (after the kit's config file is read)."""
    return _voila_args(port, check_localhost(ip), notebooks, open_browser, extra_args)


def _voila_args(port: int, ip: str, notebooks, open_browser: bool, extra_args) -> list[str]:
    """Voilà's arguments for an address already checked (this computer only, or a class's)."""
    args = [
        str(resolve_notebooks_dir(notebooks)),
        f"--port={int(port)}",
        f"--Voila.ip={ip}",
        # Fail instead of silently moving to another port: tests and teachers need
        # the URL they asked for.
        "--Voila.port_retries=0",
    ]
    if not open_browser:
        args.append("--no-browser")
    args.extend(extra_args)
    return args


def command(port: int = DEFAULT_PORT, ip: str = DEFAULT_IP,
            notebooks_dir: str | os.PathLike | None = None, open_browser: bool = False, *,
            lessons_dir: str | os.PathLike | None = None,
            extra_args: list[str] | tuple[str, ...] = (),
            python: str | None = None) -> list[str]:
    """argv that starts the kit's server in a child process (what ``serve()`` runs).

    ``extra_args`` are passed on to Voilà after the kit's settings, e.g.
    ``["--MappingKernelManager.cull_idle_timeout=30"]``.
    """
    argv = [python or sys.executable, "-m", "btlgames.ui.serve",
            "--port", str(int(port)), "--ip", check_localhost(ip),
            "--notebooks", str(resolve_notebooks_dir(notebooks_dir))]
    if lessons_dir is not None:
        argv += ["--lessons", str(Path(lessons_dir).resolve())]
    if open_browser:
        argv.append("--open-browser")
    for arg in extra_args:
        argv.append(f"--voila-arg={arg}")
    return argv


def serve(port: int = DEFAULT_PORT, ip: str = DEFAULT_IP,
          notebooks_dir: str | os.PathLike | None = None, open_browser: bool = False, *,
          lessons_dir: str | os.PathLike | None = None,
          extra_args: list[str] | tuple[str, ...] = ()) -> None:
    """Run the kit's Voilà server in this process until Ctrl-C or SIGTERM.

    The launcher is at http://<ip>:<port>/ ; kernels are shut down on exit.
    """
    argv = voila_argv(port, ip, resolve_notebooks_dir(notebooks_dir), open_browser, extra_args)
    lessons = resolve_lessons_dir(lessons_dir)
    _prepare_process()
    _warn_about_known_bad_kernel()
    from .voila_app import KitVoila  # imports Voilà: after _prepare_process()

    KitVoila.launch_instance(argv=argv, config_file_paths=[str(CONFIG_DIR)],
                             lessons_dir=str(lessons))


def class_command(folder: str | os.PathLike, port: int = DEFAULT_PORT, ip: str = "", *,
                  notebooks_dir: str | os.PathLike | None = None, python: str | None = None) -> list[str]:
    """argv that starts a class session in a child process (``btlgames class``, as a teacher does)."""
    argv = [python or sys.executable, "-m", "btlgames", "class", "--dir", str(Path(folder).resolve()),
            "--port", str(int(port)), "--ip", check_class_ip(ip)]
    if notebooks_dir is not None:
        argv += ["--notebooks", str(Path(notebooks_dir).resolve())]
    return argv


def serve_class(folder: str | os.PathLike, port: int = DEFAULT_PORT, ip: str = "", *,
                notebooks_dir: str | os.PathLike | None = None,
                lessons_dir: str | os.PathLike | None = None) -> None:
    """Run a class session in this process until Ctrl-C or SIGTERM: the kit's server on the
    classroom's network, every page behind a class code made now, the tables in FOLDER.

    The class file is opened (made, or its schema checked) before anything is served, so a
    folder that cannot hold it is refused in words at once."""
    from ...core.tables import ENV_CLASS_DIR, ClassFile  # the engine's class file: refuses a bad folder in words

    ip = check_class_ip(ip)
    argv = _voila_args(port, ip, resolve_notebooks_dir(notebooks_dir), False, ())
    lessons = resolve_lessons_dir(lessons_dir)
    with ClassFile(folder) as store:
        where = store.path
    code = new_code()
    print("\n".join((t("class_session.started", path=str(where)), t("class_session.open_this"),
                     f"    {address(ip, port, code)}",
                     t("class_session.or_type", address=address(ip, port), code=shown(code)),
                     t("class_session.new_each_time"))), flush=True)
    os.environ[ENV_CLASS_DIR] = str(where.parent)  # the apps' kernels inherit it: a table page's folder
    _prepare_process()
    _warn_about_known_bad_kernel()
    from .class_gate import ClassCodeIdentityProvider, ClassVoila  # imports Voilà: after _prepare_process()

    ClassVoila.launch_instance(argv=argv, config_file_paths=[str(CONFIG_DIR)], lessons_dir=str(lessons),
                               class_dir=str(Path(folder).resolve()), token=code,
                               identity_provider_class=ClassCodeIdentityProvider)


def _prepare_process() -> None:
    """Set up this process before Voilà is imported."""
    # Voilà finds templates under <each JUPYTER_PATH entry>/voila/templates/<name>.
    paths = os.environ.get("JUPYTER_PATH", "").split(os.pathsep)
    if str(TEMPLATE_ROOT) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATE_ROOT), *filter(None, paths)])
    _skip_slow_iri_checker()


def _skip_slow_iri_checker() -> None:
    """Make ``import rfc3987_syntax`` fail in this process, as if it were not installed.

    jsonschema (imported by nbformat and jupyter_events, so by Voilà) imports
    every optional format checker it finds. ``rfc3987_syntax`` builds three
    Earley parsers when imported: 0.7 s on an idle core here, 1.7 s or more
    while the machine is busy, for the ``iri``/``iri-reference`` formats that no
    Jupyter schema uses.  A ``None`` entry in ``sys.modules`` makes Python
    raise ImportError for it, which jsonschema already handles (it then simply
    does not check those two formats).  Only this process is affected; kernels
    do not import jsonschema at all.
    """
    if "rfc3987_syntax" not in sys.modules and os.environ.get("BTLGAMES_KEEP_IRI_CHECKER") != "1":
        sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]


#: ipykernel 7.0-7.3 can leave a request unread on its shell socket when it arrives while
#: a reply is being sent (ipykernel #1554, fixed by #1529 in 7.4.0). Voilà sends such a
#: pair on every page load (its unawaited ``import os`` request, then the first code
#: cell), so a few percent of pages hang on "Executing k of N" for good.
BAD_IPYKERNEL = ((7, 0), (7, 4))


def ipykernel_version() -> tuple[int, ...] | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        text = version("ipykernel")
    except PackageNotFoundError:
        return None
    numbers = []
    for part in text.split(".")[:3]:
        digits = "".join(ch for ch in part if ch.isdigit())
        if not digits:
            break
        numbers.append(int(digits))
    return tuple(numbers)


def _warn_about_known_bad_kernel() -> None:
    found = ipykernel_version()
    if found is not None and BAD_IPYKERNEL[0] <= found[:2] < BAD_IPYKERNEL[1]:
        print(f"btlgames: WARNING: ipykernel {'.'.join(map(str, found))} sometimes leaves an app "
              "page stuck on 'Executing ...' (ipykernel issue #1554). Update it: "
              "python -m pip install 'ipykernel>=7.4'", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m btlgames.ui.serve",
        description="Serve the kit's apps and launcher with Voilà on this computer only.")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--ip", default=DEFAULT_IP, help="127.0.0.1 (default) or localhost")
    parser.add_argument("--notebooks", default=None,
                        help=f"notebooks folder (default: ${ENV_NOTEBOOKS} or <repo>/notebooks)")
    parser.add_argument("--lessons", default=None,
                        help=f"lesson packs folder (default: ${ENV_LESSONS} or <repo>/lessons)")
    parser.add_argument("--open-browser", action="store_true", help="open the launcher in a browser")
    parser.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                        help="pass ARG on to Voilà (repeatable), e.g. "
                             "--voila-arg=--MappingKernelManager.cull_idle_timeout=30")
    args = parser.parse_args(argv)
    try:
        serve(args.port, args.ip, args.notebooks, args.open_browser,
              lessons_dir=args.lessons, extra_args=args.voila_arg)
    except (ValueError, FileNotFoundError) as err:
        parser.exit(2, f"btlgames: {err}\n")
