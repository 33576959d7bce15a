/**
 * The built bundle, as Foundry loads it: class names survive minification. Foundry registers a sheet as
 * `goldhack.<ClassName>` and stores a user's choice in `flags.core.sheetClass`, and it calls render hooks
 * after the class names (`renderGoldHackCharacterSheet`), so a renamed class loses both.
 * The test builds the system into a scratch folder (inside the repository, so the chunks load as ES
 * modules), loads the bundle on the Foundry stand-ins, runs its init, and reads the registered classes.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Handlebars from "handlebars";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installApplications, sheetRegistrations } from "../foundry/applications";
import { installChatSupport, installDice } from "../foundry/dice";
import { installFoundry } from "../foundry/documents";
import { installSettings } from "../foundry/request-env";

const root = new URL("../../", import.meta.url).pathname;
const out = join(root, "node_modules", ".goldhack-build-test", String(process.pid));

/** Every class our source exports under src/applications, src/documents and src/dice. */
function exportedClasses(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
  const files = ["src/applications", "src/documents", "src/dice"].flatMap((d) => walk(join(root, d)));
  return files.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/^export (?:abstract )?class (\w+)/gm)].map((m) => m[1] ?? ""));
}

beforeAll(async () => {
  await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir: out, emptyOutDir: true, sourcemap: false } });
}, 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the built bundle", () => {
  it("keeps the name of every class our source exports", () => {
    const code = readdirSync(out)
      .filter((f) => /\.m?js$/.test(f))
      .map((f) => readFileSync(join(out, f), "utf8"))
      .join("\n");
    const classes = exportedClasses();
    expect(classes).toEqual(expect.arrayContaining(["GoldHackCharacterSheet", "GoldHackNpcSheet", "GoldHackItemSheet", "GoldHackTestDialog"]));
    // `class Name` or `Name=class` (an anonymous class takes its binding's name); anything else was renamed.
    const kept = (name: string) => new RegExp(`class ${name}\\b|\\b${name}\\s*=\\s*class\\b`).test(code);
    expect(classes.filter((name) => !kept(name))).toEqual([]);
  });

  it("registers its sheets and documents under their source names when Foundry runs its init", async () => {
    const env = installFoundry();
    installDice();
    await installChatSupport("en");
    installSettings();
    installApplications();
    Object.assign(globalThis, { Handlebars: Handlebars.create() });
    // Foundry's CONFIG always has these; the bundle's init adds to them (see init-all.test.ts).
    Object.assign(env.config, { TextEditor: { enrichers: [] }, statusEffects: [] });
    sheetRegistrations.length = 0;
    await import(/* @vite-ignore */ pathToFileURL(join(out, "goldhack.mjs")).href);
    env.hooks.callAll("init");
    const registered = sheetRegistrations.filter((r) => r.action === "register").map((r) => `${r.scope}.${(r.sheetClass as { name: string }).name}`);
    expect(registered.sort()).toEqual(["goldhack.GoldHackCharacterSheet", "goldhack.GoldHackItemSheet", "goldhack.GoldHackNpcSheet"]);
    const config = env.config as unknown as Record<"Actor" | "Item", { documentClass: { name: string } }>;
    expect([config.Actor.documentClass.name, config.Item.documentClass.name]).toEqual(["GoldHackActor", "GoldHackItem"]);
  });

  it("does not ship template.json (system.json's documentTypes replaces it; v14 warns about it)", () => {
    expect(existsSync(join(out, "system.json"))).toBe(true);
    expect(existsSync(join(out, "templates"))).toBe(true);
    expect(existsSync(join(out, "template.json"))).toBe(false);
  });
});
