// The browser table: everything comes from the JSON API and the game's JSON Schema, so the
// page plays any registered game. No framework, no build step; text is set with textContent.
"use strict";

const SUITS = { C: ["♣", false], D: ["♦", true], H: ["♥", true], S: ["♠", false] };
const $ = (id) => document.getElementById(id);
const page = {
  game: null, seats: 0, table: null, seat: null, at: -1, stream: null,
  played: [], lastTrick: null, hand: null, sitOut: [],
};

// A seat's token travels in its cookie (HttpOnly, scoped to the seat's path), set by the
// claim: never in a URL, never in this script.
async function api(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const answer = await fetch(path, {
    method, headers, credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json();
  if (!answer.ok) {
    const error = new Error(`${data.error}: ${data.message}`);
    error.status = answer.status;
    throw error;
  }
  return data;
}

function showError(error) {
  const box = $("error");
  box.textContent = error ? String(error.message || error) : "";
  box.hidden = !error;
}

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function isCard(value) {
  return typeof value === "string" && (value === "JK" || /^[2-9TJQKA][CDHS]$/.test(value));
}

function cardText(card) {
  if (card === "JK") return "🃏";
  const [symbol] = SUITS[card[1]];
  return (card[0] === "T" ? "10" : card[0]) + symbol;
}

function cardNode(card, who) {
  const red = card !== "JK" && SUITS[card[1]][1];
  const node = element("span", cardText(card), red ? "card red" : "card");
  if (who !== undefined) node.append(element("span", who, "who"));
  return node;
}

function seatName(seat) {
  return seat === page.seat ? "you" : `seat ${seat}`;
}

function sideOf(state, seat) {
  return (state.sides || []).findIndex((members) => members.includes(seat));
}

function optionText(value) {
  // option values as a player reads them: anyone, 24, true (no JSON quotes)
  return typeof value === "string" ? value : String(value);
}

// -- a new table ----------------------------------------------------------------------------

async function loadGames() {
  const { games } = await api("GET", "/api/games");
  const select = $("game");
  for (const game of games) {
    const option = element("option", `${game.title} (${game.name})`);
    option.value = game.name;
    select.append(option);
  }
  page.games = Object.fromEntries(games.map((game) => [game.name, game]));
  select.addEventListener("change", () => chooseGame(select.value).catch(showError));
  const preferred = games.find((game) => game.name === "euchre") || games[0];
  select.value = preferred.name;
  await chooseGame(preferred.name);
}

function optionInput(name, property) {
  const label = element("label", `${name} `);
  let input;
  if (Array.isArray(property.enum)) {
    input = element("select");
    for (const value of property.enum) {
      const option = element("option", optionText(value));
      option.value = JSON.stringify(value);
      input.append(option);
    }
    input.value = JSON.stringify(property.default);
    input.read = () => JSON.parse(input.value);
  } else if (property.type === "boolean") {
    input = element("input");
    input.type = "checkbox";
    input.checked = property.default === true;
    input.read = () => input.checked;
  } else {
    // an integer, or an integer or null (an empty box)
    const number = property.type === "integer" ? property
      : (property.anyOf || []).find((choice) => choice.type === "integer") || {};
    input = element("input");
    input.type = "number";
    if (number.minimum !== undefined) input.min = number.minimum;
    if (number.maximum !== undefined) input.max = number.maximum;
    input.value = property.default === null ? "" : property.default;
    input.read = () => (input.value === "" ? null : Number(input.value));
  }
  input.name = name;
  input.addEventListener("change", () => checkOptions().catch(showError));
  label.append(input, element("span", ` ${property.description || ""}`, "hint"));
  return [label, input];
}

async function chooseGame(name) {
  page.game = name;
  const schema = await api("GET", `/schema/${encodeURIComponent(name)}?part=options`);
  const box = $("options");
  box.replaceChildren(element("legend", "Options"));
  page.inputs = [];
  for (const [option, property] of Object.entries(schema.properties || {})) {
    const [label, input] = optionInput(option, property);
    box.append(label);
    page.inputs.push(input);
  }
  await checkOptions();
}

function chosenOptions() {
  return Object.fromEntries(page.inputs.map((input) => [input.name, input.read()]));
}

async function checkOptions() {
  $("start").disabled = true;
  const answer = await api("POST", `/api/games/${encodeURIComponent(page.game)}/options`,
    { options: chosenOptions() });
  showError(null);
  const bots = page.games[page.game].bots.map((bot) => bot.name);
  const box = $("seats");
  box.replaceChildren(element("legend", "Seats"));
  page.seatInputs = [];
  for (let seat = 0; seat < answer.seats; seat += 1) {
    const select = element("select");
    for (const who of ["human", ...bots]) {
      const option = element("option", who === "human" ? "human (you)" : `bot: ${who}`);
      option.value = who;
      select.append(option);
    }
    const bot = bots.includes("heuristic") ? "heuristic" : bots[0];
    select.value = seat === 0 || !bot ? "human" : bot;
    const label = element("label", `seat ${seat} `);
    label.append(select);
    box.append(label);
    page.seatInputs.push(select);
  }
  $("start").disabled = false;
}

async function start() {
  $("start").disabled = true;
  try {
    const seats = page.seatInputs.map((select) => (select.value === "human" ? null : select.value));
    const table = await api("POST", "/api/tables",
      { game: page.game, options: chosenOptions(), seats });
    await join(table.table, table.humans[0]);
  } finally {
    $("start").disabled = false;
  }
}

// -- playing a seat -------------------------------------------------------------------------

async function seatState(table, seat) {
  return api("GET", `/api/tables/${table}/seats/${seat}`);
}

async function join(table, seat) {
  let state;
  try {
    state = await seatState(table, seat); // this browser holds the seat already (its cookie)
  } catch (error) {
    if (error.status !== 403) throw error;
    await api("POST", `/api/tables/${table}/seats/${seat}/claim`);
    state = await seatState(table, seat);
  }
  Object.assign(page, { table, seat, at: -1, played: [], lastTrick: null, hand: null, sitOut: [] });
  location.hash = `table=${table}&seat=${seat}`;
  $("setup").hidden = true;
  $("play").hidden = false;
  $("log").replaceChildren();
  const others = state.humans.filter((other) => other !== seat);
  $("join").hidden = others.length === 0;
  $("join-link").textContent = others
    .map((other) => `${location.origin}/#table=${table}&seat=${other}`).join("  ");
  render(state);
  listen();
}

function listen() {
  if (page.stream) page.stream.close();
  const url = `/api/tables/${page.table}/seats/${page.seat}/stream`;
  const stream = new EventSource(url);
  page.stream = stream;
  stream.addEventListener("update", (message) => {
    const update = JSON.parse(message.data);
    for (const item of update.events) logEvent(item);
    render(update.state);
  });
  stream.addEventListener("over", () => stream.close());
}

function describeEvent(event) {
  const parts = [];
  for (const [key, value] of Object.entries(event)) {
    if (key === "type" || value === null) continue;
    let text;
    if (key === "seat" || key === "leader" || key === "dealer") text = seatName(value);
    else if (isCard(value)) text = cardText(value);
    else if (Array.isArray(value) && value.every(isCard)) text = value.map(cardText).join(" ");
    else text = typeof value === "object" ? JSON.stringify(value) : String(value);
    parts.push(`${key.replaceAll("_", " ")}: ${text}`);
  }
  return `${event.type.replaceAll("_", " ")}${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

function trackTrick(event) {
  // the last trick stays on show until the next lead: its cards from card_played events
  if (event.type === "card_played") page.played.push([event.seat, event.card]);
  if (event.type === "trick_won") {
    page.lastTrick = { winner: event.seat, cards: page.played };
    page.played = [];
  }
  if (event.type === "dealt") {
    page.played = [];
    page.hand = event.hand_number;
  }
  // a seat that sits out (its partner alone) never acts that hand: say so until the next move
  if (event.type === "went_alone") {
    page.sitOut.push({ hand: page.hand, seat: event.seat, partner: event.partner });
  }
}

function logEvent(item) {
  trackTrick(item.event);
  const log = $("log");
  log.append(element("li", `#${item.action} ${describeEvent(item.event)}`));
  log.scrollTop = log.scrollHeight;
}

function render(state) {
  if (state.at < page.at) return; // an older answer, after a newer one
  page.at = state.at;
  const view = state.view;
  $("play-title").textContent = `${state.title}: seat ${state.seat}`;
  const mine = sideOf(state, state.seat);
  const scores = state.outcome.scores
    .map((score, side) => `side ${side}${side === mine ? " (you)" : ""}: ${score}`).join(" · ");
  $("scores").textContent = `Scores: ${scores}`;
  let status;
  $("status").dataset.state = state.over ? "over" : state.to_act === state.seat ? "turn" : "wait";
  if (state.over) {
    const outcome = state.outcome;
    if (outcome.draw) status = "Game over: a draw";
    else if (outcome.winner === null) status = "Game over";
    else if (outcome.winner === mine) status = `Game over: you won (side ${outcome.winner})`;
    else status = `Game over: you lost (side ${outcome.winner} won)`;
    if (state.forfeit) status += ` (seat ${state.forfeit.seat} forfeited)`;
  } else if (state.to_act === state.seat) {
    status = "Your turn";
  } else {
    const turn = state.to_act !== null ? state.to_act : view.turn;
    status = turn === null || turn === undefined ? "Waiting for the other players"
      : `Waiting for seat ${turn} (${state.seats[turn]}) to play`;
  }
  $("status").textContent = status;
  const out = view.sitting_out || [];
  const notes = out.map((seat) => (seat === state.seat
    ? "You sit out this hand: your partner plays alone."
    : `Seat ${seat} sits out this hand: its partner plays alone.`));
  for (const { hand, seat, partner } of page.sitOut) {
    if (out.includes(partner) && hand === view.hand_number) continue; // said above
    const which = hand === null || hand === undefined ? "a hand" : `hand ${hand}`;
    notes.push(partner === state.seat
      ? `You sat out ${which}: your partner (seat ${seat}) played alone.`
      : `Seat ${partner} sat out ${which}: seat ${seat} played alone.`);
  }
  const sitting = $("sitting-out");
  sitting.hidden = notes.length === 0;
  sitting.textContent = notes.join(" ");
  const trick = $("trick");
  trick.replaceChildren();
  (view.trick || []).forEach((card, index) => {
    const seats = view.trick_seats || [];
    trick.append(cardNode(card, seats[index] === undefined ? undefined : seatName(seats[index])));
  });
  const last = $("last-trick");
  const showLast = page.lastTrick !== null && (view.trick || []).length === 0;
  last.hidden = !showLast;
  if (showLast) {
    last.replaceChildren(element("span", `Last trick, won by ${seatName(page.lastTrick.winner)}:`));
    for (const [seat, card] of page.lastTrick.cards) last.append(cardNode(card, seatName(seat)));
  }
  $("hand").replaceChildren(...(state.hand || []).map((card) => handCard(card, state)));
  const actions = $("actions");
  actions.replaceChildren();
  for (const choice of state.legal) {
    const button = element("button", choice.label || JSON.stringify(choice.action));
    button.type = "button";
    button.addEventListener("click", () => play(choice.action, state.at));
    actions.append(button);
  }
  $("description").textContent = state.description;
  $("view").textContent = JSON.stringify(view, null, 2);
}

function handCard(card, state) {
  // a card that one legal action plays (or discards) is a button that takes it
  const takes = state.legal.filter((choice) => choice.action.card === card);
  if (takes.length !== 1) return cardNode(card);
  const red = card !== "JK" && SUITS[card[1]][1];
  const button = element("button", cardText(card), red ? "card playable red" : "card playable");
  button.type = "button";
  button.dataset.card = card;
  button.title = takes[0].label;
  button.addEventListener("click", () => play(takes[0].action, state.at));
  return button;
}

async function play(action, at) {
  page.sitOut = [];
  for (const button of document.querySelectorAll("#actions button, #hand button")) {
    button.disabled = true;
  }
  try {
    const state = await api("POST", `/api/tables/${page.table}/seats/${page.seat}/actions`,
      { action, at });
    showError(null);
    render(state);
  } catch (error) {
    showError(error);
    const state = await seatState(page.table, page.seat);
    page.at = -1;
    render(state);
  }
}

function newTable() {
  if (page.stream) page.stream.close();
  Object.assign(page, { table: null, seat: null, at: -1, stream: null });
  history.replaceState(null, "", location.pathname);
  $("play").hidden = true;
  $("setup").hidden = false;
}

async function main() {
  $("start").addEventListener("click", () => start().catch(showError));
  $("again").addEventListener("click", newTable);
  await loadGames();
  const wanted = new URLSearchParams(location.hash.slice(1));
  if (wanted.get("table") && wanted.get("seat") !== null) {
    await join(wanted.get("table"), Number(wanted.get("seat")));
  }
}

main().catch(showError);
