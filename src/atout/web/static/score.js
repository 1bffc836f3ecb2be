// atout: the scorekeeper page. A scoresheet for a game played with real cards: the people
// at the table enter what was decided, the server computes what the rules write.
// /score: start a sheet. /score/ID#token=...: write. /score/ID: read only (a share link).
"use strict";

(async () => {
  const { el, t } = Atout;
  const { id, secret: token, query } = Atout.pageLink("score", "token");
  let lang = Atout.pageLang();
  const SUITS = [["C", "♣"], ["D", "♦"], ["H", "♥"], ["S", "♠"]];
  const RED = ["D", "H"];
  let sheet = null;
  let form = {};
  let fixing = null; // the deal number being corrected
  let needed = null; // a question asked only when the rules refuse the entry without it

  await Atout.loadLang(lang);
  // the games, their seats and options, as the server lists them (/api/games)
  const GAMES = (await (await fetch("/api/games")).json()).games;
  const main = document.getElementById("main");
  const head = document.getElementById("scores");
  const message = document.getElementById("message");

  const say = Atout.messageLine(message, "score-message");

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

  function melds(q, side) {
    const key = q.name + side;
    form[key] = form[key] || [];
    const name = sheet.names[side];
    const chosen = el("span", { class: "chosen", "data-melds": String(side) },
      form[key].length ? form[key].join(" + ") : t("score.page.none"));
    const buttons = q.choices.map(([word, , value]) => el("button", {
      type: "button", "data-meld": `${side}:${value}`,
      onclick: () => { form[key].push(Number(value)); render(); } }, "+" + word));
    const clear = el("button", { type: "button", class: "clear", "aria-label": "×",
      onclick: () => { form[key] = []; form.win = null; render(); } }, "×");
    return el("div", { class: "field" },
      el("div", { class: "label" }, t(q.label, { who: name }),
        lang === "fr" ? "\u00a0: " : ": ", chosen),
      el("div", { class: "seg melds" }, ...buttons, clear));
  }

  // Who won the comparison: asked only when both sides' best are worth the same.
  function tied() {
    const melds = sheet.form.find((q) => q.kind === "melds");
    const a = form[melds.name + "0"] || [], b = form[melds.name + "1"] || [];
    return a.length && b.length && Math.max(...a) === Math.max(...b);
  }

  const sides = (none) => [...(none ? [[null, t("score.page.none")]] : []),
    [0, sheet.names[0]], [1, sheet.names[1]]];
  const suitButtons = () => SUITS.map(([l, s]) => [l, s, l === "D" || l === "H" ? "red" : ""]);

  // -- the questions of one deal, as the sheet lists them ----------------------------------------
  const given = (v) => v !== null && v !== undefined;
  const passed = () => sheet.form.some((q) => q.passes && form[q.name] === "p");

  // Whether a question is asked now: after "all passed" only that question; the others
  // when the answers they depend on are given (or not), a refusal's question when needed.
  function asked(q) {
    if (passed()) return q.passes;
    if (!q.when.every((n) => given(form[n])) || q.unless.some((n) => given(form[n]))) return false;
    if (q.kind === "winner") {
      if (tied() || needed === q.name) return true;
      form[q.name] = null;
      return false;
    }
    if (q.on_refusal) return needed === q.name || given(form[q.name]);
    return true;
  }

  // The answers of the questions asked (the server writes the entry from them).
  function answers() {
    const out = {};
    for (const q of sheet.form.filter(asked)) {
      if (q.kind === "melds") { for (const s of [0, 1]) out[q.name + s] = form[q.name + s] || []; }
      else if (q.kind === "points") out[q.name] = Number(form[q.name] || 0);
      else if (given(form[q.name])) out[q.name] = form[q.name];
    }
    return out;
  }

  const whoOf = (q) => given(q.side) ? sheet.names[q.side]
    : q.who_of && given(form[q.who_of]) ? sheet.names[form[q.who_of]] : undefined;

  function choicesOf(q) {
    const pass = q.passes ? [["p", t("score.page.thrown-in")]] : [];
    if (q.kind === "seat") return [[0, "1"], [1, "2"], [2, "3"], [3, "4"], ...pass];
    if (q.kind === "suit") return suitButtons();
    if (q.kind === "contract") {
      return q.choices.map(([value, key, text]) => [value, key ? `${t(key)} ${text}` : text,
        key ? "wide" : `${RED.includes(value) ? "red " : ""}q`]);
    }
    if (q.kind === "yes") return q.choices.map(([value, key]) => [value, t(key)]);
    return [...sides(q.none), ...pass];
  }

  function field(q) {
    if (q.kind === "melds") return [melds(q, 0), melds(q, 1)];
    if (q.kind !== "points") return [seg(t(q.label, { who: whoOf(q) }), choicesOf(q), q.name)];
    const label = t(q.label, { who: whoOf(q) });
    if (!q.other) return [number(label, q.name)];
    const other = () => t("score.page.other", { who: sheet.names[1 - q.side],
      points: q.other - Number(form[q.name] || 0) });
    return [number(label, q.name, other), el("div", { class: "auto", id: "auto" }, other())];
  }

  // The page again from a deal's answers (to correct a deal).
  function formOf(row) {
    return { ...row.answers };
  }

  async function submit() {
    const body = { token, answers: answers() };
    if (fixing) body.number = fixing;
    const { ok, data } = await api(`/api/scoresheets/${id}/deals`, body);
    if (!ok) {
      say(data.message || data.error);
      const question = sheet.form.find((q) => q.on_refusal === data.rule);
      if (question) { needed = question.name; render(); }
      return;
    }
    needed = null;
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
    const parts = [];
    const title = fixing ? t("score.page.fixing", { number: fixing })
      : t("score.page.deal", { number: sheet.deal_number });
    parts.push(el("h2", {}, title));
    const shown = sheet.form.filter(asked);
    for (let i = 0; i < shown.length; i++) {
      const q = shown[i], next = shown[i + 1];
      // two sides' points side by side
      if (q.kind === "points" && next && next.kind === "points" && !q.other) {
        parts.push(el("div", { class: "pair" }, ...field(q), ...field(next)));
        i++;
      } else parts.push(...field(q));
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
          onclick: () => { fixing = row.number; form = formOf(row); say(""); render();
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
