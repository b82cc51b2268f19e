// First Blood's page helps (templates/games/first_blood): drawn from the prompt only, nothing decided here.
// Movement (§6): the move form has a destination for each unit (arg.to.<unit>); choosing or focusing one marks the
// hexes that unit may reach on the map with their cost in MF (the prompt's info.reach) and says them in words;
// clicking a marked hex picks it as that unit's destination.
// Combat (§7.6): changing the attack form asks the rules for the odds column and modifiers (the /odds fragment).
(function () {
  "use strict";
  function plain(value) {  // the generic forms post each choice as JSON ("\"hex:0709\""), app/web/actions.py
    try { return JSON.parse(value); } catch (err) { return value; }
  }
  function formOf(verb) {
    var v = document.querySelector('form.action input[name="verb"][value="' + verb + '"]');
    return v ? v.form : null;
  }
  function clearReach() {
    document.querySelectorAll("#first-blood-map .fb-reachable").forEach(function (g) {
      g.classList.remove("fb-reachable");
      var t = g.querySelector(".fb-cost");
      if (t) t.remove();
    });
    var said = document.getElementById("fb-reach-text");
    if (said) said.textContent = "";
  }
  var current = null;  // the unit whose destination is being chosen
  function showReach() {
    clearReach();
    var form = formOf("move"), holder = document.querySelector(".fb-reach[data-reach]");
    if (!form || !holder || !current) return;
    var chosen = current, reach = JSON.parse(holder.getAttribute("data-reach"))[chosen] || {};
    Object.keys(reach).forEach(function (place) {
      if (place.indexOf("hex:") !== 0) return;
      var g = document.querySelector('#first-blood-map [data-hex="' + place.slice(4) + '"]');
      if (!g) return;
      g.classList.add("fb-reachable");
      var id = g.querySelector(".board-hex-id"), t = document.createElementNS("http://www.w3.org/2000/svg", "text");
      t.setAttribute("class", "fb-cost");
      t.setAttribute("x", id ? id.getAttribute("x") : 0);
      t.setAttribute("y", id ? String(parseFloat(id.getAttribute("y")) + 14) : 0);
      t.textContent = reach[place] + " MF";
      g.appendChild(t);
    });
    var words = holder.querySelector('[data-unit="' + chosen + '"]');
    var said = document.getElementById("fb-reach-text");
    if (said) said.textContent = words ? words.textContent.replace(/\s+/g, " ").trim() : "";
  }
  var asked = 0;
  function showOdds() {
    var form = formOf("attack"), out = document.getElementById("fb-odds");
    if (!form || !out) return;
    var q = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (name.indexOf("arg.") === 0) q.append(name, plain(value));
    });
    q.append("seat", out.getAttribute("data-seat"));
    var mine = ++asked;
    fetch(out.getAttribute("data-url") + "?" + q.toString(), {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) { if (mine === asked && html) out.innerHTML = html; });
  }
  function unitOf(target) {  // the unit a destination field is for: arg.to.<unit>
    var name = target && target.name;
    return name && name.indexOf("arg.to.") === 0 ? name.slice(7) : null;
  }
  function follow(e) {
    var form = e.target.form;
    if (!form) return;
    var verb = form.querySelector('input[name="verb"]');
    if (verb && verb.value === "move" && unitOf(e.target)) { current = unitOf(e.target); showReach(); }
    if (verb && verb.value === "attack" && e.type === "change") showOdds();
  }
  document.addEventListener("change", follow);
  document.addEventListener("focusin", follow);
  document.addEventListener("click", function (e) {
    var g = e.target.closest && e.target.closest("#first-blood-map .fb-reachable");
    var form = formOf("move");
    if (!g || !form || !current) return;
    var to = form.querySelector('[name="arg.to.' + current + '"]');
    if (to) { to.value = JSON.stringify("hex:" + g.getAttribute("data-hex")); to.focus(); }
  });
  function placeOdds() {  // the odds panel right under the attack form it describes
    var form = formOf("attack"), panel = document.querySelector(".fb-odds-panel");
    if (form && panel && form.nextElementSibling !== panel) form.after(panel);
  }
  function settle() { showReach(); placeOdds(); }
  document.addEventListener("htmx:afterSettle", settle);
  document.addEventListener("DOMContentLoaded", settle);
})();
