// Words a screen reader reads out when they change: an ARIA live region. The region stays in the
// page while only its words change (a region drawn anew with its words is often not announced).
// Polite: after what the reader is saying now. Nothing is fetched: this file ships in btlgames.

function render({ model, el }) {
  el.classList.add("btl-live");
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  el.setAttribute("aria-atomic", "true");
  const draw = () => { el.innerHTML = model.get("value"); };
  model.on("change:value", draw);
  draw();
}

export default { render };
