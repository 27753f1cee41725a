// The Play page's stacks: one button a stack, named as expressions name the
// piles (slice.js's pileName), with its tokens. Clicking stacks and choosing
// how many to take from each writes the move as it would be typed, "3 -= 2"
// (edits separated by "; "), into the move field: the one way a move is
// sent, and nimlab's move parser and rules judge it. app.js calls
// renderStacks with the position on the board.
"use strict";

// stacksMove is the move the chosen stacks say, as typed: "3 -= 2; 4 -= 1".
function stacksMove(box) {
  return [...box.querySelectorAll(".stack.chosen")]
    .map((s) => `${s.dataset.pile} -= ${s.querySelector(".take").value}`).join("; ");
}

// stackOf is the control of pile i (1-based) holding n tokens; changed is
// called with the move whenever the choice changes.
function stackOf(box, i, n, changed) {
  const stack = document.createElement("div");
  stack.className = "stack";
  stack.dataset.pile = i;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "pile";
  button.disabled = n === 0;
  button.title = n === 0 ? `${pileName(i)} is empty` : `take from ${pileName(i)}`;
  const name = document.createElement("span");
  name.textContent = pileName(i);
  const count = document.createElement("b");
  count.className = "count";
  count.textContent = String(n);
  button.append(name, count);
  const take = document.createElement("input");
  take.type = "number";
  take.className = "take";
  take.min = "1";
  take.max = String(n);
  take.value = "1";
  take.title = `how many tokens to take from ${pileName(i)}`;
  take.hidden = true;
  button.addEventListener("click", () => {
    stack.classList.toggle("chosen");
    take.hidden = !stack.classList.contains("chosen");
    if (!take.hidden) take.focus();
    changed(stacksMove(box));
  });
  take.addEventListener("input", () => changed(stacksMove(box)));
  stack.append(button, take);
  return stack;
}

// renderStacks shows position (an array of piles) in box as stacks to
// click; with no position (no game, or the game over) it shows none.
function renderStacks(box, position, changed) {
  box.replaceChildren(...(position || []).map((n, k) => stackOf(box, k + 1, n, changed)));
}
