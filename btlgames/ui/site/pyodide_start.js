/* btl-pyodide.js: how an app page's kernel starts Pyodide (the kernel's ``pyodideUrl``).

   Pyodide's own loadPyodide, less the packages the page names only for the kernel's worker
   (``btlLeaveOut``: the worker installs whatever a page does not name), then the Python of
   pyodide_start.py (START_PY below, written in by the build) before the kernel is imported. */
(function () {
  "use strict";
  const START_PY = __START_PY__;

  function pyodideLoader(indexURL) {
    if (typeof importScripts === "function") {  // the kernel's worker
      const ours = self.loadPyodide;
      importScripts(indexURL + "pyodide.js");
      const theirs = self.loadPyodide;
      self.loadPyodide = ours;
      return theirs;
    }
    return require(indexURL + "pyodide.js").loadPyodide;  // Node.js (bench/site.py)
  }

  async function loadPyodide(options) {
    const leftOut = options.btlLeaveOut || [];
    const packages = (options.packages || []).filter((name) => !leftOut.includes(name));
    const pyodide = await pyodideLoader(options.indexURL)({ ...options, packages });
    pyodide.runPython(START_PY);
    return pyodide;
  }

  if (typeof module === "object" && module.exports) {
    module.exports = { loadPyodide };
  } else {
    self.loadPyodide = loadPyodide;
  }
})();
