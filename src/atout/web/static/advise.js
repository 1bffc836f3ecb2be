// atout: the advisor page. A person at a real table taps their cards and every card as it
// falls; the server (stateless) builds the seat's view from those entries alone and sends
// the bots' advice on the person's turn. The entries stay in this phone's local storage.
"use strict";

(async () => {
  const { el, t, cardNode } = Atout;
  const query = new URLSearchParams(location.search);
  let lang = Atout.pickLang(query.get("lang"), localStorage.getItem("atout-lang"), navigator.language);
  const KEY = "atout-advise";
  const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const RED = { D: true, H: true };
  const ORDER = ["A", "K", "Q", "J", "10", "9", "8", "7", "6"];
  let settings = JSON.parse(localStorage.getItem(KEY) || "null");
  let S = null; // the server's state
  let pick = [], up = null, ann = "", bela = false, forehand = null, shown = {}, showSeat = null;
  let extra = null; // a review or a record to show

  await Atout.loadLang(lang);
  const main = document.getElementById("main");
  const head = document.getElementById("scores");
  const message = document.getElementById("message");

  function say(text, ok) {
    message.hidden = !text;
    message.textContent = text || "";
    message.className = "score-message" + (ok ? " ok" : "");
  }
  const sym = (code) => code.slice(1) + SUIT[code[0]];
  // a colon after a label: French puts a no-break space before it
  const colon = () => (lang === "fr" ? "\u00a0:" : ":");
  const symNode = (code) => el("span", { class: RED[code[0]] ? "red" : null }, sym(code));

  async function send(body) {
    const res = await fetch("/api/advise", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...settings, lang, ...body }),
    });
    const data = await res.json();
    // refused (400), too many requests (429), busy (503): the message, the state as it was
    if (!res.ok && res.status !== 422) { say(data.message || data.error); return; }
    S = data;
    if (res.ok) {
      settings.deals = data.deals;
      localStorage.setItem(KEY, JSON.stringify(settings));
      pick = []; up = null; ann = ""; bela = false; forehand = null; shown = {}; showSeat = null;
      say(null);
    } else {
      say(data.error);
    }
    if (data.review) extra = { review: data.review, number: body.review };
    else if (data.record) extra = { record: data.record };
    render();
  }

  // -- the first screen: which game, who deals, which level -------------------------------
  async function setup() {
    const games = (await (await fetch("/api/games")).json()).games;
    const names = Object.keys(games);
    const form = { game: names.includes("belote") ? "belote" : names[0], dealer: 0, level: "hard" };
    function draw() {
      head.replaceChildren(el("div", { class: "line" }, t("advisor.title")));
      const n = games[form.game].num_players;
      const seats = n === 2 ? ["you", "opponent"] : ["you", "right", "partner", "left"];
      if (form.dealer >= n) form.dealer = 0;
      const seg = (label, items, key) => el("div", { class: "field" },
        el("div", { class: "label" }, label),
        el("div", { class: "seg" }, items.map(([value, text]) => el("button", {
          type: "button", "aria-pressed": String(form[key] === value), "data-key": key,
          "data-value": String(value), onclick: () => { form[key] = value; draw(); } }, text))));
      main.replaceChildren(el("div", { class: "setup" },
        seg(t("advisor.page.game"), names.map((g) => [g, t(`${g}.title`)]), "game"),
        seg(t("advisor.page.dealer"), seats.map((k, i) => [i, t("advisor.seat." + k)]), "dealer"),
        seg(t("advisor.page.level"), ["easy", "medium", "hard", "expert"].map((l) => [l, l]),
          "level")));
      main.append(el("div", { class: "go" }, el("button", { class: "primary", id: "start",
        type: "button", onclick: () => {
          settings = { game: form.game, seat: 0, dealer: form.dealer, level: form.level,
            seed: 0, options: "", deals: [] };
          send({});
        } }, t("advisor.page.start"))));
    }
    draw();
  }

  // -- the header: both sides' scores and the deal ------------------------------------------
  function header() {
    const n = S.n, names = S.names;
    const sides = n === 2 ? [names[0], names[1]] :
      [`${names[0]} + ${names[2]}`, `${names[1]} + ${names[3]}`];
    const nodes = sides.map((name, i) => el("div", {
      class: "side" + (S.winner === i ? " win" : "") },
      el("div", { class: "name" }, name), el("div", { class: "total" }, S.scores[i])));
    const bits = [`#${S.deal_number}`, S.dealer === S.seat ? t("advisor.page.dealt-by.you")
      : t("advisor.page.dealt-by", { seat: names[S.dealer] })];
    const v = S.view;
    if (v && v.trump) bits.push(t("advisor.contract", { trump: SUIT[v.trump] }));
    else if (v && v.contract) bits.push(v.contract);
    if (S.up) bits.push(`${t("advisor.page.up")} ${sym(S.up)}`);
    if (v && v.bottom) bits.push(`${t("advisor.page.bottom")} ${sym(v.bottom)}`);
    head.replaceChildren(...nodes, el("div", { class: "line" }, bits.join(" · ")));
  }

  // -- the card grid ---------------------------------------------------------------------
  function grid(disabled, onpick, classOf) {
    const ranks = ORDER.filter((r) => S.deck.includes("S" + r));
    const box = el("div", { class: "grid" + (ranks.length === 8 ? " g8" : ""),
      role: "group", "aria-label": S.need.prompt });
    for (const s of ["S", "H", "D", "C"]) {
      for (const r of ranks) {
        const code = s + r;
        box.append(el("button", {
          type: "button", "data-card": code, class: [RED[s] ? "red" : "", classOf(code)].join(" "),
          disabled: disabled(code), "aria-label": sym(code), onclick: () => onpick(code),
        }, sym(code)));
      }
    }
    return box;
  }

  function pickedLine(codes, upCode) {
    const line = el("div", { class: "picked", id: "picked" });
    codes.forEach((c) => { line.append(symNode(c), " "); });
    if (upCode) line.append("· ", t("advisor.page.up"), " ", symNode(upCode));
    return line;
  }

  function extraNode() {
    if (extra && extra.review) {
      const short = (seat) => S.names[seat];
      const table = el("table", { class: "sheet review", id: "review" });
      table.append(el("tr", {}, el("th", {}, ""), el("th", {}, ""),
        el("th", {}, t("advisor.page.value")), el("th", {}, t("advisor.page.best")),
        el("th", {}, t("advisor.page.cost"))));
      const lost = {};
      for (const r of extra.review) {
        lost[r.seat] = (lost[r.seat] || 0) + r.cost;
        table.append(el("tr", {}, el("td", {}, short(r.seat)), el("td", {}, symNode(r.card)),
          el("td", {}, r.value_text),
          el("td", {}, r.cost ? r.best_cards.map(sym).join(" ") + ` (${r.best_text})` : ""),
          el("td", { class: r.cost ? "cost" : "ok" }, r.cost || "✓")));
      }
      const totals = Object.entries(lost).map(([seat, cost]) =>
        el("div", { class: "note review-total" }, t("advisor.review.total", { seat: S.names[seat], cost })));
      return el("section", { class: "field", id: "review-box" },
        el("div", { class: "seg" }, el("h2", { style: "flex:3 1 0" }, t("advisor.review", { number: extra.number })),
          el("button", { type: "button", id: "close", "aria-label": "×",
            onclick: () => { extra = null; render(); } }, "×")),
        el("div", { class: "note" }, t("advisor.page.review-help")), ...totals, table);
    }
    if (extra && extra.record) {
      return el("section", { class: "field" }, el("textarea", { id: "record-text", rows: 10,
        style: "width:100%", readonly: true }, extra.record));
    }
    return null;
  }

  // -- what to enter now ----------------------------------------------------------------
  function render() {
    if (!S) return;
    header();
    const need = S.need, v = S.view;
    const body = [el("h2", { class: "prompt", id: "prompt" }, need.prompt)];
    const shownExtra = extraNode();
    if (shownExtra) body.push(shownExtra);
    if (v && v.hand.length) {
      body.push(el("div", { class: "myhand", "aria-label": t("label.hand") }, v.hand.map((c) => cardNode(c))));
    }
    if (v && (v.trick.length || v.last_trick.length)) {
      const row = el("div", { class: "table-row", id: "trick" });
      const shownTrick = v.trick.length ? v.trick : v.last_trick;
      row.append(el("span", { class: "note" },
        t(v.trick.length ? "advisor.page.trick" : "advisor.page.last") + colon()));
      for (const [seat, code] of shownTrick) {
        row.append(el("div", { class: "played" }, cardNode(code), el("div", {}, S.names[seat])));
      }
      body.push(row);
    }
    const played = new Set(S.played || []), mine = new Set(S.mine || []);
    if (need.kind === "hand" || need.kind === "more") {
      const wantUp = need.kind === "hand" ? S.dealing.up : S.dealing.bottom;
      const full = pick.length >= need.count;
      body.push(el("div", { class: "note" }, !full ? t("advisor.page.tap-hand") :
        wantUp ? t(need.kind === "hand" ? "advisor.page.tap-up" : "advisor.page.tap-bottom") : ""));
      body.push(pickedLine(pick, up));
      body.push(grid(
        (c) => played.has(c) || mine.has(c) || (need.kind === "more" && c === S.up),
        (c) => {
          if (pick.includes(c)) pick = pick.filter((x) => x !== c);
          else if (c === up) up = null;
          else if (!full) pick.push(c);
          else if (wantUp) up = c;
          render();
        },
        (c) => (pick.includes(c) ? "sel" : c === up ? "up" : "")));
      if (need.kind === "hand" && S.dealing.forehand_card && S.deal_number === 1 &&
          !pick.includes(S.dealing.forehand_card)) {
        body.push(el("div", { class: "field" }, el("div", { class: "label" }, t("advisor.page.forehand")),
          el("div", { class: "seg" }, [1, 2, 3].map((i) => el("button", { type: "button",
            "aria-pressed": String(forehand === i), "data-forehand": String(i),
            onclick: () => { forehand = i; render(); } }, S.names[i])))));
      }
    } else if (need.kind === "show") {
      showSeat = showSeat ?? need.seats[0];
      body.push(el("div", { class: "seg" }, need.seats.map((s) => el("button", {
        type: "button", "aria-pressed": String(showSeat === s), "data-show-seat": String(s),
        onclick: () => { showSeat = s; render(); } }, S.names[s]))));
      for (const s of need.seats) {
        const line = pickedLine(shown[s] || []);
        line.prepend(t("advisor.page.shown-by", { seat: S.names[s] }) + colon() + " ");
        body.push(line);
      }
      body.push(grid((c) => mine.has(c),
        (c) => { const list = shown[showSeat] || [];
          shown[showSeat] = list.includes(c) ? list.filter((x) => x !== c) : [...list, c]; render(); },
        (c) => ((shown[showSeat] || []).includes(c) ? "sel" : "")));
    } else if (need.kind === "act" && need.seat === S.seat && S.advice.length) {
      const list = el("ol", { class: "advice", id: "advice" });
      S.advice.forEach((a, i) => {
        const red = a.card && RED[a.card[0]];
        list.append(el("li", {}, el("button", { type: "button", class: i === 0 ? "best" : null,
          "data-action": a.text, onclick: () => send({ add: `${S.seat} ${a.text}` }) },
          el("span", { class: "what" + (red ? " red" : "") }, a.label),
          el("span", { class: "pts" }, a.points_text),
          el("span", { class: "why" }, a.reason + (a.chosen ? ` · ${t("advice.chosen")}` : "")))));
      });
      body.push(el("div", { class: "note" }, t("advisor.advice", { level: S.level })), list);
    } else if (need.kind === "act") {
      if (S.choices.length) {
        body.push(el("div", { class: "seg", id: "choices" }, S.choices.map((c) => el("button", {
          type: "button", "data-action": c.text,
          onclick: () => send({ add: `${need.seat} ${c.text}` }) }, c.label))));
      }
      if (v && v.phase === "play") {
        const first = S.first_card;
        const annSelect = el("select", { id: "ann", "aria-label": t("advisor.page.announced"),
          onchange: (e) => { ann = e.target.value; } },
          el("option", { value: "" }, t("advisor.ann.none")),
          S.announcements.map((a) => el("option", { value: a.value, selected: ann === a.value || null }, a.label)));
        const row = el("div", { class: "annrow" },
          first ? el("div", {}, el("div", { class: "note" }, t("advisor.page.announced")), annSelect)
            : el("div", {}));
        if (S.dealing.honour) {
          row.append(el("button", { type: "button", id: "bela", "aria-pressed": String(bela),
            onclick: () => { bela = !bela; render(); } }, t("advisor.bela")));
        }
        body.push(row);
        const faceUp = new Set(S.face_up_out || []);
        body.push(grid((c) => played.has(c) || mine.has(c) || faceUp.has(c), (c) => {
          let text = `${need.seat} ${c}`;
          if (bela) text += " bela";
          if (ann) text += ` ann=${ann}`;
          send({ add: text });
        }, () => ""));
      }
    }
    // the deals so far, each with its review
    if (S.results.length) {
      const list = el("div", { class: "field", id: "deals" },
        el("div", { class: "label" }, t("advisor.page.deals")));
      for (const r of S.results) {
        list.append(el("div", { class: "dealrow" },
          el("span", { class: "note" },
            `${r.number}. ${Atout.outcomeText(S.game, r.result, S.seat, S.n) || r.outcome} · ` +
            `${r.recorded.join("-")} → ${r.scores.join("-")}`),
          el("button", { type: "button", "data-review": String(r.number),
            onclick: () => send({ review: r.number }) }, t("advisor.page.review"))));
      }
      list.append(el("div", { class: "seg" }, el("button", { type: "button", id: "record",
        onclick: () => send({ record: true }) }, t("advisor.page.record"))));
      body.push(list);
    }
    main.replaceChildren(...body);
    main.dataset.count = String(S.deals.flat().length) + (S.error ? "!" + S.error : "");
    // the bar at the bottom: undo, type, send / done
    const input = el("input", { type: "text", id: "typed", placeholder: t("advisor.page.type"),
      autocapitalize: "characters", enterkeyhint: "send",
      onkeydown: (e) => { if (e.key === "Enter") typed(e.target.value); } });
    const bar = el("div", { class: "go" },
      el("button", { type: "button", id: "undo", "aria-label": t("advisor.page.undo"),
        onclick: () => { extra = null; send({ undo: true }); } },
      "↶", el("span", { class: "label" }, " " + t("advisor.page.undo"))), input);
    if (need.kind === "hand" || need.kind === "more" || need.kind === "show") {
      bar.append(el("button", { type: "button", class: "primary", id: "done", onclick: done },
        t("advisor.page.done")));
    } else {
      bar.append(el("button", { type: "button", class: "primary", id: "send",
        onclick: () => typed(input.value) }, t("advisor.page.send")));
    }
    bar.append(el("button", { type: "button", id: "new", "aria-label": t("advisor.page.new"),
      onclick: () => { if (confirm(t("advisor.page.new") + "?")) {
        localStorage.removeItem(KEY); settings = null; S = null; setup(); } } }, "⟲"));
    main.append(bar);
  }

  // what the person typed, read by the server as the terminal reads it (their words or
  // the codes); a number on their turn picks the advice as listed
  function typed(text) {
    text = (text || "").trim();
    if (!text) return;
    const need = S.need;
    const pick = /^\d+$/.test(text) && need.kind === "act" && need.seat === S.seat
      ? S.advice[Number(text) - 1] : null;
    if (pick) send({ add: `${need.seat} ${pick.text}` });
    else send({ typed: text });
  }

  function done() {
    const need = S.need;
    if (need.kind === "show") {
      const items = need.seats.map((s) => `${s}:${(shown[s] || []).join(",") || "-"}`);
      send({ add: "show " + items.join(" ") });
      return;
    }
    let text = `${need.kind} ${pick.join(" ")}`;
    if (up) text += need.kind === "hand" ? ` up ${up}` : ` bottom ${up}`;
    if (need.kind === "hand" && S.dealing.forehand_card && S.deal_number === 1) {
      const fh = pick.includes(S.dealing.forehand_card) ? S.seat : forehand === null ? null : (S.seat + forehand) % S.n;
      if (fh !== null) text += ` forehand ${fh}`;
    }
    send({ add: text });
  }

  if (settings) await send({});
  else setup();
})();
