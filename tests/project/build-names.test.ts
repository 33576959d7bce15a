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
  await build({ root, configFile: join(root, "vite.config.ts"), logLevel: "silent", build: { outDir: out, emptyOutDir: true, sourcemap: true } });
}, 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

const read = (name: string): string => readFileSync(join(out, name), "utf8");
/** Chunks a chunk imports statically (`from"./x.js"`, `import"./x.js"`): loaded with it, before it runs. */
const staticImports = (code: string): string[] => [...code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => m[1] ?? "");
/** Chunks a chunk loads on demand (`import(`./x.js`)`). */
const dynamicImports = (code: string): string[] => [...code.matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)].map((m) => m[1] ?? "");

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
    expect(registered.sort()).toEqual(["goldhack.GoldHackCharacterSheet", "goldhack.GoldHackItemSheet", "goldhack.GoldHackNpcSheet", "goldhack.GoldHackSituationSheet"]);
    const config = env.config as unknown as Record<"Actor" | "Item", { documentClass: { name: string } }>;
    expect([config.Actor.documentClass.name, config.Item.documentClass.name]).toEqual(["GoldHackActor", "GoldHackItem"]);

    // First use of what init left lazy: each call loads its chunk from the build and answers as before.
    env.setUser(env.player);
    const api = (globalThis as unknown as { game: { goldhack: Record<string, (...args: unknown[]) => Promise<unknown>> } }).game.goldhack;
    const i18n = (globalThis as unknown as { game: { i18n: { localize(key: string): string } } }).game.i18n;
    await api.startDowntime?.();
    await api.endSession?.();
    await expect(api.startGroupTest?.([])).resolves.toBeNull();
    expect(env.notifications.warnings).toEqual(["GOLDHACK.Downtime.Error.NotGM", "GOLDHACK.Session.Error.NotGM", "GOLDHACK.Group.Error.NoTokens"].map((key) => i18n.localize(key)));
    expect(env.notifications.warnings.every((w) => !w.startsWith("GOLDHACK."))).toBe(true); // localised, not the bare keys
  });

  /** What the browser loads before init runs: the entry and every chunk it reaches through static imports. */
  const startupChunks = (): Set<string> => {
    const startup = new Set(["goldhack.mjs"]);
    const queue = ["goldhack.mjs"];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      for (const dep of staticImports(read(name))) if (!startup.has(dep)) queue.push((startup.add(dep), dep));
    }
    return startup;
  };

  it("leaves the windows most users open rarely out of what loads at startup: each is its own chunk, loaded on first open", () => {
    const rare = [
      "GoldHackBuilderWindow",
      "GoldHackVoteWindow",
      "GoldHackDrivesDialog",
      "GoldHackHackEditor",
      "GoldHackRequestDialog",
      "GoldHackTestDialog",
      "GoldHackGroupDialog",
      "GoldHackDowntimeSetup",
      "GoldHackDowntimeOverview",
      "GoldHackDowntimePlanner",
    ];
    const startup = startupChunks();
    expect(startup.size).toBeGreaterThan(1); // the closure was followed: the entry does import its startup chunk
    const defines = (code: string, name: string): boolean => new RegExp(`class ${name}\\b|\\b${name}\\s*=\\s*class\\b`).test(code);
    const atStartup = [...startup].map(read).join("\n");
    expect(rare.filter((name) => defines(atStartup, name))).toEqual([]);
    const lazy = readdirSync(out).filter((f) => f.endsWith(".js") && !startup.has(f));
    for (const name of rare) expect(lazy.filter((f) => defines(read(f), name)), name).toHaveLength(1);
    // …and each is loaded when asked: the startup code reaches its chunk through dynamic import()s (a window's
    // chunk may be imported by the lazy chunk of its feature's entry points, which startup imports dynamically).
    const reachable = new Set(startup);
    const queue = [...startup];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      for (const dep of [...staticImports(read(name)), ...dynamicImports(read(name))]) if (!reachable.has(dep)) queue.push((reachable.add(dep), dep));
    }
    for (const f of lazy.filter((f) => rare.some((name) => defines(read(f), name)))) expect(reachable.has(f), f).toBe(true);
  });

  it("loads no group, downtime, vote, builder, hack editor or request-form code at startup: only names, hooks and card rendering", () => {
    // The sources each startup chunk was built from, as its sourcemap lists them.
    const sources = [...startupChunks()].flatMap((name) => {
      const map = join(out, `${name}.map`);
      return existsSync(map) ? (JSON.parse(readFileSync(map, "utf8")) as { sources: string[] }).sources.map((s) => s.replace(/^(\.\.\/)+/, "")) : [];
    });
    expect(sources).toEqual(expect.arrayContaining(["src/hooks/init.ts", "src/group/group-render.ts", "src/requests/request-render.ts", "src/downtime/register.ts"]));
    const onFirstUse = [
      ...["downtime-actions", "downtime-api", "downtime-apply", "downtime-state", "downtime-context", "downtime-write", "planner-window", "overview-window", "setup-window"].map((f) => `src/downtime/${f}.ts`),
      ...["group-actions", "group-create", "group-api", "group-form"].map((f) => `src/group/${f}.ts`),
      ...["session-api", "vote-actions", "vote-apply", "vote-state", "vote-store", "vote-window", "vote-context", "drives-dialog"].map((f) => `src/session/${f}.ts`),
      ...["builder-api", "builder-state", "builder-context", "builder-paths", "builder-window", "check-character"].map((f) => `src/builder/${f}.ts`),
      ...["hack-editor", "editor-state"].map((f) => `src/hack/${f}.ts`),
      ...["request-api", "request-answer", "request-form"].map((f) => `src/requests/${f}.ts`),
      "src/situation/situation-context.ts",
      "src/situation/current-situation.ts",
      // The campaign log (issue 31): its pages and their writing load when a page is first written.
      ...["log-page", "log-write", "downtime-page", "downtime-log", "campaign-api"].map((f) => `src/campaign/${f}.ts`),
      "src/rules/creation.ts",
      "src/rules/downtime.ts",
    ];
    expect(sources.filter((s) => onFirstUse.includes(s))).toEqual([]);
  });

  it("does not ship template.json (system.json's documentTypes replaces it; v14 warns about it)", () => {
    expect(existsSync(join(out, "system.json"))).toBe(true);
    expect(existsSync(join(out, "templates"))).toBe(true);
    expect(existsSync(join(out, "template.json"))).toBe(false);
  });
});
