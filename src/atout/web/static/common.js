// atout: what the table page and the replay page share. Plain JavaScript, no build step.
// The server sends views with cards as codes ("HJ" = jack of hearts, "S10" = ten of spades).
"use strict";

const Atout = (() => {
  let T = {};
  const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const RED = { D: true, H: true };
  const SVGNS = "http://www.w3.org/2000/svg";

  // The languages atout speaks, [code, name in itself], from the server's /languages.js.
  const LANGUAGES = typeof ATOUT_LANGUAGES === "undefined" ? [["en", "English"]] : ATOUT_LANGUAGES;

  // The first of the candidates that atout speaks (the link's ?lang=, the last choice,
  // the browser's language), else English.
  function pickLang(...candidates) {
    for (const c of candidates) {
      const code = (c || "").slice(0, 2).toLowerCase();
      if (LANGUAGES.some(([l]) => l === code)) return code;
    }
    return "en";
  }

  // The page's language: the link's #lang= or ?lang=, the last choice, the browser's.
  function pageLang() {
    const { hash, query } = pageLink();
    return pickLang(hash.get("lang"), query.get("lang"), localStorage.getItem("atout-lang"),
      navigator.language);
  }

  // What the page's link says: its #fragment (hash) and ?query; for a page of a section
  // (/night/ID: pageLink("night", "admin")), the ID its path ends with (null without one)
  // and the secret its fragment holds under the name ``secret``.
  function pageLink(section, secret) {
    const hash = new URLSearchParams(location.hash.slice(1));
    const found = section && location.pathname.match(new RegExp(`^/${section}/([A-Za-z0-9_-]+)$`));
    return { hash, query: new URLSearchParams(location.search), id: found ? found[1] : null,
      secret: secret ? hash.get(secret) : null };
  }

  // A page's message line (node, its class): say(text) shows text, say(text, true) as good
  // news, say() hides it.
  function messageLine(node, base) {
    return (text, ok) => {
      node.hidden = !text;
      node.textContent = text || "";
      node.className = base + (ok ? " ok" : "");
    };
  }

  // A language menu: each language named in itself; onchange receives the code, already
  // remembered for the other pages.
  // With short, the options show the codes (EN, FR...) where space is tight.
  function languageSelect(lang, onchange, attrs, short) {
    return el("select", { "aria-label": t("web.language"), ...(attrs || {}), onchange: (e) => {
      localStorage.setItem("atout-lang", e.target.value);
      onchange(e.target.value);
    } }, LANGUAGES.map(([code, name]) => el("option", { value: code, selected: code === lang, lang: code,
      "aria-label": short ? name : null }, short ? code.toUpperCase() : name)));
  }

  async function loadLang(lang) {
    const res = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
    T = await res.json();
    document.documentElement.lang = lang;
  }

  function t(key, params) {
    let text = T[key];
    if (text === undefined) return key;
    if (params) {
      text = text.replace(/\{(\w+)(![rs])?\}/g, (m, name) =>
        params[name] === undefined ? m : String(params[name]));
    }
    return text;
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? "" : v);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const child of children) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const suitOf = (code) => code[0];
  const rankOf = (code) => code.slice(1);
  const symbol = (code) => rankOf(code) + SUITS[suitOf(code)];
  const suitName = (letter) => `${SUITS[letter]} ${t("suit." + letter)}`;
  // "Trump: ♥ hearts", with the reader's spacing ("Atout : ♥ cœur" in French)
  const labelled = (label, value) => t("room.labelled", { label, value: value === undefined ? "" : value }).trimEnd();

  // A card face as SVG: corner indices, pips for the suit, red for hearts and diamonds.
  function cardSVG(code) {
    const s = suitOf(code), r = rankOf(code);
    const colour = RED[s] ? "#c62828" : "#1b1b1b";
    const root = svg("svg", { viewBox: "0 0 60 88", class: "card-svg", role: "img",
      "aria-label": T["room.card"] !== undefined ? cardName(code) : symbol(code) });
    root.append(svg("rect", { x: 1, y: 1, width: 58, height: 86, rx: 6, fill: "#fffdf7",
      stroke: "#9a9a9a", "stroke-width": 1, class: "face" }));
    const corner = (x, y, rotate) => {
      const g = svg("g", { fill: colour, "font-family": "Georgia, serif",
        "font-weight": "bold", transform: rotate ? `rotate(180 30 44)` : "" });
      g.append(svg("text", { x, y, "font-size": r === "10" ? 13 : 15, "text-anchor": "middle" }, r));
      g.append(svg("text", { x, y: y + 14, "font-size": 13, "text-anchor": "middle" }, SUITS[s]));
      return g;
    };
    root.append(corner(10, 16, false), corner(10, 16, true));
    const face = { J: "J", Q: "Q", K: "K" }[r];
    if (face) {
      root.append(svg("rect", { x: 17, y: 17, width: 26, height: 54, rx: 3, fill: "none",
        stroke: colour, "stroke-width": 1 }));
      root.append(svg("text", { x: 30, y: 42, fill: colour, "font-size": 18,
        "font-family": "Georgia, serif", "font-weight": "bold", "text-anchor": "middle" }, face));
      root.append(svg("text", { x: 30, y: 62, fill: colour, "font-size": 16,
        "text-anchor": "middle" }, SUITS[s]));
    } else {
      root.append(svg("text", { x: 30, y: 56, fill: colour, "font-size": r === "A" ? 34 : 28,
        "text-anchor": "middle" }, SUITS[s]));
    }
    return root;
  }

  function backSVG() {
    const root = svg("svg", { viewBox: "0 0 60 88", class: "card-svg back", "aria-hidden": "true" });
    root.append(svg("rect", { x: 1, y: 1, width: 58, height: 86, rx: 6, fill: "#23407a",
      stroke: "#0f1f40", "stroke-width": 1 }));
    root.append(svg("rect", { x: 6, y: 6, width: 48, height: 76, rx: 4, fill: "none",
      stroke: "#9fb6e6", "stroke-width": 1.5, "stroke-dasharray": "3 2" }));
    root.append(svg("text", { x: 30, y: 50, fill: "#9fb6e6", "font-size": 16,
      "text-anchor": "middle" }, "♣♦"));
    return root;
  }

  function cardNode(code, extra) {
    return el("span", { class: "card " + (extra || ""), "data-card": code }, cardSVG(code));
  }

  // Who sits where: per seat its kind, bot level and player's name (the room message).
  let roster = [];
  function setRoster(seats) { roster = seats || []; }

  function botName(level) {
    const key = "room.bot." + level;
    return t("room.bot-name", { level: T[key] !== undefined ? t(key) : level });
  }

  // A seat's name: the player's, "Bot (expert)" in the reader's language, or "Player 2".
  function playerName(seat) {
    const s = roster[seat] || {};
    if (s.kind === "bot") return botName(s.bot || "heuristic");
    if (s.name) return s.name;
    return t("room.player-n", { n: seat + 1 });
  }

  // The spoken name of a card ("jack of hearts"), for screen readers.
  function cardName(code) {
    return t("room.card", { rank: t("room.rank." + rankOf(code)), suit: t("suit." + suitOf(code)) });
  }

  // Where a seat sits from the viewer's chair, in words ("partner", "left"...).
  function relation(seat, me, n) {
    if (me === null || seat === me) return "";
    if (n === 2) return t("room.relation.opponent");
    return t("room.relation." + { right: "right", top: "partner", left: "left" }[positionOf(seat, me, n)]);
  }

  // Seats are named from where the viewer sits (seat 0 at the bottom for a spectator).
  function positionOf(seat, me, n) {
    const off = ((seat - (me === null ? 0 : me)) % n + n) % n;
    if (n === 2) return off === 0 ? "bottom" : "top";
    return ["bottom", "right", "top", "left"][off];
  }

  // A seat's name in a sentence: a player's name, or a bot's with where it sits ("Bot
  // (medium) on the left"), so that three "Bot (medium)" can be told apart; a person's
  // name too when another seat has the same one.
  function nameOf(seat, me, n) {
    const name = playerName(seat);
    const s = roster[seat] || {};
    const shared = roster.some((x, i) => i !== seat && playerName(i) === name);
    if (!(s.kind === "bot" && n > 2) && !shared) return name;
    const pos = positionOf(seat, me, n);
    const where = me === null ? pos : { top: "across", left: "left", right: "right", bottom: "bottom" }[pos];
    return t("room.at." + where, { name });
  }

  function seatName(seat, me, n) {
    if (seat === me && me !== null) return t("seat.you");
    if (roster.length) return nameOf(seat, me, n);
    if (me === null) return t("web.seat", { n: seat + 1 });
    if (n === 2) return t("seat.opponent");
    const key = { right: "seat.right", top: "seat.partner", left: "seat.left" }[positionOf(seat, me, n)];
    return t(key);
  }

  function teamName(team, me, n) {
    if (n === 2) return seatName(team, me, n);
    if (me === null) {
      return roster.length ? t("room.team-of", { a: nameOf(team, me, n), b: nameOf(team + 2, me, n) }) : t("web.team", { n: team + 1 });
    }
    return team === me % 2 ? t("belote.team.us") : t("belote.team.them");
  }

  // A sentence whose subject is a team: one message per kind of subject, so that the verb
  // agrees with it in every language ("Nous gagnons", "Eux gagnent", "L'équipe 1 gagne").
  function teamSays(key, team, me, n, params) {
    if (me !== null) return t(`${key}.${team === me % 2 ? "us" : "them"}`, params);
    if (roster.length) return t(`${key}.pair`, Object.assign({ a: nameOf(team, me, n), b: nameOf(team + 2, me, n) }, params));
    return t(`${key}.team`, Object.assign({ n: team + 1 }, params));
  }

  // What a game's presenter says (atout.kits.present.to_json), in the reader's words: a
  // message {key, params, seat, team} (with a seat, the seat is its subject: "key.you" for
  // the reader's own seat; with a team, teamSays' forms), a seat {seat_of}, a suit
  // {suit}, or parts {words, sep}.
  function words(value, me, n) {
    if (value === null || value === undefined) return "";
    if (typeof value !== "object") return String(value);
    if (value.words) return value.words.map((p) => words(p, me, n)).join(value.sep);
    if (value.suit) return suitName(value.suit);
    if (value.seat_of !== undefined) return seatName(value.seat_of, me, n);
    const params = {};
    for (const [k, v] of Object.entries(value.params || {})) params[k] = words(v, me, n);
    if (value.team !== undefined && value.team !== null) return teamSays(value.key, value.team, me, n, params);
    if (value.seat !== undefined && value.seat !== null) return say(value.key, value.seat, me, n, params);
    return t(value.key, params);
  }

  // The presenter's part of a view ({} for a view that has none).
  const presented = (view) => (view && view.present) || {};

  // The words of an action offered, for a button or a hint.
  function actionLabel(game, action, view) {
    const offered = (presented(view).actions || {})[action];
    if (offered) return words(offered.label, view.seat, (view.hand_sizes || []).length);
    return SUITS[suitOf(action)] ? symbol(action) : action;
  }

  function say(key, seat, me, n, params) {
    if (seat === me && T[key + ".you"] !== undefined) return t(key + ".you", params);
    return t(key, Object.assign({ seat: seatName(seat, me, n) }, params));
  }

  // What the running commentary says of one of the engine's events (the server sends
  // each with its presenter's words, "say"; "" for an event that says nothing).
  const told = (event, me, n) => (event && event.say ? words(event.say, me, n) : "");

  // What the table has said of the deal in view, from its events: [event, words].
  function toldLines(events, deal, me, n) {
    return events.filter((e) => e.deal === deal && e.say).map((e) => [e, told(e, me, n)]);
  }

  function meldText(game, meld) {
    const cards = meld.cards.map(symbol).join(" ");
    return `${cards} (${meld.points})`;
  }

  // What each seat has announced, in the rules' words (never cards before they are
  // shown), and its honours (bela, belote, Stöck): the presenter's notes of the seat.
  function notesOf(view, seat, kinds, me, n) {
    return ((presented(view).notes || {})[seat] || []).filter((x) => kinds.includes(x.kind))
      .map((x) => words(x.text, me, n)).join(" · ");
  }

  // What a finished deal came to, in a sentence (its game's presenter's).
  function outcomeText(game, result, me, n) {
    if (!result) return "";
    return result.present ? words(result.present.outcome, me, n) : result.outcome;
  }

  // One meld: who shows it, its cards, its points (each apart, never run together).
  function meldLine(who, meld) {
    return el("div", { class: "meld" }, el("span", { class: "meld-who", text: who }),
      el("span", { class: "meld-cards" }, meld.cards.map((c) => cardNode(c, "mini"))),
      el("span", { class: "meld-points", text: String(meld.points) }));
  }

  // The breakdown of a finished deal: one row per component, one column per side.
  function breakdown(game, result, me, n) {
    const rows = [];
    const add = (label, pair) => { if (pair) rows.push([label, pair[0], pair[1]]); };
    add(t("label.tricks"), result.tricks);
    add(t("label.card-points"), result.card_points);
    const shown = result.present || {};
    for (const [label, pair] of shown.rows || []) rows.push([words(label, me, n), words(pair[0], me, n), words(pair[1], me, n)]);
    add(t("label.total"), result.totals);
    add(t("label.recorded"), result.recorded);
    const table = el("table", { class: "sheet" },
      el("thead", {}, el("tr", {}, el("th", {}), el("th", { text: teamName(0, me, n) }), el("th", { text: teamName(1, me, n) }))),
      el("tbody", {}, rows.map(([label, a, b]) => el("tr", {}, el("th", { text: label }), el("td", { text: a }), el("td", { text: b })))));
    const melds = [];
    for (const [seat, meld] of shown.melds || []) melds.push(meldLine(seatName(seat, me, n), meld));
    return el("div", { class: "breakdown" }, el("p", { class: "outcome", text: outcomeText(game, result, me, n) }), table, melds);
  }

  // The scoresheet: every deal, with the amount a deal leaves apart (what hangs, the
  // litige) in a column of its own where the game has one.
  function scoresheet(game, rows, me, n, view) {
    const kind = presented(view).apart || (rows.length && rows[0].result.present && rows[0].result.present.apart) || null;
    // the hanging (litige) column only when a deal left points apart, so that a phone
    // has room for the others
    const apart = kind && (rows.some((r) => r[kind] || r.hanging_paid || r.held_paid) || (view && view[kind])) ? kind : null;
    const head = el("tr", {}, el("th", { text: "#" }), el("th", { class: "outcome", text: t("web.outcome") }),
      el("th", { text: teamName(0, me, n) }), el("th", { text: teamName(1, me, n) }),
      apart ? el("th", { class: "apart", text: t(apart === "hanging" ? "web.hanging" : "web.held") }) : null,
      el("th", { text: t("web.scores") }));
    const body = rows.map((row) => {
      const r = row.result;
      const said = r.present ? words(r.present.sheet, me, n) : "";
      const outcome = said && !said.startsWith("web.outcome.") ? said : r.outcome;
      const paid = row.hanging_paid || row.held_paid;
      return el("tr", {}, el("td", { text: row.number }), el("td", { class: "outcome", text: outcome }),
        el("td", { text: r.recorded[0] }), el("td", { text: r.recorded[1] }),
        apart ? el("td", { class: "apart", text: (row[apart] || "") + (paid ? ` (${t("web.paid")} ${paid[1]} → ${teamName(paid[0], me, n)})` : "") }) : null,
        el("td", { text: `${row.scores[0]} – ${row.scores[1]}` }));
    });
    const foot = [];
    if (view && apart && view[apart]) {
      foot.push(el("tr", { class: "apart" }, el("td", { colspan: head.children.length, text: labelled(t(apart === "hanging" ? "web.hanging" : "web.held"), view[apart]) })));
    }
    return el("table", { class: "sheet scoresheet" }, el("thead", {}, head), el("tbody", {}, body, foot));
  }

  // The scoresheet in a dialog. Where it is wider than the screen, it scrolls sideways in
  // its panel, and says so: a line above it and shadows at the edge that has more.
  function sheetDialog(title, sheet) {
    const wrap = el("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-label": title }, sheet);
    const hint = el("p", { class: "scroll-hint", hidden: true }, el("span", { "aria-hidden": "true", text: "⇆ " }), t("room.scroll-sideways"));
    const dialog = modal(title, el("div", {}, hint, wrap));
    const check = () => {
      const more = wrap.scrollWidth > wrap.clientWidth + 1;
      wrap.classList.toggle("scrolls", more);
      hint.hidden = !more;
    };
    check();
    if (window.ResizeObserver) new ResizeObserver(check).observe(wrap);
    return dialog;
  }

  function finalText(game, final, me, n) {
    if (!final) return "";
    const score = `${final.score[0]}–${final.score[1]}`;
    let text;
    if (n === 2) text = final.winner === me ? t("match.winner.you", { score }) : t("match.winner", { seat: seatName(final.winner, me, n), score });
    else text = teamSays("room.won", final.winner, me, n, { score });
    if (final.stakes > 1) text += " " + t("match.stakes", { stakes: final.stakes });
    return text;
  }

  const motion = () => !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);


  // Which element had the focus, so that a new drawing gives it back.
  function focusKey(root) {
    const a = document.activeElement;
    if (!a || !root.contains(a)) return null;
    if (a.dataset.card) return { card: a.dataset.card, index: [...a.parentNode.children].indexOf(a) };
    if (a.dataset.action) return { action: a.dataset.action };
    return null;
  }

  function restoreFocus(root, key, mine) {
    let target = null;
    if (key && key.card) {
      target = root.querySelector(`.hand [data-card="${key.card}"]`);
      if (!target) {
        const cards = root.querySelectorAll(".hand .card");
        if (cards.length) target = cards[Math.min(key.index, cards.length - 1)];
      }
    } else if (key && key.action) {
      target = root.querySelector(`.actions [data-action="${key.action}"]`) || root.querySelector(".actions .action");
    }
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!target && mine && (key || lost) && !document.querySelector(".modal")) {
      target = root.querySelector(".actions .action") || root.querySelector(".hand .card.playable");
    }
    if (target && !document.querySelector(".modal")) target.focus({ preventScroll: true });
  }

  // Draw the whole table into `root` from a state (the same shape for play and replay).
  // What moves and what is said comes from the engine's events: `handlers.told`, the
  // events the page has of this deal and the last (else the state's own), and
  // `handlers.fresh`, those just received (the cards that fly in, the trick that is
  // gathered to its winner, the cards dealt, the banner).
  function renderTable(root, state, handlers) {
    const { game, num_players: n } = state.table;
    const me = state.table.you;
    const view = state.view;
    const legal = new Set(view.legal_actions || []);
    const events = (handlers && handlers.told) || state.events || [];
    const fresh = motion() ? (handlers && handlers.fresh) || [] : [];
    const focus = focusKey(root);
    root.replaceChildren();

    // the match over, the score is the scoresheet's last (a Schieber match stopped in a
    // deal counts that deal's points)
    const sheet = state.final && state.scoresheet && state.scoresheet.length ? state.scoresheet[state.scoresheet.length - 1] : null;
    const scores = (sheet && sheet.scores) || view.scores || [0, 0];
    const shown = presented(view);
    const trump = words(shown.trump, me, n);
    const info = el("div", { class: "info" },
      el("span", { class: "game", text: t(`${game}.title`) }),
      el("span", { text: t("label.deal", { number: view.deal_number }) }),
      el("span", { class: "scores", text: `${teamName(0, me, n)} ${scores[0]} · ${teamName(1, me, n)} ${scores[1]}` }),
      trump ? el("span", { class: "trump", text: labelled(t("label.trump"), trump) }) : null,
      (shown.pending || []).map((p) => el("span", { class: "apart", text: labelled(words(p.label, me, n), words(p.value, me, n)) })));
    root.append(info);

    // before the play, the middle holds no trick (at most a turned card): on a phone it
    // gives its room to the bidding's buttons
    const felt = el("div", { class: `felt players-${n}` + (view.phase === "play" ? "" : " no-trick") });
    const positions = {};
    for (let seat = 0; seat < n; seat++) positions[seat] = positionOf(seat, me, n);
    for (let seat = 0; seat < n; seat++) {
      const pos = positions[seat];
      const seatInfo = state.table.seats[seat];
      const badges = [];
      if (view.dealer === seat) badges.push(el("span", { class: "badge", title: t("label.dealer"), "aria-label": t("label.dealer"), text: t("web.badge.dealer") }));
      if (shown.forehand && shown.forehand.seat.seat_of === seat) {
        const title = words(shown.forehand.label, me, n);
        badges.push(el("span", { class: "badge", title, "aria-label": title, text: t("web.badge.forehand") }));
      }
      if (shown.taker === seat) badges.push(el("span", { class: "badge taker", "aria-hidden": "true", text: "★" }));
      const ann = notesOf(view, seat, ["call", "contract"], me, n);
      const hon = notesOf(view, seat, ["honour"], me, n);
      const away = seatInfo && seatInfo.kind !== "bot" && !seatInfo.connected;
      const free = roster[seat] && roster[seat].free;
      const name = seat === me ? (roster[seat] && roster[seat].name) || t("seat.you")
        : free ? t("room.free-seat") : roster.length ? playerName(seat) : seatName(seat, me, n);
      const detail = [relation(seat, me, n), away && !free ? t("web.away") : ""].filter(Boolean).join(" · ");
      const acting = view.to_play === seat;
      // a person gone away or out of time: a stand-in bot plays until they come back
      const standIn = seatInfo && seatInfo.stand_in
        ? el("div", { class: "stand-in", text: t(seat === me ? "web.stand-in.you" : "web.stand-in", { seat: seatName(seat, me, n) }) }) : null;
      const clock = state.table.clock && state.table.clock.seat === seat
        ? el("span", { class: "clock " + state.table.clock.reason, "data-deadline": String(Date.now() + 1000 * state.table.clock.left), title: t("web.clock." + state.table.clock.reason) }) : null;
      const label = el("div", { class: "seat-label" + (acting ? " to-play" : "") + (away ? " away" : ""), "data-seat": seat },
        el("strong", { class: "who", text: name }), detail ? el("small", { text: ` ${detail}` }) : null, badges, clock, standIn,
        acting ? el("span", { class: "sr-only", text: ` (${t("room.to-play")})` }) : null,
        ann ? el("div", { class: "ann", text: ann }) : null, hon ? el("div", { class: "ann honour", text: hon }) : null);
      if (pos === "bottom") {
        felt.append(el("div", { class: "seat bottom-label" }, label));
        continue;
      }
      const count = (view.hand_sizes || [])[seat] || 0;
      const hands = state.hands && state.hands[seat];
      const cards = hands ? hands.map((c) => cardNode(c, "small")) : Array.from({ length: count }, () => el("span", { class: "card small back" }, backSVG()));
      const backs = el("div", { class: "backs" + (hands ? " open" : ""), role: hands ? "group" : "img", "aria-label": hands ? name : t("room.cards-left", { n: count }) }, cards);
      backs.style.setProperty("--n", String(cards.length));  // the overlap that keeps them on one row
      felt.append(el("div", { class: `seat ${pos}` }, label, backs));
    }

    // the middle: the trick (new cards fly in from their seat; a finished trick is
    // gathered towards its winner and stays faded until the next card)
    const centre = el("div", { class: "centre" });
    let trick = view.trick || [];
    let faded = false;
    if (!trick.length && view.last_trick && view.phase === "play") { trick = view.last_trick; faded = true; }
    const trickBox = el("div", { class: "trick" + (faded ? " faded" : ""), role: "group", "aria-label": faded ? t("web.last-trick") : t("room.trick") });
    const won = fresh.find((e) => e.kind === "trick-won");
    trick.forEach(([seat, card]) => {
      const node = cardNode(card, "in-trick at-" + positions[seat]);
      if (fresh.some((e) => e.kind === "card-played" && e.card === card && e.seat === seat)) {
        node.classList.add("fly-from-" + positions[seat]);
      }
      if (faded && won) node.classList.add("gather", "to-" + positions[won.seat]);
      trickBox.append(node);
    });
    centre.append(trickBox);
    const turned = (shown.face_up || []).map((f) =>
      el("figure", {}, cardNode(f.card, "small"), el("figcaption", { text: words(f.label, me, n) })));
    // beside the trick with two players; in the empty middle during the bidding
    if (turned.length) (n === 2 ? felt : centre).append(el("div", { class: "turned", role: "group", "aria-label": t("room.turned") }, turned));
    felt.append(centre);

    const melds = shown.melds || [];
    if (melds.length) {
      felt.append(el("div", { class: "melds" }, el("strong", { text: labelled(t("web.melds")) }),
        melds.map(([seat, meld]) => meldLine(seatName(seat, me, n), meld))));
    }
    root.append(felt);

    // the running commentary: the last few things the deal's events said; what the table
    // calls out (a contract, an announcement, bela, Stöck: "loud") stands out, and
    // flashes when it has just happened
    const log = el("div", { class: "log", "aria-live": "polite" },
      toldLines(events, view.deal_number, me, n).slice(-4).map(([e, line]) =>
        el("div", { class: e.loud ? "loud" + (fresh.includes(e) ? " new" : "") : null, text: line })));
    root.append(log);

    // the choices that are not cards (bidding, push, exchange, double...)
    const buttons = [...legal].filter((a) => !SUITS[suitOf(a)] || a.includes(" ") || ["pass", "push", "claim", "capot", "double", "redouble", "exchange", "sevens", "obenabe", "undenufe"].includes(a))
      .filter((a) => !/^[CDHS](6|7|8|9|10|J|Q|K|A)$/.test(a));
    // (a choice may also have a short form, for a phone's width: a Schieber trump's suit
    // and factor)
    const short = (a) => {
      const offered = (shown.actions || {})[a];
      if (!offered || !offered.short) return null;
      const suit = a.split(" ")[1];
      return el("span", { class: "short" + (RED[suit] ? " red" : ""), "aria-hidden": "true", text: words(offered.short, me, n) });
    };
    const actions = el("div", { class: "actions" }, buttons.map((a) =>
      el("button", { class: "action" + (short(a) ? " has-short" : ""), type: "button", "data-action": a, onclick: () => handlers && handlers.act(a) },
        el("span", { class: "long", text: actionLabel(game, a, view) }), short(a))));
    root.append(actions);

    // the hand: playable cards lift, the others are dimmed but still say why when tried;
    // the arrow keys move along it, Enter or Space plays the card that has the focus
    const hand = el("div", { class: "hand", role: "group", "aria-label": t("room.hand"), onkeydown: handKeys });
    hand.style.setProperty("--n", String((view.hand || []).length));  // the cards share the width
    const inPlay = view.phase === "play" && legal.size > 0;
    const codes = sortHand(game, view.hand || [], view);
    const dealt = new Set(fresh.filter((e) => e.kind === "dealt").flatMap((e) => e.cards));
    codes.forEach((code, i) => {
      const playable = legal.has(code);
      const cls = inPlay ? (playable ? "playable" : "unplayable") : "";
      const spoken = T["room.card"] !== undefined ? cardName(code) : symbol(code);
      const node = el("button", { class: "card " + cls, type: "button", "data-card": code, title: inPlay && !playable ? t("web.not-playable") : symbol(code),
        "aria-label": inPlay && !playable && T["room.not-playable"] !== undefined ? t("room.not-playable", { card: spoken }) : spoken,
        onclick: () => handlers && handlers.act(code) }, cardSVG(code));
      if (handlers && handlers.best === code) node.classList.add("best");
      if (dealt.has(code)) {
        node.classList.add("dealt");
        node.style.animationDelay = `${i * 45}ms`;
      }
      hand.append(node);
    });
    root.append(hand);
    restoreFocus(root, focus, handlers && me !== null && view.to_play === me);
  }

  function handKeys(event) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    const cards = [...event.currentTarget.querySelectorAll(".card")];
    const at = cards.indexOf(document.activeElement);
    let next = at;
    if (event.key === "ArrowLeft") next = at <= 0 ? cards.length - 1 : at - 1;
    if (event.key === "ArrowRight") next = at < 0 || at === cards.length - 1 ? 0 : at + 1;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = cards.length - 1;
    if (cards[next]) { cards[next].focus(); event.preventDefault(); }
  }

  const ORDER = { "6": 0, "7": 1, "8": 2, "9": 3, "10": 4, J: 5, Q: 6, K: 7, A: 8 };
  function sortHand(game, hand, view) {
    const trump = view.trump;
    const suitRank = { S: 0, H: 1, C: 2, D: 3 };
    return [...hand].sort((a, b) => {
      const sa = suitOf(a) === trump ? -1 : suitRank[suitOf(a)];
      const sb = suitOf(b) === trump ? -1 : suitRank[suitOf(b)];
      if (sa !== sb) return sa - sb;
      return ORDER[rankOf(b)] - ORDER[rankOf(a)];
    });
  }

  let modalCount = 0;
  // A dialog: its title labels it, the focus moves in (and Tab stays in), Escape or
  // the close button closes it and gives the focus back to where it was.
  function modal(title, body, onClose, closeText) {
    const opener = document.activeElement;
    const id = `modal-title-${++modalCount}`;
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      dialog.remove();
      if (onClose) onClose();
      if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus({ preventScroll: true });
    };
    const box = el("div", { class: "modal-box" }, el("h2", { id, text: title }), el("div", { class: "modal-body" }, body),
      el("button", { class: "close primary", type: "button", onclick: close }, closeText || t("web.close")));
    const dialog = el("div", { class: "modal", role: "dialog", "aria-modal": "true", "aria-labelledby": id }, box);
    dialog.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { e.preventDefault(); close(); return; }
      if (e.key !== "Tab") return;
      const items = [...dialog.querySelectorAll("button, a[href], input, select, textarea")].filter((x) => !x.disabled);
      if (!items.length) return;
      const first = items[0], last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) { last.focus(); e.preventDefault(); }
      else if (!e.shiftKey && document.activeElement === last) { first.focus(); e.preventDefault(); }
    });
    dialog.close = close;
    document.body.append(dialog);
    const focusable = box.querySelector(".modal-body button, .modal-body a[href]") || box.querySelector(".close");
    focusable.focus({ preventScroll: true });
    return dialog;
  }

  return { LANGUAGES, pickLang, pageLang, pageLink, messageLine, languageSelect, loadLang, t, el, cardNode, cardSVG, backSVG, symbol, suitName, seatName, teamName,
    renderTable, breakdown, scoresheet, sheetDialog, labelled, finalText, outcomeText, modal, told, toldLines, actionLabel,
    setRoster, playerName, botName, cardName, relation };
})();
