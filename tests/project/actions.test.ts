/**
 * Templates and handlers agree, for every application class under src/applications/ (sheets and
 * dialogs): each `data-action` a class's templates draw has a handler in its DEFAULT_OPTIONS.actions
 * (its own, a base class's, or one of Foundry's built-in actions listed below), and each handler one of
 * our classes declares is drawn by a template of that class or of a class built on it.
 *
 * The classes are imported for real on the Foundry stand-in, and their merged DEFAULT_OPTIONS and PARTS
 * read as Foundry reads them. Templates are read with Handlebars' own parser, following partials.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Handlebars from "handlebars";
import { beforeAll, describe, expect, it } from "vitest";
import { type AnyClass, classChain, FOUNDRY_APPLICATION_CLASSES, installApplications, mergedDefaultOptions } from "../foundry/applications";
import { installGoldHack } from "../foundry/documents";

const ROOT = new URL("../../", import.meta.url).pathname;
const SYSTEM_PREFIX = "systems/goldhack/";

/**
 * Foundry v13's own click actions, which need no handler of ours: ApplicationV2 closes the window,
 * switches tabs and toggles the header controls; DocumentSheetV2 adds sheet configuration, copying the
 * UUID and the image picker on an <img>.
 */
const APPLICATION_BUILT_INS = ["close", "tab", "toggleControls"] as const;
const DOCUMENT_SHEET_BUILT_INS = ["configureSheet", "copyUuid", "editImage"] as const;

type PlainObject = Record<string, unknown>;
type AppClass = AnyClass & { DEFAULT_OPTIONS?: PlainObject; PARTS?: Record<string, PlainObject> };

/** What a template draws: literal data-action names, and the partials it calls. */
interface TemplateUses {
  actions: Set<string>;
  partials: Set<string>;
}

/**
 * Actions and partials of one template, from Handlebars' AST. An action passed to a partial as a hash
 * argument (`{{> pips action="setLog"}}`, drawn there as `data-action="{{action}}"`) counts as drawn here.
 */
export function templateUses(source: string): TemplateUses {
  const uses: TemplateUses = { actions: new Set(), partials: new Set() };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    const n = node as { type?: string; value?: unknown; name?: { type: string; original?: unknown; value?: unknown }; hash?: { pairs: { key: string; value: { type: string; value?: unknown } }[] } };
    if (n.type === "ContentStatement" && typeof n.value === "string") {
      for (const match of n.value.matchAll(/data-action="([^"{]+)"/g)) if (match[1]) uses.actions.add(match[1]);
    }
    if (n.type === "PartialStatement" || n.type === "PartialBlockStatement") {
      const name = n.name?.type === "StringLiteral" ? n.name.value : n.name?.original;
      if (typeof name === "string") uses.partials.add(name);
      for (const pair of n.hash?.pairs ?? []) if (pair.key === "action" && pair.value.type === "StringLiteral") uses.actions.add(String(pair.value.value));
    }
    for (const value of Object.values(node)) if (typeof value === "object") visit(value);
  };
  visit(Handlebars.parse(source));
  return uses;
}

type ReadTemplate = (path: string) => string;
const readSystemFile: ReadTemplate = (path) => readFileSync(join(ROOT, path.replace(SYSTEM_PREFIX, "")), "utf8");

/** Every template a class renders: its parts' templates and, transitively, the partials they call. */
export function renderedTemplates(cls: AppClass, read: ReadTemplate): { actions: Set<string>; templates: Set<string>; partials: Map<string, Set<string>> } {
  const templates = new Set<string>();
  const actions = new Set<string>();
  /** Partials each part calls (directly or not), by part template: they must be loaded before it renders. */
  const partials = new Map<string, Set<string>>();
  const walk = (path: string, seen: Set<string>): void => {
    if (seen.has(path)) return;
    seen.add(path);
    templates.add(path);
    const uses = templateUses(read(path));
    uses.actions.forEach((a) => actions.add(a));
    uses.partials.forEach((p) => walk(p, seen));
  };
  for (const part of Object.values(cls.PARTS ?? {})) {
    const seen = new Set<string>();
    walk(String(part.template), seen);
    seen.delete(String(part.template));
    partials.set(String(part.template), seen);
  }
  return { actions, templates, partials };
}

/** Actions the window frame draws: Foundry renders `window.controls` entries as buttons with their action. */
function frameActions(cls: AppClass): Set<string> {
  const controls = (mergedDefaultOptions(cls).window as PlainObject | undefined)?.controls;
  return new Set(Array.isArray(controls) ? controls.map((c) => String((c as PlainObject).action)) : []);
}

const isDocumentSheet = (cls: AppClass): boolean => classChain(cls).some((c) => c.name === "StandInDocumentSheetV2");

/** The handlers a class itself declares (not inherited), as its own DEFAULT_OPTIONS lists them. */
function ownHandlers(cls: AnyClass): string[] {
  if (!Object.hasOwn(cls, "DEFAULT_OPTIONS")) return [];
  const actions = (cls as AppClass).DEFAULT_OPTIONS?.actions;
  return actions && typeof actions === "object" ? Object.keys(actions) : [];
}

/** Everything wrong between these classes' templates and handlers; empty when they agree. */
export function actionProblems(classes: readonly AppClass[], read: ReadTemplate): string[] {
  const problems: string[] = [];
  const drawnBy = new Map<AppClass, Set<string>>();
  for (const cls of classes) {
    const drawn = renderedTemplates(cls, read).actions;
    frameActions(cls).forEach((a) => drawn.add(a));
    drawnBy.set(cls, drawn);
    const handlers = new Set(Object.keys((mergedDefaultOptions(cls).actions as PlainObject | undefined) ?? {}));
    const builtIns = new Set<string>([...APPLICATION_BUILT_INS, ...(isDocumentSheet(cls) ? DOCUMENT_SHEET_BUILT_INS : [])]);
    for (const action of drawn) {
      if (!handlers.has(action) && !builtIns.has(action)) problems.push(`${cls.name}: a template draws data-action="${action}", which has no handler`);
    }
  }
  // Each handler one of ours declares must be drawn by that class or by some class built on it.
  const ours = new Set(classes.flatMap((cls) => classChain(cls).filter((c) => !FOUNDRY_APPLICATION_CLASSES.has(c))));
  for (const owner of ours) {
    const heirs = classes.filter((cls) => classChain(cls).includes(owner));
    for (const handler of ownHandlers(owner)) {
      if (!heirs.some((cls) => drawnBy.get(cls)?.has(handler))) problems.push(`${owner.name}: handler "${handler}" is drawn by no template`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [join(dir, e.name)] : [],
  );
}

const isApplicationClass = (value: unknown): value is AppClass =>
  typeof value === "function" && classChain(value).some((c) => c.name === "StandInApplicationV2") && !FOUNDRY_APPLICATION_CLASSES.has(value);

describe("template actions and sheet handlers", () => {
  let classes: AppClass[] = [];

  beforeAll(async () => {
    await installGoldHack();
    installApplications();
    const found = new Set<AppClass>();
    for (const file of ["src/applications", "src/builder"].flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
      const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const value of Object.values(module)) if (isApplicationClass(value)) found.add(value);
    }
    classes = [...found];
  });

  it("finds every application class: the sheets and the dialogs", () => {
    const names = classes.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["GoldHackItemSheet", "GoldHackTestDialog", "GoldHackBuilderWindow"]));
    for (const name of names) expect(name).toMatch(/^GoldHack/);
  });

  it("every drawn action has a handler, and every handler is drawn", () => {
    expect(actionProblems(classes, readSystemFile)).toEqual([]);
  });

  it("every partial a part calls is loaded with it (the part's `templates`, or the preloaded ones)", async () => {
    const { PRELOAD_TEMPLATES } = await import("../../src/applications/register");
    const missing: string[] = [];
    for (const cls of classes) {
      const { partials } = renderedTemplates(cls, readSystemFile);
      for (const part of Object.values(cls.PARTS ?? {})) {
        const loaded = new Set([...(Array.isArray(part.templates) ? part.templates.map(String) : []), ...PRELOAD_TEMPLATES]);
        for (const partial of partials.get(String(part.template)) ?? []) if (!loaded.has(partial)) missing.push(`${cls.name} ${String(part.template)}: ${partial}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the action checker itself", () => {
  // Two tiny classes on the stand-in's base, with templates held in memory, so the checker's own
  // failures are proven here and not only by editing real templates.
  const files: Record<string, string> = {
    "systems/goldhack/templates/a.hbs": `<div><button type="button" data-action="save">x</button>{{> "systems/goldhack/templates/p.hbs" action="roll"}}<a data-action="close">x</a></div>`,
    "systems/goldhack/templates/p.hbs": `<button type="button" data-action="{{action}}">y</button>`,
  };
  const read: ReadTemplate = (path) => {
    const text = files[path];
    if (text === undefined) throw new Error(`no template ${path}`);
    return text;
  };

  function classes(actions: Record<string, () => void>, template = "systems/goldhack/templates/a.hbs"): AppClass[] {
    installApplications();
    const { ApplicationV2, HandlebarsApplicationMixin } = (globalThis as unknown as { foundry: { applications: { api: PlainObject } } }).foundry.applications.api as {
      ApplicationV2: new () => object;
      HandlebarsApplicationMixin: (base: new () => object) => new () => object;
    };
    const Base = class Base extends HandlebarsApplicationMixin(ApplicationV2) {
      static DEFAULT_OPTIONS: PlainObject = { actions: { save: () => undefined } };
    };
    const Leaf = class Leaf extends Base {
      static override DEFAULT_OPTIONS: PlainObject = { actions };
      static PARTS = { main: { template } };
    };
    return [Base as unknown as AppClass, Leaf as unknown as AppClass];
  }

  beforeAll(async () => {
    await installGoldHack();
  });

  it("accepts templates and handlers that agree, through partials, bases and Foundry's built-ins", () => {
    expect(actionProblems(classes({ roll: () => undefined }), read)).toEqual([]);
  });

  it("reports an action a template draws with no handler", () => {
    expect(actionProblems(classes({}), read)).toEqual(['Leaf: a template draws data-action="roll", which has no handler']);
  });

  it("reports a handler no template draws", () => {
    expect(actionProblems(classes({ roll: () => undefined, forgotten: () => undefined }), read)).toEqual(['Leaf: handler "forgotten" is drawn by no template']);
  });

  it("finds partials and hash-passed actions with Handlebars' parser", () => {
    const uses = templateUses(read("systems/goldhack/templates/a.hbs"));
    expect([...uses.actions].sort()).toEqual(["close", "roll", "save"]);
    expect([...uses.partials]).toEqual(["systems/goldhack/templates/p.hbs"]);
  });
});
