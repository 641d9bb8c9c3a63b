// Validation with Ajv (JSON Schema 2020-12, strict mode) against the schemas that
// `npm run generate` exported with `trickcore schema GAME --part PART`.
import { readFile } from "node:fs/promises";

import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";

/** Checks that a value has the type of one part of a game's schema, or throws saying where not. */
export type Validator<T> = (data: unknown, where: string) => T;

const schemas = new URL("../schemas/", import.meta.url);

/**
 * A validator for `schemas/<game>/<part>.json`. `T` is the type json2ts generated from the same
 * schema: Ajv's check is what makes the cast from `unknown` sound.
 */
export async function validator<T>(game: string, part: string): Promise<Validator<T>> {
  const text = await readFile(new URL(`${game}/${part}.json`, schemas), "utf8");
  const schema: unknown = JSON.parse(text);
  if (typeof schema !== "object" || schema === null) {
    throw new Error(`schemas/${game}/${part}.json is not a JSON Schema`);
  }
  // One Ajv instance per schema: each part's document is self-contained.
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  const check = ajv.compile<T>(schema);
  const members = new TaggedMembers(ajv, schema);
  return (data, where) => {
    if (!check(data)) {
      const problems = members.explain(data, check.errors ?? []);
      throw new Error(`${where} is not a valid ${game} ${part}: ${problems.join("; ")}`);
    }
    return data;
  };
}

/**
 * Ajv's errors for a value of a tagged union (`{"type": "play", ...}`) list every member's
 * first complaint, the real one among them. This reads the tag first: an unknown tag is the
 * one error, and a known one is checked against its member alone, whose errors are the ones
 * reported ("as `play` (Play): /card must be equal to one of the allowed values").
 */
class TaggedMembers {
  /** The definitions of each tag, by name (a tag may name an action and an event). */
  private readonly byTag = new Map<string, string[]>();

  constructor(
    private readonly ajv: Ajv2020,
    private readonly schema: object,
  ) {
    const defs = "$defs" in schema ? schema.$defs : undefined;
    for (const [name, definition] of Object.entries(isObject(defs) ? defs : {})) {
      const tag = isObject(definition) ? tagOf(definition) : undefined;
      if (tag !== undefined) this.byTag.set(tag, [...(this.byTag.get(tag) ?? []), name]);
    }
  }

  explain(data: unknown, errors: readonly ErrorObject[], at = ""): string[] {
    const union = errors.find((error) => error.keyword === "oneOf");
    const value = union === undefined ? undefined : pointer(data, union.instancePath);
    if (union === undefined || !isObject(value) || typeof value.type !== "string") {
      return errors.map((error) => `${at}${error.instancePath || "/"} ${error.message ?? ""}`);
    }
    const path = at + union.instancePath;
    const names = this.byTag.get(value.type);
    if (names === undefined) {
      const known = [...this.byTag.keys()].sort().join(", ");
      return [`${path}/type ${JSON.stringify(value.type)} is not a type of this file (${known})`];
    }
    // The member of that tag whose check finds least wrong (a tag may name two definitions).
    let best: { name: string; errors: readonly ErrorObject[] } | undefined;
    for (const name of names) {
      const check = this.ajv.getSchema(`${this.id()}#/$defs/${name}`);
      if (check === undefined || check(value)) continue;
      const found = check.errors ?? [];
      if (best === undefined || found.length < best.errors.length) best = { name, errors: found };
    }
    if (best === undefined) {
      return errors.map((error) => `${at}${error.instancePath || "/"} ${error.message ?? ""}`);
    }
    const inner = this.explain(value, best.errors, path);
    return inner.map((line) => `as ${JSON.stringify(value.type)} (${best.name}): ${line}`);
  }

  private id(): string {
    return "$id" in this.schema && typeof this.schema.$id === "string" ? this.schema.$id : "";
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The constant tag of a tagged object's definition: its `type` property's `const`. */
function tagOf(definition: Record<string, unknown>): string | undefined {
  const properties = definition.properties;
  const type = isObject(properties) ? properties.type : undefined;
  return isObject(type) && typeof type.const === "string" ? type.const : undefined;
}

/** The value at a JSON pointer (`/actions/3`) of `data`. */
function pointer(data: unknown, path: string): unknown {
  let value = data;
  for (const step of path.split("/").slice(1)) {
    const key = step.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isObject(value)) value = value[key];
    else return undefined;
  }
  return value;
}

/** A JSON file's contents, typed `unknown` until a validator has checked them. */
export async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, "utf8")) as unknown;
}
