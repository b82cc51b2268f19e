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

  // Pushes carry what changed (app/realtime/patch.py). Every whole page pushed starts with its id
  // (<!--p:ID-->); a later push may be a patch of the page this socket holds ("~" then [base id, new id, ops...],
  // each op [first, count] of the held page's chunks to copy, or text): the page is rebuilt here and then swapped
  // exactly as a whole push would be, so the forms and the board kept by digest, the log's playback and the
  // counters' glide all see a whole page. A patch made for another page (a push lost) is dropped and the whole
  // page asked for again. The page says it applies patches in its first message on each connection.
  function chunksOf(text) {  // cut as app/realtime/patch.py `chunks` cuts a page
    const out = text.replace(/>/g, ">\0").replace(/\n/g, "\n\0").split("\0");
    if (out.length && !out[out.length - 1]) out.pop();
    return out;
  }
  let held = null;  // the last whole page this socket's pushes built
  let internal = null;  // htmx's internal API, to reach the socket
  function pageId(text) {
    const m = /^<!--p:([0-9a-f]+)-->/.exec(text || "");
    return m ? m[1] : null;
  }
  function askWhole(elt) {
    held = null;
    const socket = internal && internal.getInternalData(elt).webSocket;
    if (socket) socket.send(JSON.stringify({ since: -1, patches: 1 }), elt);
  }
  htmx.defineExtension("ib-patch", {
    init: function (api) { internal = api; },
    transformResponse: function (text, xhr, elt) {
      if (xhr || typeof text !== "string") return text;  // a websocket message has no request
      if (text.charAt(0) === "~") {
        let ops = null;
        try { ops = JSON.parse(text.slice(1)); } catch (err) { ops = null; }
        if (!ops || !held || pageId(held) !== ops[0]) { askWhole(elt); return ""; }
        const chunks = chunksOf(held);
        const out = [];
        for (let i = 2; i < ops.length; i++) {
          const op = ops[i];
          out.push(typeof op === "string" ? op : chunks.slice(op[0], op[0] + op[1]).join(""));
        }
        text = out.join("");
      }
      if (pageId(text)) held = text;
      return text;
    },
  });
  // On <html>: the websocket's element finds it among its ancestors' extensions for every message.
  document.documentElement.setAttribute("hx-ext", "ib-patch");

  document.addEventListener("htmx:wsOpen", function (e) {
    const game = document.querySelector(".game");
    const version = game ? parseInt(game.dataset.version || "0", 10) : 0;
    held = null;  // a new connection's first push is a whole page
    e.detail.socketWrapper.send(JSON.stringify({ since: version, patches: 1 }));
  });
  document.addEventListener("htmx:oobAfterSwap", refreshTitle);
  document.addEventListener("htmx:wsAfterMessage", refreshTitle);
  // A push leaves the order forms as the player has them while they ask the same thing (app/web/forms_kept.py):
  // what the player has typed or chosen stays, so does a refusal shown beside the form, and a click is not lost
  // to the form being replaced between the press and the release. A new question redraws the forms.
  // The board likewise, when the push draws it alike: a click on the map, a counter with the keyboard's focus and
  // the map's zoom are not lost to a chat line or the other side's orders.
  const KEPT = { prompt: "form", board: "board" };
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    const target = e.detail.target, fragment = e.detail.fragment;
    const key = target && KEPT[target.id];
    if (!key || !fragment) return;
    const fresh = fragment.querySelector("#" + target.id);  // an out-of-band section arrives in a fragment
    if (fresh && fresh.dataset[key] && fresh.dataset[key] === target.dataset[key]) e.detail.shouldSwap = false;
  });
  // The chat form is kept across pushes (hx-preserve, templates/game/_live.html) with the message being written;
  // a message sent is cleared once the server has taken it.
  document.addEventListener("htmx:afterRequest", function (e) {
    const form = e.detail.elt;
    if (form && form.id === "chat-form" && e.detail.successful) form.elements.text.value = "";
  });

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
      const turn = heads[i].closest("details");
      if (turn) turn.open = true;  // a stretch that began in a Game-Turn folded away
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

  // The host's invite links (issue 34 item 5): a link whose seat was taken goes from the page as the seats are pushed
  // (#seats lists the open ones in data-open), and the card with the last of them; the links themselves are never
  // pushed (bearer secrets, drawn only on the host's own page).
  function dropUsedInvites() {
    const seats = document.getElementById("seats"), card = document.getElementById("invites");
    if (!seats || !card || !seats.hasAttribute("data-open")) return;
    const open = (seats.getAttribute("data-open") || "").split(" ").filter(Boolean);
    card.querySelectorAll("[data-seat]").forEach(function (row) {
      if (open.indexOf(row.getAttribute("data-seat")) < 0) row.remove();
    });
    if (!card.querySelector("[data-seat]")) card.remove();
  }
  document.addEventListener("htmx:oobAfterSwap", function (e) { if (e.target && e.target.id === "seats") dropUsedInvites(); });

  // A form pushed with the page carries no CSRF token (a push is drawn for a seat, not for one person's session):
  // on submit, a form marked data-csrf takes the page's own, the one htmx sends in its header.
  document.addEventListener("submit", function (e) {
    const form = e.target;
    if (!form.hasAttribute || !form.hasAttribute("data-csrf") || form.querySelector("input[name=csrf_token]")) return;
    let token = null;
    try { token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRF-Token"]; } catch (err) { return; }
    if (!token) return;
    const input = document.createElement("input");
    input.type = "hidden"; input.name = "csrf_token"; input.value = token;
    form.appendChild(input);
  }, true);

  // Rule numbers open the rule (issue 11, item 12). A game's page names its rulebook in data-rules; every rule
  // cited in a prompt, a refusal, a log heading or a provenance note becomes a link to that case of the rules page
  // (/rules/<book>#rule-6.35). "Guadalcanal 18" in a Solomons game points into the book the rule is borrowed from.
  // A book writes its cases its own way (app/play/rulebooks.py): Solomons "6.35", Guadalcanal "18c1", First Blood
  // "§7.4" and "Table 8", and the named cases of Pacific War 1942 and U.S.N. ("rule Supply (G)"). The log's lines
  // cite rules in parentheses ("(5.15)", "(§7.6, Table 10, US Attack Table)", "(Supply (G))"): numbers and sections
  // are linked as they are; a named case only once the book's anchors are known (/rules/<book>?format=json), which
  // also moves a link whose case has no anchor of its own to the one rulebooks.resolve() opens.
  const RULE_ZONES = ".rule, .log-at, .sol-provenance, #prompt-title, .error-message";
  const LOG_LINES = ".log-runs li[data-n]";
  const NUMBER = /(\b(?:rule|printed|example)\s+|\()?((?:Guadalcanal\s+)?(?:§\d{1,2}(?:\.\d{1,2})*|Table\s+\d{1,2}|\d{1,2}\.\d{1,3}[a-z]?|\d{1,2}[a-z]\d*(?:\.\d+)?|\d{1,2}))(?=[\s).,;:]|$)/g;
  const PAREN = /\(((?:[^()]|\([^()]*\))*)\)/g;  // one level of nesting: "(Entrenchment (C))"
  const NUMBERED_PART = /^(?:§\d{1,2}(?:\.\d{1,2})*|Table \d{1,2}|\d{1,2}(?:\.\d{1,3})+|\d{1,2}[a-z]\d*(?:\.\d+)*)$/;
  const indexes = {};

  function ruleBook() {
    const el = document.querySelector("[data-rules]");
    if (!el) return null;
    let borrowed = {};
    try { borrowed = JSON.parse(el.dataset.rulesBorrowed || "{}"); } catch (e) { borrowed = {}; }
    return { id: el.dataset.rules, borrowed: borrowed };
  }

  function ruleAnchor(text) {  // app/play/rulebooks.py anchor()
    return "rule-" + text.toLowerCase().replace(/[^a-z0-9.]+/g, "-").replace(/^-+|-+$/g, "");
  }

  // The book's anchors, fetched once a page: a promise of {cases, anchors: Set, missing: Set}, or of null.
  function bookIndex(id) {
    if (!(id in indexes)) {
      indexes[id] = fetch("/rules/" + encodeURIComponent(id) + "?format=json", { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (j) {
          return j && j.installed ? { cases: j.cases, anchors: new Set(j.anchors), missing: new Set(j.missing) } : null;
        })
        .catch(function () { return null; });
    }
    return indexes[id];
  }

  // Where a citation opens in a book whose anchors are known, as rulebooks.resolve() finds it: the case (as written,
  // the first of a range or a list), else the nearest case holding it, else the book's top. {id, found}.
  function ruleTarget(index, ref) {
    const forms = function (c) {
      c = c.trim().replace(/[.;,]+$/, "");
      const out = [c];
      if (index.cases === "named") out.push(c.replace(/\s*\(([A-Z])\)\s*[–-]\s*\([A-Z]\)$/, " ($1)"));
      else { const first = c.split(/\s*[,;]\s*/)[0]; out.push(first, first.split(/\s*[–-]\s*/)[0]); }
      return out;
    };
    const at = function (c) {
      const hit = forms(c).map(ruleAnchor).find(function (a) { return index.anchors.has(a); });
      return hit || null;
    };
    let id = at(ref);
    if (id) return { id: id, found: index.missing.has(id) ? "missing" : "case" };
    const all = forms(ref);
    let c = all[all.length - 1];
    for (;;) {
      if (index.cases === "numbered") c = c.slice(0, -1).replace(/[.\-–]+$/, "");
      else if (index.cases === "sections") c = c.indexOf(".") >= 0 ? c.replace(/\.[^.]*$/, "") : "";
      else if (/\s*\([^()]*\)$/.test(c)) c = c.replace(/\s*\([^()]*\)$/, "");
      else if (c.indexOf(", ") >= 0) c = c.slice(0, c.lastIndexOf(", "));
      else if (c.indexOf(": ") >= 0) c = c.slice(0, c.lastIndexOf(": "));
      else c = "";
      if (!c) return { id: "rulebook-title", found: "book" };
      id = at(c);
      if (id) return { id: id, found: index.missing.has(id) ? "missing" : "within" };
    }
  }

  function ruleLink(book, ref) {
    const a = document.createElement("a");
    a.className = "rule-link";
    const parts = /^(\S+)\s+(.+)$/.exec(ref);
    const other = parts && book.borrowed[parts[1]];
    a.href = "/rules/" + (other ? other.id : book.id) + "#" + ruleAnchor(other ? parts[2] : ref);
    a.dataset.book = other ? other.id : book.id;
    a.dataset.case = other ? parts[2] : ref;
    a.textContent = ref;
    if (other) a.title = "Borrowed from " + other.title + ", rule " + parts[2];
    return { link: a, borrowed: other ? other.title : null };
  }

  function linkRuleText(book, node) {
    const text = node.nodeValue;
    NUMBER.lastIndex = 0;
    let m, last = 0, out = null, section = false;
    while ((m = NUMBER.exec(text))) {
      const ref = m[2];
      const table = /^Table/.test(ref);
      const decimal = /\d\.\d|\d[a-z]/.test(ref) || /^(Guadalcanal|§)/.test(ref);
      // A bare whole number is a count, not a rule, unless "rule 18", "(18)"; "Table 10" is a rule after a section
      // ("§7.6, Table 10") or as "rule Table 8".
      const cited = table ? (m[1] && m[1] !== "(") || (section && /^\s*,\s*$/.test(text.slice(last, m.index)))
        : decimal || m[1];
      section = /^§/.test(ref) || (table && cited && section);
      if (!cited) continue;
      out = out || document.createDocumentFragment();
      const start = m.index + (m[1] || "").length;
      out.appendChild(document.createTextNode(text.slice(last, start)));
      const made = ruleLink(book, ref);
      out.appendChild(made.link);
      if (made.borrowed) out.appendChild(document.createTextNode(" (the umpired game is borrowed from " + made.borrowed + ")"));
      last = start + ref.length;
    }
    if (!out) return;
    out.appendChild(document.createTextNode(text.slice(last)));
    node.parentNode.replaceChild(out, node);
  }

  function textNodes(zone) {
    const walker = document.createTreeWalker(zone, NodeFilter.SHOW_TEXT, {
      acceptNode: function (n) { return n.parentNode.closest("a") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT; },
    });
    const nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    return nodes;
  }

  // A log line's parenthesised citations: the whole parenthesis if it cites a case, else each of its parts
  // ("(J-L8; Unit Breakdown)"). Numbers and sections are citations as written; a named case must be in `index`.
  function linkLogText(book, index, node) {
    const text = node.nodeValue;
    const found = [];
    PAREN.lastIndex = 0;
    let m;
    while ((m = PAREN.exec(text))) {
      const inner = m[1], from = m.index + 1;
      const cites = function (part) {
        if (NUMBERED_PART.test(part)) return true;
        if (!index || index.cases !== "named" || !/^[A-Z]/.test(part)) return false;
        const found = ruleTarget(index, part).found;
        return found === "case" || found === "missing";
      };
      if (cites(inner.trim())) { found.push([from + inner.indexOf(inner.trim()), inner.trim()]); continue; }
      const re = /[^;,]+/g;
      let p;
      while ((p = re.exec(inner))) {
        const part = p[0].trim();
        if (part && cites(part)) found.push([from + p.index + p[0].indexOf(part), part]);
      }
    }
    if (!found.length) return;
    const out = document.createDocumentFragment();
    let last = 0;
    found.forEach(function (f) {
      out.appendChild(document.createTextNode(text.slice(last, f[0])));
      out.appendChild(ruleLink(book, f[1]).link);
      last = f[0] + f[1].length;
    });
    out.appendChild(document.createTextNode(text.slice(last)));
    node.parentNode.replaceChild(out, node);
  }

  // Once the book's anchors are known: each link opens the anchor rulebooks.resolve() finds, and says where it lands
  // when that is not the case itself.
  function settleLinks(root, id, index) {
    if (!index) return;
    root.querySelectorAll("a.rule-link[data-case]").forEach(function (a) {
      if (a.dataset.book !== id || a.dataset.settled) return;
      a.dataset.settled = "yes";
      const t = ruleTarget(index, a.dataset.case);
      a.href = "/rules/" + id + "#" + t.id;
      if (t.found === "missing") a.title = "Not in this transcription of the rulebook: the page says so";
      else if (t.found === "within") a.title = "No paragraph of its own in the transcription: opens the case that holds it";
      else if (t.found === "book") a.title = "Not found in the transcription: opens the rulebook";
    });
  }

  function linkRules(root) {
    const book = ruleBook();
    if (!book) return;
    root = root || document;
    const zones = Array.from(root.querySelectorAll(RULE_ZONES));
    if (root.matches && root.matches(RULE_ZONES)) zones.push(root);
    zones.forEach(function (zone) {
      if (zone.querySelector(".rule-named")) return;  // linked already (text outside links is looked at again)
      const said = zone.textContent.trim();
      const rule = zone.classList.contains("rule") && /^(\()?rule\s+(.+)$/.exec(said);
      let ref = rule ? rule[2] : null;
      if (ref && rule[1] && ref.endsWith(")")) ref = ref.slice(0, -1);  // "(rule Supply (G))"
      if (ref && !/^[\d§(]|^Table\s+\d/.test(ref)) {  // a named case ("rule Using Action Charts", "rule Supply (G)")
        const made = ruleLink(book, ref);             // or a borrowed book ("rule Guadalcanal 18")
        made.link.classList.add("rule-named");
        zone.textContent = rule[1] ? "(rule " : "rule ";
        zone.appendChild(made.link);
        if (made.borrowed) zone.appendChild(document.createTextNode(" (the umpired game is borrowed from " + made.borrowed + ")"));
        if (rule[1]) zone.appendChild(document.createTextNode(")"));
        return;
      }
      textNodes(zone).forEach(function (n) { linkRuleText(book, n); });
    });
    const lines = Array.from(root.querySelectorAll(LOG_LINES));
    if (root.matches && root.matches(LOG_LINES)) lines.push(root);
    lines.forEach(function (line) { textNodes(line).forEach(function (n) { linkLogText(book, null, n); }); });
    bookIndex(book.id).then(function (index) {
      if (!index) return;
      if (index.cases === "named") {
        lines.forEach(function (line) {
          if (line.isConnected) textNodes(line).forEach(function (n) { linkLogText(book, index, n); });
        });
      }
      settleLinks(root, book.id, index);
    });
    Object.keys(book.borrowed).forEach(function (word) {
      const lent = book.borrowed[word].id;
      bookIndex(lent).then(function (index) { settleLinks(root, lent, index); });
    });
  }
  document.addEventListener("htmx:afterSwap", function (e) { linkRules(e.target); });
  document.addEventListener("htmx:oobAfterSwap", function (e) { linkRules(e.target); });

  // On a rules page, a link to a case the transcription does not give its own paragraph (14.33 inside 14.3)
  // opens the nearest case that holds it, and says so. A case cited another way opens at its alias (an empty span
  // inside the case's paragraph): the paragraph is marked.
  function openRuleCase() {
    if (!document.querySelector(".rulebook") || !location.hash) return;
    const wanted = decodeURIComponent(location.hash.slice(1));
    let id = wanted;
    while (id.length > 5 && !document.getElementById(id)) id = id.slice(0, -1).replace(/[-.]+$/, "");
    let target = document.getElementById(id) || document.getElementById("rulebook-title");
    if (!target) return;
    if (target.classList.contains("rule-alias")) target = target.parentNode;
    document.querySelectorAll(".rulebook .rule-target").forEach(function (el) { el.classList.remove("rule-target"); });
    document.querySelectorAll(".rulebook .rule-nearest").forEach(function (el) { el.remove(); });
    target.classList.add("rule-target");
    if (!document.getElementById(wanted) && /^rule-/.test(wanted)) {
      const note = document.createElement("p");
      note.className = "hint rule-nearest";
      note.setAttribute("role", "status");
      note.textContent = "“" + wanted.slice(5) + "” has no paragraph of its own in this transcription: "
        + (target.id === "rulebook-title" ? "look it up in your copy of the rulebook." : "this is the nearest case that holds it.");
      target.parentNode.insertBefore(note, target.id === "rulebook-title" ? target.nextSibling : target);
    }
    target.scrollIntoView({ block: "start" });
  }
  window.addEventListener("hashchange", openRuleCase);

  // The log's own controls (issue 11, item 11): oldest or newest first, and which kinds of line to show. The
  // choice is kept on <body> (the log itself is redrawn by every push) and remembered in this browser.
  const LOG_PREFS = "ironbottom-log";
  function logPrefs() {
    try { return JSON.parse(localStorage.getItem(LOG_PREFS) || "{}"); } catch (e) { return {}; }
  }
  function applyLogPrefs() {
    const prefs = logPrefs();
    const hide = prefs.hide || [];
    document.body.classList.toggle("log-oldest", !!prefs.oldest);
    ["combat", "movement", "intelligence", "orders", "other"].forEach(function (k) {
      document.body.classList.toggle("log-hide-" + k, hide.indexOf(k) >= 0);
    });
    document.querySelectorAll(".log-controls").forEach(function (form) {
      form.hidden = false;
      form.elements.oldest.checked = !!prefs.oldest;
      form.querySelectorAll("input[name=kind]").forEach(function (box) { box.checked = hide.indexOf(box.value) < 0; });
    });
    document.querySelectorAll(".log .log-run").forEach(function (run) {
      const shown = Array.from(run.querySelectorAll("li[data-n]")).some(function (li) {
        return hide.indexOf((/kind-(\w+)/.exec(li.className) || [])[1]) < 0;
      });
      run.classList.toggle("log-run-filtered", !shown);
    });
  }
  document.addEventListener("change", function (e) {
    const form = e.target.closest && e.target.closest(".log-controls");
    if (!form) return;
    const hide = Array.from(form.querySelectorAll("input[name=kind]")).filter(function (b) { return !b.checked; })
      .map(function (b) { return b.value; });
    try { localStorage.setItem(LOG_PREFS, JSON.stringify({ oldest: form.elements.oldest.checked, hide: hide })); } catch (err) { /* private mode */ }
    applyLogPrefs();
  });
  document.addEventListener("submit", function (e) {
    if (e.target.classList && e.target.classList.contains("log-controls")) e.preventDefault();
  });
  document.addEventListener("htmx:oobAfterSwap", function (e) { if (e.target && e.target.id === "log") applyLogPrefs(); });

  // Reconnecting (issue 11, item 15). When the live connection drops (a server restart, a network change) the
  // page says so at once and tries again within seconds; on reconnecting it asks for everything since the
  // version it shows (the "since" message above) and says it has caught up.
  if (htmx.config) {
    htmx.config.wsReconnectDelay = function (retries) { return Math.min(500 * Math.pow(2, retries), 4000); };
  }
  let dropped = false, leaving = false;
  function connection(text, state) {
    const el = document.getElementById("connection");
    if (!el) return;
    el.textContent = text;
    el.dataset.state = state;
    el.hidden = !text;
  }
  document.addEventListener("htmx:wsClose", function (e) {
    // the extension tries again after an abnormal close or a restart (1006, 1011-1013); other closes are the page's own
    const code = e.detail && e.detail.event ? e.detail.event.code : 1006;
    if (leaving || [1006, 1011, 1012, 1013].indexOf(code) < 0) return;
    dropped = true;
    connection("Connection lost: reconnecting… The page will catch up with anything that happened meanwhile.", "reconnecting");
  });
  document.addEventListener("htmx:wsOpen", function () {
    if (!dropped) return;
    dropped = false;
    connection("Reconnected: the page has caught up.", "reconnected");
    setTimeout(function () {
      const el = document.getElementById("connection");
      if (el && el.dataset.state === "reconnected") connection("", "open");
    }, 4000);
  });
  window.addEventListener("pagehide", function () { leaving = true; });

  document.addEventListener("DOMContentLoaded", function () {
    linkRules(document);
    openRuleCase();
    applyLogPrefs();
    refreshTitle();
    const ask = document.getElementById("notify");
    if (ask && window.Notification) {
      ask.hidden = false;
      ask.addEventListener("click", function () { Notification.requestPermission(); });
    }
  });
})();
