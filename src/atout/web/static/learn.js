// atout: the Learn page. Lessons (positions built by the engine, answers judged by it)
// and puzzles (proved by the solver). The page only shows and asks; the server judges.
// The learner's secret stays in local storage and travels in JSON bodies only.
"use strict";

(() => {
  const { t, el, cardNode, symbol } = Atout;
  let GAMES = [];  // the games, as the server lists them (/api/games)
  const query = new URLSearchParams(location.search);
  let lang = Atout.pickLang(query.get("lang"), localStorage.getItem("atout-lang"), navigator.language);
  let game = query.get("game");
  let course = null;
  let done = new Set();
  let current = null; // {kind: "step"|"puzzle", id}

  function learner() {
    let secret = localStorage.getItem("atout-learner");
    if (!secret) {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      secret = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      localStorage.setItem("atout-learner", secret);
    }
    return secret;
  }

  async function post(url, body) {
    const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(body) });
    return res.json();
  }

  const cardLabel = (code) => /^[CDHS](6|7|8|9|10|J|Q|K|A)$/.test(code) ? symbol(code) : code;
  // replaceChildren, leaving out the parts a screen does not have (null)
  const put = (node, ...children) => node.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
  const isCard = (code) => /^[CDHS](6|7|8|9|10|J|Q|K|A)$/.test(code);

  function setUrl() {
    const params = new URLSearchParams({ game, lang });
    if (current) params.set(current.kind, current.id);
    history.replaceState(null, "", `/learn?${params}`);
  }

  // -- the bar and the course ---------------------------------------------------------------
  function renderBar() {
    const gameSelect = el("select", { id: "game", "aria-label": "game", onchange: (e) => { game = e.target.value; current = null; start(); } },
      GAMES.map((g) => el("option", { value: g, selected: g === game }, t(`${g}.title`) === `${g}.title` ? g[0].toUpperCase() + g.slice(1) : t(`${g}.title`))));
    const langSelect = Atout.languageSelect(lang, (code) => { lang = code; start(); }, { id: "lang" });
    document.getElementById("bar").replaceChildren(
      el("a", { class: "learn-home", href: `/?lang=${lang}` }, "atout"),
      el("h1", { text: t("learn.title", { game: gameSelect.selectedOptions[0].textContent }) }),
      gameSelect, langSelect);
  }

  function renderCourse() {
    const nav = document.getElementById("course");
    const lessons = el("ol", { class: "lessons" }, course.lessons.map((lesson, i) => {
      const count = lesson.steps.filter((s) => done.has(s)).length;
      const active = current && current.kind === "step" && lesson.steps.includes(current.id);
      return el("li", {}, el("button", { class: active ? "current" : "", "data-lesson": lesson.id, onclick: () => openStep(lesson.steps[0]) },
        el("span", {}, `${i + 1}. ${lesson.title}`),
        el("span", { class: "count" + (count === lesson.steps.length ? " full" : "") }, `${count}/${lesson.steps.length}`)));
    }));
    const puzzles = el("ol", { class: "puzzles" }, course.puzzles.map((p) => el("li", {},
      el("button", { class: current && current.id === p.id ? "current" : "", "data-puzzle": p.id, onclick: () => openPuzzle(p.id) },
        el("span", {}, p.id), el("span", { class: "count" + (done.has("puzzle:" + p.id) ? " full" : "") },
          (done.has("puzzle:" + p.id) ? "✓ " : "") + t(`learn.puzzle.difficulty.${p.difficulty}`))))));
    const total = course.lessons.reduce((n, l) => n + l.steps.length, 0);
    const answered = course.lessons.reduce((n, l) => n + l.steps.filter((s) => done.has(s)).length, 0);
    put(nav,
      el("h2", { text: t("learn.lessons") }), el("p", { class: "count", id: "progress", text: t("learn.progress", { done: answered, total }) }), lessons,
      el("h2", { text: t("learn.puzzles") }),
      course.daily ? el("button", { id: "daily", class: "primary", onclick: () => openPuzzle(course.daily) }, t("learn.daily")) : null,
      puzzles);
  }

  // -- the board: what the learner sees of a position -------------------------------------------
  // hideHand: the learner's hand is the answer (cards to pick), so it is shown once, there
  function board(s, hideHand) {
    const seat = (n) => s.seats[String(n)];
    const facts = [];
    facts.push(s.trump ? el("span", { class: "trump" }, t("learn.trump", { trump: s.trump })) : el("span", {}, t("learn.no-trump")));
    if (s.turned) facts.push(el("span", {}, t(s.turned_key, { card: symbol(s.turned) })));
    if (s.bottom) facts.push(el("span", {}, t("learn.bottom", { card: symbol(s.bottom) })));
    facts.push(el("span", {}, t("learn.dealer", { seat: seat(s.dealer) })));
    if (s.to_play !== null && s.to_play !== undefined) facts.push(el("span", {}, t("learn.to-play", { seat: seat(s.to_play) })));
    const rows = [el("div", { class: "facts-line" }, facts)];
    const played = (label, trick) => el("div", { class: "row trick-row" }, el("div", { class: "row-label", text: label }),
      trick.map(([who, code]) => el("figure", {}, cardNode(code), el("figcaption", { text: seat(who) }))));
    if (s.last_trick && s.last_trick.length) rows.push(played(t("learn.last-trick"), s.last_trick));
    if (s.trick && s.trick.length) rows.push(played(t("learn.trick"), s.trick));
    for (const [who, cards] of Object.entries(s.hands)) {
      if (Number(who) === s.seat) continue;
      rows.push(el("div", { class: "row" }, el("div", { class: "row-label", text: t("learn.hand-of", { seat: seat(who) }) }), cards.map((c) => cardNode(c))));
    }
    const mine = s.hands[String(s.seat)] || [];
    if (!hideHand) rows.push(el("div", { class: "row hand-row" }, el("div", { class: "row-label", text: t("learn.your-hand") }), mine.map((c) => cardNode(c))));
    return el("div", { class: "board" }, rows);
  }

  function feedback(result) {
    const box = el("div", { id: "feedback", class: "feedback " + (result.correct ? "ok" : "bad"), role: "status", "data-correct": String(!!result.correct) });
    if (result.correct) box.append(el("strong", { text: t("learn.right") + " " }));
    else if (!result.answer) box.append(el("strong", { text: t("learn.wrong") + " " + t("learn.try-again") }));
    if (result.answer) box.append(el("div", { class: "answer-text", text: t("learn.answer-is", { answer: result.answer }) }));
    const reasons = (result.reasons || []).filter((r) => r !== result.rule || !result.answer);
    if (reasons.length && !result.correct) box.append(el("ul", {}, reasons.map((r) => el("li", { text: r }))));
    if (result.rule && (result.correct || result.answer)) box.append(el("p", { class: "rule", text: result.rule }));
    return box;
  }

  function share(position, open) {
    return el("details", { class: "share", open: !!open }, el("summary", { text: t("learn.share") }),
      el("code", { class: "position" }, position),
      el("div", {}, el("a", { href: location.href }, location.href)));
  }

  // -- a lesson step ---------------------------------------------------------------------------
  async function openStep(id) {
    current = { kind: "step", id };
    setUrl();
    renderCourse();
    const s = await (await fetch(`/api/learn/step/${encodeURIComponent(id)}?lang=${lang}`)).json();
    const lesson = course.lessons.find((l) => l.id === s.lesson);
    const stage = document.getElementById("stage");
    const selected = new Set();
    let input = null;
    const answerBox = el("div", { class: "answer" });
    if (s.kind === "legal") {
      answerBox.append(...s.candidates.map(([code, label]) => {
        const button = el("button", { class: "pick" + (isCard(code) ? "" : " word"), "data-action": code, "aria-pressed": "false",
          onclick: () => { if (selected.has(code)) selected.delete(code); else selected.add(code);
            button.classList.toggle("selected", selected.has(code)); button.setAttribute("aria-pressed", String(selected.has(code))); } },
          isCard(code) ? cardNode(code) : label);
        return button;
      }));
    } else if (s.kind === "choice") {
      answerBox.append(...s.options.map(([id, label]) => el("button", { class: "pick word", "data-option": id, onclick: () => send(id) }, label)));
    } else {
      input = el("input", { type: "number", id: "number", inputmode: "numeric", "aria-label": s.question,
        onkeydown: (e) => { if (e.key === "Enter") send(input.value); } });
      answerBox.append(input);
    }
    const result = el("div", { id: "result" });
    const next = () => {
      const i = lesson.steps.indexOf(id);
      if (i + 1 < lesson.steps.length) openStep(lesson.steps[i + 1]);
      else {
        const li = course.lessons.indexOf(lesson);
        if (li + 1 < course.lessons.length) openStep(course.lessons[li + 1].steps[0]);
      }
    };
    async function send(answer, reveal) {
      const r = await post(`/api/learn/step/${encodeURIComponent(id)}/check`, { answer, lang, learner: learner(), reveal: !!reveal });
      if (r.correct) { done.add(id); renderCourse(); }
      result.replaceChildren(feedback(r));
    }
    const controls = el("div", { class: "controls" },
      s.kind !== "choice" ? el("button", { id: "check", class: "primary", onclick: () => send(s.kind === "legal" ? [...selected].join(", ") : input.value) }, t("learn.check")) : null,
      el("button", { id: "reveal", onclick: () => send("", true) }, t("learn.show")),
      el("button", { id: "next", onclick: next }, t("learn.next")));
    put(stage,
      el("h2", { text: t("learn.lesson", { number: course.lessons.indexOf(lesson) + 1, title: lesson.title }) }),
      el("p", { class: "sub", text: t("learn.step", { number: s.index + 1, total: s.total }) }),
      s.index === 0 ? el("p", { class: "intro", text: lesson.intro }) : null,
      board(s, s.kind === "legal" && s.candidates.some(([c]) => isCard(c))),
      s.facts.length ? el("ul", { class: "facts" }, s.facts.map((f) => el("li", { text: f }))) : null,
      el("p", { class: "question", text: s.question }),
      s.kind === "legal" ? el("p", { class: "sub", text: t("learn.pick-legal") }) : null,
      answerBox, controls, result, share(s.position));
    document.body.dataset.state = "step";
  }

  // -- a puzzle -----------------------------------------------------------------------------
  async function openPuzzle(id) {
    current = { kind: "puzzle", id };
    setUrl();
    renderCourse();
    const s = await (await fetch(`/api/learn/puzzle/${encodeURIComponent(id)}?lang=${lang}`)).json();
    const stage = document.getElementById("stage");
    const result = el("div", { id: "result" });
    const position = el("div", { id: "solution" });
    async function send(card, reveal) {
      const r = await post(`/api/learn/puzzle/${encodeURIComponent(id)}/check`, { card, lang, learner: learner(), reveal: !!reveal });
      if (r.correct) { done.add("puzzle:" + id); renderCourse(); }
      result.replaceChildren(feedback(r));
      if (r.position) position.replaceChildren(share(r.position, true));
    }
    const hand = s.hands[String(s.seat)] || [];
    const answerBox = el("div", { class: "answer" }, hand.map((code) =>
      el("button", { class: "pick", "data-card": code, "aria-label": symbol(code), onclick: () => send(code) }, cardNode(code))));
    put(stage,
      el("h2", { text: t("learn.puzzle.title", { id }) }),
      course.daily === id ? el("p", { class: "sub", text: t("learn.daily") }) : null,
      board(s, true),
      el("p", { class: "question", text: s.question }),
      answerBox,
      el("div", { class: "controls" }, el("button", { id: "reveal", onclick: () => send("", true) }, t("learn.show"))),
      result, position);
    document.body.dataset.state = "puzzle";
  }

  async function start() {
    await Atout.loadLang(lang);
    if (!GAMES.length) {
      GAMES = Object.keys((await (await fetch("/api/games")).json()).games);
      if (!GAMES.includes(game)) game = GAMES[0];
    }
    course = await (await fetch(`/api/learn/${game}?lang=${lang}`)).json();
    const progress = await post("/api/learn/progress", { learner: learner() });
    done = new Set(progress.done || []);
    renderBar();
    const step = query.get("step");
    const puzzle = query.get("puzzle");
    query.delete("step");
    query.delete("puzzle");
    if (current && current.kind === "puzzle") await openPuzzle(current.id);
    else if (current) await openStep(current.id);
    else if (puzzle && puzzle.startsWith(game)) await openPuzzle(puzzle);
    else if (step && step.startsWith(game)) await openStep(step);
    else {
      const first = course.lessons.flatMap((l) => l.steps).find((s) => !done.has(s)) || course.lessons[0].steps[0];
      await openStep(first);
    }
  }

  start();
})();
