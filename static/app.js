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
  // Live playback. The server resolves everything between two decisions in one transaction (so nothing is lost
  // in a crash), and a push may bring several sections of play at once. The page shows them as they happened:
  // one section at a time, each under its heading, the section being shown named in a live region. Nothing is
  // shown that the push did not already carry; a player who prefers less motion sees it all at once.
  const PACE_MS = 900;
  let shownUpTo = -1;
  let playback = null;

  function lastLine(root) {
    let n = -1;
    (root || document).querySelectorAll("#log li[data-n]").forEach(function (li) {
      n = Math.max(n, parseInt(li.dataset.n, 10));
    });
    return n;
  }

  function finishPlayback() {
    if (!playback) return;
    clearTimeout(playback.timer);
    playback.runs.forEach(function (run) { run.forEach(function (li) { li.hidden = false; }); });
    document.querySelectorAll("#log .log-run").forEach(function (r) { r.hidden = false; });
    const now = document.getElementById("log-now");
    if (now) { now.hidden = true; now.textContent = ""; }
    const log = document.getElementById("log");
    if (log) log.dataset.playing = "";
    playback = null;
  }

  function play(from) {
    const log = document.getElementById("log");
    if (!log || from < 0) return;
    const fresh = Array.from(log.querySelectorAll("li[data-n]")).filter(function (li) {
      return parseInt(li.dataset.n, 10) > from;
    });
    // runs in the order they happened: the log shows the newest run first, so walk the runs from the bottom
    const runs = [];
    const heads = [];
    Array.from(log.querySelectorAll(".log-run")).reverse().forEach(function (run) {
      const lines = fresh.filter(function (li) { return run.contains(li); });
      if (!lines.length) return;
      runs.push(lines);
      heads.push(run);
    });
    const reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (runs.length < 2 || reduced) return;
    runs.forEach(function (lines, i) {
      lines.forEach(function (li) { li.hidden = true; });
      if (heads[i].querySelectorAll("li[data-n]").length === lines.length) heads[i].hidden = true;
    });
    const now = document.getElementById("log-now");
    playback = { runs: runs, timer: null, step: 0 };
    log.dataset.playing = "yes";
    const step = function () {
      if (!playback) return;
      const i = playback.step++;
      if (i >= runs.length) { finishPlayback(); return; }
      heads[i].hidden = false;
      runs[i].forEach(function (li) { li.hidden = false; });
      if (now) {
        now.hidden = false;
        now.textContent = "Now: " + (heads[i].dataset.at || "the game");
      }
      playback.timer = setTimeout(step, PACE_MS);
    };
    step();
  }

  // htmx fires oobAfterSwap on every element swapped so far in the same message, so the new log hears it again
  // for each later fragment: play once per swap.
  let swapped = false;
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    if (e.detail.target && e.detail.target.id === "log") {
      finishPlayback();
      shownUpTo = lastLine();
      swapped = true;
    }
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) {
    if (swapped && e.target && e.target.id === "log") {
      swapped = false;
      play(shownUpTo);
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && playback) finishPlayback();  // show the whole stretch at once
  });

  document.addEventListener("DOMContentLoaded", function () {
    refreshTitle();
    const ask = document.getElementById("notify");
    if (ask && window.Notification) {
      ask.hidden = false;
      ask.addEventListener("click", function () { Notification.requestPermission(); });
    }
  });
})();
