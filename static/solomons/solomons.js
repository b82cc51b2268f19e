// Solomons: optional touches only (every form works without it).
// 1. The prompt is drawn again whenever either side commits. While a player is editing a board for the same
//    decision, keep their edits (hx-preserve) and take only the new version and key from the server's drawing.
// 2. Clicking one of your task forces on the map opens its details below the map.
// 3. When a push moves counters (your task forces in section A of a segment, enemy markers as they are seen
//    again), they glide from where they were to where they are; counters newly on the map fade in.
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

  let before = null;
  const MOVE_MS = 800;
  function where(g) {
    const m = /translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)/.exec(g.getAttribute("transform") || "");
    return m ? { x: parseFloat(m[1]), y: parseFloat(m[2]) } : null;
  }
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "board") return;
    before = {};
    document.querySelectorAll("#sol-counters > g[id]").forEach(function (g) { before[g.id] = where(g); });
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    if (!before || !e.target || e.target.id !== "board") return;
    const was = before;
    before = null;
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    document.querySelectorAll("#sol-counters > g[id]").forEach(function (g) {
      const to = where(g), from = was[g.id];
      if (!to) return;
      if (!from) { g.classList.add("sol-appear"); return; }
      if (from.x === to.x && from.y === to.y) return;
      const start = performance.now();
      const frame = function (t) {
        const k = Math.min(1, (t - start) / MOVE_MS), ease = k < 0.5 ? 2 * k * k : 1 - Math.pow(-2 * k + 2, 2) / 2;
        g.setAttribute("transform", "translate(" + (from.x + (to.x - from.x) * ease).toFixed(1) + "," +
                       (from.y + (to.y - from.y) * ease).toFixed(1) + ")");
        if (k < 1) requestAnimationFrame(frame);
      };
      g.dataset.moving = "yes";
      requestAnimationFrame(frame);
    });
  });

  document.addEventListener("click", function (e) {
    const g = e.target.closest && e.target.closest("#sol-counters .sol-tf");
    if (!g) return;
    const panel = document.getElementById("force-" + g.id.replace(/^counter-/, ""));
    if (panel) { panel.open = true; panel.scrollIntoView({ behavior: "smooth", block: "nearest" }); }
  });
})();
