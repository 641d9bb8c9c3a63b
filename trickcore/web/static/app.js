// The browser table: everything comes from the JSON API and the game's JSON Schema, so the
// page plays any registered game. No framework, no build step; text is set with textContent.
"use strict";

const SUITS = { C: ["♣", false], D: ["♦", true], H: ["♥", true], S: ["♠", false] };
const $ = (id) => document.getElementById(id);
const page = { game: null, seats: 0, table: null, seat: null, token: null, at: -1, stream: null };

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const answer = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json();
  if (!answer.ok) throw new Error(`${data.error}: ${data.message}`);
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
      const option = element("option", JSON.stringify(value));
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

async function join(table, seat) {
  const key = `trickcore:${table}:${seat}`;
  let token = sessionStorage.getItem(key);
  if (!token) {
    token = (await api("POST", `/api/tables/${table}/seats/${seat}/claim`)).token;
    sessionStorage.setItem(key, token);
  }
  Object.assign(page, { table, seat, token, at: -1 });
  location.hash = `table=${table}&seat=${seat}`;
  $("setup").hidden = true;
  $("play").hidden = false;
  $("log").replaceChildren();
  const state = await api("GET", `/api/tables/${table}/seats/${seat}`, undefined, token);
  const others = state.humans.filter((other) => other !== seat);
  $("join").hidden = others.length === 0;
  $("join-link").textContent = others
    .map((other) => `${location.origin}/#table=${table}&seat=${other}`).join("  ");
  render(state);
  listen();
}

function listen() {
  if (page.stream) page.stream.close();
  const url = `/api/tables/${page.table}/seats/${page.seat}/stream?token=${page.token}`;
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

function logEvent(item) {
  const log = $("log");
  log.append(element("li", `#${item.action} ${describeEvent(item.event)}`));
  log.scrollTop = log.scrollHeight;
}

function render(state) {
  if (state.at < page.at) return; // an older answer, after a newer one
  page.at = state.at;
  const view = state.view;
  $("play-title").textContent = `${state.title}: seat ${state.seat}`;
  const scores = state.outcome.scores.map((score, side) => `side ${side}: ${score}`).join(" · ");
  $("scores").textContent = `Scores: ${scores}`;
  let status;
  $("status").dataset.state = state.over ? "over" : state.to_act === state.seat ? "turn" : "wait";
  if (state.over) {
    const outcome = state.outcome;
    status = outcome.draw ? "Game over: a draw"
      : outcome.winner === null ? "Game over" : `Game over: side ${outcome.winner} wins`;
    if (state.forfeit) status += ` (seat ${state.forfeit.seat} forfeited)`;
  } else if (state.to_act === state.seat) {
    status = "Your turn";
  } else {
    status = "Waiting for the other players";
  }
  $("status").textContent = status;
  const trick = $("trick");
  trick.replaceChildren();
  (view.trick || []).forEach((card, index) => {
    const seats = view.trick_seats || [];
    trick.append(cardNode(card, seats[index] === undefined ? undefined : seatName(seats[index])));
  });
  $("hand").replaceChildren(...(state.hand || []).map((card) => cardNode(card)));
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

async function play(action, at) {
  for (const button of $("actions").querySelectorAll("button")) button.disabled = true;
  try {
    const state = await api("POST", `/api/tables/${page.table}/seats/${page.seat}/actions`,
      { action, at }, page.token);
    showError(null);
    render(state);
  } catch (error) {
    showError(error);
    const state = await api("GET", `/api/tables/${page.table}/seats/${page.seat}`,
      undefined, page.token);
    page.at = -1;
    render(state);
  }
}

function newTable() {
  if (page.stream) page.stream.close();
  Object.assign(page, { table: null, seat: null, token: null, at: -1, stream: null });
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
