#!/usr/bin/env node
// Exports each game's JSON Schema with `trickcore schema`, checks that Ajv compiles every part
// in strict mode (and the `--openapi` document with Ajv's discriminator), and generates
// TypeScript types with json-schema-to-typescript.
//
//   node scripts/generate.mjs [--parts options,action,...] [GAME ...]
//
// GAME defaults to every game `trickcore games` lists; --parts defaults to the parts
// `trickcore schema --help` offers. The command is `trickcore` (set TRICKCORE to run another,
// e.g. TRICKCORE="python -m trickcore"). It writes schemas/<game>/<part>.json (what Ajv
// validates with) and, under src/generated/<game>/:
//
// - types.ts: every definition of the game's document, declared once (each pack's cards
//   `EuchreCard24` too), bounds and defaults as JSDoc tags (`@default`, `@minimum`, ...);
// - <part>.ts: the part's type, re-exported from types.ts;
// - index.ts: `export *` over all of them, a barrel without duplicate exports.
//
// It fails (exit 1) on the first schema Ajv refuses, on generated types that contain `never`,
// and on a declared type that is no definition of the schema (a numbered copy, `EuchreCard1`).
import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import Ajv2020 from "ajv/dist/2020.js";
import { compile } from "json-schema-to-typescript";

const NUMBER_TAGS = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum"];
const OTHER_TAGS = ["minLength", "maxLength", "pattern", "uniqueItems"];

const run = promisify(execFile);
const here = join(dirname(fileURLToPath(import.meta.url)), "..");
const [command, ...commandArgs] = (process.env.TRICKCORE ?? "trickcore").split(" ");

async function trickcore(...args) {
  const { stdout } = await run(command, [...commandArgs, ...args], { maxBuffer: 64 << 20 });
  return stdout;
}

async function registeredGames() {
  const listing = await trickcore("games");
  return listing
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(/\s+/)[0]);
}

async function schemaParts() {
  const help = await trickcore("schema", "--help");
  const choices = /--part \[([^\]]+)\]/.exec(help.replace(/\s+/g, " "));
  if (choices === null) throw new Error("`trickcore schema --help` lists no --part choices");
  return choices[1]
    .split("|")
    .map((part) => part.trim())
    .filter((part) => part !== "all");
}

/** A type name for the file's header comment and for a root schema without a title. */
function typeName(game, part) {
  const words = `${game} ${part}`.split(/[^A-Za-z0-9]+/);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

/** Ajv (strict) compiles `schema`, or an error naming it. */
function ajvCompiles(schema, what, options = {}) {
  try {
    new Ajv2020({ strict: true, ...options }).compile(schema);
  } catch (error) {
    throw new Error(`Ajv (strict) refuses ${what}: ${error.message}`);
  }
}

/** A JSDoc tag's value: JSON, or for an integer beyond what a JavaScript number holds
 * exactly (a 64-bit bound), nothing: JSON.parse has already rounded it. */
function tagValue(value) {
  if (typeof value === "number" && !Number.isSafeInteger(value) && Number.isInteger(value)) {
    return undefined;
  }
  return JSON.stringify(value);
}

/**
 * A copy of `node` whose descriptions end with JSDoc tags for the keywords
 * json-schema-to-typescript does not carry into the comments: `@default`, the bounds
 * (`@minimum`, `@maximum`, ...), lengths and patterns.
 */
function withTags(node) {
  if (Array.isArray(node)) return node.map(withTags);
  if (typeof node !== "object" || node === null) return node;
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "examples" || key === "const" || key === "enum" || key === "default"
        ? value
        : withTags(value),
    ]),
  );
  const tags = [];
  if ("default" in node) tags.push(`@default ${JSON.stringify(node.default)}`);
  for (const key of [...NUMBER_TAGS, ...OTHER_TAGS]) {
    const value = key in node ? tagValue(node[key]) : undefined;
    if (value !== undefined) tags.push(`@${key} ${value}`);
  }
  // Bounds of an integer or null (`anyOf`) belong on the property's comment too.
  for (const branch of node.anyOf ?? []) {
    for (const key of NUMBER_TAGS) {
      const value = key in branch ? tagValue(branch[key]) : undefined;
      if (value !== undefined) tags.push(`@${key} ${value}`);
    }
  }
  if (tags.length > 0 && typeof node.description === "string") {
    copy.description = `${node.description}\n\n${tags.join("\n")}`;
  }
  return copy;
}

async function exportPart(game, part) {
  const text = await trickcore("schema", game, "--part", part);
  await writeFile(join(here, "schemas", game, `${part}.json`), text);
  ajvCompiles(JSON.parse(text), `the ${game} ${part} schema`);
  return JSON.parse(text).title;
}

async function generate(game, parts) {
  const text = await trickcore("schema", game);
  const schema = JSON.parse(text);
  ajvCompiles(schema, `the ${game} schema`);
  // The OpenAPI form: Ajv reads its discriminator (checking the tag first).
  const openapi = JSON.parse(await trickcore("schema", game, "--openapi"));
  ajvCompiles(openapi, `the ${game} --openapi schema`, { discriminator: true });
  const tagged = withTags(schema);
  let types = await compile(tagged, typeName(game, "file"), {
    bannerComment: `// Generated from \`trickcore schema ${game}\`: do not edit.`,
  });
  // Definitions no part refers to (each pack's cards, `EuchreCard24`; the versions): their
  // own declarations (json2ts declares unreachable definitions of an object root only).
  for (const [name, definition] of Object.entries(tagged.$defs)) {
    const declaredAlready = new RegExp(`^export (type|interface) ${name}\\b`, "m").test(types);
    if (declaredAlready || JSON.stringify(definition).includes('"$ref"')) continue;
    types += await compile(definition, name, { bannerComment: "" });
  }
  // `never` in a type (not in a doc comment) is a part of the schema the generator misread.
  const code = types.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  const never = code.split("\n").filter((line) => /\bnever\b/.test(line));
  if (never.length > 0) {
    throw new Error(`json2ts typed part of the ${game} schema as never:\n${never.join("\n")}`);
  }
  // Every declaration is a definition of the schema: no numbered copies (`EuchreCard1`).
  const names = new Set([schema.title, ...Object.keys(schema.$defs)]);
  const declared = [...code.matchAll(/^export (?:type|interface) (\w+)/gm)].map((m) => m[1]);
  const copies = declared.filter((name) => !names.has(name));
  if (copies.length > 0) {
    throw new Error(`json2ts declared types the ${game} schema does not name: ${copies.join(", ")}`);
  }
  const folder = join(here, "src", "generated", game);
  await writeFile(join(folder, "types.ts"), types);
  const titles = [];
  for (const part of parts) {
    const title = await exportPart(game, part);
    titles.push(title);
    await writeFile(
      join(folder, `${part}.ts`),
      `// Generated from \`trickcore schema ${game} --part ${part}\`: do not edit.\n` +
        `export type { ${title} } from "./types.js";\n`,
    );
  }
  await writeFile(
    join(folder, "index.ts"),
    `// Generated by scripts/generate.mjs: every type of ${game}, once.\n` +
      ["types", ...parts].map((name) => `export * from "./${name}.js";\n`).join(""),
  );
  return `${game} (${titles.join(", ")})`;
}

async function main(argv) {
  let parts;
  const games = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--parts") parts = argv[++i].split(",");
    else games.push(argv[i]);
  }
  parts ??= await schemaParts();
  if (games.length === 0) games.push(...(await registeredGames()));
  for (const game of games) {
    for (const folder of [join(here, "schemas", game), join(here, "src", "generated", game)]) {
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true });
    }
  }
  const jobs = games.map((game) => () => generate(game, parts));
  // A few games at a time: each export is a Python process.
  const workers = Array.from({ length: 2 }, async () => {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
      console.log(`generated ${await job()}`);
    }
  });
  await Promise.all(workers);
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
