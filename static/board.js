// The one board renderer's page side (templates/game/_board.html, issue 13 item 4), for every game's board:
// 1. A counter's details are shown below the map when it is pointed at, tapped or given keyboard focus (each counter
//    is a tab stop with its own name); Enter or Space on a focused counter acts as a click on it.
// 2. When a push moves counters, they glide from where they were to where they are; new counters fade in.
//    Reduced-motion users see them in place at once.
// Pan and zoom are static/map_zoom.js's (every board's SVG is data-zoomable).
(function () {
  "use strict";
  if (window.boardReady) return;  // included again with every redrawn board
  window.boardReady = true;

  function counterOf(el) { return el && el.closest ? el.closest(".board-counter") : null; }

  function showDetails(g) {
    const fig = g.closest("figure[data-board]");
    const out = fig && fig.querySelector(".board-details");
    if (!out) return;
    const details = g.getAttribute("data-details");
    out.textContent = g.getAttribute("aria-label") + (details ? ": " + details : "");
    fig.querySelectorAll(".board-counter.is-shown").forEach(function (x) { x.classList.remove("is-shown"); });
    g.classList.add("is-shown");
  }
  document.addEventListener("focusin", function (e) { const g = counterOf(e.target); if (g) showDetails(g); });
  document.addEventListener("pointerover", function (e) { const g = counterOf(e.target); if (g) showDetails(g); });
  document.addEventListener("click", function (e) { const g = counterOf(e.target); if (g) showDetails(g); });
  document.addEventListener("keydown", function (e) {
    const g = counterOf(e.target);
    if (!g || e.target !== g || (e.key !== "Enter" && e.key !== " ")) return;
    e.preventDefault();
    g.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  });

  let before = null;
  const MOVE_MS = 800;
  function where(g) {
    const m = /translate\(\s*([-\d.]+)[ ,]+([-\d.]+)\s*\)/.exec(g.getAttribute("transform") || "");
    return m ? { x: parseFloat(m[1]), y: parseFloat(m[2]) } : null;
  }
  function counters() { return document.querySelectorAll(".board-counters > .board-counter[id]"); }
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "board") return;
    before = {};
    counters().forEach(function (g) { before[g.id] = where(g); });
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    if (!before || !e.target || e.target.id !== "board") return;
    const was = before;
    before = null;
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    counters().forEach(function (g) {
      const to = where(g), from = was[g.id];
      if (!to) return;
      if (!from) { g.classList.add("board-appear"); return; }
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
})();
