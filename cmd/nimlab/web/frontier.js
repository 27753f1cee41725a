// The lab's Frontier page: the frontier table as "nimlab frontier" recorded
// it (docs/frontier.json, /api/frontier), shown as it is, each game linking
// to its Explore page. It uses app.js's helpers ($, q, api, text), which are
// defined by the time a page is routed; app.js calls showFrontier.
"use strict";

let frontierShown = null; // the promise of the table, once asked

// statusText says a row's status as "nimlab frontier" writes it.
function statusText(r) {
  if (r.status === "verified") return `verified to ${r.verified_max}`;
  if (r.status === "refuted") return `refuted beyond ${r.verified_max}`;
  if (r.status === "not_exact_beyond_box") return `exact to ${r.learned_max}, not to ${r.verified_max}`;
  if (r.status === "nothing") return r.learned_max > 0 ? `nothing found (piles 0..${r.learned_max})` : "nothing found";
  return r.status;
}

// proofText says how a row's proof went.
function proofText(r) {
  const p = r.proof || {};
  if (!r.proved) return "-";
  if (r.proved === "proved") return `${p.kind}: ${p.conditions}` + (r.proved_engine_max > 0 ? `; engine agrees to ${r.proved_engine_max}` : "");
  if (r.proved === "refuted") return `refuted: ${p.counterexample || p.conditions}`;
  return `${r.proved}: ${p.conditions || p.reason || ""}`;
}

// folded is a cell's long text in a <details>: one line, cut short, until
// its summary is clicked, then all of it; a short text is shown as it is.
function folded(td, v) {
  if (v.length <= 24) {
    td.textContent = v;
    return;
  }
  const details = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = v;
  summary.title = "click to show all of it, or fold it again";
  details.append(summary);
  td.append(details);
}

function frontierRow(r) {
  const tr = document.createElement("tr");
  tr.className = r.status;
  const game = document.createElement("td");
  const a = document.createElement("a");
  a.href = `#explore?${q({ game: r.game })}`;
  a.textContent = r.name;
  a.title = r.game;
  game.append(a);
  tr.append(game);
  const desc = r.status === "nothing" ? "" : r.expr;
  const regions = r.regions || [];
  const regionsText = regions.length ? `${regions.length} region${regions.length > 1 ? "s" : ""}: ${regions.join("; ")}` : "-";
  for (const [cls, v] of [["status", statusText(r)], ["description", desc], ["proof", proofText(r)], ["theorem", r.theorem || "-"],
    ["regions", regionsText], ["time", `${r.seconds.toFixed(1)} s`]]) {
    const td = document.createElement("td");
    td.className = cls;
    if (["description", "proof", "regions"].includes(cls)) folded(td, v); else td.textContent = v;
    if (cls === "proof" && r.proof && r.proof.reduction) {
      const reduction = document.createElement("div");
      reduction.className = "reduction";
      reduction.textContent = `(II) by reduction: ${r.proof.reduction}`;
      reduction.title = reduction.textContent; // one line, cut short: the whole on hover
      td.append(reduction);
    }
    tr.append(td);
  }
  return tr;
}

function showFrontier() {
  if (frontierShown) return frontierShown;
  frontierShown = api("frontier", {}).then((r) => {
    $("frontier").querySelector("tbody").replaceChildren(...r.rows.map(frontierRow));
    const count = (s) => r.rows.filter((x) => x.status === s).length;
    const m = r.machine;
    text($("frontier-status"), `${r.rows.length} games: ${count("proved")} proved, ${count("verified")} verified on a box only, ${count("refuted")} refuted beyond their box, ` +
      `${count("not_exact_beyond_box")} not exact beyond their box, ${count("nothing")} with nothing found` +
      (m ? ` — ${Math.round(r.seconds)} s on ${m.cpu || "a CPU"} (${m.cores} cores), every pile 0..${r.max}` : ""));
  }).catch((e) => {
    frontierShown = null;
    text($("frontier-status"), e.message);
  });
  return frontierShown;
}
