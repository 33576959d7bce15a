import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDIT, SRD_CREDIT } from "./item-pack-spec";
import { listPackNames, readPack, REPO_ROOT } from "./read-sources";
import { runScript } from "./run-script";

/**
 * Attribution. LICENSE-CONTENT: "Each compendium document also carries the credit line in its flags
 * (flags.goldhack.credit)". SRD (en, License › Requirements): "To give proper credit, add the
 * following after your own license, and as visible and legible as your own license: This work is
 * based on The Gold Hack (https://runicagames.itch.io/the-gold-hack)…".
 */
const LANGS = ["en", "es"] as const;
const langOf = (pack: string): (typeof LANGS)[number] => (pack.endsWith("-es") ? "es" : "en");
const creditOf = (flags: unknown): unknown => (flags as { goldhack?: { credit?: unknown } } | undefined)?.goldhack?.credit;
const read = (path: string): string => readFileSync(join(REPO_ROOT, path), "utf8");
const EXAMPLE_SOURCES = join(REPO_ROOT, "examples/sea-hack/packs/_source");
const SRD = join(REPO_ROOT, "../shared/rules");

const temp = mkdtempSync(join(tmpdir(), "goldhack-credit-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Compiles a pack source folder with scripts/build-packs.mjs and reads every document back out of LevelDB. */
async function compileAndExtract(src: string, name: string): Promise<Map<string, unknown[]>> {
  const dest = join(temp, name);
  const run = runScript("build-packs.mjs", ["--src", src, "--dest", dest]);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  const out = new Map<string, unknown[]>();
  for (const pack of listPackNames(src)) {
    const docs: unknown[] = [];
    await extractPack(join(dest, pack), join(temp, `${name}-x`, pack), { transformEntry: async (doc: unknown) => void docs.push(doc) });
    out.set(pack, docs);
  }
  return out;
}

describe("the SRD's credit sentence", () => {
  it("is quoted verbatim in LICENSE-CONTENT, in both languages", () => {
    const licence = read("LICENSE-CONTENT");
    for (const lang of LANGS) expect(licence).toContain(SRD_CREDIT[lang]);
  });

  it.skipIf(!existsSync(SRD))("is the SRD's own sentence (../shared/rules, when present)", () => {
    for (const lang of LANGS) expect(readFileSync(join(SRD, `the-gold-hack-srd.${lang}.txt`), "utf8").split("\n")).toContain(SRD_CREDIT[lang]);
  });
});

describe("the system's compiled packs", () => {
  let compiled: Map<string, unknown[]>;
  beforeAll(async () => {
    compiled = await compileAndExtract(join(REPO_ROOT, "packs/_source"), "system");
  }, 120_000);

  it("hold every pack, macros included", () => {
    expect([...compiled.keys()]).toEqual(listPackNames());
    expect(compiled.get("macros-en")?.length).toBeGreaterThan(0);
    expect(compiled.get("macros-es")?.length).toBeGreaterThan(0);
  });

  it.each(listPackNames())("%s: every document carries the credit line of its language", (pack) => {
    const docs = compiled.get(pack) ?? [];
    expect(docs.length).toBe(readPack(pack).entries.length);
    for (const doc of docs) expect(creditOf((doc as { flags?: unknown }).flags), (doc as { name?: string }).name).toBe(CREDIT[langOf(pack)]);
  });
});

describe("the example hack (examples/sea-hack)", () => {
  it("its LICENSE gives its own licence first, then the SRD's sentence in both languages, URLs included", () => {
    const licence = read("examples/sea-hack/LICENSE");
    for (const lang of LANGS) expect(licence).toContain(SRD_CREDIT[lang]);
    expect(licence).toContain("https://runicagames.itch.io/the-gold-hack");
    expect(licence.indexOf("licensed under the Creative Commons")).toBeLessThan(licence.indexOf(SRD_CREDIT.en));
  });

  it("every compiled pack document carries the SRD's sentence in its pack's language", async () => {
    const compiled = await compileAndExtract(EXAMPLE_SOURCES, "example");
    expect(compiled.size).toBeGreaterThan(0);
    for (const [pack, docs] of compiled) {
      expect(docs.length, pack).toBe(readPack(pack, EXAMPLE_SOURCES).entries.length);
      for (const doc of docs) expect(creditOf((doc as { flags?: unknown }).flags), `${pack} ${(doc as { name?: string }).name}`).toBe(SRD_CREDIT[langOf(pack)]);
    }
  }, 60_000);
});

describe("docs/hacking*.md", () => {
  it.each([
    ["docs/hacking.md", "en"],
    ["docs/hacking.es.md", "es"],
  ] as const)("%s quotes both sentences word for word, each on its own line, and shows the flag in its language", (path, own) => {
    const text = read(path);
    const lines = text.split("\n").map((line) => line.replace(/^\s*>\s?/, ""));
    for (const lang of LANGS) expect(lines).toContain(SRD_CREDIT[lang]);
    expect(text).toContain(`"flags": { "goldhack": { "credit": ${JSON.stringify(SRD_CREDIT[own])} } }`);
  });
});

describe("scripts/build-packs.mjs", () => {
  it("refuses a pack document without a credit flag and compiles nothing", () => {
    const src = join(temp, "no-credit", "src");
    mkdirSync(join(src, "p"), { recursive: true });
    const doc = { _id: "skswords00000000", _key: "!items!skswords00000000", name: "Swords", type: "skill", system: {}, flags: {} };
    writeFileSync(join(src, "p", "swords_skswords00000000.json"), JSON.stringify(doc));
    const run = runScript("build-packs.mjs", ["--src", src, "--dest", join(temp, "no-credit", "out")]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("flags.goldhack.credit");
    expect(existsSync(join(temp, "no-credit", "out", "p"))).toBe(false);
  });
});
