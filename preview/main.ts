/// <reference types="vite/client" />
import Handlebars from "handlebars";
import "../styles/goldhack.css";
import { markFieldErrors } from "../src/applications/api/field-errors";
import { registerFoundryHelpers } from "../tests/foundry/handlebars-core";
import { type LangTree, StandInI18n } from "../tests/foundry/i18n-core";
import { FIXTURES } from "./fixtures";

const templates = import.meta.glob<string>("../templates/**/*.hbs", { query: "?raw", import: "default", eager: true });
const langs = import.meta.glob<LangTree>("../lang/*.json", { import: "default", eager: true });

const params = new URLSearchParams(location.search);
const lang = params.get("lang") === "es" ? "es" : "en";
const theme = params.get("theme") === "dark" ? "dark" : "light";
const only = params.get("only");

/** Renders every fixture into the page and reports when done (the browser tests wait for it). */
async function main(): Promise<void> {
  document.documentElement.lang = lang;
  document.body.classList.remove("theme-light", "theme-dark");
  document.body.classList.add(`theme-${theme}`);
  for (const [id, value] of [["preview-lang", lang], ["preview-theme", theme]] as const) {
    const select = document.getElementById(id) as HTMLSelectElement;
    select.value = value;
    select.addEventListener("change", () => {
      params.set(id.replace("preview-", ""), select.value);
      location.search = params.toString();
    });
  }

  const hbs = Handlebars.create();
  const tree = langs[`../lang/${lang}.json`];
  if (!tree) throw new Error(`no language file for ${lang}`);
  const i18n = new StandInI18n(lang, tree);
  registerFoundryHelpers(hbs, i18n);
  for (const [path, source] of Object.entries(templates)) {
    // Foundry registers each preloaded template as a partial under its system path.
    hbs.registerPartial(`systems/goldhack/${path.replace("../", "")}`, source);
  }

  const root = document.getElementById("preview-root") as HTMLElement;
  const contents = document.getElementById("preview-contents") as HTMLElement;
  const list = document.createElement("ol");
  const escape = Handlebars.Utils.escapeExpression;
  for (const fixture of FIXTURES) {
    if (only && fixture.id !== only) continue;
    const context = await fixture.context(i18n);
    const html = [fixture.template, ...(fixture.window?.parts ?? [])]
      .map((template) => {
        const source = templates[`../templates/${template}`];
        if (source === undefined) throw new Error(`${fixture.id}: no template ${template}`);
        return hbs.compile(source)(context);
      })
      .join("\n");
    const frame = document.createElement("section");
    frame.className = "preview-frame";
    frame.id = fixture.id;
    frame.dataset.fixture = fixture.id;
    frame.innerHTML = `<h2>${escape(fixture.title)}</h2>`;
    const app = document.createElement("div");
    app.className = ["application", "preview-window", ...(fixture.window ? ["preview-window--whole"] : []), ...fixture.classes].join(" ");
    app.style.width = `${fixture.width}px`;
    if (fixture.height) app.style.height = `${fixture.height}px`;
    // A whole window gets Foundry's frame: a title bar above the content, which scrolls within the window's size.
    const title = typeof fixture.window?.title === "function" ? fixture.window.title(i18n) : fixture.window?.title;
    const header = fixture.window
      ? `<header class="window-header preview-window-header"><h1 class="window-title">${escape(title ?? "")}</h1><span class="preview-window-size">${fixture.width} × ${fixture.height ?? "auto"}</span></header>`
      : "";
    app.innerHTML = `${header}<section class="window-content">${html}</section>`;
    // As the application's _onRender does: each field with a problem marked, its message beside it.
    const fieldErrors = (context as { fieldErrors?: unknown }).fieldErrors;
    if (fieldErrors && typeof fieldErrors === "object") markFieldErrors(app, fieldErrors as Record<string, string>, fixture.id);
    frame.append(app);
    root.append(frame);
    const item = document.createElement("li");
    item.innerHTML = `<a href="#${escape(fixture.id)}">${escape(fixture.title)}</a>`;
    list.append(item);
  }
  contents.append(list);
  document.body.dataset.missingKeys = JSON.stringify([...i18n.missing]);
  document.body.dataset.rendered = "true";
}

main().catch((error: unknown) => {
  console.error(error);
  document.body.dataset.rendered = "error";
});
