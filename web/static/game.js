// A game's page: follows the game live (Server-Sent Events), counts the clocks down, and replays
// the moves (buttons, arrow keys, Home and End), drawing each position from the moves itself.
"use strict";

(() => {
  const root = document.getElementById("game");
  if (!root) return;
  const $ = (selector) => document.querySelector(selector);
  const FILES = "abcdefgh";
  const DIRECTIONS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
  const squares = new Map();
  for (const group of root.querySelectorAll("g[data-sq]")) squares.set(group.dataset.sq, group);

  let state = JSON.parse(root.dataset.state);
  let step = state.moves.length;
  let serverOffset = 0; // the server's clock less the browser's, in seconds

  // --- the rules, as far as a replay needs them ----------------------------------------------

  const at = (board, file, rank) => board[(8 - rank) * 8 + file];
  const opponent = (color) => (color === "b" ? "w" : "b");

  function flips(board, color, name) {
    const file = FILES.indexOf(name[0]);
    const rank = Number(name.slice(1));
    if (at(board, file, rank) !== ".") return [];
    const found = [];
    for (const [df, dr] of DIRECTIONS) {
      const line = [];
      let f = file + df;
      let r = rank + dr;
      while (f >= 0 && f < 8 && r >= 1 && r <= 8 && at(board, f, r) === opponent(color)) {
        line.push((8 - r) * 8 + f);
        f += df;
        r += dr;
      }
      if (line.length && f >= 0 && f < 8 && r >= 1 && r <= 8 && at(board, f, r) === color) {
        found.push(...line);
      }
    }
    return found;
  }

  // The position after the first `count` moves; a move its side can't play was the other's,
  // after a forced pass (the moves leave passes out).
  function replay(moves, count) {
    const board = Array(64).fill(".");
    for (const [name, color] of [["d4", "w"], ["e5", "w"], ["d5", "b"], ["e4", "b"]]) {
      board[(8 - Number(name[1])) * 8 + FILES.indexOf(name[0])] = color;
    }
    let turn = "b";
    for (const name of moves.slice(0, count)) {
      let flipped = flips(board, turn, name);
      if (!flipped.length) {
        turn = opponent(turn);
        flipped = flips(board, turn, name);
      }
      for (const index of flipped) board[index] = turn;
      board[(8 - Number(name.slice(1))) * 8 + FILES.indexOf(name[0])] = turn;
      turn = opponent(turn);
    }
    return board;
  }

  // --- drawing -------------------------------------------------------------------------------

  function draw() {
    const total = state.moves.length;
    const latest = step === total;
    const board = latest ? state.board.split("") : replay(state.moves, step);
    const last = latest ? state.last : step ? state.moves[step - 1] : null;
    const legal = latest ? new Set(state.legal) : new Set();
    let index = 0;
    for (const [name, group] of squares) {
      const classes = [];
      if (board[index] !== ".") classes.push(board[index]);
      if (name === last) classes.push("last");
      if (legal.has(name)) classes.push("legal");
      group.setAttribute("class", classes.join(" "));
      index += 1;
    }
    for (const item of document.querySelectorAll("#moves li[data-ply]")) {
      const current = Number(item.dataset.ply) === step;
      item.classList.toggle("current", current);
      if (current) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
    }
    const text = step
      ? root.dataset.stepText.replace("{number}", step).replace("{total}", total)
      : root.dataset.startText;
    const black = board.filter((disc) => disc === "b").length;
    const white = board.filter((disc) => disc === "w").length;
    $("#step").textContent = `${text} · ⚫ ${black} – ${white} ⚪`;
  }

  function show(html) {
    $("#board-alt").textContent = state.alt;
    $("#players").innerHTML = html.players;
    $("#status").innerHTML = html.status;
    $("#moves").innerHTML = html.moves;
    $("#review").innerHTML = html.review;
    $("#live-badge").textContent = html.badge;
  }

  function go(to) {
    step = Math.max(0, Math.min(state.moves.length, to));
    draw();
  }

  // --- clocks --------------------------------------------------------------------------------

  function clockText(seconds) {
    if (seconds <= 0) return "0:00";
    if (seconds < 10) {
      const tenths = Math.floor(seconds * 10);
      return `0:${String(Math.floor(tenths / 10)).padStart(2, "0")}.${tenths % 10}`;
    }
    const whole = Math.floor(seconds);
    const hours = Math.floor(whole / 3600);
    const minutes = Math.floor((whole % 3600) / 60);
    const secs = String(whole % 60).padStart(2, "0");
    return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
  }

  function tick() {
    const now = Date.now() / 1000 + serverOffset;
    if (state.clocks) {
      for (const [index, color] of [[0, "black"], [1, "white"]]) {
        const clock = document.querySelector(`.clock[data-color="${color}"]`);
        if (!clock) continue;
        let seconds = state.clocks[index];
        if (state.running === color) seconds -= Math.max(0, now - state.turnStarted);
        clock.textContent = clockText(seconds);
        clock.classList.toggle("running", state.running === color);
      }
    }
    const countdown = $(".countdown");
    if (countdown && state.deadline !== null) countdown.textContent = clockText(state.deadline - now);
  }

  // --- live ----------------------------------------------------------------------------------

  function follow() {
    if (!window.EventSource) return;
    const source = new EventSource(`${root.dataset.live}?since=${state.stamp}`);
    source.addEventListener("game", (event) => {
      const message = JSON.parse(event.data);
      const following = step === state.moves.length;
      serverOffset = message.now - Date.now() / 1000;
      state = message.game;
      show(state.html);
      step = following ? state.moves.length : Math.min(step, state.moves.length);
      draw();
      tick();
      root.dataset.stamp = state.stamp;
    });
  }

  // --- the reader's hands --------------------------------------------------------------------

  const STEPS = {
    first: () => 0,
    back: () => step - 1,
    next: () => step + 1,
    last: () => state.moves.length,
  };
  const KEYS = { ArrowLeft: "back", ArrowRight: "next", Home: "first", End: "last" };

  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-step], [data-ply]");
    if (!target) return;
    if (target.dataset.step) go(STEPS[target.dataset.step]());
    else go(Number(target.dataset.ply));
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !KEYS[event.key]) return;
    event.preventDefault();
    go(STEPS[KEYS[event.key]]());
  });

  root.classList.add("scripted");
  draw();
  tick();
  setInterval(tick, 200);
  follow();
})();
