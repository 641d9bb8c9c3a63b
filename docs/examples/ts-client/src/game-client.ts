// The part of the client every game shares: validated reading and the summary.
import { join } from "node:path";

import { scoreList } from "./kit.js";
import { readJson, validator, type Validator } from "./validate.js";

/** The fields of a replay this module prints: every game's generated replay type has them. */
export interface ReplayBase {
  readonly format: number;
  readonly trickcore: string;
  readonly game: string;
  readonly seed: number | string | null;
  readonly seats: readonly string[];
  readonly actions: readonly unknown[];
  readonly outcome?: { readonly scores: readonly number[]; readonly winner?: number | null } | null;
}

/** An event: every one carries its kind in `type`. */
export interface Tagged {
  readonly type: string;
}

/** What a game adds: its types, and how to put its events and views into words. */
export interface GameClient<Replay extends ReplayBase, View, Event extends Tagged> {
  /** The game's registry name, as in `trickcore games` and a replay's `game`. */
  readonly game: string;
  /** Validators for the parts read here (made by {@link validator}). */
  readonly replay: Promise<Validator<Replay>>;
  readonly view: Promise<Validator<View>>;
  readonly event: Promise<Validator<Event>>;
  /** One line for an event. */
  describeEvent(event: Event): string;
  /** The scores a view shows, a number per side. */
  viewScores(view: View): readonly number[];
  /** One line for a view. */
  describeView(view: View): string;
}

/** Builds the validators of a game's parts, for a {@link GameClient}. */
export function validators<Replay extends ReplayBase, View, Event extends Tagged>(game: string) {
  return {
    replay: validator<Replay>(game, "replay"),
    view: validator<View>(game, "view"),
    event: validator<Event>(game, "event"),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where} is not a list`);
  return value;
}

/** The summary of a recorded game, as lines. */
export async function summary<Replay extends ReplayBase, View, Event extends Tagged>(
  client: GameClient<Replay, View, Event>,
  dir: string,
): Promise<string[]> {
  const replay = (await client.replay)(await readJson(join(dir, "replay.json")), "replay.json");
  const readView = await client.view;
  const views = list(await readJson(join(dir, "views.json")), "views.json").map((view, index) =>
    readView(view, `views.json[${index}]`),
  );
  const readEvent = await client.event;
  const events = list(await readJson(join(dir, "events.json")), "events.json").map(
    (item, index) => {
      const where = `events.json[${index}]`;
      if (!isObject(item) || typeof item.action !== "number")
        throw new Error(`${where} has no action index`);
      return { action: item.action, event: readEvent(item.event, `${where}.event`) };
    },
  );
  const last = views.at(-1);
  if (last === undefined) throw new Error("views.json holds no view");
  const outcome = replay.outcome;
  return [
    `${replay.game}: seed ${String(replay.seed)}, seats ${replay.seats.join(", ")}`,
    `recorded by trickcore ${replay.trickcore}, replay format ${replay.format}`,
    `replay: ${replay.actions.length} actions, scores ${outcome ? scoreList(outcome.scores) : "not recorded"}`,
    `seen: ${views.length} views, ${events.length} events`,
    ...events.map(
      ({ action, event }) => `#${action} ${event.type}: ${client.describeEvent(event)}`,
    ),
    `last view: ${client.describeView(last)}`,
    `last view scores: ${scoreList(client.viewScores(last))}`,
  ];
}
