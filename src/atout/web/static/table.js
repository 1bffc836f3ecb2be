// atout: the table page. The seat's secret comes from the URL fragment (#seat=1&token=...),
// which the browser never sends to the server in a request; it goes over the websocket only.
"use strict";

(() => {
  const { t, el } = Atout;
  const tableId = decodeURIComponent(location.pathname.split("/").pop());
  const params = new URLSearchParams(location.hash.slice(1));
  const stored = JSON.parse(sessionStorage.getItem("atout-seat-" + tableId) || "null");
  const token = params.get("token") || (stored && stored.token) || null;
  if (params.get("token")) {
    sessionStorage.setItem("atout-seat-" + tableId, JSON.stringify({ token }));
  }
  let lang = Atout.pickLang(params.get("lang"), localStorage.getItem("atout-lang"), navigator.language);
  let state = null;
  let room = null;
  let socket = null;
  let retry = 0;
  // the engine's events of this deal and the last, as the server sent them, and the
  // last one's place in the match's log (null before the first state)
  let told = [];
  let lastEvent = null;
  let best = null;
  let errorTimer = null;
  let breakdownBox = null;
  let chatLines = [];
  let unread = 0;
  let chatOpen = false;
  let sound = localStorage.getItem("atout-sound") === "on";
  let following = false;

  const root = document.getElementById("table");
  const status = document.getElementById("status");
  const toolbar = document.getElementById("toolbar");
  const favicon = document.querySelector("link[rel=icon]");

  function showStatus(text, kind) {
    status.textContent = text;
    status.className = "status " + (kind || "");
    if (errorTimer) clearTimeout(errorTimer);
    if (kind === "error") errorTimer = setTimeout(() => { if (state) turnLine(); }, 6000);
  }

  const me = () => (state ? state.table.you : null);
  const myTurn = () => state && me() !== null && state.view.to_play === me() && !state.final;

  function turnLine() {
    if (!state) return;
    const v = state.view;
    if (state.final) return showStatus(Atout.finalText(state.table.game, state.final, me(), state.table.num_players), "final sr-only");
    if (me() === null) return showStatus(t("web.spectator"), "");
    if (v.to_play === me()) return showStatus(t("web.your-turn"), "turn");
    if (v.to_play !== null && v.to_play !== undefined) {
      return showStatus(t("web.waiting-for", { seat: Atout.seatName(v.to_play, me(), state.table.num_players) }), "");
    }
    showStatus("", "");
  }

  // The tab says when it is your turn: its title and its icon; a chime if wanted, when
  // the events just received give the turn to this seat.
  function signalTurn(fresh) {
    const mine = myTurn();
    const game = state ? t(`${state.table.game}.title`) : "atout";
    document.title = mine ? `● ${t("room.your-turn-title")} · ${game} · atout` : `${game} · atout`;
    if (favicon) favicon.href = mine ? "/static/favicon-turn.svg" : "/static/favicon.svg";
    if (mine && sound && (fresh || []).some((e) => e.kind === "turn" && e.seat === me())) chime();
  }

  let audio = null;
  function chime() {
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const now = audio.currentTime;
      [660, 880].forEach((freq, i) => {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, now + i * 0.12);
        gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
        osc.connect(gain).connect(audio.destination);
        osc.start(now + i * 0.12);
        osc.stop(now + i * 0.12 + 0.3);
      });
    } catch (e) { /* no sound here */ }
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function act(action) {
    if (!state || me() === null) return;
    best = null;
    send({ type: "act", action, seq: state.seq });
  }

  function roster() {
    // the seats as the state says (kind, bot, connected) with the room's names
    const seats = state ? state.table.seats : [];
    return seats.map((s) => Object.assign({}, s, room && room.seats[s.seat] ? room.seats[s.seat] : {}));
  }

  // the turn timer or the away grace of the seat the table waits for, counted down here
  function tick() {
    for (const node of document.querySelectorAll(".clock[data-deadline]")) {
      const left = Math.max(0, Math.ceil((Number(node.dataset.deadline) - Date.now()) / 1000));
      node.textContent = ` ⏱ ${left} s`;
    }
  }
  setInterval(tick, 500);

  // Take the events of a state message: a resync starts the account again (a new page,
  // a refused stale action), else they follow the last. Returns those not had before.
  function receiveEvents(msg) {
    const incoming = msg.events || [];
    const fresh = lastEvent === null ? [] : incoming.filter((e) => e.n > lastEvent);
    told = msg.resync || lastEvent === null ? incoming.slice() : told.concat(fresh);
    if (incoming.length) lastEvent = Math.max(lastEvent === null ? -1 : lastEvent, incoming[incoming.length - 1].n);
    const deal = told.length ? told[told.length - 1].deal : 0;
    told = told.filter((e) => e.deal >= deal - 1);  // this deal's and the last's
    return fresh;
  }

  function render(fresh) {
    if (!state) return;
    Atout.setRoster(roster());
    Atout.renderTable(root, state, { act, best, told, fresh: fresh || [] });
    tick();
    const mine = state.table.you !== null && state.table.seats[state.table.you].stand_in;
    if (mine && !state.final) {
      root.prepend(el("div", { class: "stand-in-bar" }, el("span", { text: t("web.stand-in.you") + " " }),
        el("button", { id: "come-back", class: "primary", onclick: () => send({ type: "back" }) }, t("web.come-back"))));
    }
    renderToolbar();
    renderNameAsk();
    turnLine();
    signalTurn(fresh);
    // a deal scored: its breakdown (the last, when a page coming back missed several)
    const scored = (fresh || []).filter((e) => e.kind === "deal-scored").pop();
    if (scored && state.scoresheet.length >= scored.number && !closedBefore(scored.number)) showBreakdown(scored.number);
    if (state.final) renderFinal();
    document.body.dataset.seq = state.seq;
  }

  // -- between deals: the breakdown stays until the person closes it; the bots wait --
  function showBreakdown(rows) {
    const row = state.scoresheet[rows - 1];
    const { game, num_players: n, you } = state.table;
    const body = el("div", {}, Atout.breakdown(game, row.result, you, n));
    if (state.previous && state.previous.last_trick) {
      body.prepend(el("div", { class: "last-trick" }, el("small", { text: t("label.last-trick") }),
        state.previous.last_trick.map(([seat, card]) => Atout.cardNode(card, "small"))));
    }
    const waiting = el("p", { class: "waiting", "aria-live": "polite" });
    body.append(waiting);
    if (breakdownBox) breakdownBox.close();
    const deal = rows;
    breakdownBox = Atout.modal(t("web.breakdown", { n: row.number }), body, () => {
      breakdownBox = null;
      if (me() !== null) send({ type: "ready", deal });
      // the match is over: the keyboard goes on to the rematch (or the next choice)
      const next = state && state.final && root.querySelector(".final-links .button, .final-links button");
      if (next) next.focus();
    }, state.final ? t("web.close") : t("room.continue"));
    breakdownBox.dataset.deal = deal;
    breakdownBox.classList.add("breakdown-dialog");
    updateWaiting();
  }

  // A page coming back is sent the last deal's end again, so that a breakdown it missed
  // still reaches it; the room knows whether this seat had already closed that one.
  function closedBefore(deal) {
    return !!room && me() !== null && room.deal === deal && room.ready.includes(me());
  }

  function updateWaiting() {
    if (!breakdownBox || !room || !state) return;
    const line = breakdownBox.querySelector(".waiting");
    if (!line || state.final) return;
    const deal = Number(breakdownBox.dataset.deal);
    const ready = new Set(room.deal === deal ? room.ready : []);
    const people = state.table.seats.filter((s) => s.kind !== "bot" && s.connected && !ready.has(s.seat) && s.seat !== me());
    line.textContent = people.length ? t("room.waiting-ready", { names: people.map((s) => Atout.playerName(s.seat)).join(", ") }) : t("room.all-ready");
  }

  // -- the end of the match: the record, the replay, the rematch; first on the page, under
  // the score line, so that it is in view without scrolling on any screen --
  function renderFinal() {
    const seated = me() !== null;
    const next = room && room.next;
    const links = el("div", { class: "final-links" },
      seated && !next ? el("button", { type: "button", class: "primary", id: "rematch", onclick: () => send({ type: "rematch" }) }, t("room.rematch")) : null,
      next ? el("a", { class: "button primary", id: "rematch-go", href: nextLink(next) }, t("room.rematch-go")) : null,
      el("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: "", class: "button", id: "download" }, t("web.download")),
      el("a", { href: `/replay?table=${encodeURIComponent(tableId)}&lang=${lang}`, class: "button", id: "replay" }, t("web.replay")),
      el("a", { href: `/?lang=${lang}`, class: "button" }, t("web.new")));
    const panel = el("section", { class: "final", "aria-labelledby": "final-title" }, el("h2", { id: "final-title", text: t("web.match-over") }),
      el("p", { class: "final-text", text: Atout.finalText(state.table.game, state.final, me(), state.table.num_players) }),
      seated && !next ? el("p", { class: "help", text: t("room.rematch-help") }) : null, links);
    const info = root.querySelector(".info");
    if (info) info.after(panel); else root.prepend(panel);
  }

  function nextLink(next) {
    const parts = [];
    if (token) parts.push(`seat=${me()}`, `token=${token}`);
    parts.push(`lang=${lang}`);
    return `/table/${encodeURIComponent(next)}#${parts.join("&")}`;
  }

  // The rematch is on: everyone at the table (and an old link) goes to it, same seat.
  function followRematch() {
    if (!room || !room.next || !state || !state.final || following) return;
    following = true;
    showStatus(t("room.rematch-ready"), "final");
    setTimeout(() => { location.href = nextLink(room.next); }, 600);
  }

  // -- the toolbar: one row, icons with words where there is room --
  function tool(id, icon, label, onclick, extra) {
    return el("button", Object.assign({ id, type: "button", class: "tool", "aria-label": label, title: label, onclick }, extra || {}),
      el("span", { class: "icon", "aria-hidden": "true", text: icon }), el("span", { class: "word", text: label }));
  }

  function link(id, href, icon, label, title) {
    return el("a", { id, href, class: "tool button", title, "aria-label": title },
      el("span", { class: "icon", "aria-hidden": "true", text: icon }), el("span", { class: "word", text: label }));
  }

  // At a club's night, a signed-in member who opens their seat's link is that seat's
  // person: the club's server learns it (the cookie goes to the club's own path only).
  let claimed = false;
  function claimSeat() {
    if (claimed || !room || !room.club || !room.night || !token || me() === null) return;
    claimed = true;
    fetch(`/club/${encodeURIComponent(room.club.id)}/api/claim`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ table: tableId, seat: me(), token }),
    }).then((r) => { document.body.dataset.claimed = String(r.status); }).catch(() => {});
  }

  function renderToolbar() {
    const { game, num_players: n, you } = state.table;
    const select = Atout.languageSelect(lang, async (code) => {
      lang = code; await Atout.loadLang(lang); render(); renderChat();
    }, { id: "lang" }, true);
    const hints = !room || room.hints;
    const chatLabel = unread ? `${t("room.chat")} (${t("room.chat-unread", { n: unread })})` : t("room.chat");
    // a club's table, or a night's, links back to the club or the night's standings
    const back = room && room.night
      ? link("back-night", `/night/${encodeURIComponent(room.night)}#lang=${lang}`, "☷", t("room.back-night"), t("room.back-night-help"))
      : room && room.club
        ? link("back-club", `/club/${encodeURIComponent(room.club.id)}?lang=${lang}`, "♣", t("room.back-club"), t("room.back-club-help", { club: room.club.name }))
        : null;
    toolbar.replaceChildren(...[
      el("a", { href: `/?lang=${lang}`, class: "home", text: "atout" }),
      back,
      tool("last-trick", "↺", t("web.last-trick"), showLastTrick),
      tool("scoresheet", "☰", t("web.scoresheet"), showScoresheet),
      you !== null && hints ? tool("hint", "?", t("web.hint"), () => send({ type: "hint" }), { disabled: !(state.view.legal_actions || []).length }) : null,
      you !== null ? tool("chat-toggle", "✉", chatLabel, toggleChat, { "aria-expanded": String(chatOpen), "aria-controls": "chat" }) : null,
      unread ? el("span", { class: "unread", "aria-hidden": "true", text: String(unread) }) : null,
      tool("sound", "♪", t("room.sound"), () => {
        sound = !sound; localStorage.setItem("atout-sound", sound ? "on" : "off");
        if (sound) chime();
        renderToolbar();
      }, { "aria-pressed": String(sound), class: "tool" + (sound ? "" : " off") }),
      tool("leave", "⏏", t("room.leave"), leave),
      select].filter(Boolean));
    toolbar.setAttribute("aria-label", t("room.menu"));
  }

  function showLastTrick() {
    const { num_players: n, you } = state.table;
    const v = state.view.last_trick ? state.view : state.previous;
    const body = v && v.last_trick
      ? el("div", { class: "last-trick" }, v.last_trick.map(([seat, card]) => el("figure", {}, Atout.cardNode(card, "small"), el("figcaption", { text: Atout.seatName(seat, you, n) }))))
      : el("p", { text: t("event.no-last-trick") });
    Atout.modal(t("web.last-trick"), body);
  }

  function showScoresheet() {
    const { game, num_players: n, you } = state.table;
    Atout.sheetDialog(t("web.scoresheet"), Atout.scoresheet(game, state.scoresheet, you, n, state.view));
  }

  function leave() {
    Atout.modal(t("room.leave"), el("div", {}, el("p", { text: t("room.leave-help") }),
      el("a", { class: "button primary", id: "leave-go", href: `/?lang=${lang}` }, t("room.leave"))));
  }

  // -- names --
  function renderNameAsk() {
    let box = document.getElementById("name-ask");
    const mine = me() !== null && room && room.seats[me()] && !room.seats[me()].name;
    if (!mine) { if (box) box.remove(); return; }
    if (box) return;
    const input = el("input", { id: "my-name", maxlength: 24, autocomplete: "nickname", value: localStorage.getItem("atout-name") || "" });
    box = el("form", { id: "name-ask", class: "name-ask", onsubmit: (e) => {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) return;
      localStorage.setItem("atout-name", name);
      send({ type: "name", name });
    } }, el("label", { for: "my-name", text: t("room.name-ask") }), input, el("button", { type: "submit" }, t("room.name-save")));
    status.after(box);
  }

  // -- chat: every line is shown as text (textContent), never as markup --
  function toggleChat() {
    chatOpen = !chatOpen;
    if (chatOpen) unread = 0;
    renderChat();
    renderToolbar();
    if (chatOpen) document.getElementById("chat-text").focus();
    else document.getElementById("chat-toggle").focus();
  }

  function chatLine(line) {
    const who = line.seat === me() ? t("seat.you") : Atout.playerName(line.seat);
    const words = line.phrase ? t("room.phrase." + line.phrase) : line.text;
    return el("div", { class: "chat-line" + (line.seat === me() ? " mine" : "") },
      el("strong", { text: Atout.labelled(who) + " " }), el("span", { class: "chat-text", text: words }));
  }

  function renderChat() {
    let panel = document.getElementById("chat");
    if (me() === null) return;
    if (!panel) {
      panel = el("aside", { id: "chat", class: "chat", "aria-labelledby": "chat-title" });
      document.body.append(panel);
    }
    panel.hidden = !chatOpen;
    document.body.classList.toggle("chat-open", chatOpen);
    const input = el("input", { id: "chat-text", maxlength: 200, autocomplete: "off", "aria-label": t("room.chat-label"), placeholder: t("room.chat-label") });
    const list = el("div", { class: "chat-log", role: "log", "aria-live": "polite", tabindex: "0", "aria-label": t("room.chat") },
      chatLines.length ? chatLines.map(chatLine) : el("p", { class: "empty", text: t("room.chat-empty") }));
    const phrases = el("div", { class: "phrases", role: "group", "aria-label": t("room.chat-phrases") },
      ["hello", "good-luck", "well-played", "nice", "thanks", "oops", "one-moment", "bye"].map((p) =>
        el("button", { type: "button", class: "phrase", "data-phrase": p, onclick: () => send({ type: "chat", phrase: p }) }, t("room.phrase." + p))));
    const form = el("form", { class: "chat-form", onsubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      send({ type: "chat", text });
      input.value = "";
    } }, input, el("button", { type: "submit", class: "primary" }, t("room.chat-send")));
    const keep = document.activeElement && document.activeElement.id === "chat-text" ? document.activeElement.value : null;
    panel.replaceChildren(el("div", { class: "chat-head" }, el("h2", { id: "chat-title", text: t("room.chat") }),
      el("button", { type: "button", class: "close-chat", "aria-label": t("web.close"), onclick: toggleChat }, "×")), list, phrases, form);
    if (keep !== null) { input.value = keep; input.focus(); }
    list.scrollTop = list.scrollHeight;
  }

  function receiveChat(message) {
    const fresh = message.messages.filter((m) => !chatLines.some((x) => x.n === m.n));
    chatLines = chatLines.concat(fresh).sort((a, b) => a.n - b.n).slice(-50);
    if (!message.history && !chatOpen) unread += fresh.filter((m) => m.seat !== me()).length;
    renderChat();
    if (state) renderToolbar();
  }

  // -- hints: each choice with the bot's expected points and its reason --
  function showHint(options) {
    if (!state) return;
    const { game } = state.table;
    best = options.length ? options[0].action : null;
    render();
    // one row a choice: the button that plays it, its expected points, why (one line)
    const list = el("ol", { class: "hint-list" }, options.map((o, i) => {
      const label = Atout.actionLabel(game, o.action, state.view);
      return el("li", { class: i === 0 ? "best" : "" },
        el("button", { type: "button", class: "action", "aria-label": t("room.hint-play", { choice: label }),
          onclick: (e) => { e.target.closest(".modal").close(); act(o.action); } }, label),
        el("span", { class: "value" }, o.value === null ? null : el("span", { class: "sr-only", text: Atout.labelled(t("room.hint-value")) + " " }), o.text),
        i === 0 && o.value !== null ? el("span", { class: "best-tag", text: t("room.hint-best") }) : null,
        el("span", { class: "reason", text: o.reason || "" }));
    }));
    const valued = options.some((o) => o.value !== null);  // else the reason says why not
    Atout.modal(t("web.hint-title"), el("div", {}, valued ? el("p", { class: "help", text: t("room.hint-help") }) : null, list));
  }

  // -- keys: H hint, L last trick, S scoresheet, C chat --
  document.addEventListener("keydown", (e) => {
    if (!state || e.ctrlKey || e.metaKey || e.altKey || document.querySelector(".modal")) return;
    const tag = (e.target && e.target.tagName) || "";
    if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
    const key = e.key.toLowerCase();
    if (key === "h" && me() !== null && (!room || room.hints) && (state.view.legal_actions || []).length) send({ type: "hint" });
    else if (key === "l") showLastTrick();
    else if (key === "s") showScoresheet();
    else if (key === "c" && me() !== null) toggleChat();
    else return;
    e.preventDefault();
  });

  // Remember this seat's link on this device, so that the home page can resume it.
  function remember() {
    if (!token || !state) return;
    const mine = JSON.parse(localStorage.getItem("atout-my-tables") || "[]").filter((x) => x.id !== tableId);
    mine.unshift({ id: tableId, seat: me(), token, game: state.table.game, at: Date.now(), over: !!state.final });
    localStorage.setItem("atout-my-tables", JSON.stringify(mine.slice(0, 12)));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
    socket.onopen = () => {
      retry = 0;
      const hello = { type: "hello", lang };
      if (token) hello.token = token;
      if (lastEvent !== null) hello.since = lastEvent;  // what was missed meanwhile
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "state") {
        const first = state === null;
        const fresh = receiveEvents(msg);
        state = msg;
        render(fresh);
        if (first) remember();
        if (first) renderChat();
        followRematch();
      } else if (msg.type === "room") {
        room = msg;
        const mine = me() !== null && room.seats[me()];
        const saved = localStorage.getItem("atout-name");
        if (mine && !mine.name && saved) send({ type: "name", name: saved });
        render();
        if (breakdownBox && closedBefore(Number(breakdownBox.dataset.deal))) breakdownBox.close();
        updateWaiting();
        followRematch();
        claimSeat();
      } else if (msg.type === "chat") {
        receiveChat(msg);
      } else if (msg.type === "error") {
        showStatus(msg.message, "error");
        document.body.dataset.lastError = msg.code;
        if (["unknown-table", "bad-token"].includes(msg.code)) socket.onclose = null;
      } else if (msg.type === "hint") {
        showHint(msg.options);
      }
    };
    socket.onclose = () => {
      showStatus(t("web.reconnecting"), "error");
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 300 * 2 ** retry);
    };
  }

  (async () => {
    await Atout.loadLang(lang);
    showStatus(t("web.connecting"), "");
    connect();
  })();
})();
