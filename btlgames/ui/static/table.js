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

function render({ model, el }) {
  el.classList.add("btl-table-view");
  let refocus = null; // the key whose element had the keyboard focus when it was pressed

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
