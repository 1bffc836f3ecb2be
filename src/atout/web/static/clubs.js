// atout: clubs. One script for three pages, told apart by the path: /clubs (open a club),
// /club/ID (the club: join, sign in, tables, leaderboards, members; the admin's part with
// #admin=...) and /club/ID/member/MID (a member's ratings, statistics and matches).
// Secrets travel in the URL fragment, which browsers never send to a server; the session
// is an HttpOnly cookie this script never sees.
"use strict";

(() => {
  const { t, el } = Atout;
  const main = document.getElementById("club");
  let fragment = new URLSearchParams(location.hash.slice(1));
  const path = location.pathname.split("/").filter(Boolean);
  const clubId = path[0] === "club" ? path[1] : null;
  const memberId = path[2] === "member" ? path[3] : null;
  let lang = Room.pickLang();
  let data = null;
  let notice = null; // {text, error}
  const secrets = { invite: fragment.get("invite"), reset: fragment.get("reset"), admin: fragment.get("admin") };
  const adminView = { members: null, links: {} };
  const GAMES = ["deberts", "belote", "schieber"];

  // a rating as the reader writes numbers (12,3 in French), with its sign when asked
  const fmt = (x, signed) => new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: signed ? "exceptZero" : "auto" }).format(x);

  const api = (rest) => `/club/${encodeURIComponent(clubId)}/api/${rest}`;

  // A panel: a section named by its heading (an h2 of id ``id``), then its content.
  function panel(id, title, ...content) {
    return el("section", { class: "panel", "aria-labelledby": id }, el("h2", { id, text: title }), ...content);
  }

  // A form that does ``submit`` (awaited) instead of leaving the page.
  function form(id, submit, ...fields) {
    return el("form", { id, onsubmit: async (e) => { e.preventDefault(); await submit(); } }, ...fields);
  }

  // Whether the server refused (its message shown, the page drawn again).
  function refused(res) {
    if (res.ok) return false;
    notice = { text: res.data.message, error: true };
    render();
    return true;
  }

  async function post(url, body) {
    const res = await fetch(`${url}?lang=${lang}`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ...body, lang }) });
    let out = {};
    try { out = await res.json(); } catch (e) { out = { message: res.statusText }; }
    return { ok: res.ok, status: res.status, data: out };
  }

  function status() {
    if (!notice) return null;
    return el("p", { class: notice.error ? "status error" : "status", role: notice.error ? "alert" : "status", id: "club-status", text: notice.text });
  }

  function field(id, label, attrs) {
    return el("div", { class: "field" }, el("label", { for: id, text: label }), el("input", { id, name: id, ...attrs }));
  }

  function copyRow(id, label, url, help) {
    return el("li", {}, el("label", { for: id, text: label }),
      el("input", { readonly: true, value: url, class: "link", id }),
      el("button", { type: "button", onclick: (e) => { if (navigator.clipboard) navigator.clipboard.writeText(url); e.target.textContent = t("web.copied"); } }, t("web.copy")),
      help ? el("p", { class: "help", text: help }) : null);
  }

  function playerLabel(entry) {
    if (entry.kind === "bot" || entry.bot) return Atout.botName(entry.bot);
    return entry.name;
  }

  function header(here) {
    document.getElementById("site-head").replaceChildren(Room.header(lang, here, async (l) => {
      lang = l; await Atout.loadLang(lang); render();
    }));
  }

  function render() {
    // what was typed survives a new rendering (a refused sign-in keeps its name),
    // the passwords aside
    const typed = [...main.querySelectorAll("input[id]:not([type=password]):not([readonly]):not([type=checkbox])")]
      .map((input) => [input.id, input.value]);
    if (!clubId) renderOpen();
    else if (memberId) renderMember();
    else renderClub();
    for (const [id, text] of typed) {
      const input = document.getElementById(id);
      if (input && !input.value) input.value = text;
    }
    const alert = document.querySelector("#club-status[role=alert]");
    if (alert) alert.scrollIntoView({ block: "nearest" });
  }

  // -- /clubs: open a club -------------------------------------------------------------
  let opened = null;
  const chosen = new Set(GAMES);

  function renderOpen() {
    header("nav-clubs");
    document.title = `atout · ${t("club.open-title")}`;
    if (opened) {
      main.replaceChildren(el("section", { class: "panel", "aria-labelledby": "opened-title" },
        el("h1", { id: "opened-title", tabindex: "-1", text: t("club.opened", { name: opened.name }) }),
        el("ul", { class: "links" },
          copyRow("club-link", t("club.link-page"), location.origin + opened.url, t("club.link-page-help")),
          copyRow("invite-link", t("club.link-invite"), location.origin + opened.invite_url, t("club.link-invite-help")),
          copyRow("admin-link", t("club.link-admin"), location.origin + opened.admin_url, t("club.link-admin-help"))),
        el("p", {}, el("a", { class: "button primary big", id: "join-mine", href: opened.invite_url }, t("club.join-mine")))));
      document.getElementById("opened-title").focus();
      return;
    }
    const games = el("fieldset", {}, el("legend", { text: t("club.games") }),
      GAMES.map((g) => el("label", { class: "check-row" },
        el("input", { type: "checkbox", name: "games", value: g, checked: chosen.has(g), onchange: (e) => { if (e.target.checked) chosen.add(g); else chosen.delete(g); } }),
        Room.picture(g, 40), el("span", { text: t(`${g}.title`) }))));
    const langSelect = el("select", { id: "club-lang" }, ATOUT_LANGUAGES.map(([code, name]) => el("option", { value: code, lang: code, selected: code === lang }, name)));
    main.replaceChildren(el("section", { class: "panel", "aria-labelledby": "open-title" },
      el("h1", { id: "open-title", text: t("club.open-title") }),
      el("p", { class: "help", text: t("club.open-help") }),
      form("open-form", async () => {
        const res = await post("/api/clubs", { name: document.getElementById("club-name").value, games: [...chosen], lang: langSelect.value });
        if (refused(res)) return;
        opened = { ...res.data, name: document.getElementById("club-name").value.trim() };
        notice = null;
        renderOpen();
      },
        field("club-name", t("club.name"), { maxlength: 60, required: true, autocomplete: "off" }),
        games,
        el("div", { class: "field" }, el("label", { for: "club-lang", text: t("club.language") }), langSelect),
        status(),
        el("button", { type: "submit", class: "primary big", id: "open-club" }, t("club.open")))));
  }

  // -- /club/ID ------------------------------------------------------------------------
  async function load() {
    const res = await fetch(`${api("info")}?lang=${lang}`);
    data = await res.json();
    if (!res.ok) data = { error: data.message };
  }

  function forgetSecret(name) {
    secrets[name] = null;
    fragment.delete(name);
    const rest = fragment.toString();
    history.replaceState(null, "", location.pathname + location.search + (rest ? `#${rest}` : ""));
  }

  // In through a one-time secret (an invitation, a reset link): once the server took it,
  // the secret is forgotten and the member welcomed.
  async function welcomed(res, secret) {
    if (refused(res)) return;
    forgetSecret(secret);
    notice = { text: t("club.welcome", { name: res.data.me.name }) };
    await refresh();
  }

  function passwordFields(prefix, confirm) {
    return [
      field(`${prefix}-name`, t("club.your-name"), { maxlength: 24, required: true, autocomplete: "username" }),
      field(`${prefix}-password`, t("club.password"), { type: "password", minlength: 8, maxlength: 200, required: true,
        autocomplete: confirm ? "new-password" : "current-password", "aria-describedby": confirm ? `${prefix}-password-help` : null }),
      confirm ? el("p", { class: "help", id: `${prefix}-password-help`, text: t("club.password-help") }) : null,
    ];
  }

  function joinPanel() {
    return panel("join-title", t("club.join-title", { name: data.name }),
      el("p", { class: "help", text: t("club.join-help") }),
      form("join-form", async () => welcomed(await post(api("join"), { invite: secrets.invite, name: value("join-name"), password: value("join-password") }), "invite"),
        passwordFields("join", true), el("button", { type: "submit", class: "primary", id: "join" }, t("club.join"))));
  }

  function resetPanel() {
    return panel("reset-title", t("club.reset-title"),
      el("p", { class: "help", text: t("club.reset-help") }),
      form("reset-form", async () => welcomed(await post(api("reset"), { reset: secrets.reset, password: value("reset-password") }), "reset"),
        field("reset-password", t("club.new-password"), { type: "password", minlength: 8, maxlength: 200, required: true, autocomplete: "new-password", "aria-describedby": "reset-password-help" }),
        el("p", { class: "help", id: "reset-password-help", text: t("club.password-help") }),
        el("button", { type: "submit", class: "primary", id: "reset" }, t("club.save-password"))));
  }

  function signInPanel() {
    return panel("signin-title", t("club.signin-title"),
      form("signin-form", async () => {
        const res = await post(api("signin"), { name: value("signin-name"), password: value("signin-password") });
        if (refused(res)) return;
        notice = null;
        await refresh();
      }, passwordFields("signin", false), el("button", { type: "submit", class: "primary", id: "signin" }, t("club.signin"))),
      el("p", { class: "help", text: t("club.signin-help") }));
  }

  const value = (id) => (document.getElementById(id) || {}).value || "";

  function whoPanel() {
    return el("p", { class: "club-who" },
      el("span", { text: t("club.signed-in-as", { name: data.me.name }) }),
      el("a", { href: `/club/${clubId}/member/${data.me.id}?lang=${lang}`, id: "my-page" }, t("club.my-page")),
      el("button", { type: "button", id: "signout", onclick: async () => {
        await post(api("signout"), {});
        notice = null;
        await refresh();
      } }, t("club.signout")));
  }

  // the new-table form: a game, its rules, who sits where, rated or not
  const draft = { game: null, preset: null, seats: [], rated: true };

  function tablePanel() {
    const games = data.games;
    if (!draft.game || !games.includes(draft.game)) draft.game = games[0];
    const game = draft.game;
    const n = data.seats[game];
    const presets = data.presets[game] || {};
    if (!draft.preset || !(draft.preset in presets)) draft.preset = Object.keys(presets)[0] || null;
    if (draft.seats.length !== n) draft.seats = Array.from({ length: n }, (_, i) => (i === 0 ? `member:${data.me.id}` : "bot:medium"));
    draft.seats[0] = `member:${data.me.id}`;
    const others = data.members.filter((m) => m.id !== data.me.id);
    const seatLabel = (i) => (n === 4 ? `${t("room.player-n", { n: i + 1 })} · ${t("web.team", { n: (i % 2) + 1 })}` : t("room.player-n", { n: i + 1 }));
    const seatRows = draft.seats.map((choice, i) => {
      const id = `club-seat-${i}`;
      if (i === 0) {
        return el("div", { class: "seat-row" }, el("span", { class: "seat-name", text: seatLabel(i) }), el("strong", { id, text: t("club.you", { name: data.me.name }) }));
      }
      return el("div", { class: "seat-row" }, el("label", { for: id, text: seatLabel(i) }),
        el("select", { id, onchange: (e) => { draft.seats[i] = e.target.value; } },
          el("optgroup", { label: t("club.members") }, others.map((m) => el("option", { value: `member:${m.id}`, selected: choice === `member:${m.id}` }, m.name))),
          el("optgroup", { label: t("club.bots") }, (data.bots[game] || []).filter((b) => b !== "slow").map((b) => el("option", { value: `bot:${b}`, selected: choice === `bot:${b}` }, Atout.botName(b))))));
    });
    return panel("new-table-title", t("club.new-table"),
      form("table-form", openTable,
        el("div", { class: "field" }, el("label", { for: "club-game", text: t("web.game") }),
          el("select", { id: "club-game", onchange: (e) => { draft.game = e.target.value; draft.seats = []; render(); } },
            games.map((g) => el("option", { value: g, selected: g === game }, t(`${g}.title`))))),
        Object.keys(presets).length ? el("div", { class: "field" }, el("label", { for: "club-preset", text: t("web.preset") }),
          el("select", { id: "club-preset", onchange: (e) => { draft.preset = e.target.value; } },
            Object.keys(presets).map((p) => el("option", { value: p, selected: p === draft.preset }, t(`room.preset.${game}.${p}`))))) : null,
        el("fieldset", {}, el("legend", { text: t("club.seats") }), seatRows),
        el("label", { class: "check-row" }, el("input", { type: "checkbox", id: "club-rated", checked: draft.rated, onchange: (e) => { draft.rated = e.target.checked; } }),
          el("span", { text: t("club.rated") })),
        el("p", { class: "help", text: t("club.rated-help") }),
        el("button", { type: "submit", class: "primary", id: "open-table" }, t("club.open-table"))));
  }

  async function openTable() {
    const game = draft.game;
    const options = draft.preset ? data.presets[game][draft.preset] : "";
    const seats = draft.seats.map((s) => (s.startsWith("member:") ? { member: s.slice(7) } : { bot: s.slice(4) }));
    const res = await post(api("tables"), { game, options, seats, rated: draft.rated });
    if (!res.ok) { notice = { text: res.data.message, error: true }; render(); return; }
    await play(res.data.id);
  }

  async function play(tableId) {
    const res = await post(api(`tables/${encodeURIComponent(tableId)}/seat`), {});
    if (!res.ok) { notice = { text: res.data.message, error: true }; render(); return; }
    location.href = res.data.url;
  }

  function seatsText(table) {
    return table.seats.map((s) => (s.member ? (s.name || "?") : Atout.botName(s.bot))).join(", ");
  }

  function tablesPanel() {
    const live = data.tables.filter((tb) => !tb.over);
    return panel("tables-title", t("club.tables"),
      live.length ? el("ul", { class: "mine club-tables", id: "club-tables" }, live.map((tb) => el("li", {},
        el("span", {}, el("strong", { text: t(`${tb.game}.title`) }), tb.rated ? ` · ${t("club.rated-short")}` : "", el("br"), el("small", { text: seatsText(tb) })),
        tb.mine !== null
          ? el("button", { type: "button", class: "primary play", "data-table": tb.id, onclick: () => play(tb.id),
            "aria-label": `${t("club.play")}: ${t(`${tb.game}.title`)}, ${seatsText(tb)}` }, t("club.play"))
          : el("a", { class: "button", href: `${tb.watch}#lang=${lang}` }, t("club.watch")))))
        : el("p", { id: "no-tables", text: t("club.no-tables") }));
  }

  function leaderboard(game, board, highlight) {
    const id = `board-${game}`;
    return el("section", { class: "board", "aria-labelledby": `${id}-title` },
      el("h3", { id: `${id}-title`, text: t(`${game}.title`) }),
      board.length ? el("table", { class: "club-table", id },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "#" }), el("th", { scope: "col", text: t("club.player") }),
          el("th", { scope: "col", class: "num", text: t("club.rating") }), el("th", { scope: "col", class: "num", text: t("club.matches") }))),
        el("tbody", {}, board.map((e, i) => el("tr", { class: e.player === highlight ? "me" : e.kind === "bot" ? "bot" : "" },
          el("td", { text: String(i + 1) }),
          el("th", { scope: "row" }, e.kind === "member" ? el("a", { href: `/club/${clubId}/member/${e.id}?lang=${lang}` }, e.name) : playerLabel(e)),
          el("td", { class: "num", text: fmt(e.rating) }),
          el("td", { class: "num", text: String(e.matches) })))))
        : el("p", { class: "help", text: t("club.no-ratings") }));
  }

  function boardsPanel() {
    return panel("boards-title", t("club.leaderboards"),
      el("p", { class: "help", text: t("club.leaderboards-help") }),
      data.games.map((g) => leaderboard(g, data.leaderboards[g] || [], `member:${data.me.id}`)));
  }

  function membersPanel() {
    return panel("members-title", t("club.members"),
      el("ul", { class: "club-members" }, data.members.map((m) => el("li", {},
        el("a", { href: `/club/${clubId}/member/${m.id}?lang=${lang}` }, m.name)))));
  }

  function adminPanel() {
    const members = adminView.members;
    const rows = members ? members.map((m) => el("li", {},
      el("span", { text: m.name }),
      m.reset_pending ? el("small", { text: ` (${t("club.reset-pending")})` }) : null,
      el("button", { type: "button", class: "reset-member", "data-member": m.id, "aria-label": `${t("club.reset-member")}: ${m.name}`,
        onclick: async () => {
          const res = await post(api("admin"), { admin: secrets.admin, action: "reset", member: m.id });
          if (!res.ok) { notice = { text: res.data.message, error: true }; render(); return; }
          adminView.links[m.id] = res.data.url;
          await refresh(); // the member's sessions ended: this browser's too, if it was theirs
        } }, t("club.reset-member")),
      adminView.links[m.id] ? el("ul", { class: "links" }, copyRow(`reset-${m.id}`, t("club.reset-link", { name: m.name }), location.origin + adminView.links[m.id], t("club.reset-link-help"))) : null)) : [];
    return el("section", { class: "panel admin", "aria-labelledby": "admin-title" },
      el("h2", { id: "admin-title", text: t("club.admin") }),
      el("p", { class: "help", text: t("club.admin-help") }),
      members && members.length ? el("ul", { class: "mine admin-members" }, rows) : el("p", { text: t("club.no-members") }),
      el("button", { type: "button", id: "new-invite", onclick: async () => {
        const res = await post(api("admin"), { admin: secrets.admin, action: "invite" });
        if (!res.ok) { notice = { text: res.data.message, error: true }; render(); return; }
        adminView.links.invite = res.data.invite_url;
        render();
      } }, t("club.new-invite")),
      adminView.links.invite ? el("ul", { class: "links" }, copyRow("new-invite-link", t("club.link-invite"), location.origin + adminView.links.invite, t("club.new-invite-help"))) : null);
  }

  async function loadAdmin() {
    const res = await post(api("admin"), { admin: secrets.admin, action: "members" });
    adminView.members = res.ok ? res.data.members : [];
    if (!res.ok) notice = { text: res.data.message, error: true };
  }

  let shown = null; // the club's data as last shown

  function renderClub() {
    header(null);
    shown = JSON.stringify(data);
    if (!data || data.error) {
      document.title = "atout";
      main.replaceChildren(el("h1", { text: t("club.title") }), el("p", { class: "status error", role: "alert", text: data ? data.error : "" }));
      return;
    }
    document.title = `atout · ${data.name}`;
    const parts = [
      el("h1", { id: "club-title", text: data.name }),
      el("p", { class: "tagline", text: data.games.map((g) => t(`${g}.title`)).join(" · ") }),
      status(),
    ];
    if (secrets.admin) parts.push(adminPanel());
    if (secrets.reset) parts.push(resetPanel());
    if (!data.me) {
      if (secrets.invite) parts.push(joinPanel());
      else if (!secrets.reset) parts.push(signInPanel());
    } else {
      parts.push(whoPanel(), tablesPanel(), tablePanel(), boardsPanel(), membersPanel());
    }
    main.replaceChildren(...parts.filter(Boolean));
  }

  async function refresh() {
    await load();
    if (secrets.admin && clubId && !memberId) await loadAdmin();
    render();
  }

  // -- /club/ID/member/MID -----------------------------------------------------------
  let member = null;

  function statRow(label, text, id) {
    return el("div", { class: "stat" }, el("dt", { text: label }), el("dd", { id, text }));
  }

  function renderMember() {
    header(null);
    if (!member || member.error) {
      document.title = "atout";
      main.replaceChildren(el("h1", { text: t("club.title") }), el("p", { class: "status error", role: "alert", text: member ? member.error : "" }),
        el("p", {}, el("a", { href: `/club/${clubId}?lang=${lang}` }, t("club.back"))));
      return;
    }
    document.title = `atout · ${member.name}`;
    const games = Object.entries(member.games).filter(([, g]) => g.matches || g.rating);
    main.replaceChildren(
      el("p", {}, el("a", { href: `/club/${clubId}?lang=${lang}`, id: "back" }, `← ${member.club}`)),
      el("h1", { id: "member-title", text: member.name }),
      ...[status()].filter(Boolean),
      ...(games.length ? games.map(([game, g]) => panel(`stats-${game}`, t(`${game}.title`),
        el("dl", { class: "stats", id: `stats-list-${game}` },
          statRow(t("club.rating"), g.rating ? `${fmt(g.rating.rating)}${g.rank ? ` · ${t("club.rank", { n: g.rank })}` : ""}` : "—", `rating-${game}`),
          statRow(t("club.matches"), t("club.won-of", { n: g.matches, won: g.won }), `matches-${game}`),
          ...((member.nights || []).some((n) => n.game === game)
            ? [statRow(t("club.nights"), String(member.nights.filter((n) => n.game === game).length), `nights-${game}`)] : []),
          statRow(t("club.contracts"), t("club.made-of", { taken: g.taken, made: g.made })),
          statRow(t("club.average-points"), fmt(g.average_points)),
          statRow(t("club.announcements"), String(g.announcements)),
          statRow(t("club.capots"), String(g.capots))),
        g.bots.length ? el("p", { class: "help" }, `${t("club.bots-here")} `,
          g.bots.map((b) => `${Atout.botName(b.bot)} ${fmt(b.rating)}`).join(" · ")) : null))
        : [el("p", { class: "panel", text: t("club.no-matches") })]),
      panel("matches-title", t("club.history"),
        member.matches.length ? el("ul", { class: "history", id: "history" }, member.matches.map((m) => {
          const date = new Date(m.date).toLocaleDateString(lang);
          return el("li", {},
            el("p", { class: "history-head" },
              el("strong", { text: `${t(`${m.game}.title`)} · ${m.won ? t("club.won") : t("club.lost")} ${m.points}–${m.against}` }),
              el("span", { class: "help", text: date })),
            el("p", { class: "help", text: `${t("club.with")}: ${m.with.map((w) => (w.bot ? Atout.botName(w.bot) : w.name)).join(", ")}` }),
            el("p", { class: "history-foot" },
              el("span", { text: `${t("club.change")}: ${m.change === null ? "—" : fmt(m.change, true)}` }),
              el("a", { href: m.replay, "aria-label": `${t("club.replay")}: ${t(`${m.game}.title`)}, ${date}` }, t("club.replay"))));
        })) : el("p", { text: t("club.no-matches") })),
      ...(member.nights && member.nights.length ? [panel("nights-title", t("club.nights"),
        el("ul", { class: "history", id: "nights" }, member.nights.map((n) => {
          const date = new Date(n.date).toLocaleDateString(lang);
          const title = n.title || t(`${n.game}.title`);
          return el("li", {},
            el("p", { class: "history-head" },
              el("strong", {}, el("a", { href: n.standings, class: "night-link", "aria-label": `${t("club.standings")}: ${title}, ${date}` }, title)),
              el("span", { class: "help", text: date })),
            el("p", { text: [n.place === null ? null : t("club.night-place", { place: n.place, of: n.entrants }),
              n.score === null ? null : t("club.night-score", { score: n.score }),
              `${t("club.change")}: ${n.change === null ? "—" : fmt(n.change, true)}`].filter(Boolean).join(" · ") }),
            el("p", { class: "night-replays" }, `${t("club.replay")}:`, ...n.tables.map((r) =>
              el("a", { href: r.replay, "aria-label": `${t("club.replay")}: ${title}, ${t("club.round-replay", { n: r.round })}` }, t("club.round-replay", { n: r.round })))));
        })))] : []),
      ...(member.me && member.me.id === member.id ? [passwordPanel()] : []));
  }

  // the member's own page: a new password, given the current one (other devices sign out)
  function passwordPanel() {
    return panel("password-title", t("club.change-password-title"),
      form("password-form", async () => {
        const res = await post(api("password"), { old: value("old-password"), new: value("new-password") });
        notice = res.ok ? { text: t("club.password-changed") } : { text: res.data.message, error: true };
        render();
        const shown = document.getElementById("club-status");
        if (shown) shown.scrollIntoView({ block: "nearest" });
      },
        field("old-password", t("club.current-password"), { type: "password", maxlength: 200, required: true, autocomplete: "current-password" }),
        field("new-password", t("club.new-password"), { type: "password", minlength: 8, maxlength: 200, required: true, autocomplete: "new-password", "aria-describedby": "new-password-help" }),
        el("p", { class: "help", id: "new-password-help", text: t("club.password-help") }),
        el("button", { type: "submit", class: "primary", id: "change-password" }, t("club.change-password"))));
  }

  async function loadMember() {
    const res = await fetch(`${api(`members/${encodeURIComponent(memberId)}`)}?lang=${lang}`);
    member = await res.json();
    if (!res.ok) member = { error: member.message };
  }

  // a link of the same club opened in this tab (an invitation, a sign-in link): read anew
  window.addEventListener("hashchange", async () => {
    fragment = new URLSearchParams(location.hash.slice(1));
    for (const name of Object.keys(secrets)) secrets[name] = fragment.get(name) || secrets[name];
    notice = null;
    if (clubId && !memberId) await refresh();
  });

  (async () => {
    await Atout.loadLang(lang);
    if (!clubId) render();
    else if (memberId) { await loadMember(); render(); }
    else {
      await refresh();
      // the tables and the leaderboards as they change, while nobody is typing
      setInterval(async () => {
        if (!data || !data.me || document.hidden) return;
        await load();
        const busy = main.contains(document.activeElement) && document.activeElement.matches("input, select");
        if (JSON.stringify(data) !== shown && !busy) render();
      }, 10000);
    }
  })();
})();
