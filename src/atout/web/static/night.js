// atout: the duplicate night's pages. /nights: set one up. /night/ID#admin=...: run it
// (entrants, rounds, the seats' links, results played with real cards). /night/ID: the
// live standings, for everyone with the link (polled every few seconds).
"use strict";

(async () => {
  const { el, t } = Atout;
  const { id, secret: token, hash, query } = Atout.pageLink("night", "admin");
  let lang = Atout.pageLang();
  const POLL_MS = 5000;
  let night = null;
  let games = null;
  let timer = null;

  await Atout.loadLang(lang);
  const main = document.getElementById("main");
  const message = document.getElementById("message");

  const say = Atout.messageLine(message, "night-message");

  async function api(path, body) {
    const res = await fetch(path + (body ? `?lang=${lang}` : ""), body ? {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ admin: token, ...body }),
    } : { cache: "no-store" });
    const data = await res.json().catch(() => ({}));
    return { ok: res.ok, data };
  }

  function heading() {
    const title = night && night.title ? night.title : t("night.title");
    document.getElementById("title").textContent = title;
    document.title = `${title} · atout`;
    document.getElementById("lang").replaceChildren(Atout.languageSelect(lang, async (code) => {
      lang = code;
      hash.set("lang", code);
      history.replaceState(null, "", "#" + hash.toString());
      await Atout.loadLang(lang);
      render();
    }, { id: "language" }));
  }

  function copy(value) {
    return el("button", { type: "button", class: "copy", onclick: (e) => {
      if (navigator.clipboard) navigator.clipboard.writeText(value);
      e.target.textContent = t("web.copied");
    } }, t("web.copy"));
  }

  function link(label, value, key) {
    return el("div", { class: "link" }, el("label", { for: key }, label),
      el("div", { class: "copyable" },
        el("input", { id: key, type: "text", readonly: true, value, onfocus: (e) => e.target.select() }),
        copy(value)));
  }

  function names(number) {
    const e = night.entrants.find((x) => x.number === number);
    if (!e) return "?";
    const text = e.names.join(" & ");
    return e.bot ? Atout.botName(e.bot) : text;
  }

  function side(numbers) {
    return numbers.map(names).join(" & ");
  }

  // -- setting up ----------------------------------------------------------------------
  function select(key, label, choices, value) {
    return el("div", {}, el("label", { for: key }, label),
      el("select", { id: key, name: key }, choices.map(([v, text]) =>
        el("option", { value: v, selected: v === value }, text))));
  }

  function numberField(key, label, value, min, max) {
    return el("div", {}, el("label", { for: key }, label),
      el("input", { id: key, name: key, type: "number", inputmode: "numeric", min, max, value }));
  }

  function renderSetup() {
    const game = (document.getElementById("game") || {}).value || "belote";
    const presets = games && games[game] ? Object.entries(games[game].room_presets) : [];
    const form = el("form", { class: "night-form", id: "setup", onsubmit: create },
      el("div", {}, el("label", { for: "night-name" }, t("night.name")),
        el("input", { id: "night-name", name: "title", type: "text", maxlength: 40 })),
      select("game", t("web.game"), Object.entries(games).map(([name, g]) => [name, g.title]), game),
      select("preset", t("night.rules"), presets.map(([name, opts]) => [opts,
        t(`room.preset.${game}.${name}`)]), presets.length ? presets[0][1] : ""),
      el("div", { class: "row" }, numberField("rounds", t("night.rounds"), 2, 1, 20),
        numberField("boards", t("night.boards"), 4, 1, 16)),
      games && games[game] && games[game].num_players === 2 ? null : select("pairs", t("night.entrants-are"),
        [["pairs", t("night.pairs")], ["singles", t("night.singles")]], "pairs"),
      select("scoring", t("night.scoring"), [["points", t("night.scoring.points")],
        ["matchpoints", t("night.scoring.matchpoints")]], "points"),
      select("bot", t("night.bots"), ["random", "heuristic", "medium", "expert"].map((b) =>
        [b, Atout.botName(b)]), "medium"),
      el("div", { class: "check" }, el("input", { id: "real", name: "real", type: "checkbox" }),
        el("label", { for: "real" }, t("night.real-cards"))),
      el("div", {}, el("button", { type: "submit", class: "primary" }, t("night.create"))));
    form.querySelector("#game").addEventListener("change", render);
    return [el("h2", {}, t("night.setup")), el("p", { class: "intro" }, t("night.intro")), form];
  }

  async function create(event) {
    event.preventDefault();
    const f = event.target;
    const { ok, data } = await api("/api/nights", {
      title: f.title.value, game: f.game.value, options: f.preset.value,
      rounds: Number(f.rounds.value), boards: Number(f.boards.value),
      pairs: !f.pairs || f.pairs.value === "pairs", scoring: f.scoring.value, bot: f.bot.value,
      real_cards: f.real.checked, lang,
      // a club's night: /nights?club=ID#club_admin=... (the club admin's secret)
      ...(query.get("club") ? { club: query.get("club"), club_admin: hash.get("club_admin") } : {}),
    });
    if (!ok) { say(data.message || t("night.refused")); return; }
    location.assign(data.admin);
  }

  // -- the standings --------------------------------------------------------------------
  function renderStandings() {
    const boards = [];
    for (let b = 1; b <= night.round * night.boards_per_round; b++) boards.push(b);
    const table = el("table", { class: "standings", id: "standings" },
      el("caption", {}, t("night.counted")),
      el("thead", {}, el("tr", {},
        el("th", { scope: "col" }, t("night.place")),
        el("th", { scope: "col", class: "who" }, t("night.who")),
        el("th", { scope: "col" }, t("night.total")),
        boards.map((b) => el("th", { scope: "col", class: "board" }, t("night.board", { n: b }))))));
    const body = el("tbody");
    for (const s of night.standings) {
      const e = night.entrants.find((x) => x.number === s.entrant);
      body.append(el("tr", { "data-entrant": String(s.entrant) },
        el("td", {}, String(s.place)),
        el("th", { scope: "row", class: "who" + (e && e.bot ? " bot" : "") }, names(s.entrant)),
        el("td", { class: "total" }, s.total),
        boards.map((b) => el("td", { class: "board" }, s.boards[String(b)] ?? ""))));
    }
    table.append(body);
    return el("div", { class: "standings-wrap" }, table);
  }

  // each deal every table has played: what each table wrote, what each side scored
  function renderDeals() {
    if (!night.deals.length) return [];
    const blocks = night.deals.map((d) => {
      const body = el("tbody");
      for (const r of d.results) {
        [0, 1].forEach((k) => body.append(el("tr", { class: k ? "second" : null },
          k ? null : el("th", { scope: "row", rowspan: 2 }, String(r.table)),
          el("td", { class: "who" }, side(r.sides[k])),
          el("td", {}, String(r.recorded[k])),
          el("td", { class: "total" }, r.scores[k]))));
      }
      return el("details", { class: "deal", "data-deal": String(d.number) },
        el("summary", {}, t("night.deal", { n: d.number })),
        el("table", { class: "standings traveller" },
          el("thead", {}, el("tr", {},
            el("th", { scope: "col" }, t("night.table-h")),
            el("th", { scope: "col", class: "who" }, t("night.who")),
            el("th", { scope: "col" }, t("night.written")),
            el("th", { scope: "col" }, t("night.points")))), body));
    });
    return [el("h2", {}, t("night.deals")), el("div", { class: "deals" }, blocks)];
  }

  function statusLine() {
    if (night.over) return t("night.over");
    if (!night.round) return t("night.not-started");
    return t("night.round-of", { n: night.round, total: night.rounds });
  }

  function renderTables() {
    if (!night.tables.length) return [];
    const cards = night.tables.map((tb) => {
      const parts = [el("h3", {}, t("night.table", { n: tb.number })),
        el("div", { class: "versus" }, t("night.versus", { a: side(tb.sides[0]), b: side(tb.sides[1]) })),
        el("div", { class: "progress" }, t("night.played", { done: tb.played, total: night.boards_per_round }))];
      if (token) {
        const seats = (night.links || {})[String(tb.number)] || [];
        seats.forEach((s, i) => parts.push(el("div", { class: "seat" },
          el("label", { for: `seat-${tb.number}-${i}` }, s.name || t("night.seat", { n: s.seat + 1 })),
          el("div", { class: "copyable" },
            el("input", { id: `seat-${tb.number}-${i}`, type: "text", readonly: true, value: location.origin + s.url,
              onfocus: (e) => e.target.select() }),
            copy(location.origin + s.url)))));
        const next = (night.next || {})[String(tb.number)];
        const entered = (night.entered || {})[String(tb.number)] || [];
        if (!seats.length && (next || entered.length) && !night.entrants.every((e) => e.bot)) {
          const key = `entry-${tb.number}`;
          const choices = [...entered.map((x) => x.board), ...(next ? [next] : [])];
          parts.push(el("form", { "data-table": String(tb.number), onsubmit: (e) => enter(e, tb.number, next) },
            el("label", { for: `board-${tb.number}` }, t("night.deal-to-enter")),
            el("select", { id: `board-${tb.number}`, name: "board",
              onchange: (e) => { const old = entered.find((x) => x.board === Number(e.target.value));
                document.getElementById(key).value = old ? old.entry : ""; } },
              choices.map((b) => el("option", { value: b, selected: b === (next || choices[choices.length - 1]) },
                t("night.deal", { n: b })))),
            el("label", { for: key }, t("night.enter-what")),
            el("input", { id: key, name: "entry", type: "text", autocomplete: "off",
              value: next ? "" : (entered[entered.length - 1] || {}).entry || "",
              placeholder: games[night.game].entry_example }),
            el("button", { type: "submit" }, t("night.enter-button"))));
        }
      }
      return el("section", { class: "table-card", "aria-label": t("night.table", { n: tb.number }) }, parts);
    });
    return [el("h2", {}, t("night.tables")), el("div", { class: "tables" }, cards)];
  }

  async function enter(event, table, next) {
    event.preventDefault();
    const board = Number(event.target.board.value);
    const { ok, data } = await api(`/api/nights/${id}/results`,
      { table, board, entry: event.target.entry.value, correct: board !== next });
    if (!ok) { say(data.message || t("night.refused")); return; }
    say("");
    night = data;
    render();
  }

  function renderAdmin() {
    const parts = [];
    parts.push(link(t("night.standings-link"), `${location.origin}/night/${id}#lang=${lang}`, "share"));
    if (!night.round) {
      const per = night.per_entrant;
      const form = el("form", { class: "night-form", id: "add", onsubmit: add },
        el("div", { class: per === 2 ? "row" : "" },
          el("div", {}, el("label", { for: "name1" }, t("night.name-1")),
            el("input", { id: "name1", name: "name1", type: "text", maxlength: 40, required: true })),
          per === 2 ? el("div", {}, el("label", { for: "name2" }, t("night.name-2")),
            el("input", { id: "name2", name: "name2", type: "text", maxlength: 40, required: true })) : null),
        el("div", { class: "buttons" }, el("button", { type: "submit" }, t("night.add")),
          el("button", { type: "button", id: "add-bot", onclick: addBot }, t("night.add-bot"))));
      parts.push(el("h2", {}, t("night.entrants")),
        el("ol", { class: "entrants", id: "entrants" }, night.entrants.map((e) =>
          el("li", { class: e.bot ? "bot" : null }, names(e.number)))), form,
        el("p", { class: "note" }, t("night.bots-note")));
    }
    if (night.can_start) {
      parts.push(el("div", {}, el("button", { type: "button", class: "primary", id: "start", onclick: start },
        t("night.start", { n: night.round + 1 }))));
    }
    parts.push(el("div", {}, el("button", { type: "button", id: "export", onclick: download },
      t("night.export"))));
    return parts;
  }

  async function add(event) {
    event.preventDefault();
    const f = event.target;
    const list = [f.name1.value, ...(f.name2 ? [f.name2.value] : [])];
    const { ok, data } = await api(`/api/nights/${id}/entrants`, { names: list });
    if (!ok) { say(data.message || t("night.refused")); return; }
    say("");
    night = data;
    render();
    document.getElementById("name1").focus();
  }

  async function addBot() {
    const { ok, data } = await api(`/api/nights/${id}/entrants`, { bot: true });
    if (!ok) { say(data.message || t("night.refused")); return; }
    night = data;
    render();
  }

  async function start() {
    const { ok, data } = await api(`/api/nights/${id}/rounds`, {});
    if (!ok) { say(data.message || t("night.refused")); return; }
    say("");
    night = data;
    render();
  }

  async function download() {
    const res = await fetch(`/api/nights/${id}/export`, { method: "POST",
      headers: { "content-type": "application/json" }, body: JSON.stringify({ admin: token }) });
    const blob = new Blob([await res.text()], { type: "text/plain" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `atout-night-${id}.txt` });
    document.body.append(a);
    a.click();
    a.remove();
  }

  function render() {
    heading();
    if (!id) { main.replaceChildren(...renderSetup()); return; }
    if (!night) return;
    const focused = document.activeElement && document.activeElement.id;
    const parts = [el("p", { class: "night-status", id: "status" }, statusLine())];
    if (night.club) {
      parts.unshift(el("p", { class: "club-link" },
        el("a", { href: `/club/${encodeURIComponent(night.club.id)}?lang=${lang}` }, night.club.name)));
    }
    if (token) parts.push(...renderAdmin());
    parts.push(...renderTables());
    if (night.round) parts.push(el("h2", {}, t("night.standings")), renderStandings());
    const open = new Set([...document.querySelectorAll("details.deal[open]")].map((d) => d.dataset.deal));
    const deals = renderDeals();
    deals.forEach((node) => node.querySelectorAll && node.querySelectorAll("details.deal").forEach((d) => {
      if (open.has(d.dataset.deal)) d.open = true;
    }));
    parts.push(...deals);
    if (night.over && !token) {
      parts.push(el("p", {}, el("a", { href: `/api/nights/${id}/export`, download: "" }, t("night.export"))));
    }
    main.replaceChildren(...parts);
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  async function refresh() {
    const typing = document.activeElement && document.activeElement.tagName === "INPUT"
      && !document.activeElement.readOnly;
    const { ok, data } = token ? await api(`/api/nights/${id}/admin`, {}) : await api(`/api/nights/${id}`);
    if (!ok) { say(data.message || t("night.unknown")); return; }
    const changed = JSON.stringify(data) !== JSON.stringify(night);
    night = data;
    if (changed && !typing) render();
  }

  games = (await (await fetch("/api/games")).json()).games;
  if (!id) {
    render();
    return;
  }
  heading();
  await refresh();
  render();
  timer = setInterval(() => { if (!document.hidden) refresh(); }, POLL_MS);
  window.addEventListener("beforeunload", () => clearInterval(timer));
})();
