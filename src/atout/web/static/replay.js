// atout: step through a finished match (?table=ID) or an uploaded record, every hand open.
"use strict";

(() => {
  const { t, el } = Atout;
  const query = new URLSearchParams(location.search);
  const tableId = query.get("table");
  const record = tableId ? null : sessionStorage.getItem("atout-record");
  let lang = Atout.pickLang(query.get("lang"), localStorage.getItem("atout-lang"), navigator.language);
  let snap = null;
  let seats = null;  // a table's seats (kind, bot, name), so that the replay names them
  const root = document.getElementById("table");
  const status = document.getElementById("status");
  const toolbar = document.getElementById("toolbar");

  async function load(step, tries = 0) {
    let res;
    if (tableId) res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay?step=${step}`);
    else res = await fetch("/api/replay", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ record: record || "", step }) });
    const data = await res.json();
    if ((res.status === 503 || res.status === 429) && tries < 5) {  // busy, or too many requests: say so, and ask again when it says
      status.textContent = data.message; status.className = "status";
      const wait = Number(res.headers.get("retry-after")) || 5;
      setTimeout(() => load(step, tries + 1), wait * 1000);
      return;
    }
    if (!res.ok) { status.textContent = data.message; status.className = "status error"; return; }
    snap = data;
    render();
  }

  function render() {
    const n = snap.num_players;
    snap.view.hand = snap.view.hands[0];  // seat 1 at the bottom, its hand open like the others
    const roster = seats || Array.from({ length: n }, (_, i) => ({ seat: i, kind: "human" }));
    Atout.setRoster(seats || []);
    const state = {
      table: { game: snap.game, num_players: n, you: null, seats: roster.map((s) => Object.assign({ connected: true }, s)) },
      view: snap.view, hands: snap.view.hands, scoresheet: snap.scoresheet, events: snap.events,
    };
    Atout.renderTable(root, state, null);
    const last = snap.action && snap.action.said ? Atout.told({ say: snap.action.said }, null, n) : "";
    status.textContent = `${t("web.step", { n: snap.step, total: snap.total })}${last ? " · " + last : ""}`;
    status.className = "status";
    if (snap.final && snap.step === snap.total) root.append(el("div", { class: "final" }, el("p", { text: Atout.finalText(snap.game, snap.final, null, n) })));
    toolbar.replaceChildren(
      el("a", { href: `/?lang=${lang}`, class: "home", text: "atout" }),
      tool("first", "◀◀", t("web.first"), () => load(0)),
      tool("prev", "◀", t("web.prev"), () => load(snap.step - 1)),
      tool("next", "▶", t("web.next"), () => load(snap.step + 1)),
      tool("end", "▶▶", t("web.last"), () => load(snap.total)),
      tool("scoresheet", "☰", t("web.scoresheet"), () => Atout.sheetDialog(t("web.scoresheet"),
        Atout.scoresheet(snap.game, snap.scoresheet, null, n, snap.view))));
  }

  // a button of the toolbar: its icon, and its word where there is room (always for
  // screen readers)
  function tool(id, icon, label, onclick) {
    return el("button", { id, type: "button", class: "tool", title: label, onclick },
      el("span", { class: "icon", "aria-hidden": "true", text: icon }), el("span", { class: "word", text: label }));
  }

  document.addEventListener("keydown", (e) => {
    if (!snap) return;
    if (e.key === "ArrowRight") load(snap.step + 1);
    if (e.key === "ArrowLeft") load(snap.step - 1);
  });

  (async () => {
    await Atout.loadLang(lang);
    if (tableId) {
      const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
      if (res.ok) seats = (await res.json()).seats;
    }
    await load(0);
  })();
})();
