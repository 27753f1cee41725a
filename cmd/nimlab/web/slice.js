// The lab's slice figure: a table.Slice (as /api/slice answers it) drawn as
// a grid of cells, pile X across and pile Y up, with the piles named on the
// axes, their sizes as ticks, the fixed piles in a caption and a legend, as
// "nimlab plot" draws it. It only shows what the answer holds: the cells'
// values and which are P-positions. app.js calls renderSlice.
"use strict";

// pileName names pile i (1-based) as expressions and tables do: "a (p1)",
// then p27, p28, ... beyond the 26 letters.
function pileName(i) {
  return i <= 26 ? `${String.fromCharCode(96 + i)} (p${i})` : `p${i}`;
}

// heat is the colour of a value t in 0..1 of the grundy and remoteness scale.
function heat(t) {
  return `hsl(${240 - 200 * t}, 60%, ${25 + 55 * t}%)`;
}

// tickStep labels every pile size of a short axis, every 5th or 10th of a
// longer one.
function tickStep(n) {
  return n <= 21 ? 1 : n <= 60 ? 5 : 10;
}

function el(tag, cls, content) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (content !== undefined) e.textContent = content;
  return e;
}

// sliceCell is the cell of position p (an array) holding the i-th value.
function sliceCell(s, i, p, scale, game, marked, hover) {
  const cell = el("div", "cell");
  cell.dataset.position = p.join(",");
  if (s.value === "outcome") {
    if (s.p[i]) cell.classList.add("p");
  } else {
    cell.style.background = heat((s.cells[i] - scale.lo) / (scale.hi - scale.lo));
    if (s.p[i]) cell.classList.add("pmark");
  }
  if (marked && marked.has(cell.dataset.position)) cell.classList.add("bad");
  const what = s.value === "outcome" ? (s.p[i] ? "P" : "N") : `${s.value} ${s.cells[i]}${s.p[i] ? " (P)" : ""}`;
  cell.title = `(${cell.dataset.position}): ${what}`;
  if (hover) cell.addEventListener("mouseenter", () => { hover.textContent = cell.title; });
  cell.addEventListener("click", () => { location.hash = `position?${q({ game, position: cell.dataset.position })}`; });
  return cell;
}

// slicePlot is the grid: the y axis's name and ticks on the left, the cells,
// the x axis's ticks and name below.
function slicePlot(s, game, marked, hover) {
  const plot = el("div", "slice-plot");
  plot.style.setProperty("--cols", s.cols);
  plot.style.setProperty("--rows", s.rows);
  const ylabel = el("div", "axis-name y", `pile ${pileName(s.y + 1)} →`);
  ylabel.style.gridArea = `1 / 1 / ${s.rows + 1} / 2`;
  const items = [ylabel];
  const scale = { lo: Math.min(...s.cells), hi: Math.max(...s.cells, Math.min(...s.cells) + 1) };
  const ystep = tickStep(s.rows), xstep = tickStep(s.cols);
  for (let r = s.rows - 1; r >= 0; r--) {
    items.push(el("div", "tick y", r % ystep === 0 ? String(r) : ""));
    for (let c = 0; c < s.cols; c++) {
      const p = s.fixed.slice();
      p[s.x] = c;
      p[s.y] = r;
      items.push(sliceCell(s, r * s.cols + c, p, scale, game, marked, hover));
    }
  }
  items.push(el("div"), el("div"));
  for (let c = 0; c < s.cols; c++) items.push(el("div", "tick x", c % xstep === 0 ? String(c) : ""));
  const xlabel = el("div", "axis-name x", `pile ${pileName(s.x + 1)} →`);
  xlabel.style.gridColumn = `3 / ${s.cols + 3}`;
  items.push(el("div"), el("div"), xlabel);
  plot.replaceChildren(...items);
  return plot;
}

// sliceLegend says what the colours mean: P and N for outcomes, a colour
// bar from the least to the greatest value shown for grundy and remoteness,
// with the mark of a P-position.
function sliceLegend(s, marked) {
  const legend = el("div", "slice-legend");
  const entry = (swatch, label) => {
    const row = el("div", "entry");
    row.append(swatch, el("span", "", label));
    return row;
  };
  if (s.value === "outcome") {
    legend.append(entry(el("span", "swatch p"), "P-position (the previous player wins)"),
      entry(el("span", "swatch"), "N-position (the next player wins)"));
  } else {
    const lo = Math.min(...s.cells), hi = Math.max(...s.cells);
    const bar = el("div", "colour-bar");
    const stops = Array.from({ length: 11 }, (_, k) => heat(k / 10));
    bar.style.background = `linear-gradient(to right, ${stops.join(", ")})`;
    const ends = el("div", "colour-ends");
    ends.append(el("span", "min", String(lo)), el("span", "max", String(hi)));
    legend.append(el("div", "legend-title", s.value === "grundy" ? "Grundy value" : "remoteness"), bar, ends,
      entry(el("span", "swatch pmark"), "P-position"));
  }
  if (marked && marked.size) legend.append(entry(el("span", "swatch bad"), "breaks the expression"));
  return legend;
}

// renderSlice draws the slice s of game into the element figure; the cells
// of the positions in marked (a Set of "a,b,...") are outlined, and the
// element hover, when given, shows the cell under the pointer.
function renderSlice(figure, s, game, marked, hover) {
  const fixed = s.fixed.map((v, i) => (i === s.x || i === s.y ? "" : `${pileName(i + 1)} = ${v}`)).filter(Boolean);
  const caption = el("p", "slice-caption", fixed.length ? `the other piles fixed: ${fixed.join(", ")}` : "");
  const body = el("div", "slice-body");
  body.append(slicePlot(s, game, marked, hover), sliceLegend(s, marked));
  figure.replaceChildren(caption, body);
}
