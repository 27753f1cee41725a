// nimlab's web lab: every number comes from nimlab's typed commands, which
// answer what the command line answers; this file only asks and shows. One
// front end, two back ends: under "nimlab serve" the pages ask the server's
// /api; in the static site ("nimlab site") they ask nimlab compiled to
// WebAssembly, in a Web Worker (worker.js). Both take the same requests
// (an endpoint and its query) and give the same answers. A report is the
// text the command line prints, which an answer carries beside its JSON
// ("text"): the page shows it as it is, and renders none itself.
"use strict";

const $ = (id) => document.getElementById(id);
const q = (params) => new URLSearchParams(params).toString();

// serverBackend asks "nimlab serve".
function serverBackend() {
  async function api(path, params) {
    const r = await fetch(`/api/${path}?${q(params)}`);
    const body = await r.json();
    if (!r.ok && body.error) throw new Error(body.error);
    return body;
  }
  return {
    name: "server",
    // call answers the endpoint name with params; on.progress and on.claim,
    // when given, receive the events of a long command as it runs.
    call(name, params, on = {}) {
      if (!on.progress && !on.claim) return api(name, params);
      return new Promise((resolve, reject) => {
        const events = new EventSource(`/api/${name}?${q({ ...params, stream: 1 })}`);
        events.addEventListener("progress", (e) => on.progress && on.progress(JSON.parse(e.data)));
        events.addEventListener("claim", (e) => on.claim && on.claim(JSON.parse(e.data)));
        events.addEventListener("result", (e) => { events.close(); resolve(JSON.parse(e.data)); });
        events.addEventListener("error", (e) => {
          events.close();
          reject(new Error(e.data ? JSON.parse(e.data).error : `${name} failed or was stopped`));
        });
      });
    },
    // figure is the address of a drawing (SVG).
    figure: (name, params) => Promise.resolve(`/api/${name}?${q(params)}`),
  };
}

// wasmBackend asks nimlab compiled to WebAssembly, in a worker started at
// the first request; stop terminates it (and whatever it computes), and the
// next request starts a fresh one.
function wasmBackend() {
  let worker = null, next = 0;
  const pending = new Map(); // id -> {resolve, reject, on}
  const fail = (message) => {
    for (const p of pending.values()) p.reject(new Error(message));
    pending.clear();
    if (worker) worker.terminate();
    worker = null;
    busy();
  };
  function start() {
    worker = new Worker("worker.js");
    worker.onmessage = (e) => {
      const { id, event, data } = e.data;
      if (event === "exit") { fail(data); return; }
      const p = pending.get(id);
      if (!p) return;
      if (event === "progress") { if (p.on.progress) p.on.progress(JSON.parse(data)); return; }
      if (event === "claim") { if (p.on.claim) p.on.claim(JSON.parse(data)); return; }
      pending.delete(id);
      busy();
      if (event === "result") p.resolve(data); else p.reject(new Error(JSON.parse(data).error));
    };
    worker.onerror = (e) => { e.preventDefault(); fail(`nimlab failed in the browser: ${e.message}`); };
  }
  function send(name, params, on) {
    if (!worker) start();
    const id = ++next;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, on });
      busy();
      worker.postMessage({ id, name, query: q(params) });
    });
  }
  // busy shows the Stop button while a request has run for a moment.
  let timer = null;
  function busy() {
    clearTimeout(timer);
    if (!pending.size) { $("busy").hidden = true; return; }
    timer = setTimeout(() => { $("busy").hidden = !pending.size; }, 300);
  }
  $("stop").addEventListener("click", () => fail("stopped"));
  return {
    name: "wasm",
    call: (name, params, on = {}) => send(name, params, on).then(JSON.parse),
    figure: (name, params) => send(name, params, {}).then((svg) => URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }))),
  };
}

const backend = document.querySelector('meta[name="nimlab-backend"]').content === "wasm" ? wasmBackend() : serverBackend();
const api = (name, params) => backend.call(name, params);

function text(el, s) { el.textContent = s; }

// figure shows the drawing name (an endpoint, e.g. draw) of params in img
// once it has loaded: an image that fails to load is hidden, never shown
// broken.
async function figure(img, name, params) {
  const asked = q(params);
  img.dataset.asked = asked;
  let url;
  try {
    url = await backend.figure(name, params);
  } catch (e) {
    if (img.dataset.asked === asked) { img.hidden = true; img.removeAttribute("src"); }
    return;
  }
  if (img.dataset.asked !== asked) return; // a later drawing was asked for
  const old = img.src;
  img.onload = () => { img.hidden = false; if (old.startsWith("blob:")) URL.revokeObjectURL(old); };
  img.onerror = () => { img.hidden = true; img.removeAttribute("src"); };
  img.src = url;
}

// share puts a page and its query in the address without going there (no
// hashchange), so that the address links to what the page shows.
function share(page, params) {
  if (location.hash.slice(1).split("?")[0] !== page) return; // the reader has gone elsewhere
  // Specs and positions read better with their , : ; ( ) / left as they are.
  const query = q(params).replace(/%(2C|3A|3B|28|29|2F)/g, (m) => decodeURIComponent(m));
  history.replaceState(null, "", `#${page}?${query}`);
}

// ---- pages -----------------------------------------------------------------

function route() {
  const [page, query] = (location.hash.slice(1) || "explore").split("?");
  for (const s of document.querySelectorAll(".page")) s.classList.toggle("active", s.id === `page-${page}`);
  for (const a of document.querySelectorAll("nav a")) a.classList.toggle("active", a.dataset.page === page);
  const params = new URLSearchParams(query || "");
  if (page === "position" && params.has("game")) {
    $("pos-spec").value = params.get("game");
    $("pos-position").value = params.get("position");
    analyze();
  }
  if (page === "play") {
    if (params.has("game")) {
      // #play?game=G&position=P[&first=computer] starts that game there,
      // unless it is the game on the board already.
      const at = current();
      if (match.game !== params.get("game") || !at || at.join(",") !== params.get("position")) {
        $("play-spec").value = params.get("game");
        $("play-computer-first").checked = params.get("first") === "computer";
        if (params.get("position")) {
          $("play-start").value = params.get("position");
          newGame();
        } else randomGame();
      }
    } else if (match.game && current()) {
      shareGame();
    }
  }
  if (page === "explore" && params.has("game")) {
    // #explore?game=G[&max=H&grundy=1&remoteness=1[&axes=I,J&fix=K=v,...&value=V]]
    // shows G, solves it up to H and shows that slice.
    $("spec").value = params.get("game");
    if (params.has("max")) $("max").value = params.get("max");
    $("grundy").checked = params.get("grundy") === "1";
    $("remoteness").checked = params.get("remoteness") === "1";
    exploreLink = params;
    show().then(() => { if (explored && params.has("max")) solveGame(); });
  }
  if (page === "check" && params.has("game")) {
    // #check?game=G&max=H&expr=E checks E.
    $("check-spec").value = params.get("game");
    if (params.has("max")) $("check-max").value = params.get("max");
    if (params.has("expr")) {
      $("expr").value = params.get("expr");
      $("check-form").requestSubmit();
    }
  }
  if (page === "papers") listClaims();
  if (page === "frontier") showFrontier();
  return page === "explore" && params.has("game");
}
window.addEventListener("hashchange", route);

// ---- explore ---------------------------------------------------------------

let explored = null; // {game, piles}
let exploreLink = null; // the parameters of an #explore link, until its slice is shown

// shareExplore puts the game, and the solve and slice shown, in the address.
function shareExplore() {
  if (!explored) return;
  const params = { game: explored.game };
  if (!$("slice-controls").hidden || $("counts").textContent) {
    params.max = $("max").value;
    if ($("grundy").checked) params.grundy = 1;
    if ($("remoteness").checked) params.remoteness = 1;
  }
  if (!$("slice-controls").hidden) {
    params.axes = `${$("axis-x").value},${$("axis-y").value}`;
    params.fix = [...document.querySelectorAll(".fix")].map((r) => `${r.dataset.pile}=${r.value}`).join(",");
    params.value = $("value").value;
  }
  share("explore", params);
}

async function show(ev) {
  if (ev) ev.preventDefault();
  const game = $("spec").value.trim();
  $("slice-controls").hidden = true;
  text($("counts"), "");
  $("slice").replaceChildren();
  try {
    figure($("complex-figure"), "draw", { game, complex: 1 });
    const [c, th] = await Promise.all([api("complex", { game }), api("theorems", { game })]);
    explored = { game: c.game, piles: c.vertices };
    text($("title"), `${c.title} (${c.game}) — ${c.source}; ${c.vertices} piles, ${c.facets.length} facets, ${c.symmetries} symmetries`);
    $("theorems").replaceChildren(...(th.theorems.length ? th.theorems : [{ name: "none", statement: "no theorem covers it: tables decide", source: "" }])
      .map((t) => { const li = document.createElement("li"); li.textContent = `${t.name}: ${t.statement} (${t.source})`; return li; }));
    text($("structure"), c.text);
    shareExplore();
  } catch (e) {
    text($("title"), e.message);
  }
}
$("explore-form").addEventListener("submit", show);

function solveGame(ev) {
  if (ev) ev.preventDefault();
  if (!explored) return;
  const params = { game: explored.game, max: $("max").value };
  if ($("grundy").checked) params.grundy = 1;
  if ($("remoteness").checked) params.remoteness = 1;
  const bar = $("progress");
  bar.hidden = false;
  bar.removeAttribute("value");
  text($("counts"), "solving…");
  shareExplore();
  backend.call("solve", params, {
    progress: (p) => {
      bar.max = p.total;
      bar.value = p.done;
    },
  }).then((s) => {
    bar.hidden = true;
    text($("counts"), s.text);
    setupSlice();
  }).catch((e) => {
    bar.hidden = true;
    text($("counts"), e.message);
  });
}
$("solve-form").addEventListener("submit", solveGame);

function setupSlice() {
  const n = explored.piles;
  const options = Array.from({ length: n }, (_, i) => `<option value="${i + 1}">${pileName(i + 1)}</option>`).join("");
  $("axis-x").innerHTML = options;
  $("axis-y").innerHTML = options;
  $("axis-x").value = "1";
  $("axis-y").value = "2";
  $("value").value = $("grundy").checked ? "grundy" : $("remoteness").checked ? "remoteness" : "outcome";
  $("slice-controls").hidden = false;
  const link = exploreLink;
  exploreLink = null;
  if (link && link.has("axes")) {
    const [x, y] = link.get("axes").split(",");
    $("axis-x").value = x;
    $("axis-y").value = y;
  }
  if (link && link.has("value")) $("value").value = link.get("value");
  buildSliders();
  if (link && link.has("fix")) {
    for (const kv of link.get("fix").split(",")) {
      const [k, v] = kv.split("=");
      const r = document.querySelector(`.fix[data-pile="${k}"]`);
      if (r) { r.value = v; r.nextElementSibling.value = r.value; }
    }
  }
  // No slice asked for: the server's, the one holding the most P-positions.
  drawSlice(undefined, !(link && link.has("fix")));
}

function buildSliders() {
  const n = explored.piles, x = +$("axis-x").value, y = +$("axis-y").value;
  const spans = [];
  for (let i = 1; i <= n; i++) {
    if (i === x || i === y) continue;
    spans.push(`<label>${pileName(i)} <input type="range" class="fix" data-pile="${i}" min="0" max="${$("max").value}" value="0"><output>0</output></label>`);
  }
  $("sliders").innerHTML = spans.join(" ");
  for (const r of document.querySelectorAll(".fix")) {
    r.addEventListener("input", () => { r.nextElementSibling.value = r.value; drawSlice(); });
  }
}

// drawSlice draws the slice the sliders say, or with richest the one the
// server chooses (the most P-positions), setting the sliders to it.
async function drawSlice(mark, richest) {
  const sliders = [...document.querySelectorAll(".fix")];
  const fix = richest ? "" : sliders.map((r) => `${r.dataset.pile}=${r.value}`).join(",");
  const params = { game: explored.game, max: $("max").value, axes: `${$("axis-x").value},${$("axis-y").value}`, fix, value: $("value").value };
  try {
    const s = await api("slice", params);
    if (richest) {
      for (const r of sliders) {
        r.value = s.fixed[+r.dataset.pile - 1];
        r.nextElementSibling.value = r.value;
      }
    }
    renderSlice($("slice"), s, explored.game, mark, $("hover"));
    shareExplore();
  } catch (e) {
    text($("hover"), e.message);
  }
}
for (const id of ["axis-x", "axis-y"]) $(id).addEventListener("change", () => { buildSliders(); drawSlice(); });
$("value").addEventListener("change", () => drawSlice());

// ---- position --------------------------------------------------------------

async function analyze(ev) {
  if (ev) ev.preventDefault();
  const game = $("pos-spec").value.trim(), position = $("pos-position").value.trim();
  $("moves").replaceChildren();
  try {
    const r = await api("outcome", { game, position });
    share("position", { game, position });
    figure($("pos-figure"), "draw", { game, position });
    text($("pos-report"), r.text);
    text($("moves-title"), r.outcome === "P" ? "A P-position: every move loses" : `Winning moves (${r.winning_moves.length})`);
    $("moves").replaceChildren(...r.winning_moves.map((m) => {
      const img = document.createElement("img");
      img.className = "move";
      img.hidden = true;
      figure(img, "draw", { game, position, move: m.join(",") });
      img.alt = `${position} → ${m.join(",")}`;
      return img;
    }));
  } catch (e) {
    text($("pos-report"), e.message);
  }
}
$("position-form").addEventListener("submit", analyze);

// ---- play ------------------------------------------------------------------

// A game is nimlab's play command: the page keeps the history and whose
// first move it was, sends your move as you typed it (or undo), and shows
// the answer: the moves made, whose turn it is, the advice, the winner.
const match = { game: "", history: [], first: "you", over: false };

function current() { return match.history[match.history.length - 1]; }

async function newGame(ev) {
  if (ev) ev.preventDefault();
  const start = $("play-start").value.split(",").map((s) => Number(s.trim()));
  if (start.some((x) => !Number.isSafeInteger(x) || x < 0)) {
    // JavaScript numbers are exact up to 2^53; nimlab play takes piles up to 2^63-1.
    text($("play-error"), "the page plays with piles of 0 to 2^53-1 tokens; use nimlab play in a terminal for larger ones");
    return;
  }
  match.game = $("play-spec").value.trim();
  match.history = [start];
  match.first = $("play-computer-first").checked ? "computer" : "you";
  match.over = false;
  $("play-log").replaceChildren();
  renderStacks($("stacks"), null);
  text($("result"), "");
  text($("play-error"), "");
  await step({});
}
$("play-form").addEventListener("submit", newGame);

// randomGame starts the game from piles of 0 to 9 tokens, at random.
async function randomGame() {
  try {
    const n = (await api("complex", { game: $("play-spec").value.trim() })).vertices;
    $("play-start").value = Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join(",");
  } catch (e) {
    text($("play-error"), e.message);
    return;
  }
  newGame();
}
$("play-random").addEventListener("click", randomGame);

// shareGame puts the game and its current position in the address: the
// link starts the same game from there.
function shareGame() {
  share("play", { game: match.game, position: current().join(",") });
}

// step asks play for the next step of the game (params: move or undo),
// shows its answer and returns it (nothing when the request failed).
async function step(params) {
  text($("play-status"), "the computer is thinking…");
  if (current()) figure($("play-figure"), "draw", { game: match.game, position: current().join(",") });
  let r;
  try {
    r = await api("play", {
      game: match.game, history: match.history.map((p) => p.join(",")).join("/"), first: match.first,
      hints: $("play-hints").checked ? 1 : 0, ...params,
    });
  } catch (e) {
    text($("play-status"), "");
    text($("play-error"), e.message);
    return undefined;
  }
  if (r.refused) { text($("play-status"), "your move"); text($("play-error"), `illegal: ${r.refused}`); return r; }
  text($("play-error"), "");
  if (r.undone) { $("play-log").lastChild.remove(); $("play-log").lastChild.remove(); }
  for (const m of r.moves) {
    const li = document.createElement("li");
    li.textContent = `${m.player}: (${m.from.join(",")}) → (${m.to.join(",")})${m.why ? ` — ${m.why}` : ""}`;
    $("play-log").append(li);
  }
  match.history = r.history;
  match.over = Boolean(r.winner);
  figure($("play-figure"), "draw", { game: match.game, position: r.position.join(",") });
  renderStacks($("stacks"), match.over ? null : r.position, (move) => { $("move").value = move; });
  shareGame();
  text($("result"), r.winner === "computer" ? "The computer wins." : r.winner === "you" ? "You win!" : "");
  text($("play-status"), `${r.title}: ${r.winner ? "the game is over" : "your move"}`);
  const h = r.hint;
  text($("play-hint"), !h ? "" : h.outcome === "P" ? "hint: a P-position — every move loses against perfect play"
    : `hint: an N-position — winning moves: ${h.winning_moves.map((m) => `(${m.join(",")})`).join(" ")}`);
  return r;
}

$("move-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  if (!current()) return;
  if (match.over) { text($("play-error"), "the game is over: start a new one"); return; }
  const move = $("move").value.trim();
  if (!move) { text($("play-error"), "type a move: the position it leaves, or an edit such as 2 -= 1"); return; }
  const r = await step({ move });
  if (r && !r.refused) $("move").value = "";
});

$("play-undo").addEventListener("click", async () => {
  if (match.history.length < 3 || !current()) return;
  text($("result"), "");
  await step({ undo: 1 });
});

// ---- check -----------------------------------------------------------------

$("check-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const game = $("check-spec").value.trim();
  text($("verdict"), "checking…");
  $("check-links").replaceChildren();
  $("check-figure").hidden = true;
  share("check", { game, max: $("check-max").value, expr: $("expr").value });
  try {
    const r = await api("check", { game, max: $("check-max").value, expr: $("expr").value });
    text($("verdict"), r.agrees ? "The expression agrees with the table." : `The expression disagrees at ${r.p_not_accepted + r.accepted_not_p} positions.`);
    const ex = r.examples || {};
    text($("check-report"), r.text);
    // The slice through the first example (or the origin), its examples marked.
    const bad = new Set(Object.values(ex).flat().map((p) => p.join(",")));
    const first = Object.values(ex).flat()[0];
    const fix = first ? first.slice(2).map((v, i) => `${i + 3}=${v}`).join(",") : "";
    const s = await api("slice", { game, max: $("check-max").value, axes: "1,2", fix, value: "outcome" });
    renderSlice($("check-slice"), s, game, bad);
    text($("check-caption"), first
      ? `The slice through the first example, (${first.join(",")}): piles ${pileName(1)} and ${pileName(2)} on the axes, the others as there; the examples the report lists are outlined in red.`
      : `The slice through the origin, piles ${pileName(1)} and ${pileName(2)} on the axes: the expression agrees with the table on it.`);
    $("check-figure").hidden = false;
  } catch (e) {
    text($("verdict"), e.message);
  }
});

// Find the pattern: discover proposes an expression, verified on a larger
// box; it goes into the expression field, ready to check.
$("discover").addEventListener("click", async () => {
  const game = $("check-spec").value.trim();
  text($("verdict"), "looking for a pattern…");
  text($("check-report"), "");
  $("check-links").replaceChildren();
  $("check-figure").hidden = true;
  try {
    const r = await api("discover", { game, max: $("check-max").value });
    $("expr").value = r.expr;
    text($("verdict"), r.exact
      ? `Found (${r.method}): exact up to ${r.verified_max}.`
      : r.learned_exact && r.verified_max > r.max
        ? `Found (${r.method}): exact up to ${r.max}, where it was learned, NOT up to ${r.verified_max}.`
        : `Best found (${r.method}) is NOT exact up to ${r.verified_max}.`);
    text($("check-report"), r.text);
  } catch (e) {
    text($("verdict"), e.message);
  }
});

// Prove: the solver answers for every position (nimlab prove): proved,
// refuted with a counterexample nimlab's engine confirms, or unknown.
$("prove").addEventListener("click", async () => {
  const game = $("check-spec").value.trim();
  const button = $("prove");
  button.disabled = true;
  text($("verdict"), "proving…");
  text($("check-report"), "");
  $("check-links").replaceChildren();
  $("check-figure").hidden = true;
  try {
    const r = await api("prove", { game, expr: $("expr").value });
    const ce = r.counterexample;
    text($("verdict"), r.result === "proved" ? `proved: the expression accepts exactly the P-positions, for ${r.scope} (${r.kind}).`
      : r.result === "refuted" ? `refuted: not the set of P-positions (counterexample to (${ce.condition})).`
      : `unknown: ${r.reason}`);
    if (ce) {
      const p = `(${ce.position.join(",")})`;
      const a = document.createElement("a");
      a.href = `#position?${q({ game: r.game, position: ce.position.join(",") })}`;
      a.textContent = `look at ${p}`;
      $("check-links").append(a);
    }
    text($("check-report"), r.text);
  } catch (e) {
    text($("verdict"), e.message);
  } finally {
    button.disabled = false;
  }
});

// ---- papers ----------------------------------------------------------------

// The claims are listed at once (repro --list); Recompute streams what
// nimlab computes for each, row by row (repro, computed once per server).

let listing = null; // the promise of the listing, once asked

function papersBody() { return $("papers").querySelector("tbody"); }

function listClaims() {
  if (listing) return listing;
  listing = api("repro", { list: 1 }).then((r) => {
    papersBody().replaceChildren(...r.claims.map(claimRow));
    text($("papers-status"), `${r.claims.length} claims`);
  }).catch((e) => {
    listing = null;
    text($("papers-status"), e.message);
  });
  return listing;
}

function claimRow(c) {
  const tr = document.createElement("tr");
  tr.dataset.id = c.id;
  for (const [cls, v] of [["id", c.id], ["source", c.source], ["statement", c.claim], ["computed", ""], ["verdict", ""]]) {
    const td = document.createElement("td");
    td.className = cls;
    td.textContent = v;
    tr.append(td);
  }
  return tr;
}

// fillClaim puts a checked claim's computation and verdict in its row.
function fillClaim(c) {
  let tr = [...papersBody().rows].find((r) => r.dataset.id === c.id);
  if (!tr) {
    tr = claimRow(c);
    papersBody().append(tr);
  }
  text(tr.querySelector(".computed"), c.computed);
  const td = tr.querySelector(".verdict");
  td.textContent = c.agrees ? "agrees" : "DISAGREES";
  td.classList.toggle("agree", c.agrees);
  td.classList.toggle("disagree", !c.agrees);
}

$("papers-load").addEventListener("click", async () => {
  await listClaims();
  const button = $("papers-load"), bar = $("papers-progress"), status = $("papers-status");
  const total = papersBody().rows.length;
  let done = 0;
  button.disabled = true;
  bar.max = total || 1;
  bar.value = 0;
  bar.hidden = false;
  text(status, "recomputing every claim…");
  const finish = (message) => {
    button.disabled = false;
    bar.hidden = true;
    text(status, message);
  };
  backend.call("repro", {}, {
    claim: (c) => {
      fillClaim(c);
      bar.value = ++done;
      text(status, `recomputed ${done} of ${total}…`);
    },
  }).then((r) => {
    r.claims.forEach(fillClaim);
    finish(`${r.claims.length} claims: ${r.agree} agree, ${r.disagree} disagree`);
  }).catch((e) => finish(e.message));
});

if (!route()) show();
