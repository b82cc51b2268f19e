// Pan and zoom for any game map drawn as <svg data-zoomable> (issue 11, item 7): buttons, the mouse wheel (once the
// map has focus, or with Ctrl, so the page still scrolls past it), dragging, two-finger pinch, the keyboard
// (+ - arrows 0 F) and a full-window mode. It changes only the SVG's viewBox, so the drawing and its counters
// are untouched. A live push redraws the board: the new map is shown at the view the player had chosen.
//
// The map's stylesheet can keep labels readable at every zoom with --map-k, set here on the SVG: the number of
// map units per screen pixel (e.g. font-size: max(12px, calc(var(--map-k) * 11px)) never drops below 11 px).
(function () {
  "use strict";
  if (window.mapZoomReady) return;
  window.mapZoomReady = true;

  const views = {};      // the chosen viewBox of each map, by the SVG's id: kept across live pushes
  let fullId = null;     // the map shown full-window, by id
  const MAX_ZOOM = 8;    // unless the board says how close it may be looked at (data-max-zoom: U.S.N.'s whole Pacific)

  function base(svg) {
    if (!svg.dataset.baseViewbox) {
      const b = svg.viewBox.baseVal;
      svg.dataset.baseViewbox = [b.x, b.y, b.width, b.height].join(" ");
    }
    const p = svg.dataset.baseViewbox.split(" ").map(Number);
    return { x: p[0], y: p[1], w: p[2], h: p[3] };
  }

  function current(svg) {
    const b = svg.viewBox.baseVal;
    return { x: b.x, y: b.y, w: b.width, h: b.height };
  }

  function clamp(svg, v) {
    const o = base(svg);
    const w = Math.min(o.w, Math.max(o.w / (Number(svg.dataset.maxZoom) || MAX_ZOOM), v.w));
    const h = w * o.h / o.w;
    // keep some of the map in view: the view's centre stays on the map
    const cx = Math.min(o.x + o.w, Math.max(o.x, v.x + v.w / 2));
    const cy = Math.min(o.y + o.h, Math.max(o.y, v.y + v.h / 2));
    return { x: cx - w / 2, y: cy - h / 2, w: w, h: h };
  }

  function show(svg, v) {
    v = clamp(svg, v);
    svg.setAttribute("viewBox", [v.x, v.y, v.w, v.h].map(function (n) { return n.toFixed(2); }).join(" "));
    if (svg.id) views[svg.id] = v;
    scaleLabels(svg);
    const host = svg.closest("[data-zoom-host]");
    const level = base(svg).w / v.w;
    if (host) {
      const out = host.querySelector(".map-zoom-level");
      if (out) out.textContent = Math.round(level * 100) + "%";
    }
  }

  function scaleLabels(svg) {
    const v = current(svg);
    const box = svg.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const k = Math.max(v.w / box.width, v.h / box.height);  // map units per screen pixel (the SVG "meets")
    svg.style.setProperty("--map-k", k.toFixed(3));
  }

  function point(svg, clientX, clientY) {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = svg.createSVGPoint();
    p.x = clientX;
    p.y = clientY;
    return p.matrixTransform(m.inverse());
  }

  function zoomAt(svg, factor, at) {
    const v = current(svg);
    const c = at || { x: v.x + v.w / 2, y: v.y + v.h / 2 };
    const w = v.w / factor, h = v.h / factor;
    show(svg, { x: c.x - (c.x - v.x) * (w / v.w), y: c.y - (c.y - v.y) * (h / v.h), w: w, h: h });
  }

  function pan(svg, dx, dy) {  // in map units
    const v = current(svg);
    show(svg, { x: v.x + dx, y: v.y + dy, w: v.w, h: v.h });
  }

  function reset(svg) {
    show(svg, base(svg));
  }

  function setFull(host, svg, on) {
    host.classList.toggle("map-full", on);
    document.body.classList.toggle("map-full-open", on);
    fullId = on ? svg.id : null;
    const button = host.querySelector(".map-zoom-full");
    if (button) {
      button.textContent = on ? "Leave full screen" : "Full screen";
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
    // the whole page goes full screen (not the map's own element, which a live push replaces)
    try {
      if (on && document.fullscreenEnabled && !document.fullscreenElement) document.documentElement.requestFullscreen().catch(function () {});
      if (!on && document.fullscreenElement) document.exitFullscreen().catch(function () {});
    } catch (e) { /* full window is enough */ }
    requestAnimationFrame(function () { scaleLabels(svg); });
  }

  function button(label, cls, title) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = label;
    if (title) { b.title = title; b.setAttribute("aria-label", title); }
    return b;
  }

  function init(svg) {
    if (svg.dataset.zoomReady) return;
    svg.dataset.zoomReady = "yes";
    const host = svg.parentElement;
    host.setAttribute("data-zoom-host", "");
    host.tabIndex = 0;
    const keysHelp = document.createElement("span");
    keysHelp.className = "map-zoom-keys";
    keysHelp.id = (svg.id || "map") + "-zoom-keys";
    keysHelp.hidden = true;
    keysHelp.textContent = "Zoom with + and -, pan with the arrow keys, 0 shows the whole map, F full screen.";
    host.appendChild(keysHelp);
    host.setAttribute("aria-describedby", keysHelp.id);
    if (!host.hasAttribute("aria-labelledby")) host.setAttribute("aria-label", "Map");
    const bar = document.createElement("div");
    bar.className = "map-zoom-bar";
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", "Map zoom");
    const zin = button("+", "map-zoom-in", "Zoom in");
    const zout = button("−", "map-zoom-out", "Zoom out");
    const whole = button("Whole map", "map-zoom-reset");
    const full = button("Full screen", "map-zoom-full");
    full.setAttribute("aria-pressed", "false");
    const level = document.createElement("span");
    level.className = "map-zoom-level";
    level.setAttribute("aria-live", "polite");
    const hint = document.createElement("span");
    hint.className = "map-zoom-hint";
    hint.textContent = "Drag to pan; click the map, then scroll or pinch to zoom.";
    [zin, zout, whole, full, level, hint].forEach(function (el) { bar.appendChild(el); });
    host.insertBefore(bar, svg);
    zin.addEventListener("click", function () { zoomAt(svg, 1.5); });
    zout.addEventListener("click", function () { zoomAt(svg, 1 / 1.5); });
    whole.addEventListener("click", function () { reset(svg); });
    full.addEventListener("click", function () { setFull(host, svg, !host.classList.contains("map-full")); });

    host.addEventListener("keydown", function (e) {
      if (e.target !== host) return;  // keys typed into the page's forms are theirs
      const v = current(svg), step = v.w / 8;
      const keys = {
        "+": function () { zoomAt(svg, 1.5); }, "=": function () { zoomAt(svg, 1.5); },
        "-": function () { zoomAt(svg, 1 / 1.5); }, "_": function () { zoomAt(svg, 1 / 1.5); },
        "0": function () { reset(svg); },
        "ArrowLeft": function () { pan(svg, -step, 0); }, "ArrowRight": function () { pan(svg, step, 0); },
        "ArrowUp": function () { pan(svg, 0, -step); }, "ArrowDown": function () { pan(svg, 0, step); },
        "f": function () { setFull(host, svg, !host.classList.contains("map-full")); },
        "Escape": function () { if (host.classList.contains("map-full")) setFull(host, svg, false); },
      };
      const act = keys[e.key.length === 1 ? e.key.toLowerCase() : e.key] || keys[e.key];
      if (act) { e.preventDefault(); act(); }
    });

    svg.addEventListener("wheel", function (e) {
      if (!(e.ctrlKey || host.contains(document.activeElement) || host.classList.contains("map-full"))) return;
      e.preventDefault();
      zoomAt(svg, Math.exp(-e.deltaY / 400), point(svg, e.clientX, e.clientY));
    }, { passive: false });

    // dragging pans; two fingers pinch-zoom about their midpoint
    const pointers = new Map();
    let pinch = null, moved = false;
    svg.addEventListener("pointerdown", function (e) {
      if (e.button !== 0 && e.pointerType === "mouse") return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      moved = false;
      if (pointers.size === 2) {
        const [a, b] = Array.from(pointers.values());
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) };
      }
    });
    svg.addEventListener("pointermove", function (e) {
      const was = pointers.get(e.pointerId);
      if (!was) return;
      const now = { x: e.clientX, y: e.clientY };
      if (pointers.size === 1) {
        if (!moved && Math.hypot(now.x - was.x, now.y - was.y) < 4) return;  // a click, not yet a drag
        if (!moved) { try { svg.setPointerCapture(e.pointerId); } catch (err) { /* released */ } }
        moved = true;
        const p0 = point(svg, was.x, was.y), p1 = point(svg, now.x, now.y);
        if (p0 && p1) pan(svg, p0.x - p1.x, p0.y - p1.y);
        pointers.set(e.pointerId, now);
      } else if (pointers.size === 2 && pinch) {
        pointers.set(e.pointerId, now);
        const [a, b] = Array.from(pointers.values());
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        if (d > 0 && pinch.d > 0) zoomAt(svg, d / pinch.d, point(svg, (a.x + b.x) / 2, (a.y + b.y) / 2));
        pinch.d = d;
        moved = true;
      }
      e.preventDefault();
    });
    function up(e) {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
    }
    svg.addEventListener("pointerup", up);
    svg.addEventListener("pointercancel", up);
    // a drag that ends over a counter is not a click on it
    svg.addEventListener("click", function (e) { if (moved) { e.stopPropagation(); e.preventDefault(); moved = false; } }, true);

    if (svg.id && views[svg.id]) show(svg, views[svg.id]);
    else if (svg.dataset.frame) {  // the board opens on its area of play (a scenario's), not the whole map
      const f = svg.dataset.frame.split(" ").map(Number), o = base(svg);
      const w = Math.max(f[2], f[3] * o.w / o.h);  // the whole frame in view at the map's proportions
      show(svg, { x: f[0] + f[2] / 2 - w / 2, y: f[1] + f[3] / 2 - w * o.h / o.w / 2, w: w, h: w * o.h / o.w });
    } else scaleLabels(svg);
    if (svg.id && fullId === svg.id) setFull(host, svg, true);
  }

  function initAll(root) {
    (root || document).querySelectorAll("svg[data-zoomable]").forEach(init);
  }
  document.addEventListener("DOMContentLoaded", function () { initAll(document); });
  document.addEventListener("htmx:oobAfterSwap", function (e) { initAll(e.target && e.target.querySelectorAll ? e.target : document); });
  document.addEventListener("htmx:afterSwap", function (e) { initAll(e.target && e.target.querySelectorAll ? e.target : document); });
  // htmx settles a swapped map's style attribute back to the server's after the swap (a push's too), dropping --map-k
  ["htmx:afterSettle", "htmx:wsAfterMessage"].forEach(function (ev) {
    document.addEventListener(ev, function () { document.querySelectorAll("svg[data-zoomable]").forEach(scaleLabels); });
  });
  document.addEventListener("fullscreenchange", function () {
    if (document.fullscreenElement || !fullId) return;
    const svg = document.getElementById(fullId);
    const host = svg && svg.closest("[data-zoom-host]");
    if (host) setFull(host, svg, false);  // the player left full screen with the browser's own key
  });
  window.addEventListener("resize", function () { document.querySelectorAll("svg[data-zoomable]").forEach(scaleLabels); });
  if (document.readyState !== "loading") initAll(document);
})();
