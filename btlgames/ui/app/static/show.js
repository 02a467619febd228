// The show: a game's moments large over its table, one step at a time (ui/app/show.py).
//
// Python sets `steps` ([{title, body, words, kind}], empty: nothing shown), `labels` (the buttons'
// words) and `seconds` (a step's time when the show plays on its own). Next, Previous, Play and
// Close are buttons (mouse, touch, Tab then Enter or Space); the right and left arrows step, Escape
// closes. Each step's words go to a live region, so a screen reader hears it. Closing (or Next on
// the last step) sends {done: true}; Python then empties `steps`. Nothing is fetched.

function button(cls, words, onPress) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `btl-show-button ${cls}`;
  b.textContent = words;
  b.addEventListener("click", onPress);
  return b;
}

function render({ model, el }) {
  el.classList.add("btl-show-view");
  let index = 0;
  let timer = null;
  let shownSteps = null;
  const stopTimer = () => { if (timer) { clearInterval(timer); timer = null; } };

  const close = () => {
    stopTimer();
    // the keyboard goes back to the game: its first move (on the table or beside it), else a tool
    // (in this order, not the page's: the toolbar, New game first, is above the table). It moves
    // before the show's buttons go: from a button removed (the page) Chrome would draw no ring.
    const app = el.closest(".btl-app");
    const shown = (n) => n && (n.offsetParent !== null || n instanceof SVGElement);
    const next = app && [".btl-moves .btl-action", ".btl-table .btl-target", ".btl-toolbar button"]
      .map((s) => [...app.querySelectorAll(s)].find(shown)).find(Boolean);
    if (next) next.focus({ preventScroll: true });
    el.classList.remove("btl-showing");
    el.innerHTML = "";
    shownSteps = null;
    model.send({ done: true });
  };

  const draw = (focusNext) => {
    const steps = model.get("steps") || [];
    const labels = model.get("labels") || {};
    if (!steps.length) { stopTimer(); el.classList.remove("btl-showing"); el.innerHTML = ""; return; }
    index = Math.max(0, Math.min(index, steps.length - 1));
    const step = steps[index];
    el.classList.add("btl-showing");
    const section = document.createElement("section");
    section.className = `btl-show ${step.kind ? "btl-show-" + step.kind : ""}`;
    section.setAttribute("role", "region");
    section.setAttribute("aria-label", labels.region || "");
    const count = document.createElement("div");
    count.className = "btl-show-count";
    count.textContent = steps.length > 1 ? `${index + 1} ${labels.of || "/"} ${steps.length}` : "";
    const title = document.createElement("h2");
    title.className = "btl-show-title";
    title.innerHTML = step.title;
    const body = document.createElement("div");
    body.className = "btl-show-body";
    body.innerHTML = step.body || "";
    const last = index === steps.length - 1;
    const nav = document.createElement("div");
    nav.className = "btl-show-nav";
    const previous = button("btl-show-previous", labels.previous || "<", () => { index -= 1; draw(false); });
    previous.disabled = index === 0;
    const next = button("btl-show-next", last ? (labels.done || "OK") : (labels.next || ">"),
      () => { if (last) close(); else { index += 1; draw(true); } });
    nav.append(previous, next);
    if (steps.length > 1) {
      const play = button("btl-show-play", timer ? (labels.pause || "||") : (labels.play || ">>"), () => {
        if (timer) { stopTimer(); draw(false); return; }
        timer = setInterval(() => {
          const all = model.get("steps") || [];
          if (index >= all.length - 1) { stopTimer(); draw(false); return; }
          index += 1;
          draw(false);
        }, 1000 * (model.get("seconds") || 6));
        draw(false);
      });
      nav.append(play);
    }
    if (!last) nav.append(button("btl-show-close", labels.close || "x", close));
    const said = document.createElement("div");
    said.className = "btl-sr-only";
    said.setAttribute("role", "status");
    said.setAttribute("aria-live", "polite");
    section.append(count, title, body, nav, said);
    el.replaceChildren(section);
    // the live region is in the page before its words change: a reader announces the change
    setTimeout(() => { said.textContent = step.words || title.textContent; }, 50);
    if (focusNext) (next.isConnected ? next : previous).focus({ preventScroll: true });
  };

  el.addEventListener("keydown", (event) => {
    if (!el.classList.contains("btl-showing")) return;
    if (event.key === "ArrowRight") { event.preventDefault(); el.querySelector(".btl-show-next")?.click(); }
    else if (event.key === "ArrowLeft") { event.preventDefault(); el.querySelector(".btl-show-previous:not(:disabled)")?.click(); }
    else if (event.key === "Escape") { event.preventDefault(); close(); }
  });

  model.on("change:steps", () => {
    const steps = model.get("steps") || [];
    if (steps !== shownSteps) { index = 0; stopTimer(); }
    shownSteps = steps;
    draw(true);
  });
  model.on("change:labels", () => draw(false));
  shownSteps = model.get("steps");
  draw(false);
}

export default { render };
