// atout: the home page. Pick a game by its picture, its rules in plain words (house rules
// one by one, each explained), who sits where and your name; open the table. Each
// person's seat is then reached by its own link, whose secret stays in the fragment.
"use strict";

(() => {
  const { t, el } = Atout;
  const home = document.getElementById("home");
  const { query } = Atout.pageLink();
  let lang = Room.pickLang();
  let games = {};
  let game = null;  // the first game the server lists
  let values = {};
  let seats = [];
  let hints = true;
  let timer = 0;  // seconds a turn (0: no timer)
  let houseOpen = false;
  const TOP_BOTS = ["easy", "medium", "hard", "expert"];

  function spec() { return games[game]; }

  function setGame(name) {
    game = name;
    values = Room.parseOptions(spec(), game);
    const bot = spec().bots.includes("medium") ? "medium" : spec().bots[0];
    seats = Array.from({ length: spec().num_players }, (_, i) => (i === 0 ? "you" : "bot:" + bot));
  }

  const options = () => Room.optionsString(game, spec(), values);
  const mySeat = () => seats.indexOf("you");

  // Where a seat sits, in words, from the chair of whoever picked "Me".
  function place(i) {
    const n = spec().num_players;
    const me = mySeat();
    if (me < 0) return t("room.player-n", { n: i + 1 });
    const off = ((i - me) % n + n) % n;
    if (off === 0) return t("room.pos.you");
    if (n === 2) return t("room.pos.opponent");
    return t(["", "room.pos.right", "room.pos.across", "room.pos.left"][off]);
  }

  function gamePicker() {
    return el("fieldset", { class: "games" }, el("legend", { text: t("room.choose-game") }),
      Object.keys(games).map((g) => el("label", { class: "game-choice" + (g === game ? " chosen" : "") },
        el("input", { type: "radio", name: "game", value: g, id: `game-${g}`, checked: g === game,
          onchange: () => { setGame(g); render(`game-${g}`); } }),
        Room.picture(g, 96),
        el("span", { class: "game-text" }, el("strong", { text: t(`${g}.title`) }),
          el("small", { text: t("room.players", { n: games[g].num_players }) }),
          el("span", { class: "blurb", text: t(`room.blurb.${g}`) })))));
  }

  function rules() {
    const presets = Object.entries(spec().room_presets || {});
    const current = options();
    const known = presets.some(([, text]) => text === current);
    const box = el("fieldset", { class: "presets" }, el("legend", { text: t("room.rules") }),
      presets.map(([name, text]) => el("label", { class: "preset" },
        el("input", { type: "radio", name: "preset", value: name, id: `preset-${name}`, checked: text === current,
          onchange: () => { values = Room.parseOptions(spec(), text); render(`preset-${name}`); } }),
        el("span", { text: t(`room.preset.${game}.${name}`) }))),
      known ? null : el("label", { class: "preset" }, el("input", { type: "radio", name: "preset", id: "preset-custom", checked: true }),
        el("span", {}, el("strong", { text: t("room.custom") }), " ", el("small", { text: Room.rulesText(game, spec(), current) }))));
    const house = el("details", { class: "house", open: houseOpen, ontoggle: (e) => { houseOpen = e.target.open; } },
      el("summary", { text: t("room.house-rules") }), el("p", { class: "help", text: t("room.house-rules-help") }));
    for (const o of spec().options) {
      if (o.name === "shuffle") continue;  // web tables always shuffle afresh
      const id = "opt-" + o.name;
      const help = `${id}-help`;
      let input;
      if (o.type === "bool") {
        input = el("input", { type: "checkbox", id, checked: values[o.name], "aria-describedby": help,
          onchange: (e) => { values[o.name] = e.target.checked; render(id); } });
      } else if (o.choices.length) {
        input = el("select", { id, "aria-describedby": help, onchange: (e) => { values[o.name] = e.target.value; render(id); } },
          o.choices.map((c) => el("option", { value: c, selected: c === values[o.name] }, Room.optionValueText(game, o, c))));
      } else {
        input = el("input", { type: "number", id, value: values[o.name], min: 1, max: 10000, inputmode: "numeric", "aria-describedby": help,
          onchange: (e) => { values[o.name] = Number(e.target.value) || o.default; render(id); } });
      }
      const label = Room.optionLabel(game, o.name);
      const helpKey = `room.opt.${game}.${o.name}.help`;
      house.append(el("div", { class: "option" + (o.type === "bool" ? " check" : "") },
        o.type === "bool" ? [input, el("label", { for: id, text: label })] : [el("label", { for: id, text: label }), input],
        el("p", { class: "help", id: help, text: t(helpKey) !== helpKey ? t(helpKey) : "" })));
    }
    return [box, house];
  }

  function seatPicker() {
    const who = el("fieldset", { class: "seats" }, el("legend", { text: t("room.who-sits") }));
    const bots = spec().bots.filter((b) => b !== "slow");
    seats.forEach((choice, i) => {
      const id = `seat-${i}`;
      const select = el("select", { id, onchange: (e) => {
        if (e.target.value === "you") seats = seats.map((s) => (s === "you" ? "friend" : s));
        seats[i] = e.target.value; render(id);
      } },
      el("option", { value: "you", selected: choice === "you" }, t("room.seat.me")),
      el("option", { value: "friend", selected: choice === "friend" }, t("room.seat.friend")),
      el("option", { value: "open", selected: choice === "open" }, t("room.seat.open")),
      bots.filter((b) => TOP_BOTS.includes(b)).sort((a, b) => TOP_BOTS.indexOf(a) - TOP_BOTS.indexOf(b))
        .map((b) => el("option", { value: "bot:" + b, selected: choice === "bot:" + b }, Atout.botName(b))),
      el("optgroup", { label: t("room.other-bots") }, bots.filter((b) => !TOP_BOTS.includes(b))
        .map((b) => el("option", { value: "bot:" + b, selected: choice === "bot:" + b }, Atout.botName(b)))));
      who.append(el("div", { class: "seat-row" }, el("label", { for: id, text: place(i) }), select));
    });
    if (seats.includes("open")) who.append(el("p", { class: "help", text: t("room.public-note") }));
    return who;
  }

  function yourTables() {
    const mine = Room.myTables();
    if (!mine.length) return null;
    return el("section", { class: "panel", "aria-labelledby": "mine-title" }, el("h2", { id: "mine-title", text: t("room.your-tables") }),
      el("ul", { class: "mine" }, mine.map((x) => el("li", {},
        Room.picture(x.game, 40), el("span", { text: `${t(`${x.game}.title`)} · ${new Date(x.at).toLocaleString(lang)}${x.over ? " · " + t("web.match-over") : ""}` }),
        el("a", { class: "button", href: Room.tableLink(x, lang) }, t("room.resume")),
        el("button", { type: "button", onclick: () => { Room.forget(x.id); render(); } }, t("room.forget"))))));
  }

  function render(focusId) {
    const form = el("form", { id: "new-table", onsubmit: create });
    const nameInput = el("input", { id: "my-name", maxlength: 24, autocomplete: "nickname", placeholder: t("room.name-placeholder"),
      value: localStorage.getItem("atout-name") || "", oninput: (e) => localStorage.setItem("atout-name", e.target.value.trim()) });
    form.append(gamePicker(), el("div", { class: "field" }, el("label", { for: "my-name", text: t("room.your-name") }), nameInput),
      ...rules(), seatPicker(),
      el("div", { class: "option check" }, el("input", { type: "checkbox", id: "hints", checked: hints, onchange: (e) => { hints = e.target.checked; } }),
        el("label", { for: "hints", text: t("room.allow-hints") })),
      // the turn timer: when it runs out a stand-in bot plays the seat until its person is back
      el("div", { class: "option" }, el("label", { for: "turn-seconds", text: t("web.timer") }),
        el("select", { id: "turn-seconds", onchange: (e) => { timer = Number(e.target.value); } },
          [0, 30, 60, 120, 300].map((n) => el("option", { value: n, selected: n === timer }, n ? t("web.timer.seconds", { n }) : t("web.timer.off"))))),
      el("button", { type: "submit", id: "create", class: "primary big" }, t("room.create")));
    const replay = el("form", { id: "replay-form", class: "replay-form", onsubmit: openRecord },
      el("label", { for: "record-file", text: t("room.replay-file") }),
      el("input", { type: "file", id: "record-file", accept: ".txt,.atout,text/plain" }),
      el("button", { type: "submit" }, t("web.replay-open")));
    document.title = `atout · ${t("room.play")}`;
    home.replaceChildren(...[
      el("p", { class: "tagline", text: t("room.tagline") }),
      yourTables(),
      el("section", { class: "panel", "aria-labelledby": "play-title" }, el("h1", { id: "play-title", text: t("room.play") }), form),
      el("section", { id: "created", "aria-live": "polite" }),
      el("section", { class: "panel more", "aria-labelledby": "more-title" }, el("h2", { id: "more-title", text: t("room.more") }),
        el("ul", { class: "more-links" },
          el("li", {}, el("a", { href: `/lobby?lang=${lang}`, id: "lobby-link" }, t("room.lobby"))),
          el("li", {}, el("a", { href: `/learn?lang=${lang}`, id: "learn-link" }, t("learn.link"))),
          el("li", {}, el("a", { href: `/score?lang=${lang}` }, t("room.scorekeeper"))),
          el("li", {}, el("a", { href: `/advise?lang=${lang}` }, t("room.advisor")))),
        replay)].filter(Boolean));
    const top = document.getElementById("site-head");
    top.replaceChildren(Room.header(lang, "nav-home", async (l) => { lang = l; await Atout.loadLang(lang); render(); }));
    if (focusId) { const f = document.getElementById(focusId); if (f) f.focus(); }
  }

  async function create(event) {
    event.preventDefault();
    const name = (localStorage.getItem("atout-name") || "").trim();
    const body = {
      game, options: options(), lang, hints, turn_seconds: timer,
      seats: seats.map((s) => (s.startsWith("bot:") ? { kind: "bot", bot: s.slice(4) } : { kind: s, name: s === "you" ? name : undefined })),
      me: mySeat() >= 0 ? mySeat() : null,
    };
    const res = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    const box = document.getElementById("created");
    if (!res.ok) { box.replaceChildren(el("p", { class: "status error", role: "alert", text: data.message })); return; }
    const links = Object.entries(data.seats).filter(([seat]) => Number(seat) !== data.me).map(([seat, s]) => {
      const url = location.origin + s.url;
      const id = `link-${seat}`;
      return el("li", {}, el("label", { for: id, text: t("room.link-for", { name: place(Number(seat)) }) }),
        el("input", { readonly: true, value: url, class: "link", id }),
        el("button", { type: "button", onclick: (e) => { navigator.clipboard && navigator.clipboard.writeText(url); e.target.textContent = t("web.copied"); } }, t("web.copy")));
    });
    const mine = data.me !== null ? data.seats[String(data.me)].url : null;
    box.replaceChildren(el("div", { class: "panel created" }, el("h2", { text: t("room.created") }),
      links.length ? el("p", { text: t("room.invite-help") }) : null, el("ul", { class: "links" }, links),
      data.public ? el("p", { text: t("room.public-note") }) : null,
      el("p", {}, el("small", { text: t("room.watch-link") + ": " }), el("code", { text: location.origin + data.watch })),
      mine ? el("a", { class: "button primary big", id: "go", href: mine }, t("room.go")) : null));
    if (mine && !links.length) location.href = mine;
    else (document.getElementById("go") || box).focus && box.scrollIntoView({ behavior: "smooth" });
  }

  async function openRecord(event) {
    event.preventDefault();
    const file = document.getElementById("record-file").files[0];
    if (!file) return;
    sessionStorage.setItem("atout-record", await file.text());
    location.href = `/replay?lang=${lang}`;
  }

  (async () => {
    await Atout.loadLang(lang);
    const res = await fetch("/api/games");
    games = (await res.json()).games;
    setGame(query.get("game") && games[query.get("game")] ? query.get("game") : Object.keys(games)[0]);
    render();
  })();
})();
