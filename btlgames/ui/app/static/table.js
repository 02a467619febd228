// The game table: the renderer's HTML, with the moves of this turn made clickable on it.
//
// Python sets `value` (the table's HTML) and `targets` (the data-target keys that are moves
// now). Every element whose data-target is one of them becomes a button: it takes focus
// (Tab), shows that it can be pressed, and a click, a touch, Enter or Space sends {target: key}
// to Python, which makes the move; when several moves belong to it, Python sets `choices` and
// they are drawn beside the pressed part, on the table itself (a press on one sends {target, choice};
// Escape or a press elsewhere closes them). `hinted` names the part a first game's hint points
// at: it is marked, and the hint's words (`hint`) stand beside it as a note. Nothing is fetched:
// this file ships inside the btlgames package.

// The focus is kept after a keyboard press until the kernel's answer is drawn, however long that
// takes on a busy machine: the clocks below start when the answer comes, not at the press.
const SETTLE_MS = 1500; // a part of an answer drawn this long may stay all there is (a computer's turn)
const GUARD_MS = 4000; // how long after the whole answer was drawn a lost focus is still put back
const NO_ANSWER_MS = 120000; // a press never answered (a kernel gone) stops being watched
const POLL_MS = 100; // how often the guard looks, besides at every change in the app

function activate(el, targets) {
  const active = new Set(targets);
  for (const node of el.querySelectorAll("[data-target]")) {
    if (!active.has(node.dataset.target)) continue;
    node.classList.add("btl-target");
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    // a picture that holds moves is a group of them, not an image (whose parts no reader enters)
    const picture = node.parentElement && node.parentElement.closest('[role="img"]');
    if (picture && el.contains(picture)) picture.setAttribute("role", "group");
  }
}

const shown = (node) => !!node && node.isConnected && (node.offsetParent !== null || node instanceof SVGElement);
const firstShown = (root, selector) => (root ? [...root.querySelectorAll(selector)].find(shown) || null : null);
const movesOf = (app) => { const table = app.querySelector(".btl-table"); return table ? table.dataset.moves : null; };
const moveButtons = (app) => `.btl-moves .btl-action.btl-move-${movesOf(app)}`;

// Where the keyboard goes after a press with Enter or Space, so that it never falls back to the
// page (the pressed element is redrawn away): after a move, the same part of the table if it is
// still a move, else the next turn's first move (on the table for a press there, else its first
// button), or "I am ..." when the device is passed to another player (the pass screen, whose
// button has btl-pass-take); after "I am ...", the first move of the table shown; a part of the
// table with several moves: the first of its choices, drawn beside it; a choice: the next turn's
// first move on the table. Returns `answered()`, whether the kernel's answer has started to be
// drawn, and `want(late)`, the element, or null while the answer is not all drawn (`late`: it is
// taken as complete, and the fallbacks are used: the first move anywhere, else the first tool,
// New game at the end of a game).
function placeFor(app, origin) {
  const start = movesOf(app);
  const moved = () => movesOf(app) !== start;
  const fallback = () => firstShown(app, moveButtons(app)) || firstShown(app, ".btl-table .btl-target")
    || firstShown(app, ".btl-moves .btl-action")
    || firstShown(app, ".btl-toolbar button:not(:disabled)");
  // the first move of a turn drawn (its move buttons are in the page: shown, or folded: on the table)
  const firstMove = (tableFirst) => {
    if (!app.querySelector(moveButtons(app))) return null;
    const onTable = firstShown(app, ".btl-table .btl-target");
    const button = firstShown(app, moveButtons(app));
    return tableFirst ? onTable || button : button || onTable;
  };
  const nextTurn = (tableFirst) => !moved() ? null
    : firstShown(app, ".btl-moves .btl-pass-take") || firstMove(tableFirst);
  if (origin.classList.contains("btl-pass-take")) { // the device passed: the table comes back
    const back = () => !app.querySelector(".btl-pass-screen");
    return { answered: back, want: (late) => (back() ? firstMove(false) : null) || (late ? fallback() : null) };
  }
  if (origin.classList.contains("btl-choice")) { // one of a part's choices: the next turn's first move
    return { answered: moved, want: (late) => nextTurn(true) || (late ? fallback() : null) };
  }
  if (origin.classList.contains("btl-target")) {
    const key = origin.dataset.target;
    const choices = () => firstShown(app, ".btl-choices .btl-choice");
    return {
      answered: () => moved() || !!choices(),
      want: (late) => {
        if (!moved()) return choices() || (late ? fallback() : null); // a choice among the part's moves, beside it
        const same = [...app.querySelectorAll(".btl-table .btl-target")].find((n) => n.dataset.target === key);
        return same || nextTurn(true) || (late ? fallback() : null);
      },
    };
  }
  if ([...origin.classList].some((c) => c.startsWith("btl-move-"))) {
    return { answered: moved, want: (late) => nextTurn(false) || (late ? fallback() : null) };
  }
  return { answered: () => true,
    want: (late) => [...app.querySelectorAll(".btl-moves .btl-action")].find((b) => b !== origin && shown(b))
      || (late ? fallback() : null) };
}

// Keep the focus after a keyboard press: whenever it is lost (on the page, on the pressed element,
// on a move of the turn before) or still where the guard put it while more of the answer is
// drawn, put it where `want` says. A focus the user moved elsewhere is left alone: once the focus
// was put on the answer, Tab back to the pressed part of the table (a choice listed beside it)
// stays there. Nothing is guessed before the answer starts to come, however slow the kernel; the
// guard ends a while after the whole answer is drawn: the moves of the table on the screen (each
// has btl-move-<its number>: a summary at a game's end) or "I am ..."; Escape back from a part's
// choices ends it at once (the part pressed is where the user wants the keyboard).
function guardFocus(app, origin, { answered, want }) {
  let placed = null;
  let late = false;
  let came = false;
  let ending = false;
  const timers = [];
  const drawn = () => !!app.querySelector(`.btl-moves .btl-move-${movesOf(app)}, .btl-moves .btl-pass-take`);
  // the focus nowhere to be seen, still on the part pressed, or on a move of the turn before
  const gone = () => {
    const now = document.activeElement;
    if (!now || now === document.body || !now.isConnected || !shown(now) || now === origin) return true;
    return now.matches('.btl-action[class*="btl-move-"]') && !now.classList.contains(`btl-move-${movesOf(app)}`);
  };
  const lost = () => gone() || document.activeElement === placed; // where the guard put it: the guard's to move
  const settle = () => {
    if (!came && answered()) {
      came = true;
      timers.push(setTimeout(() => { late = true; settle(); }, SETTLE_MS));
    }
    if (!came) return;
    const whole = drawn() || !!want(false);
    if (lost()) {
      const next = want(late || whole);
      if (next && next !== document.activeElement) { placed = next; next.focus({ preventScroll: true }); }
    }
    // the clock to the end starts once the whole answer is drawn and the focus is on it
    if (whole && !ending && !gone()) { ending = true; timers.push(setTimeout(() => stop(), GUARD_MS)); }
  };
  const watch = new MutationObserver(settle);
  watch.observe(app, { childList: true, subtree: true, attributes: true, attributeFilter: ["style", "class"] });
  // a part drawn hidden may show with no change inside the app (a box above it laid out): look again
  const poll = setInterval(settle, POLL_MS);
  const stop = () => { watch.disconnect(); clearInterval(poll); timers.forEach(clearTimeout); };
  timers.push(setTimeout(() => stop(), NO_ANSWER_MS));
  return stop;
}

const PRESSABLE = ".btl-target, .btl-action, .btl-choice";

// The focus ring of a part of an SVG picture (a hex of a map, a space of a board): the black ring
// between two amber bands that app.css draws around everything else that takes the focus. An
// outline is not drawn on a part of a picture, and the part's own stroke is painted under the
// parts drawn after it (its neighbours on a map), so the ring is two copies of the part's shape
// (`.btl-ring-amber`, `.btl-ring-black`), grown by RING_OUT px, drawn last in the picture.
const RING_OUT = 5.5; // px outside the shape: the middle of the black ring
const SHAPES = "polygon, rect, circle, ellipse, path";

function drawRing(node) {
  const svg = node.ownerSVGElement;
  const shape = node.querySelector(SHAPES);
  if (!svg || !shape || node.btlRings || !svg.getScreenCTM() || !shape.getScreenCTM()) return;
  const box = shape.getBBox();
  const toScreen = shape.getScreenCTM();
  const px = Math.hypot(toScreen.a, toScreen.b) || 1; // screen px per unit of the shape
  const grow = (size) => (size > 0 ? (size + (2 * RING_OUT) / px) / size : 1);
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  const matrix = DOMMatrix.fromMatrix(svg.getScreenCTM()).inverse().multiply(DOMMatrix.fromMatrix(toScreen))
    .translate(cx, cy).scale(grow(box.width), grow(box.height)).translate(-cx, -cy);
  node.btlRings = ["btl-ring-amber", "btl-ring-black"].map((band) => {
    const ring = shape.cloneNode(false);
    for (const name of ["id", "class", "style", "tabindex", "role"]) ring.removeAttribute(name);
    ring.setAttribute("class", `btl-ring ${band}`);
    ring.setAttribute("aria-hidden", "true");
    ring.setAttribute("transform", `matrix(${["a", "b", "c", "d", "e", "f"].map((k) => matrix[k]).join(" ")})`);
    return svg.appendChild(ring);
  });
}

function ringTheFocus(el) {
  el.addEventListener("focusin", (event) => {
    const node = event.target;
    if (node instanceof SVGElement && node.classList.contains("btl-target")) drawRing(node);
  });
  // The ring goes once the focus has moved on: a picture changed while the focus leaves it makes
  // Chrome lose its place in the Tab order (Shift+Tab then jumped to the side panel's moves).
  el.addEventListener("focusout", (event) => {
    const rings = event.target.btlRings || [];
    event.target.btlRings = null;
    setTimeout(() => rings.forEach((ring) => ring.remove()));
  });
}

// One listener for the page (every table's render would add its own): a keyboard press in a
// game app guards that app's focus until its answer is drawn.
function listenForKeyboardPresses() {
  if (window.btlFocusKept) return;
  window.btlFocusKept = true;
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const origin = event.target.closest && event.target.closest(PRESSABLE);
    const app = origin && origin.closest(".btl-app");
    if (!app || !app.querySelector(".btl-table")) return;
    if (app.btlStopGuard) app.btlStopGuard();
    app.btlStopGuard = guardFocus(app, origin, placeFor(app, origin));
  }, true);
}

const partOf = (el, key) => [...el.querySelectorAll("[data-target]")].find((n) => n.dataset.target === key);

// The moves of one pressed part, beside it on the table (placeBeside): a small group of buttons.
function drawChoices(el, model) {
  el.querySelector(".btl-choices")?.remove();
  const choices = model.get("choices") || {};
  const part = choices.key && partOf(el, choices.key);
  if (!part || !(choices.options || []).length) return null;
  const menu = document.createElement("div");
  menu.className = "btl-choices";
  menu.setAttribute("role", "group");
  menu.setAttribute("aria-label", choices.title || "");
  if (choices.title) {
    const title = document.createElement("div");
    title.className = "btl-choices-title";
    title.textContent = choices.title;
    menu.append(title);
  }
  choices.options.forEach((words, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btl-choice";
    b.dataset.choice = String(i);
    b.textContent = words;
    menu.append(b);
  });
  el.append(menu);
  placeBeside(el, menu, part);
  return menu;
}

// Place a box beside a part of the table, clear of the part's focus ring (10 px outside it): to its
// right, else its left, below or above it, the first place inside the table that covers no other
// part a student could press (a hint over the card the keyboard is on hides it); else the place that
// reaches least outside the table. Never over the part itself.
const GAP = 14;
function placeBeside(el, box, part) {
  box.btlPart = part;
  const frame = el.getBoundingClientRect();
  const width = box.offsetWidth, height = box.offsetHeight;
  if (!part) { box.style.left = `${el.scrollLeft + 4}px`; box.style.top = `${el.scrollTop + 4}px`; return; }
  const at = part.getBoundingClientRect();
  const x = at.left - frame.left, y = at.top - frame.top;
  const across = Math.max(0, Math.min(x, el.clientWidth - width));
  const places = [[at.right - frame.left + GAP, y], [x - width - GAP, y],
                  [across, at.bottom - frame.top + GAP], [across, y - height - GAP]];
  const outside = ([left, top]) => Math.max(0, -left) + Math.max(0, left + width - el.clientWidth)
    + Math.max(0, -top) + Math.max(0, top + height - el.clientHeight);
  const others = [...el.querySelectorAll(".btl-target")].filter(t => t !== part && t.getBoundingClientRect().width)
    .map(t => t.getBoundingClientRect());
  const covers = ([left, top]) => others.some(r => r.left - frame.left < left + width + GAP
    && left - GAP < r.right - frame.left && r.top - frame.top < top + height + GAP && top - GAP < r.bottom - frame.top);
  const least = places.reduce((best, p) => outside(p) < outside(best) ? p : best);
  const [left, top] = places.find(p => !outside(p) && !covers(p)) ?? least;
  box.style.left = `${left + el.scrollLeft}px`;
  box.style.top = `${top + el.scrollTop}px`;
}

// A table drawn before it is laid out, or laid out again (Present, a window resized, a column that
// grew): its hint and its choices move with their parts.
function keepBeside(el) {
  new ResizeObserver(() => el.querySelectorAll(".btl-callout, .btl-choices")
    .forEach((box) => { if (box.btlPart?.isConnected) placeBeside(el, box, box.btlPart); })).observe(el);
}

function render({ model, el }) {
  el.classList.add("btl-table-view");
  listenForKeyboardPresses();
  ringTheFocus(el);
  keepBeside(el);
  const mark = () => {
    el.querySelectorAll(".btl-hinted").forEach((n) => n.classList.remove("btl-hinted"));
    el.querySelector(".btl-callout")?.remove();
    const key = model.get("hinted");
    const part = key && partOf(el, key);
    if (part) part.classList.add("btl-hinted");
    const words = model.get("hint");
    if (!words || el.querySelector(".btl-choices")) return;
    const note = document.createElement("div");
    note.className = "btl-callout";
    note.setAttribute("role", "note");
    note.textContent = words;
    el.append(note);
    placeBeside(el, note, part);
  };
  const draw = () => {
    el.innerHTML = model.get("value");
    activate(el, model.get("targets"));
    mark();
    drawChoices(el, model);
  };
  const choose = (node) => {
    const choices = model.get("choices") || {};
    model.send({ target: choices.key, choice: Number(node.dataset.choice) });
  };
  el.addEventListener("click", (event) => {
    const choice = event.target.closest(".btl-choice");
    if (choice && el.contains(choice)) return choose(choice);
    const node = event.target.closest(".btl-target");
    if (node && el.contains(node)) model.send({ target: node.dataset.target });
    else if (el.querySelector(".btl-choices")) model.send({ close: true });
  });
  el.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && el.querySelector(".btl-choices")) {
      const key = (model.get("choices") || {}).key;
      el.closest(".btl-app")?.btlStopGuard?.();  // the press's guard would take the keyboard back to the choices
      model.send({ close: true });
      partOf(el, key)?.focus({ preventScroll: true });
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const choice = event.target.closest && event.target.closest(".btl-choice");
    if (choice && el.contains(choice)) { event.preventDefault(); choose(choice); return; }
    const node = event.target.closest && event.target.closest(".btl-target");
    if (!node || !el.contains(node)) return;
    event.preventDefault(); // Space would scroll the page
    model.send({ target: node.dataset.target });
  });
  model.on("change:value", draw);
  model.on("change:targets", draw);
  model.on("change:hinted", mark);
  model.on("change:hint", mark);
  model.on("change:choices", () => {
    const menu = drawChoices(el, model);
    if (menu) el.querySelector(".btl-callout")?.remove();
    // a press with the mouse or a finger: the choices take the keyboard too (the guard does so after a key)
    if (menu && !document.activeElement?.closest?.(".btl-choices")) menu.querySelector(".btl-choice")?.focus({ preventScroll: true });
  });
  draw();
}

export default { render };
