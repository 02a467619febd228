/* The page's language on the static site (`btlgames site`): what the kit's server does for each
   request (ui/serve/voila_app.py, LanguageMixin) done in the browser, since a static host sends the
   same file whatever ?lang= says.  The build writes this file as btl-language.js, after
   `window.BTL_SITE = {known, fallback, kernel, loading}` (build.language_script).

   - The language is the URL's ?lang= (one the kit does not have is English), else the one chosen
     last (localStorage "btl-lang": it works on any host and from file://), else English.  A page
     opened without ?lang= that takes the remembered one gets it added to its address (no reload).
   - A kit page (the launcher, a lesson page) holds every language: English in its body, each other
     language's body in a <template data-btl-lang>; the chosen one takes the body's place.  An
     English lesson page that has a translation (data-btl-translations on <html>) sends the reader
     on to it, as the server does.
   - An app page loads this right after its JupyterLite configuration, which it changes before the
     kernel starts: the page's query goes into Python's environment as QUERY_STRING (Pyodide's
     loadPyodide `env`), as Voilà hands it to its kernel, and core.i18n reads the language there.
     (The kernel runs in a web worker, whose own location is its script's, without the query.)
     The loading words and the tab's title (the app's name, not "play") follow the language too. */
(() => {
  const site = window.BTL_SITE;
  const root = document.documentElement;
  const url = new URL(location.href);
  const asked = url.searchParams.get("lang");
  let remembered = null;
  try {
    remembered = localStorage.getItem("btl-lang");
  } catch (err) { /* storage turned off: nothing is remembered */ }
  const known = (lang) => site.known.includes(lang);
  const lang = known(asked) ? asked : asked === null && known(remembered) ? remembered : site.fallback;
  if (known(asked)) {
    try {
      localStorage.setItem("btl-lang", asked);
    } catch (err) { /* not remembered */ }
  } else if (asked === null && lang !== site.fallback) {
    url.searchParams.set("lang", lang);
    try {
      history.replaceState(history.state, "", url.href);
    } catch (err) { /* a browser that refuses it for file://: the page is in the language all the same */ }
  }

  const translations = JSON.parse(root.dataset.btlTranslations || "{}");
  if (translations[lang]) {
    location.replace(new URL(`${translations[lang]}?lang=${lang}${location.hash}`, location.href).href);
    return;
  }

  const config = document.getElementById("jupyter-config-data");
  if (!config) {  // a kit page: its body in the language chosen
    document.addEventListener("DOMContentLoaded", () => {
      const chosen = document.querySelector(`template[data-btl-lang="${lang}"]`);
      if (!chosen) return;
      document.body.replaceChildren(chosen.content.cloneNode(true));
      root.lang = lang;
      document.title = chosen.dataset.title;
    });
    return;
  }

  root.lang = lang;  // an app page speaks every language
  const [folder, file] = decodeURIComponent(location.pathname).split("/").slice(-2);
  const title = (site.titles[lang] || {})[`${folder}/${(file || "").replace(/\.[^.]*$/, "")}`];
  if (title) document.title = title;  // the app's name, not its notebook's ("play")
  const page = JSON.parse(config.textContent);
  const kernel = page.litePluginSettings[site.kernel];
  const options = kernel.loadPyodideOptions || {};
  kernel.loadPyodideOptions = { ...options, env: { ...options.env, QUERY_STRING: url.searchParams.toString() } };
  config.textContent = JSON.stringify(page);

  const say = site.loading[lang];
  const shown = document.getElementById("loading_text");
  if (shown) shown.textContent = say.start;
  const show = window.update_loading_text;
  if (show) {  // Voici's words: "Starting up kernel...", then "Executing 1 of 5" (text null)
    window.update_loading_text = (cell, cells, text) =>
      show(cell, cells, text === null ? say.step.replace("{cell}", cell).replace("{cells}", cells) : say.start);
  }
})();
