// Validation with Ajv (JSON Schema 2020-12, strict mode) against the schemas that
// `npm run generate` exported with `trickcore schema GAME --part PART`.
import { readFile } from "node:fs/promises";

import { Ajv2020 } from "ajv/dist/2020.js";

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
  const check = new Ajv2020({ strict: true, allErrors: false }).compile<T>(schema);
  return (data, where) => {
    if (!check(data)) {
      const problems = (check.errors ?? []).map(
        (error) => `${error.instancePath || "/"} ${error.message ?? ""}`,
      );
      throw new Error(`${where} is not a valid ${game} ${part}: ${problems.join("; ")}`);
    }
    return data;
  };
}

/** A JSON file's contents, typed `unknown` until a validator has checked them. */
export async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, "utf8")) as unknown;
}
