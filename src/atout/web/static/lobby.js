// atout: the lobby. Public tables with a free seat, their rules in plain words and who
// sits there; anyone may take a free seat. Private tables never show here.
"use strict";

(() => {
  const { t, el } = Atout;
  const main = document.getElementById("lobby");
  let lang = Room.pickLang();
  let games = {};
  let tables = [];
  let shown = null;
  let message = "";

  function seatText(s) {
    if (s.free) return t("room.free-seat");
    if (s.kind === "bot") return Atout.botName(s.bot || "heuristic");
    return s.name || t("room.player-n", { n: s.seat + 1 });
  }

  function tableCard(table) {
    const spec = games[table.game];
    const n = table.seats.length;
    const title = `lobby-${table.id}`;
    return el("li", { class: "lobby-table", "aria-labelledby": title },
      Room.picture(table.game, 72),
      el("div", { class: "lobby-text" },
        el("h2", { id: title, text: t(`${table.game}.title`) }),
        el("p", { class: "rules", text: spec ? Room.rulesText(table.game, spec, table.options) : table.options }),
        el("ul", { class: "lobby-seats" }, table.seats.map((s) => el("li", { class: s.free ? "free" : "" },
          el("span", { text: seatText(s) }),
          n === 4 ? el("small", { text: ` · ${t("web.team", { n: (s.seat % 2) + 1 })}` }) : null,
          s.free ? el("button", { type: "button", class: "primary take", "data-table": table.id, "data-seat": s.seat,
            "aria-label": `${t("room.take-seat")}: ${t(`${table.game}.title`)}, ${t("room.player-n", { n: s.seat + 1 })}`,
            onclick: () => take(table.id, s.seat) }, t("room.take-seat")) : null)))));
  }

  function render() {
    document.getElementById("site-head").replaceChildren(Room.header(lang, "nav-lobby", async (l) => { lang = l; await Atout.loadLang(lang); shown = null; render(); }));
    document.title = `atout · ${t("room.lobby")}`;
    const name = el("input", { id: "my-name", maxlength: 24, autocomplete: "nickname", placeholder: t("room.name-placeholder"),
      value: localStorage.getItem("atout-name") || "", oninput: (e) => localStorage.setItem("atout-name", e.target.value.trim()) });
    main.replaceChildren(
      el("section", { class: "panel", "aria-labelledby": "lobby-title" },
        el("h1", { id: "lobby-title", text: t("room.lobby") }),
        el("p", { class: "help", text: t("room.lobby-help") }),
        el("div", { class: "field" }, el("label", { for: "my-name", text: t("room.your-name") }), name),
        message ? el("p", { class: "status error", role: "alert", text: message }) : null,
        tables.length ? el("ul", { class: "lobby-list", id: "lobby-list" }, tables.map(tableCard))
          : el("p", { id: "lobby-empty", text: t("room.lobby-empty") }),
        el("p", {}, el("a", { class: "button primary", href: `/?lang=${lang}` }, t("room.play")))));
    shown = JSON.stringify(tables);
  }

  async function take(id, seat) {
    const name = (localStorage.getItem("atout-name") || "").trim();
    const res = await fetch(`/api/tables/${encodeURIComponent(id)}/seats/${seat}?lang=${lang}`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name, lang }) });
    const data = await res.json();
    if (!res.ok) { message = data.message; await refresh(true); return; }
    location.href = data.url;
  }

  async function refresh(force) {
    const res = await fetch("/api/lobby");
    tables = (await res.json()).tables;
    const inside = main.contains(document.activeElement) && document.activeElement !== document.body;
    if (force || JSON.stringify(tables) !== shown) {
      if (!inside || force) render();
    }
  }

  (async () => {
    await Atout.loadLang(lang);
    games = (await (await fetch("/api/games")).json()).games;
    await refresh(true);
    setInterval(() => refresh(false), 5000);
  })();
})();
