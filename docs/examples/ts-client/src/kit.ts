// What every trickcore game shares: the trick-taking kit's events, and the exhaustiveness check.

/**
 * The kit's events as this module reads them: only the fields it prints. Every game's generated
 * event types have these members (with more precise types, e.g. a card enumeration for
 * `string`), so a game passes its kit events here unchanged, and the compiler checks that they
 * still fit.
 */
export type KitEvent =
  | { readonly type: "dealer_drawn"; readonly seat: number }
  | {
      readonly type: "dealt";
      readonly hand_number: number;
      readonly dealer: number;
      readonly hand: readonly string[] | null;
    }
  | { readonly type: "turned_up"; readonly card: string }
  | { readonly type: "card_played"; readonly seat: number; readonly card: string }
  | {
      readonly type: "trick_won";
      readonly seat: number;
      readonly number: number;
      readonly cards: readonly string[];
    }
  | {
      readonly type: "points_scored";
      readonly side: number;
      readonly points: number;
      readonly reason: string;
      readonly rule: string;
      readonly scores: readonly number[];
    }
  | {
      readonly type: "hand_over";
      readonly hand_number: number;
      readonly tricks: readonly number[];
      readonly scores: readonly number[];
    }
  | {
      readonly type: "game_over";
      readonly winner: number | null;
      readonly scores: readonly number[];
    }
  | { readonly type: "play_begins"; readonly trump: string; readonly leader: number };

/** The tags of {@link KitEvent}, for a game's `switch` to hand them on. */
export type KitEventType = KitEvent["type"];

/** Where a `switch` over a union has handled every member: a new member fails to compile here. */
export function unexpected(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}

/** Cards as they are written: "JD AD TH", or "hidden" for information the seat may not see. */
export function cardList(cards: readonly string[] | null): string {
  return cards === null ? "hidden" : cards.join(" ");
}

/** Scores as they are written: "[3, 10]". */
export function scoreList(scores: readonly number[]): string {
  return `[${scores.join(", ")}]`;
}

/** A line for one of the kit's events. */
export function describeKitEvent(event: KitEvent): string {
  switch (event.type) {
    case "dealer_drawn":
      return `seat ${event.seat} deals first`;
    case "dealt":
      return `hand ${event.hand_number} dealt by seat ${event.dealer}; hand: ${cardList(event.hand)}`;
    case "turned_up":
      return `${event.card} turned up`;
    case "card_played":
      return `seat ${event.seat} plays ${event.card}`;
    case "trick_won":
      return `seat ${event.seat} wins trick ${event.number}: ${cardList(event.cards)}`;
    case "points_scored":
      return `side ${event.side} scores ${event.points} (${event.reason}, ${event.rule}); scores ${scoreList(event.scores)}`;
    case "hand_over":
      return `hand ${event.hand_number} over: tricks ${event.tricks.join("-")}, scores ${scoreList(event.scores)}`;
    case "game_over":
      return `game over: ${event.winner === null ? "a draw" : `side ${event.winner} wins`}, scores ${scoreList(event.scores)}`;
    case "play_begins":
      return `play begins: trump ${event.trump}, seat ${event.leader} leads`;
    default:
      return unexpected(event);
  }
}
