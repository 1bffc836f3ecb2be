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
  let lang = params.get("lang") || localStorage.getItem("atout-lang") || "en";
  let state = null;
  let socket = null;
  let retry = 0;
  let shownDeals = null;
  let best = null;
  let errorTimer = null;

  const root = document.getElementById("table");
  const status = document.getElementById("status");
  const toolbar = document.getElementById("toolbar");

  function showStatus(text, kind) {
    status.textContent = text;
    status.className = "status " + (kind || "");
    if (errorTimer) clearTimeout(errorTimer);
    if (kind === "error") errorTimer = setTimeout(() => { if (state) turnLine(); }, 6000);
  }

  function turnLine() {
    if (!state) return;
    const v = state.view;
    const me = state.table.you;
    if (state.final) return showStatus(Atout.finalText(state.table.game, state.final, me, state.table.num_players), "final");
    if (me === null) return showStatus(t("web.spectator"), "");
    if (v.to_play === me) return showStatus(t("web.your-turn"), "turn");
    if (v.to_play !== null && v.to_play !== undefined) {
      return showStatus(t("web.waiting-for", { seat: Atout.seatName(v.to_play, me, state.table.num_players) }), "");
    }
    showStatus("", "");
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function act(action) {
    if (!state || state.table.you === null) return;
    best = null;
    send({ type: "act", action, seq: state.seq });
  }

  // the turn timer or the away grace of the seat the table waits for, counted down here
  function tick() {
    for (const node of document.querySelectorAll(".clock[data-deadline]")) {
      const left = Math.max(0, Math.ceil((Number(node.dataset.deadline) - Date.now()) / 1000));
      node.textContent = ` ⏱ ${left} s`;
    }
  }
  setInterval(tick, 500);

  function render() {
    if (!state) return;
    Atout.renderTable(root, state, { act, best });
    tick();
    const mine = state.table.you !== null && state.table.seats[state.table.you].stand_in;
    if (mine && !state.final) {
      root.prepend(el("div", { class: "stand-in-bar" }, el("span", { text: t("web.stand-in.you") + " " }),
        el("button", { id: "come-back", class: "primary", onclick: () => send({ type: "back" }) }, t("web.come-back"))));
    }
    renderToolbar();
    turnLine();
    const rows = state.scoresheet.length;
    if (shownDeals !== null && rows > shownDeals) {
      const row = state.scoresheet[rows - 1];
      const { game, num_players: n, you } = state.table;
      const body = el("div", {}, Atout.breakdown(game, row.result, you, n));
      if (state.previous && state.previous.last_trick) {
        body.prepend(el("div", { class: "last-trick" }, el("small", { text: t("label.last-trick") }),
          state.previous.last_trick.map(([seat, card]) => Atout.cardNode(card, "small"))));
      }
      Atout.modal(t("web.breakdown", { n: row.number }), body);
    }
    shownDeals = rows;
    if (state.final) {
      const links = el("div", { class: "final-links" },
        el("a", { href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: "", class: "button", id: "download" }, t("web.download")),
        el("a", { href: `/replay?table=${encodeURIComponent(tableId)}&lang=${lang}`, class: "button" }, t("web.replay")),
        el("a", { href: `/?lang=${lang}`, class: "button" }, t("web.new")));
      root.append(el("div", { class: "final" }, el("h2", { text: t("web.match-over") }),
        el("p", { text: Atout.finalText(state.table.game, state.final, state.table.you, state.table.num_players) }), links));
    }
  }

  function renderToolbar() {
    const { game, num_players: n, you } = state.table;
    const select = el("select", { id: "lang", "aria-label": t("web.language"), onchange: async (e) => {
      lang = e.target.value; localStorage.setItem("atout-lang", lang);
      await Atout.loadLang(lang); render();
    } }, ["en", "fr", "es"].map((l) => el("option", { value: l, selected: l === lang }, l.toUpperCase())));
    toolbar.replaceChildren(...[
      el("a", { href: `/?lang=${lang}`, class: "home", text: "atout" }),
      el("button", { id: "last-trick", onclick: () => {
        const v = state.view.last_trick ? state.view : state.previous;
        const body = v && v.last_trick
          ? el("div", { class: "last-trick" }, v.last_trick.map(([seat, card]) => el("figure", {}, Atout.cardNode(card, "small"), el("figcaption", { text: Atout.seatName(seat, you, n) }))))
          : el("p", { text: t("event.no-last-trick") });
        Atout.modal(t("web.last-trick"), body);
      } }, t("web.last-trick")),
      el("button", { id: "scoresheet", onclick: () => Atout.modal(t("web.scoresheet"), Atout.scoresheet(game, state.scoresheet, you, n, state.view)) }, t("web.scoresheet")),
      you !== null ? el("button", { id: "hint", disabled: !(state.view.legal_actions || []).length, onclick: () => send({ type: "hint" }) }, t("web.hint")) : null,
      select].filter(Boolean));
  }

  function showHint(options) {
    if (!state) return;
    const { game } = state.table;
    best = options.length ? options[0].action : null;
    render();
    const list = el("ol", { class: "hint" }, options.map((o) =>
      el("li", {}, el("button", { class: "action", onclick: (e) => { e.target.closest(".modal").remove(); act(o.action); } },
        Atout.actionLabel(game, o.action, state.view)), el("span", { class: "value", text: ` ${o.value > 0 ? "+" : ""}${o.value}` }),
        o.reason ? el("span", { class: "reason", text: ` ${o.reason}` }) : null)));
    Atout.modal(t("web.hint-title"), list);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
    socket.onopen = () => {
      retry = 0;
      const hello = { type: "hello", lang };
      if (token) hello.token = token;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => {
      const msg = JSON.parse(event.data);
      if (msg.type === "state") {
        state = msg;
        if (shownDeals === null) shownDeals = msg.scoresheet.length;
        document.body.dataset.seq = msg.seq;
        render();
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
