// Solomons: optional touches only (the forms work without it). Clicking one of your task forces on the map opens
// and shows its details below the map.
(function () {
  "use strict";
  if (window.solomonsReady) return;  // the prompt (and this script) is re-rendered after every commit
  window.solomonsReady = true;
  document.addEventListener("click", function (e) {
    const g = e.target.closest && e.target.closest("#sol-counters .sol-tf");
    if (!g) return;
    const panel = document.getElementById("force-" + g.id.replace(/^counter-/, ""));
    if (panel) { panel.open = true; panel.scrollIntoView({ behavior: "smooth", block: "nearest" }); }
  });
})();
