#!/usr/bin/env node
// Exports each game's JSON Schema with `trickcore schema`, checks that Ajv compiles every part
// in strict mode, and generates TypeScript types with json-schema-to-typescript.
//
//   node scripts/generate.mjs [--parts options,action,...] [GAME ...]
//
// GAME defaults to every game `trickcore games` lists; --parts defaults to the parts
// `trickcore schema --help` offers. The command is `trickcore` (set TRICKCORE to run another,
// e.g. TRICKCORE="python -m trickcore"). It writes schemas/<game>/<part>.json and
// src/generated/<game>/<part>.ts, and fails (exit 1) on the first schema Ajv refuses or on
// generated types that contain `never`.
import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import Ajv2020 from "ajv/dist/2020.js";
import { compile } from "json-schema-to-typescript";

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

async function generate(game, part) {
  const text = await trickcore("schema", game, "--part", part);
  const schema = JSON.parse(text);
  await writeFile(join(here, "schemas", game, `${part}.json`), text);
  try {
    new Ajv2020({ strict: true }).compile(schema);
  } catch (error) {
    throw new Error(`Ajv (strict) refuses the ${game} ${part} schema: ${error.message}`);
  }
  const types = await compile(schema, typeName(game, part), {
    bannerComment: `// Generated from \`trickcore schema ${game} --part ${part}\`: do not edit.`,
  });
  // `never` in a type (not in a doc comment) is a part of the schema the generator misread.
  const code = types.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
  const never = code.split("\n").filter((line) => /\bnever\b/.test(line));
  if (never.length > 0) {
    throw new Error(
      `json2ts typed part of the ${game} ${part} schema as never:\n${never.join("\n")}`,
    );
  }
  await writeFile(join(here, "src", "generated", game, `${part}.ts`), types);
  return `${game}/${part}`;
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
  const jobs = games.flatMap((game) => parts.map((part) => () => generate(game, part)));
  // A few exports at a time: each is a Python process.
  const workers = Array.from({ length: 4 }, async () => {
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
