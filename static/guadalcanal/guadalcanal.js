// Guadalcanal's pages (templates/games/guadalcanal): two enhancements over forms that work without script.
// 1. A flight's route (3d): click hexes on the searchboard one by one; each click adds the hex to the route field of
//    the flight being ordered (the generic form's text list), clicking its last hex again announces (or stops
//    announcing) a search there by ticking the form's own box; the route is drawn over the map as it grows.
// 2. The Operations Card (3a, 3b): drag a unit onto a box to tick the check box that moves it there.
// 3. The prompt is drawn again whenever a commit changes what this side sees (the other side's set-up, its
//    Operations Card in open play). A form the player is filling in keeps what was ticked, chosen and typed when
//    the same order comes back (same title and same button); only the server's version and key are taken anew.
(function () {
  "use strict";
  if (window.guadalcanalReady) return;  // included again with every redrawn board
  window.guadalcanalReady = true;
  const SVG = "http://www.w3.org/2000/svg";
  let active = 0;  // the flight being routed (its index among the prompt's routes: one a form, or one a flight of
                   // the one order for every flight, all_flights.py)

  function routes() { return Array.from(document.querySelectorAll("#prompt .gc-route")); }
  function forms() { return Array.from(document.querySelectorAll("#prompt form.action")); }
  function routeOf(i) { return routes()[i]; }
  function routesOf(form) { const i = forms().indexOf(form); return routes().filter(function (r) { return Number(r.dataset.form) === i; }); }
  function fieldOf(r) { const f = forms()[Number(r.dataset.form)]; return f && f.querySelector("[name='" + r.dataset.field + "']"); }
  function pathOf(r) { const f = fieldOf(r); return f ? f.value.split(/[\s,]+/).filter(Boolean) : []; }
  function searchBox(r, hex) {
    const f = forms()[Number(r.dataset.form)];
    // the one-flight form's own boxes, or, in the one order for every flight, the flight's (its field's `.search`)
    const own = r.dataset.field.replace(/\.path$/, ".search");
    return f && (f.querySelector("input[name='" + own + "'][value='\"" + hex + "\"']") ||
                 f.querySelector("input[name='arg.search'][value='\"" + hex + "\"']"));
  }
  function centre(svg, hex) {
    const g = svg.querySelector(".board-hex[data-hex='" + hex + "'] polygon");
    if (!g) return null;
    const b = g.getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  }
  function status(r, text) {
    const f = forms()[Number(r.dataset.form)];
    if (!f) return;
    let out = f.querySelector(".gc-route-status[data-for='" + r.dataset.field + "']");
    if (!out) {
      out = document.createElement("p");
      out.className = "gc-route-status";
      out.dataset.for = r.dataset.field;
      out.setAttribute("aria-live", "polite");
      const clear = document.createElement("button");
      clear.type = "button";
      clear.textContent = "Clear the route";
      clear.className = "gc-route-clear";
      clear.addEventListener("click", function () {
        fieldOf(r).value = "";
        f.querySelectorAll("input[name='arg.search']:checked").forEach(function (x) { x.checked = false; });
        draw();
      });
      const field = fieldOf(r);
      field.parentNode.insertBefore(out, field.nextSibling);
      out.after(clear);
    }
    out.textContent = text;
  }
  function draw() {
    const svg = document.getElementById("searchboard");
    document.querySelectorAll("#gc-route-layer").forEach(function (x) { x.remove(); });
    const r = routeOf(active) || routes()[0];
    if (!svg || !r) return;
    const path = pathOf(r), origin = r.dataset.origin;
    const layer = document.createElementNS(SVG, "g");
    layer.id = "gc-route-layer";
    const pts = [origin].concat(path).map(function (h) { return centre(svg, h); }).filter(Boolean);
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("class", "gc-route-line");
    line.setAttribute("points", pts.map(function (p) { return p.x + "," + p.y; }).join(" "));
    layer.appendChild(line);
    const announced = [];
    path.forEach(function (h, i) {
      const p = centre(svg, h);
      if (!p) return;
      const box = searchBox(r, h);
      const dot = document.createElementNS(SVG, "circle");
      dot.setAttribute("cx", p.x); dot.setAttribute("cy", p.y);
      if (box && box.checked) {
        dot.setAttribute("r", 18); dot.setAttribute("class", "gc-route-search"); announced.push(h);
      } else { dot.setAttribute("r", 7); dot.setAttribute("class", "gc-route-step"); }
      layer.appendChild(dot);
      const t = document.createElementNS(SVG, "text");
      t.setAttribute("x", p.x); t.setAttribute("y", p.y - 10); t.setAttribute("class", "gc-route-text");
      t.textContent = String(i + 1);
      layer.appendChild(t);
    });
    const counters = svg.querySelector(".board-counters");
    svg.insertBefore(layer, counters);
    status(r, "Route from " + origin + ": " + (path.join(", ") || "none yet") +
           (path.length ? "; announced: " + (announced.join(", ") || "none") : ""));
  }
  function clickHex(hex) {
    const r = routeOf(active) || routes()[0];
    if (!r) return false;
    const field = fieldOf(r), path = pathOf(r);
    const last = path.length ? path[path.length - 1] : r.dataset.origin;
    if (path.length && hex === last) {
      const box = searchBox(r, hex);
      if (box) box.checked = !box.checked;
    } else {
      const steps = JSON.parse(r.dataset.steps || "{}");
      const max = r.dataset.max === "" ? Infinity : Number(r.dataset.max);
      if (!(steps[last] || []).includes(hex) || path.length >= max) {
        status(r, hex + " is not one hex on from " + last + (path.length >= max ? " within the flight's reach" : "") + ".");
        return true;
      }
      path.push(hex);
      field.value = path.join(", ");
      // routing a flight means flying it: its units (a scout alone, or all combat units of one hex, 3d2) are ticked
      forms()[Number(r.dataset.form)].querySelectorAll("input[name='arg.units']").forEach(function (x) { x.checked = true; });
    }
    draw();
    return true;
  }
  document.addEventListener("click", function (e) {
    const hex = e.target.closest && e.target.closest("#searchboard .board-hex");
    if (hex && routes().length) { clickHex(hex.dataset.hex); return; }
    const form = e.target.closest && e.target.closest("#prompt form.action");
    if (form) pick(form, e.target);
  });
  // The route clicked on the map is the one last touched: its own field, or the first of the form touched.
  function pick(form, target) {
    const mine = routesOf(form);
    if (!mine.length) return;
    const own = mine.find(function (r) { return target && target.name === r.dataset.field; });
    const r = own || (mine.includes(routeOf(active)) ? routeOf(active) : mine[0]);
    const i = routes().indexOf(r);
    if (i !== active) { active = i; draw(); }
  }
  document.addEventListener("focusin", function (e) {
    const form = e.target.closest && e.target.closest("#prompt form.action");
    if (form) pick(form, e.target);
  });
  document.addEventListener("input", function (e) {
    if (e.target.closest && e.target.closest("#prompt form.action") && routes().length) draw();
  });
  document.addEventListener("change", function (e) {
    if (e.target.name === "arg.search") draw();
  });
  function refresh() { active = 0; if (routes().length) draw(); }

  let kept = null, sent = false;
  function signature(f) {
    const title = document.getElementById("prompt-title"), button = f.querySelector("button[type='submit']");
    return (title ? title.textContent : "") + "|" + (button ? button.textContent : "");
  }
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (e.target.closest && e.target.closest("#prompt form.action")) sent = true;  // its answer is a new prompt
  });
  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.target.closest && e.target.closest("#prompt form.action") && !e.detail.successful) sent = false;
  });
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "prompt") return;
    kept = sent ? null : forms().map(function (f) {
      return { sig: signature(f), fields: Array.from(f.elements).filter(function (x) {
        return x.name && x.type !== "hidden" && x.type !== "submit";
      }).map(function (x) { return { name: x.name, value: x.value, on: x.checked }; }) };
    });
    sent = false;
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    if (!kept || !e.target || e.target.id !== "prompt") return;
    const was = kept;
    kept = null;
    forms().forEach(function (f, i) {
      if (!was[i] || was[i].sig !== signature(f)) return;
      was[i].fields.forEach(function (k) {
        const els = Array.from(f.elements).filter(function (x) { return x.name === k.name; });
        els.forEach(function (x) {
          if (x.type === "checkbox" || x.type === "radio") { if (x.value === k.value) x.checked = k.on; }
          else x.value = k.value;
        });
      });
    });
  });
  document.addEventListener("htmx:oobAfterSwap", refresh);
  document.addEventListener("htmx:afterSettle", refresh);
  document.addEventListener("DOMContentLoaded", refresh);
  if (document.readyState !== "loading") refresh();

  // --- drag a unit to a box on the Operations Card -----------------------------------------------------------
  let dragged = null;
  document.addEventListener("dragstart", function (e) {
    const u = e.target.closest && e.target.closest(".gc-card-form .gc-unit[draggable='true']");
    if (!u) return;
    dragged = u;
    e.dataTransfer.setData("text/plain", u.dataset.unit);
    e.dataTransfer.effectAllowed = "move";
  });
  function boxAt(e) { return dragged && e.target.closest && e.target.closest(".gc-card-form .gc-box[data-box]"); }
  document.addEventListener("dragover", function (e) {
    const box = boxAt(e);
    if (!box) return;
    e.preventDefault();
    document.querySelectorAll(".gc-drop").forEach(function (x) { x.classList.remove("gc-drop"); });
    box.classList.add("gc-drop");
  });
  document.addEventListener("drop", function (e) {
    const box = boxAt(e);
    if (!box) return;
    e.preventDefault();
    box.classList.remove("gc-drop");
    const to = box.dataset.box.split(":")[0];
    const home = dragged.closest(".gc-box") === box;
    dragged.querySelectorAll("input[data-to]").forEach(function (x) { x.checked = !home && x.dataset.to === to; });
    dragged = null;
  });
  document.addEventListener("dragend", function () {
    dragged = null;
    document.querySelectorAll(".gc-drop").forEach(function (x) { x.classList.remove("gc-drop"); });
  });
})();
