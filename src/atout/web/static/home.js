// atout: the home page. Choose a game, its rules, a language and who sits where; create the
// table; each person's seat is then reached by its own link, whose secret stays in the fragment.
"use strict";

(() => {
  const { t, el } = Atout;
  const home = document.getElementById("home");
  const query = new URLSearchParams(location.search);
  let lang = query.get("lang") || localStorage.getItem("atout-lang") || (navigator.language || "en").slice(0, 2);
  if (!["en", "fr", "es"].includes(lang)) lang = "en";
  let games = {};
  let game = "deberts";
  let values = {};
  let seats = [];
  let timer = 0;  // seconds a turn (0: no timer)

  function optionsString() {
    const spec = games[game];
    const changed = spec.options.filter((o) => values[o.name] !== o.default)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((o) => `${o.name}=${values[o.name]}`);
    return changed.length ? `${game}(${changed.join(",")})` : game;
  }

  function setGame(name) {
    game = name;
    const spec = games[game];
    values = Object.fromEntries(spec.options.map((o) => [o.name, o.default]));
    seats = Array.from({ length: spec.num_players }, (_, i) => (i === 0 ? "you" : "bot:" + (spec.bots.includes("heuristic") ? "heuristic" : spec.bots[0])));
  }

  function applyPreset(text) {
    const spec = games[game];
    values = Object.fromEntries(spec.options.map((o) => [o.name, o.default]));
    const body = (text.match(/\((.*)\)/) || [null, ""])[1];
    for (const pair of body.split(",").filter(Boolean)) {
      const [k, v] = pair.split("=");
      const opt = spec.options.find((o) => o.name === k);
      if (!opt) continue;
      values[k] = opt.type === "bool" ? v === "true" : opt.type === "int" ? Number(v) : v;
    }
  }

  function render() {
    const spec = games[game];
    const form = el("form", { id: "new-table", onsubmit: create });
    form.append(el("label", {}, t("web.game"), el("select", { id: "game", onchange: (e) => { setGame(e.target.value); render(); } },
      Object.keys(games).map((g) => el("option", { value: g, selected: g === game }, t(`${g}.title`))))));
    form.append(el("label", {}, t("web.language"), el("select", { id: "language", onchange: async (e) => {
      lang = e.target.value; localStorage.setItem("atout-lang", lang); await Atout.loadLang(lang); render();
    } }, [["en", "English"], ["fr", "Français"], ["es", "Español"]].map(([v, name]) => el("option", { value: v, selected: v === lang }, name)))));
    const presets = Object.entries(spec.presets);
    if (presets.length) {
      form.append(el("label", {}, t("web.preset"), el("select", { id: "preset", onchange: (e) => { applyPreset(e.target.value); render(); } },
        presets.map(([name, text]) => el("option", { value: text, selected: text === optionsString() },
          t(`${game}.preset.${name}`) !== `${game}.preset.${name}` ? t(`${game}.preset.${name}`) : name)))));
    }
    const opts = el("fieldset", { class: "options" }, el("legend", { text: t("web.options") }));
    for (const o of spec.options) {
      const id = "opt-" + o.name;
      let input;
      if (o.type === "bool") {
        input = el("input", { type: "checkbox", id, checked: values[o.name], onchange: (e) => { values[o.name] = e.target.checked; render(); } });
      } else if (o.choices.length) {
        input = el("select", { id, onchange: (e) => { values[o.name] = e.target.value; render(); } },
          o.choices.map((c) => el("option", { value: c, selected: c === values[o.name] }, c)));
      } else {
        input = el("input", { type: o.type === "int" ? "number" : "text", id, value: values[o.name], min: 1,
          onchange: (e) => { values[o.name] = o.type === "int" ? Number(e.target.value) : e.target.value; render(); } });
      }
      const name = o.name.replace(/_/g, " ");
      opts.append(o.type === "bool" ? el("label", { class: "check" }, input, " " + name) : el("label", {}, name, input));
    }
    opts.append(el("p", { class: "options-text" }, el("code", { id: "options-text", text: optionsString() })));
    form.append(opts);
    const who = el("fieldset", { class: "seats" }, el("legend", { text: t("web.seats") }));
    seats.forEach((choice, i) => {
      const select = el("select", { id: `seat-${i}`, onchange: (e) => {
        if (e.target.value === "you") seats = seats.map((s) => (s === "you" ? "friend" : s));
        seats[i] = e.target.value; render();
      } },
      el("option", { value: "you", selected: choice === "you" }, t("web.seat.you")),
      el("option", { value: "friend", selected: choice === "friend" }, t("web.seat.friend")),
      spec.bots.map((b) => el("option", { value: "bot:" + b, selected: choice === "bot:" + b }, t("web.seat.bot", { name: b }))));
      const partner = spec.num_players === 4 ? ` (${t("web.team", { n: (i % 2) + 1 })})` : "";
      who.append(el("label", {}, t("web.seat", { n: i + 1 }) + partner, select));
    });
    form.append(who);
    form.append(el("label", {}, t("web.timer"), el("select", { id: "turn-seconds", onchange: (e) => { timer = Number(e.target.value); } },
      [0, 30, 60, 120, 300].map((s) => el("option", { value: s, selected: s === timer }, s ? t("web.timer.seconds", { n: s }) : t("web.timer.off"))))));
    form.append(el("button", { type: "submit", id: "create", class: "primary" }, t("web.create")));
    const replay = el("form", { id: "replay-form", class: "replay-form", onsubmit: openRecord },
      el("h2", { text: t("web.replay-record") }),
      el("label", {}, t("web.replay-file"), el("input", { type: "file", id: "record-file", accept: ".txt,.atout,text/plain" })),
      el("button", { type: "submit" }, t("web.replay-open")));
    const learn = el("p", {}, el("a", { class: "button", id: "learn-link", href: `/learn?lang=${lang}` }, t("learn.link")));
    home.replaceChildren(el("h1", {}, "atout"), el("p", { class: "tagline", text: t("web.title") }), learn,
      el("section", { class: "panel" }, el("h2", { text: t("web.new-table") }), form), el("section", { id: "created" }), el("section", { class: "panel" }, replay));
  }

  async function create(event) {
    event.preventDefault();
    const body = {
      game, options: optionsString(), lang,
      seats: seats.map((s) => (s.startsWith("bot:") ? { kind: "bot", bot: s.slice(4) } : { kind: s })),
      me: seats.indexOf("you") >= 0 ? seats.indexOf("you") : null,
      turn_seconds: timer,
    };
    const res = await fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const data = await res.json();
    const box = document.getElementById("created");
    if (!res.ok) { box.replaceChildren(el("p", { class: "status error", text: data.message })); return; }
    const links = Object.entries(data.seats).filter(([seat]) => Number(seat) !== data.me).map(([seat, s]) => {
      const url = location.origin + s.url;
      return el("li", {}, el("span", { text: t("web.link-for", { n: Number(seat) + 1 }) + " " }),
        el("input", { readonly: true, value: url, class: "link", id: `link-${seat}` }),
        el("button", { type: "button", onclick: (e) => { navigator.clipboard && navigator.clipboard.writeText(url); e.target.textContent = t("web.copied"); } }, t("web.copy")));
    });
    const mine = data.me !== null ? data.seats[String(data.me)].url : null;
    box.replaceChildren(el("div", { class: "panel created" }, el("h2", { text: t("web.created") }),
      links.length ? el("p", { text: t("web.links-help") }) : null, el("ul", { class: "links" }, links),
      el("p", {}, el("small", { text: t("web.watch") + ": " }), el("code", { text: location.origin + data.watch })),
      mine ? el("a", { class: "button primary", id: "go", href: mine }, t("web.go")) : null));
    if (mine && !links.length) location.href = mine;
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
    setGame(query.get("game") && games[query.get("game")] ? query.get("game") : game);
    render();
  })();
})();
