// atout: what the home page and the lobby share: the header, the language, the rules
// in plain words, the tables this browser holds a seat at.
"use strict";

const Room = (() => {
  const { t, el } = Atout;

  // The page's language: the link's ?lang=, the last choice, the browser's.
  function pickLang() {
    return Atout.pickLang(Atout.pageLink().query.get("lang"), localStorage.getItem("atout-lang"),
      navigator.language);
  }

  // The site's header: the name, the pages, the language.
  function header(lang, here, onLang) {
    const link = (href, key, id) => el("a", { href: `${href}?lang=${lang}`, id, "aria-current": here === id ? "page" : null }, t(key));
    const select = Atout.languageSelect(lang, onLang, { id: "language" });
    return el("header", { class: "site-head" },
      el("a", { class: "brand", href: `/?lang=${lang}` }, el("img", { src: "/static/favicon.svg", alt: "", width: 28, height: 28 }), "atout"),
      el("nav", { "aria-label": t("room.more") }, link("/", "room.play", "nav-home"), link("/lobby", "room.lobby", "nav-lobby"),
        link("/clubs", "club.nav", "nav-clubs"),
        link("/score", "score.page.title", "nav-score"), link("/advise", "advisor.title", "nav-advise")),
      select);
  }

  function optionValueText(game, option, value) {
    if (option.type === "bool") return t(value ? "room.on" : "room.off");
    if (option.choices && option.choices.length) {
      const key = `room.opt.${game}.${option.name}.${value}`;
      return t(key) !== key ? t(key) : String(value);
    }
    return String(value);
  }

  function optionLabel(game, name) {
    const key = `room.opt.${game}.${name}`;
    return t(key) !== key ? t(key) : name.replace(/_/g, " ");
  }

  // The values of an options string such as "belote(target=501)", defaults filled in.
  function parseOptions(spec, text) {
    const values = Object.fromEntries(spec.options.map((o) => [o.name, o.default]));
    const body = ((text || "").match(/\((.*)\)/) || [null, ""])[1];
    for (const pair of body.split(",").filter(Boolean)) {
      const [k, v] = pair.split("=");
      const opt = spec.options.find((o) => o.name === k);
      if (!opt) continue;
      values[k] = opt.type === "bool" ? v === "true" : opt.type === "int" ? Number(v) : v;
    }
    return values;
  }

  // The canonical options string (what the server keeps), from the values.
  function optionsString(game, spec, values) {
    const changed = spec.options.filter((o) => values[o.name] !== o.default)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((o) => `${o.name}=${values[o.name]}`);
    return changed.length ? `${game}(${changed.join(",")})` : game;
  }

  // The rules of a table in plain words: its preset's description, or what differs.
  function rulesText(game, spec, options) {
    for (const [name, text] of Object.entries(spec.room_presets || {})) {
      if (text === options) return t(`room.preset.${game}.${name}`);
    }
    const values = parseOptions(spec, options);
    const changed = spec.options.filter((o) => values[o.name] !== o.default && o.name !== "shuffle");
    if (!changed.length) return t("room.default-rules");
    return changed.map((o) => `${optionLabel(game, o.name)}: ${optionValueText(game, o, values[o.name])}`).join(" · ");
  }

  // The tables this browser holds a seat at (their links stay on this device only).
  function myTables() {
    try { return JSON.parse(localStorage.getItem("atout-my-tables") || "[]"); } catch (e) { return []; }
  }

  function forget(id) {
    localStorage.setItem("atout-my-tables", JSON.stringify(myTables().filter((x) => x.id !== id)));
  }

  function tableLink(entry, lang) {
    return `/table/${encodeURIComponent(entry.id)}#seat=${entry.seat}&token=${encodeURIComponent(entry.token)}&lang=${lang}`;
  }

  function picture(game, size) {
    return el("img", { src: `/static/game-${game}.svg`, alt: "", width: size, height: Math.round(size * 0.75), class: "game-pic" });
  }

  return { pickLang, header, rulesText, parseOptions, optionsString, optionLabel, optionValueText, myTables, forget, tableLink, picture };
})();
