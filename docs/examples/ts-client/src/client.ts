// A small trickcore client: reads a replay and one seat's views and events written by the
// engine, validates each against the game's JSON Schema, and prints a summary.
//
//   node dist/client.js DIR
//
// DIR holds replay.json, views.json and events.json (see record.py).
import { join } from "node:path";

import { summary } from "./game-client.js";
import { allfours } from "./games/allfours.js";
import { apples } from "./games/apples.js";
import { euchre } from "./games/euchre.js";
import { highCard } from "./games/high-card.js";
import { readJson } from "./validate.js";

/** The games this client knows, by registry name. */
const games = new Map<string, (dir: string) => Promise<string[]>>([
  ["allfours", (dir) => summary(allfours(), dir)],
  ["apples", (dir) => summary(apples(), dir)],
  ["euchre", (dir) => summary(euchre(), dir)],
  ["high-card", (dir) => summary(highCard(), dir)],
]);

async function main(args: readonly string[]): Promise<void> {
  const [dir] = args;
  if (dir === undefined || args.length !== 1) throw new Error("usage: node dist/client.js DIR");
  const replay = await readJson(join(dir, "replay.json"));
  const name =
    typeof replay === "object" && replay !== null && "game" in replay ? replay.game : undefined;
  const run = typeof name === "string" ? games.get(name) : undefined;
  if (run === undefined) throw new Error(`no client for the game ${JSON.stringify(name)}`);
  for (const line of await run(dir)) console.log(line);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
