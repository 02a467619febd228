// The game table: the renderer's HTML, with the moves of this turn made clickable on it.
//
// Python sets `value` (the table's HTML) and `targets` (the data-target keys that are moves
// now). Every element whose data-target is one of them becomes a button: it takes focus
// (Tab), shows that it can be pressed, and a click, Enter or Space sends {target: key} to
// Python, which makes the move (or, when several moves belong to it, lists them beside the
// table). Nothing is fetched: this file ships inside the btlgames package.

function activate(el, targets) {
  const active = new Set(targets);
  for (const node of el.querySelectorAll("[data-target]")) {
    if (!active.has(node.dataset.target)) continue;
    node.classList.add("btl-target");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
  }
}

// A move button pressed with the keyboard is replaced by the buttons of the next turn, and the
// focus would fall back to the page: put it on the first move of the new turn instead.
function keepKeyboardInPanel(app, moves) {
  const lost = () => {  // on the page, or still on a button of the turn before (about to go)
    const now = document.activeElement;
    return !now || now === document.body || !document.contains(now)
      || (now.matches('.btl-action[class*="btl-move-"]') && !now.classList.contains(`btl-move-${moves}`));
  };
  const shown = (selector) => [...app.querySelectorAll(selector)].find((b) => b.offsetParent);
  const settle = () => {
    if (!lost()) return true; // the user has moved on already
    const button = shown(`.btl-action.btl-move-${moves}`);
    if (button) button.focus({ preventScroll: true });
    return !!button;
  };
  if (settle()) return;
  // The new turn's buttons come in messages of their own: watch for them, for a while.
  const watch = new MutationObserver(() => { if (settle()) stop(); });
  const stop = () => { watch.disconnect(); clearTimeout(timer); };
  const timer = setTimeout(() => {
    stop();
    // no button came: this turn's moves are all on the table (their buttons folded)
    const other = shown(".btl-table .btl-target") || shown(".btl-unfold");
    if (lost() && other) other.focus({ preventScroll: true });
  }, 4000);
  watch.observe(app, { childList: true, subtree: true });
}

function render({ model, el }) {
  el.classList.add("btl-table-view");
  let refocus = null; // the key whose element had the keyboard focus when it was pressed
  let keyboard = false; // the last move was made with the keyboard on a button beside the table
  const app = () => el.closest(".btl-app") || document;
  document.addEventListener("keydown", (event) => {
    const button = event.target.closest && event.target.closest(".btl-action");
    if ((event.key === "Enter" || event.key === " ") && button && app().contains(button)) keyboard = true;
  }, true);

  const draw = () => {
    el.innerHTML = model.get("value");
    activate(el, model.get("targets"));
    if (refocus !== null) {
      // Keep the keyboard user's place: the same target again if it is still a move, else
      // the first move on the table.
      const same = [...el.querySelectorAll(".btl-target")].find((n) => n.dataset.target === refocus);
      const next = same || el.querySelector(".btl-target");
      if (next) next.focus({ preventScroll: true });
      refocus = null;
    } else if (keyboard) {
      const table = el.querySelector(".btl-table");
      if (table) keepKeyboardInPanel(app(), table.dataset.moves);
      keyboard = false;
    }
  };

  const press = (node) => {
    refocus = el.contains(document.activeElement) ? node.dataset.target : null;
    model.send({ target: node.dataset.target });
  };

  el.addEventListener("click", (event) => {
    const node = event.target.closest(".btl-target");
    if (node && el.contains(node)) press(node);
  });
  el.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const node = event.target.closest && event.target.closest(".btl-target");
    if (!node || !el.contains(node)) return;
    event.preventDefault(); // Space would scroll the page
    press(node);
  });
  model.on("change", draw);
  draw();
}

export default { render };
