// atout: the scorekeeper page. A scoresheet for a game played with real cards: the people
// at the table enter what was decided, the server computes what the rules write.
// /score: start a sheet. /score/ID#token=...: write. /score/ID: read only (a share link).
"use strict";

(async () => {
  const { el, t } = Atout;
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  let lang = Atout.pickLang(hash.get("lang"), query.get("lang"), localStorage.getItem("atout-lang"),
    navigator.language);
  const match = location.pathname.match(/^\/score\/([A-Za-z0-9_-]+)$/);
  const id = match ? match[1] : null;
  const token = hash.get("token");
  const SUITS = [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"]];
  const MELDS = {
    deberts: [["terc", 20], ["bertz", 50]],
    belote: [["tierce", 20], ["quarte", 50], ["100", 100], ["150", 150], ["200", 200]],
    schieber: [["20", 20], ["50", 50], ["100", 100], ["200", 200]],
  };
  const TOTAL = { belote: 162, schieber: 157 };
  let sheet = null;
  let form = {};
  let fixing = null; // the deal number being corrected
  let needFirst = false; // Schieber: both teams reach the target, ask who was first

  await Atout.loadLang(lang);
  // the games, their seats and options, as the server lists them (/api/games)
  const GAMES = (await (await fetch("/api/games")).json()).games;
  const main = document.getElementById("main");
  const head = document.getElementById("scores");
  const message = document.getElementById("message");

  function say(text, ok) {
    message.hidden = !text;
    message.textContent = text || "";
    message.className = "score-message" + (ok ? " ok" : "");
  }

  async function api(path, body) {
    const res = await fetch(path + (body ? "" : `?lang=${lang}`), body ? {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    } : {});
    const data = await res.json();
    return { ok: res.ok, data };
  }

  // -- a row of buttons, one pressed ------------------------------------------------------
  function seg(label, choices, key, onchange) {
    const row = el("div", { class: "seg", role: "group", "aria-label": label });
    for (const [value, text, cls] of choices) {
      row.append(el("button", {
        type: "button", class: cls || null, "aria-pressed": String(form[key] === value),
        "data-key": key, "data-value": String(value),
        onclick: () => { form[key] = form[key] === value && key !== "who" ? null : value;
          if (onchange) onchange(); render(); },
      }, text));
    }
    return el("div", { class: "field" }, el("div", { class: "label" }, label), row);
  }

  function number(label, key, extra) {
    const input = el("input", { class: "num", type: "number", inputmode: "numeric", min: 0,
      max: 257, value: form[key] ?? "", "aria-label": label, "data-key": key,
      oninput: (e) => { form[key] = e.target.value; const a = document.getElementById("auto");
        if (a && extra) a.textContent = extra(); } });
    return el("div", { class: "field" }, el("div", { class: "label" }, label), input);
  }

  function melds(side) {
    const key = "melds" + side;
    form[key] = form[key] || [];
    const name = sheet.names[side];
    const chosen = el("span", { class: "chosen", "data-melds": String(side) },
      form[key].length ? form[key].join(" + ") : t("score.page.none"));
    const buttons = MELDS[sheet.game].map(([word, value]) => el("button", {
      type: "button", "data-meld": `${side}:${value}`,
      onclick: () => { form[key].push(value); render(); } }, "+" + word));
    const clear = el("button", { type: "button", class: "clear", "aria-label": "×",
      onclick: () => { form[key] = []; form.win = null; render(); } }, "×");
    return el("div", { class: "field" },
      el("div", { class: "label" }, t(`score.page.${sheet.game}.melds`, { who: name }),
        lang === "fr" ? "\u00a0: " : ": ", chosen),
      el("div", { class: "seg melds" }, ...buttons, clear));
  }

  // Who won the comparison: asked only when both sides' best are worth the same.
  function comparison() {
    const a = form.melds0 || [], b = form.melds1 || [];
    if (!a.length || !b.length || Math.max(...a) !== Math.max(...b)) { form.win = null; return []; }
    return [seg(t("score.page.comparison"), sides(false), "win")];
  }

  const sides = (none) => [...(none ? [[null, t("score.page.none")]] : []),
    [0, sheet.names[0]], [1, sheet.names[1]]];
  const suitButtons = () => SUITS.map(([l, s]) => [l, s, l === "D" || l === "H" ? "red" : ""]);

  // -- the entry of one deal, from the form ------------------------------------------------------
  function entryText() {
    const f = form, parts = [];
    const meldText = (key) => {
      const shown = [0, 1].filter((s) => (f["melds" + s] || []).length)
        .map((s) => `${s}:${f["melds" + s].join("+")}`);
      return shown.length ? [`${key}=${shown.join(",")}`] : [];
    };
    if (sheet.game === "deberts") {
      if (f.who === "p") return "thrown-in";
      parts.push(`caller=${f.who}`, `trump=${f.trump}`, `points=${f.a || 0},${f.b || 0}`);
      parts.push(...meldText("sequences"));
      if (f.win !== null && f.win !== undefined) parts.push(`seqwin=${f.win}`);
      if (f.extra !== null && f.extra !== undefined) parts.push(`bela=${f.extra}`);
    } else if (sheet.game === "belote") {
      if (f.who === "p") return "thrown-in";
      parts.push(`taker=${f.who}`, `trump=${f.trump}`);
      if (f.capot !== null && f.capot !== undefined) parts.push(`capot=${f.capot}`, `points=${f.capot}:162`);
      else parts.push(`points=0:${f.a || 0}`);
      parts.push(...meldText("announcements"));
      if (f.win !== null && f.win !== undefined) parts.push(`annwin=${f.win}`);
      if (f.extra !== null && f.extra !== undefined) parts.push(`belote=${f.extra}`);
    } else {
      parts.push(`contract=${f.trump}`);
      if (f.pushed) parts.push("pushed");
      if (f.stop !== null && f.stop !== undefined) {
        parts.push(`stop=${f.stop}`, `points=${f.stop}:${f.a || 0}`);
        if (f.firstTrick === false) parts.push("first_trick=no");
      } else if (f.capot !== null && f.capot !== undefined) {
        parts.push(`match=${f.capot}`);
      } else parts.push(`points=0:${f.a || 0}`);
      parts.push(...meldText("weis"));
      if (f.win !== null && f.win !== undefined) parts.push(`weiswin=${f.win}`);
      if (f.extra !== null && f.extra !== undefined) parts.push(`stoeck=${f.extra}`);
      if (f.first !== null && f.first !== undefined) parts.push(`first=${f.first}`);
    }
    return parts.join(" ");
  }

  // The form again from an entry's text (to correct a deal).
  function formOf(text) {
    const f = { melds0: [], melds1: [] };
    const words = text.split(/\s+/);
    for (const w of words) {
      const [k, v] = w.split("=");
      if (k === "thrown-in") f.who = "p";
      else if (k === "caller" || k === "taker") f.who = Number(v);
      else if (k === "trump" || k === "contract") f.trump = v;
      else if (k === "points") {
        if (v.includes(",")) { const [a, b] = v.split(","); f.a = a; f.b = b; if (sheet.game !== "deberts") f.a = a; }
        else { const [s, p] = v.split(":"); f.a = s === "0" ? p : String((TOTAL[sheet.game] || 0) - Number(p)); if (f.stop !== undefined) f.a = p; }
      } else if (["sequences", "announcements", "weis"].includes(k)) {
        for (const part of v.split(",")) { const [s, vals] = part.split(":"); f["melds" + s] = vals.split("+").map(Number); }
      } else if (["seqwin", "annwin", "weiswin"].includes(k)) f.win = Number(v);
      else if (["bela", "belote", "stoeck"].includes(k)) f.extra = Number(v);
      else if (k === "capot" || k === "match") f.capot = Number(v);
      else if (k === "stop") { f.stop = Number(v); }
      else if (k === "first_trick") f.firstTrick = v !== "no";
      else if (k === "first") f.first = Number(v);
      else if (k === "pushed") f.pushed = true;
    }
    if (f.stop !== undefined) { const m = text.match(/points=\d:(\d+)/); if (m) f.a = m[1]; }
    return f;
  }

  async function submit() {
    const body = { token, entry: entryText() };
    if (fixing) body.number = fixing;
    const { ok, data } = await api(`/api/scoresheets/${id}/deals`, body);
    if (!ok) {
      say(data.message || data.error);
      if (data.rule === "score.schieber.first-needed") { needFirst = true; render(); }
      return;
    }
    needFirst = false;
    const before = sheet.rows.length;
    sheet = data;
    const row = fixing ? sheet.rows[fixing - 1] : sheet.rows[before];
    say(row ? `${t("score.page.deal", { number: row.number })}${lang === "fr" ? "\u00a0:" : ":"} ${row.why_text}` : "", true);
    form = {}; fixing = null;
    render();
  }

  async function undo() {
    const { ok, data } = await api(`/api/scoresheets/${id}/undo`, { token });
    if (!ok) { say(data.message || data.error); return; }
    sheet = data; say(t("score.cli.undone"), true); form = {}; fixing = null; render();
  }

  // -- drawing -----------------------------------------------------------------------------------
  function renderHead() {
    head.replaceChildren();
    for (const s of [0, 1]) {
      head.append(el("div", { class: "side" + (sheet.winner === s ? " win" : ""), "data-side": String(s) },
        el("div", { class: "name" }, sheet.names[s]),
        el("div", { class: "total" }, String((sheet.final || sheet.scores)[s]))));
    }
    let line = sheet.winner !== null
      ? t("score.cli.over", { who: sheet.names[sheet.winner], a: (sheet.final || sheet.scores)[sheet.winner],
          b: (sheet.final || sheet.scores)[1 - sheet.winner] }) + (sheet.stakes === 2 ? " " + t("score.cli.double") : "")
      : t("score.page.next", { number: sheet.deal_number, target: sheet.target });
    if (sheet.carried) line += " · " + t(`score.cli.carried.${sheet.game}`, { points: sheet.carried });
    head.append(el("div", { class: "line", id: "headline" }, line));
  }

  function renderForm() {
    const g = sheet.game, parts = [];
    const title = fixing ? t("score.page.fixing", { number: fixing })
      : t("score.page.deal", { number: sheet.deal_number });
    parts.push(el("h2", {}, title));
    if (g === "deberts") {
      parts.push(seg(t("score.page.who"), [...sides(false), ["p", t("score.page.thrown-in")]], "who"));
      if (form.who !== "p") {
        parts.push(seg(t("score.page.trump"), suitButtons(), "trump"));
        parts.push(el("div", { class: "pair" },
          number(t("score.page.points-of", { who: sheet.names[0] }), "a"),
          number(t("score.page.points-of", { who: sheet.names[1] }), "b")));
        parts.push(melds(0), melds(1));
        parts.push(...comparison());
        parts.push(seg(t("score.page.deberts.extra"), sides(true), "extra"));
      }
    } else if (g === "belote") {
      parts.push(seg(t("score.page.belote.who"), [[0, "1"], [1, "2"], [2, "3"], [3, "4"],
        ["p", t("score.page.thrown-in")]], "who"));
      if (form.who !== "p") {
        parts.push(seg(t("score.page.trump"), suitButtons(), "trump"));
        parts.push(seg(t("score.page.belote.capot"), sides(true), "capot"));
        if (form.capot === null || form.capot === undefined) {
          const other = () => t("score.page.other", { who: sheet.names[1],
            points: 162 - Number(form.a || 0) });
          parts.push(number(t("score.page.points-of", { who: sheet.names[0] }), "a", other));
          parts.push(el("div", { class: "auto", id: "auto" }, other()));
        }
        parts.push(melds(0), melds(1));
        parts.push(...comparison());
        parts.push(seg(t("score.page.belote.extra"), sides(true), "extra"));
      }
    } else {
      parts.push(seg(t("score.page.schieber.contract"), [
        ...suitButtons().map(([l, sym, cls]) => [l, `${sym} ×${l === "D" || l === "H" ? 2 : 1}`, `${cls} q`]),
        ["obenabe", `${t("schieber.obenabe")} ×3`, "wide"], ["undenufe", `${t("schieber.undenufe")} ×4`, "wide"]],
        "trump"));
      parts.push(seg(t("score.page.schieber.pushed"),
        [[false, t("score.page.no")], [true, t("score.page.yes")]], "pushed"));
      parts.push(seg(t("score.page.schieber.stop"), sides(true), "stop"));
      if (form.stop !== null && form.stop !== undefined) {
        parts.push(seg(t("score.page.schieber.first-trick"),
          [[true, t("score.page.yes")], [false, t("score.page.no")]], "firstTrick"));
        parts.push(number(t("score.page.schieber.captured", { who: sheet.names[form.stop] }), "a"));
      } else {
        parts.push(seg(t("score.page.schieber.match"), sides(true), "capot"));
        if (form.capot === null || form.capot === undefined) {
          const other = () => t("score.page.other", { who: sheet.names[1],
            points: 157 - Number(form.a || 0) });
          parts.push(number(t("score.page.points-of", { who: sheet.names[0] }), "a", other));
          parts.push(el("div", { class: "auto", id: "auto" }, other()));
        }
      }
      parts.push(melds(0), melds(1));
      parts.push(...comparison());
      parts.push(seg(t("score.page.schieber.extra"), sides(true), "extra"));
      if (needFirst || (form.first !== null && form.first !== undefined)) {
        parts.push(seg(t("score.page.schieber.first"), sides(false), "first"));
      }
    }
    return parts;
  }

  function renderSheet() {
    const table = el("table", { class: "sheet", id: "sheet" },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, sheet.names[0]),
        el("th", {}, sheet.names[1]), el("th", {}, "="), token ? el("th", {}, "") : null)));
    const body = el("tbody");
    for (const row of sheet.rows) {
      body.append(el("tr", { class: fixing === row.number ? "fixing" : null, "data-row": String(row.number) },
        el("td", {}, String(row.number)), el("td", {}, String(row.written[0])),
        el("td", {}, String(row.written[1])),
        el("td", {}, `${row.scores[0]}:${row.scores[1]}` + (row.carried ? ` (${row.carried})` : "")),
        token ? el("td", {}, el("button", { type: "button", class: "fix", "data-fix": String(row.number),
          onclick: () => { fixing = row.number; form = formOf(row.entry); say(""); render();
            window.scrollTo(0, 0); } }, t("score.page.fix"))) : null));
      body.append(el("tr", { class: "why" }, el("td", { colspan: token ? 5 : 4 }, row.why_text)));
    }
    table.append(body);
    return table;
  }

  function render() {
    renderHead();
    const parts = [];
    if (token && (sheet.winner === null || fixing)) parts.push(...renderForm());
    if (!token) parts.push(el("p", { class: "readonly-note" }, t("score.page.readonly")));
    parts.push(el("h2", {}, t("score.page.sheet")), renderSheet());
    if (token) {
      const share = `${location.origin}/score/${id}#lang=${lang}`;
      parts.push(el("div", { class: "links" },
        el("label", { for: "share" }, t("score.page.share")),
        el("input", { id: "share", type: "text", readonly: true, value: share }),
        el("a", { class: "button", href: `/api/scoresheets/${id}/record`, download: "" },
          t("score.page.record"))));
    }
    main.replaceChildren(...parts);
    document.querySelector(".go")?.remove();
    if (token) {
      const canScore = sheet.winner === null || fixing;
      document.body.append(el("div", { class: "go" },
        el("button", { type: "button", id: "undo", onclick: undo, disabled: !sheet.rows.length }, t("score.page.undo")),
        fixing ? el("button", { type: "button", onclick: () => { fixing = null; form = {}; render(); } }, "×") : null,
        el("button", { type: "button", class: "primary", id: "submit", onclick: submit, disabled: !canScore },
          fixing ? t("score.page.correct") : t("score.page.score"))));
    }
  }

  // -- a new sheet -------------------------------------------------------------------------------
  function renderSetup() {
    head.replaceChildren(el("div", { class: "line" }, t("score.page.title")));
    const f = { game: GAMES[query.get("game")] ? query.get("game") : Object.keys(GAMES)[0] };
    const form2 = el("form", { class: "setup", id: "setup", onsubmit: async (e) => {
      e.preventDefault();
      const names = [document.getElementById("name0").value, document.getElementById("name1").value];
      const target = document.getElementById("target").value;
      const options = target ? `${f.game}(target=${Number(target)})` : "";
      const { ok, data } = await api("/api/scoresheets", { game: f.game, names, options, lang,
        dealer: Number(document.getElementById("dealer").value) });
      if (!ok) { say(data.message || data.error); return; }
      location.href = data.edit;
    } });
    const games = el("div", { class: "seg", role: "group" });
    for (const g of Object.keys(GAMES)) {
      games.append(el("button", { type: "button", "aria-pressed": String(f.game === g), "data-game": g,
        onclick: () => { f.game = g; for (const b of games.children) b.setAttribute("aria-pressed", String(b.dataset.game === g));
          setNames(); } }, t(`${g}.title`)));
    }
    const name0 = el("input", { id: "name0", type: "text", maxlength: 40 });
    const name1 = el("input", { id: "name1", type: "text", maxlength: 40 });
    const label0 = el("label", { for: "name0" }), label1 = el("label", { for: "name1" });
    function setNames() {
      const teams = GAMES[f.game].num_players === 4;
      label0.textContent = t(teams ? "score.team" : "score.player", { n: 1 });
      label1.textContent = t(teams ? "score.team" : "score.player", { n: 2 });
      const target = GAMES[f.game].options.find((o) => o.name === "target");
      document.getElementById("target").placeholder = target ? String(target.default) : "";
    }
    const language = Atout.languageSelect(lang, async (code) => {
      lang = code; await Atout.loadLang(lang); renderSetup(); }, { id: "language" });
    form2.append(el("div", { class: "field" }, games), label0, name0, label1, name1,
      el("label", { for: "target" }, t("score.page.target")),
      el("input", { id: "target", type: "number", inputmode: "numeric", min: 1 }),
      el("label", { for: "dealer" }, t("score.page.dealer")),
      el("select", { id: "dealer" }, ...[0, 1, 2, 3].map((s) => el("option", { value: s }, String(s + 1)))),
      el("label", { for: "language" }, t("web.language")), language,
      el("p", {}, el("button", { type: "submit", class: "primary", id: "start" }, t("score.page.start"))));
    main.replaceChildren(el("p", {}, t("score.page.intro")), form2);
    setNames();
  }

  if (!id) { renderSetup(); return; }
  const { ok, data } = await api(`/api/scoresheets/${id}`);
  if (!ok) { say(data.message || data.error); return; }
  sheet = data;
  render();
  if (!token) {  // a shared sheet follows the table's entries
    setInterval(async () => {
      const fresh = await api(`/api/scoresheets/${id}`);
      if (fresh.ok && fresh.data.rows.length !== sheet.rows.length) { sheet = fresh.data; render(); }
    }, 10000);
  }
})();
