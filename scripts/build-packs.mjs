#!/usr/bin/env node
// Compiles every packs/_source/<pack>/ folder into a LevelDB compendium at dist/packs/<pack>.
// Every source file is checked first, so a broken file stops the build (exit 1) instead of
// being skipped quietly and shipping a pack with a hole in it.
// Usage: node scripts/build-packs.mjs [--src packs/_source] [--dest dist/packs]
import { readdirSync, readFileSync, rmSync, mkdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

const root = resolve(import.meta.dirname, "..");
const ID = /^[A-Za-z0-9]{16}$/;
// A primary document's key: "!<collection>!<id>", e.g. "!items!skswords00000000".
const PRIMARY_KEY = /^!([a-z]+)!([A-Za-z0-9]{16})$/;

/** Every .json file under dir, depth first and sorted, so runs are reproducible. */
function jsonFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsonFiles(path));
    else if (name.endsWith(".json")) out.push(path);
  }
  return out;
}

/**
 * Checks the ids and keys of embedded documents (an Actor's items, a journal's pages...).
 * Foundry keys them "!<collection>.<field>!<parentId>.<childId>", nesting as deep as they go.
 */
function checkEmbedded(doc, collection, idPath, where, problems) {
  for (const [field, value] of Object.entries(doc)) {
    if (!Array.isArray(value)) continue;
    for (const [index, child] of value.entries()) {
      if (!child || typeof child !== "object" || !("_id" in child || "_key" in child)) continue;
      const at = `${where} ${field}[${index}]`;
      if (typeof child._id !== "string" || !ID.test(child._id)) {
        problems.push(`${at}: _id must be 16 letters or digits, got ${JSON.stringify(child._id)}`);
        continue;
      }
      const key = `!${collection}.${field}!${idPath}.${child._id}`;
      if (child._key !== key) problems.push(`${at}: _key must be "${key}", got ${JSON.stringify(child._key)}`);
      checkEmbedded(child, `${collection}.${field}`, `${idPath}.${child._id}`, at, problems);
    }
  }
}

/** Parses and checks one pack's sources; returns the problems found (empty when all is well). */
export function checkPackSources(dir) {
  const problems = [];
  const seen = new Map();
  const collections = new Set();
  const files = jsonFiles(dir);
  if (files.length === 0) problems.push(`${dir}: no .json sources`);
  for (const file of files) {
    const where = relative(root, file);
    let doc;
    try {
      doc = JSON.parse(readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${where}: invalid JSON (${error.message})`);
      continue;
    }
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
      problems.push(`${where}: a source file must hold one document (a JSON object)`);
      continue;
    }
    if (typeof doc._id !== "string" || !ID.test(doc._id)) {
      problems.push(`${where}: missing or malformed _id (16 letters or digits), got ${JSON.stringify(doc._id)}`);
      continue;
    }
    const key = typeof doc._key === "string" ? PRIMARY_KEY.exec(doc._key) : null;
    if (!key || key[2] !== doc._id) {
      problems.push(`${where}: missing or wrong _key, expected "!<collection>!${doc._id}", got ${JSON.stringify(doc._key)}`);
      continue;
    }
    if (seen.has(doc._id)) problems.push(`${where}: _id ${doc._id} already used by ${seen.get(doc._id)}`);
    seen.set(doc._id, where);
    collections.add(key[1]);
    // LICENSE-CONTENT: every compendium document carries its credit line (CC BY-SA 4.0 asks for the
    // attribution wherever the content travels, and a document dragged out of a pack travels alone).
    const credit = doc.flags?.goldhack?.credit;
    if (key[1] !== "folders" && (typeof credit !== "string" || credit.trim() === "")) {
      problems.push(`${where}: missing flags.goldhack.credit (every pack document carries the credit line, see LICENSE-CONTENT)`);
    }
    checkEmbedded(doc, key[1], doc._id, where, problems);
  }
  // Folders may share a pack with its documents; anything else mixed in is a mistake.
  collections.delete("folders");
  if (collections.size > 1) problems.push(`${dir}: documents of several collections mixed in one pack (${[...collections].join(", ")})`);
  return { problems, count: seen.size };
}

async function main() {
  const { values } = parseArgs({
    options: { src: { type: "string", default: join(root, "packs/_source") }, dest: { type: "string", default: join(root, "dist/packs") } },
  });
  const src = resolve(values.src);
  const dest = resolve(values.dest);
  const packs = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory()).sort();
  if (packs.length === 0) throw new Error(`no pack folders under ${src}`);

  const problems = [];
  const counts = new Map();
  for (const pack of packs) {
    const result = checkPackSources(join(src, pack));
    problems.push(...result.problems);
    counts.set(pack, result.count);
  }
  if (problems.length) {
    console.error(`build-packs: ${problems.length} problem(s), nothing compiled:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }

  mkdirSync(dest, { recursive: true });
  for (const pack of packs) {
    const out = join(dest, pack);
    // Start from an empty database so documents deleted from the sources do not linger.
    rmSync(out, { recursive: true, force: true });
    await compilePack(join(src, pack), out, { recursive: true });
    const count = counts.get(pack);
    console.log(`build-packs: ${pack} (${count} document${count === 1 ? "" : "s"}) -> ${relative(process.cwd(), out) || "."}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  main().catch((error) => {
    console.error(`build-packs: ${error.stack ?? error}`);
    process.exit(1);
  });
}
