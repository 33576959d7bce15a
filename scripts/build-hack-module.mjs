#!/usr/bin/env node
// Builds a hack folder (examples/<hack>/: module.json, hack.json, packs/_source/<pack>/) into an installable
// Foundry module at dist-hacks/<module id>/. The hack is validated by the system's own rules core against
// the Lifepaths and Skills of its packs, so a hack with a problem never builds (exit 1). Packs are compiled
// by scripts/build-packs.mjs. The manifest's `flags.goldhack.hack` may name a file ("hack.json"): the
// built manifest carries the hack itself there, because Foundry's init hooks cannot wait for a fetch.
// Usage: node --import tsx scripts/build-hack-module.mjs [examples/sea-hack] [--dest dist-hacks]
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = resolve(import.meta.dirname, "..");
const { values, positionals } = parseArgs({ allowPositionals: true, options: { dest: { type: "string", default: join(root, "dist-hacks") } } });
const src = resolve(positionals[0] ?? join(root, "examples/sea-hack"));
const fail = (message) => {
  console.error(`build-hack-module: ${message}`);
  process.exit(1);
};

const { validateHack } = await import("../src/rules/index.ts");
const manifest = JSON.parse(readFileSync(join(src, "module.json"), "utf8"));
const flag = manifest.flags?.goldhack?.hack;
if (flag === undefined) fail(`${relative(root, src)}/module.json declares no flags.goldhack.hack`);
const hack = typeof flag === "string" ? JSON.parse(readFileSync(join(src, flag), "utf8")) : flag;

// What the packs hold, for the validator's Type checks.
const sources = join(src, "packs/_source");
const packs = existsSync(sources) ? readdirSync(sources).filter((name) => statSync(join(sources, name)).isDirectory()).sort() : [];
const content = { lifepaths: [], skills: [] };
for (const pack of packs) {
  for (const file of readdirSync(join(sources, pack)).filter((f) => f.endsWith(".json"))) {
    const doc = JSON.parse(readFileSync(join(sources, pack, file), "utf8"));
    if (doc.type === "lifepath") content.lifepaths.push({ name: `${doc.name} (${pack})`, types: doc.system?.skillTypes ?? [] });
    if (doc.type === "skill") content.skills.push({ name: `${doc.name} (${pack})`, type: doc.system?.skillType ?? "" });
  }
}
const problems = validateHack(hack, content);
if (problems.length) fail(`the hack has ${problems.length} problem(s):\n  ${problems.map((p) => `${p.key} ${JSON.stringify(p.data ?? {})}`).join("\n  ")}`);
for (const pack of manifest.packs ?? []) {
  if (!packs.includes(pack.name)) fail(`module.json declares the pack ${pack.name}, but ${relative(root, sources)}/${pack.name}/ does not exist`);
}

const out = join(resolve(values.dest), manifest.id);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
if (packs.length) {
  const built = spawnSync(process.execPath, [join(root, "scripts/build-packs.mjs"), "--src", sources, "--dest", join(out, "packs")], { stdio: "inherit" });
  if (built.status !== 0) fail("packs did not compile");
}
const { $schema: _schema, ...shipped } = hack;
writeFileSync(join(out, "module.json"), `${JSON.stringify({ ...manifest, flags: { ...manifest.flags, goldhack: { ...manifest.flags.goldhack, hack: shipped } } }, null, 2)}\n`);
writeFileSync(join(out, "hack.json"), `${JSON.stringify(shipped, null, 2)}\n`);
for (const file of ["LICENSE", "README.md"]) if (existsSync(join(src, file))) cpSync(join(src, file), join(out, file));
console.log(`build-hack-module: ${manifest.id} (${packs.length} pack(s), ${content.lifepaths.length} Lifepaths, ${content.skills.length} Skills) -> ${relative(process.cwd(), out)}`);
