// Solomons: optional touches only (every form works without it).
// 1. The prompt is drawn again whenever either side commits. While a player is editing a board for the same
//    decision, keep their edits (hx-preserve) and take only the new version and key from the server's drawing.
// 2. Clicking one of your task forces on the map (or Enter on it) opens its details below the map.
// Counters gliding to their new places after a push are the one board renderer's (static/board.js).
(function () {
  "use strict";
  if (window.solomonsReady) return;  // this script is included again with every re-drawn prompt
  window.solomonsReady = true;
  let carry = null;

  document.addEventListener("input", mark);
  document.addEventListener("change", mark);
  function mark(e) {
    const form = e.target.closest && e.target.closest("#sol-orders");
    if (form) form.dataset.dirty = "yes";
  }
  document.addEventListener("htmx:afterRequest", function (e) {
    const form = e.detail.elt;
    if (form && form.id === "sol-orders" && e.detail.successful) form.dataset.dirty = "";
  });

  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "prompt") return;
    const old = document.getElementById("sol-orders");
    const fresh = e.detail.fragment && e.detail.fragment.querySelector("#sol-orders");
    if (!old || !fresh || old.dataset.dirty !== "yes" || old.dataset.step !== fresh.dataset.step) return;
    const field = function (name) { const el = fresh.querySelector("[name=" + name + "]"); return el ? el.value : null; };
    const button = fresh.querySelector("button[type=submit]");
    carry = { version: field("expected_version"), key: field("key"), label: button ? button.textContent : null };
    fresh.setAttribute("hx-preserve", "true");
  });
  document.addEventListener("htmx:oobAfterSwap", function () {
    if (!carry) return;
    const form = document.getElementById("sol-orders");
    if (form) {
      form.querySelector("[name=expected_version]").value = carry.version;
      form.querySelector("[name=key]").value = carry.key;
      const button = form.querySelector("button[type=submit]");
      if (button && carry.label) button.textContent = carry.label;
    }
    carry = null;
  });

  document.addEventListener("click", function (e) {
    const g = e.target.closest && e.target.closest("#solomons-map .board-piece.kind-tf");
    if (!g) return;
    const panel = document.getElementById("force-" + g.id.replace(/^piece-/, ""));
    if (panel) { panel.open = true; panel.scrollIntoView({ behavior: "smooth", block: "nearest" }); }
  });
})();
