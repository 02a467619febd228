"""Every student notebook run in another language, as nbval runs it in English, by hand (too slow
for the suite: about 5 to 10 s a notebook and language on this machine).

    PYTHONPATH=$PWD .venv/bin/python bench/notebook_languages.py [LANG ...]   (default: every translation)

Each notebook runs in a kernel started with BTLGAMES_LANG=<lang> (nbclient). Prints, per notebook,
its run time, whether its text cells showed that language's prose section by section
(ui/common/prose.py), and any error or printed text. Exits 1 if one had an error or other prose.
Plain script, no pytest.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from btlgames.core.i18n import available_languages  # noqa: E402
from btlgames.ui.common import prose  # noqa: E402

NOT_FOR_STUDENTS = {"_bare/bare"}


def notebooks() -> list[str]:
    found = (p.relative_to(ROOT / "notebooks").with_suffix("").as_posix() for p in (ROOT / "notebooks").rglob("*.ipynb")
             if ".ipynb_checkpoints" not in p.parts)
    return sorted(nb for nb in found if nb not in NOT_FOR_STUDENTS)


def run(notebook: str, lang: str) -> bool:
    path = ROOT / "notebooks" / f"{notebook}.ipynb"
    os.environ["BTLGAMES_LANG"] = lang
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    start = time.perf_counter()
    book = nbformat.read(path, as_version=4)
    NotebookClient(book, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [out for cell in book.cells for out in cell.get("outputs", [])]
    shown = [out["data"]["text/markdown"] for out in outputs if "text/markdown" in out.get("data", {})]
    expected = [prose.shown(notebook, name, lang) for name in prose.sections(notebook, lang)]
    errors = [f"{out['ename']}: {out['evalue']}" for out in outputs if out["output_type"] == "error"]
    printed = ["".join(out.get("text", "")) for out in outputs if out["output_type"] == "stream"]
    ok = shown == expected and not errors
    print(f"{lang} {notebook}: {time.perf_counter() - start:.0f} s, {len(shown)} sections shown, "
          f"{'its prose' if shown == expected else 'OTHER PROSE'}, errors {errors or 'none'}, printed {printed or 'nothing'}",
          flush=True)
    return ok


if __name__ == "__main__":
    langs = sys.argv[1:] or [lang for lang in available_languages() if lang != "en"]
    results = [run(nb, lang) for lang in langs for nb in notebooks()]
    sys.exit(0 if all(results) else 1)
