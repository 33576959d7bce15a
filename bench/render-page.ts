/// <reference types="vite/client" />
/**
 * Loaded into the preview page by render.bench.ts: compiles the chosen fixtures' templates once, builds
 * their contexts once with the system's own builders, then times each render (the compiled template call
 * and the DOM insertion) as the sheet does it on every change. Browser-only; no Node imports.
 */
import Handlebars from "handlebars";
import { FIXTURES } from "../preview/fixtures";
import { registerFoundryHelpers } from "../tests/foundry/handlebars-core";
import { type LangTree, StandInI18n } from "../tests/foundry/i18n-core";

const templates = import.meta.glob<string>("../templates/**/*.hbs", { query: "?raw", import: "default", eager: true });
const langs = import.meta.glob<LangTree>("../lang/*.json", { import: "default", eager: true });

/** Every fixture the preview has, by id and template, for the bench to choose from. */
export function fixtureList(): { id: string; template: string }[] {
  return FIXTURES.map((f) => ({ id: f.id, template: f.template }));
}

/** Per-run times in milliseconds of rendering all `ids` together into one window, after `warmup` untimed runs. */
export async function timeRenders(ids: string[], runs: number, warmup = 5, lang: "en" | "es" = "en"): Promise<number[]> {
  const hbs = Handlebars.create();
  const tree = langs[`../lang/${lang}.json`];
  if (!tree) throw new Error(`no language file for ${lang}`);
  const i18n = new StandInI18n(lang, tree);
  registerFoundryHelpers(hbs, i18n);
  for (const [path, source] of Object.entries(templates)) hbs.registerPartial(`systems/goldhack/${path.replace("../", "")}`, source);

  const parts = await Promise.all(
    ids.map(async (id) => {
      const fixture = FIXTURES.find((f) => f.id === id);
      if (!fixture) throw new Error(`no fixture ${id}`);
      const source = templates[`../templates/${fixture.template}`];
      if (source === undefined) throw new Error(`${id}: no template ${fixture.template}`);
      return { fixture, template: hbs.compile(source), context: await fixture.context(i18n) };
    }),
  );
  const first = parts[0]?.fixture;
  const app = document.createElement("div");
  app.className = ["application", "preview-window", ...(first?.classes ?? [])].join(" ");
  app.style.width = `${first?.width ?? 720}px`;
  const content = document.createElement("section");
  content.className = "window-content";
  app.append(content);
  document.getElementById("preview-root")?.append(app);

  const render = (): void => {
    content.innerHTML = parts.map((p) => p.template(p.context)).join("");
  };
  for (let i = 0; i < warmup; i++) render();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    render();
    times.push(performance.now() - t0);
  }
  if (i18n.missing.size) throw new Error(`missing keys: ${[...i18n.missing].join(", ")}`);
  return times;
}
