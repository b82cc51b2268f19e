// Ironbottom page behaviour: show errors where the player is looking, keep the tab title honest about whose
// move it is, and catch up after a reconnect. Everything shown comes from the server's rendering of the view.
(function () {
  "use strict";
  // Swap 4xx answers too: they carry a message for the player (htmx ignores error bodies by default).
  htmx.config.responseHandling = [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "[4]..", swap: true, error: false },
    { code: "...", swap: false, error: true },
  ];
  const baseTitle = document.title.replace(/^Your move · /, "");
  let notified = -1;

  function status() { return document.getElementById("status"); }

  function refreshTitle() {
    const s = status();
    if (!s) return;
    const mine = s.dataset.yourMove === "yes";
    const version = parseInt(s.dataset.version || "0", 10);
    document.title = (mine ? "Your move · " : "") + baseTitle;
    const game = document.querySelector(".game");
    if (game) game.dataset.version = String(version);
    if (mine && notified !== version && document.hidden && window.Notification && Notification.permission === "granted") {
      notified = version;
      new Notification("Ironbottom: your move", { body: baseTitle });
    }
  }

  document.addEventListener("htmx:wsOpen", function (e) {
    const game = document.querySelector(".game");
    const version = game ? parseInt(game.dataset.version || "0", 10) : 0;
    e.detail.socketWrapper.send(JSON.stringify({ since: version }));
  });
  document.addEventListener("htmx:oobAfterSwap", refreshTitle);
  document.addEventListener("htmx:wsAfterMessage", refreshTitle);
  document.addEventListener("DOMContentLoaded", function () {
    refreshTitle();
    const ask = document.getElementById("notify");
    if (ask && window.Notification) {
      ask.hidden = false;
      ask.addEventListener("click", function () { Notification.requestPermission(); });
    }
  });
})();
