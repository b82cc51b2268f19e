// U.S.N.'s board (templates/games/usn): a click on the map names the hex under it (the same arithmetic as
// app/games/usn/board_view.hex_at) and, while an order asks for a hex, fills the hex field the player last touched
// (or the first empty one); a click on a stack fills its hex. The board is drawn again on every push, so every
// listener is delegated from the document and this file runs once.
(function () {
  "use strict";
  if (window.usnReady) return;
  window.usnReady = true;
  let active = null;  // the id of the hex field last touched

  function geometry() {
    const host = document.querySelector("[data-usn-geometry]");
    return host ? JSON.parse(host.dataset.usnGeometry) : null;
  }
  function hexId(g, c, r) {
    if (r < 0 || r >= g.per_column) return null;
    const n = g.offset + g.per_column * c + r;
    return n >= g.first && n <= g.last ? String(n).padStart(4, "0") : null;
  }
  function centre(g, c, r) {
    const row = g.size * Math.sqrt(3);
    const odd = ((c % 2) + 2) % 2 === 1;
    return [g.margin + g.size + g.size * 1.5 * (c - g.first_column), g.margin + row * (r + 0.5 + (odd ? 0 : 0.5))];
  }
  function hexAt(g, x, y) {
    const row = g.size * Math.sqrt(3);
    const c0 = Math.round((x - g.margin - g.size) / (g.size * 1.5)) + g.first_column;
    let best = null, far = g.size * 1.01;
    for (let c = c0 - 1; c <= c0 + 1; c++) {
      const odd = ((c % 2) + 2) % 2 === 1;
      const r0 = Math.round((y - g.margin) / row - 0.5 - (odd ? 0 : 0.5));
      for (let r = r0 - 1; r <= r0 + 1; r++) {
        const h = hexId(g, c, r);
        if (!h) continue;
        const p = centre(g, c, r), d = Math.hypot(x - p[0], y - p[1]);
        if (d < far) { best = h; far = d; }
      }
    }
    return best;
  }
  function fields() { return Array.from(document.querySelectorAll("#prompt [data-hex-field]")); }
  function target() {
    const all = fields();
    const last = active && document.getElementById(active);
    if (last && all.includes(last)) return last;
    return all.find(function (f) { return !f.value; }) || all[0] || null;
  }
  function say(text) {
    const out = document.getElementById("usn-hex-status");
    if (out) out.textContent = text;
  }
  function labelOf(field) {
    const l = field.id && document.querySelector("label[for='" + field.id + "']");
    const row = field.closest("tr");
    const th = row && row.querySelector("th");
    return (th ? th.textContent.trim().split(/\s+at\s/)[0] + ", " : "") + (l ? l.textContent.trim() : "hex");
  }
  function fill(hex, g) {
    const name = g.names[hex] ? " (" + g.names[hex] + ")" : "";
    const field = target();
    if (!field) { say("Hex " + hex + name + "."); return; }
    if (field.tagName === "SELECT") {
      if (!Array.from(field.options).some(function (o) { return o.value === hex; })) {
        say("Hex " + hex + name + " is not offered for " + labelOf(field) + ".");
        return;
      }
    }
    field.value = hex;
    field.dispatchEvent(new Event("change", { bubbles: true }));
    active = field.id;
    say("Hex " + hex + name + " → " + labelOf(field) + ".");
  }
  // Pointing at the map names the hex under the pointer and its place (the printed map's names are in the drawing;
  // this says them in words), at most once a frame.
  let pending = null;
  document.addEventListener("pointermove", function (e) {
    const svg = e.target.closest && e.target.closest("svg#usn-map");
    if (!svg || pending) return;
    pending = [svg, e.clientX, e.clientY];
    window.requestAnimationFrame(function () {
      const [s, x, y] = pending;
      pending = null;
      const g = geometry(), out = document.getElementById("usn-hex-hover");
      if (!g || !out) return;
      const pt = s.createSVGPoint();
      pt.x = x; pt.y = y;
      const p = pt.matrixTransform(s.getScreenCTM().inverse());
      const hex = hexAt(g, p.x, p.y);
      out.textContent = hex ? "Hex " + hex + (g.names[hex] ? ": " + g.names[hex] : "") : "";
    });
  });
  document.addEventListener("focusin", function (e) {
    if (e.target.matches && e.target.matches("#prompt [data-hex-field]")) active = e.target.id;
  });
  document.addEventListener("click", function (e) {
    const svg = e.target.closest && e.target.closest("svg#usn-map");
    if (!svg) return;
    const g = geometry();
    if (!g) return;
    const counter = e.target.closest(".board-counter");
    let hex = null;
    if (counter) {
      const tag = Array.from(counter.classList).find(function (c) { return c.startsWith("tag-hex-"); });
      hex = tag ? tag.slice(8) : null;
    } else {
      const pt = svg.createSVGPoint();
      pt.x = e.clientX; pt.y = e.clientY;
      const p = pt.matrixTransform(svg.getScreenCTM().inverse());
      hex = hexAt(g, p.x, p.y);
    }
    if (hex) fill(hex, g);
  });

  // Offered means legal (issue 34): a strike row's targets are those its station and air type reach
  // (the allocation prompt's info.reach, on the form as data-usn-reach); the other hexes are disabled.
  function narrowStrikes(form) {
    const reach = JSON.parse(form.dataset.usnReach || "{}");
    form.querySelectorAll("[name$='.target'][name^='arg.missions.']").forEach(function (target) {
      const row = target.name.slice(0, -".target".length);
      const from = form.querySelector("[name='" + row + ".from']");
      const kind = form.querySelector("[name='" + row + ".kind']");
      if (!from || !kind || !from.value || !kind.value) return;
      const ok = ((reach[from.value] || {})[kind.value]) || [];
      if (target.tagName === "SELECT") {
        Array.from(target.options).forEach(function (o) { o.disabled = o.value !== "" && ok.indexOf(o.value) < 0; });
        if (target.value && ok.indexOf(target.value) < 0) target.value = "";
      } else {
        target.setCustomValidity(target.value && ok.indexOf(target.value) < 0
          ? "Out of reach of this station's air type; in reach: " + (ok.join(", ") || "none") : "");
      }
    });
  }
  document.addEventListener("change", function (e) {
    const form = e.target.closest && e.target.closest("form[data-usn-reach]");
    if (form) narrowStrikes(form);
  });
})();
