/**
 * GoldHackTestDialog on the Foundry stand-in: a real GoldHackActor with real data models and items, and
 * small stand-ins for ApplicationV2, HandlebarsApplicationMixin and FormDataExtended that render our real
 * templates with the real handlebars. There is no DOM here, so what the dialog does in _onRender (live
 * updates, focus, Enter/Escape, aria sync) is not exercised; the submit and close paths are, as Foundry
 * drives them: the form handler receives FormDataExtended of the rendered form, and close runs _onClose.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestChoice } from "../../src/data/test-choice";
import type { TestDialogClass } from "../../src/documents/configured";
import { installGoldHack } from "./documents";
import { compileTemplate, createHandlebars } from "./handlebars";
import { formObject } from "./test-dialog-html";
import { readSystemTemplate } from "./applications";

type PlainObject = Record<string, unknown>;
type FormHandler = (this: StandInApplicationV2, event: Event, form: null, formData: StandInFormDataExtended) => Promise<void>;
interface AppOptions {
  id?: string;
  tag?: string;
  form?: { handler?: FormHandler; closeOnSubmit?: boolean; submitOnChange?: boolean };
  actions?: Record<string, (this: StandInApplicationV2) => void>;
  [key: string]: unknown;
}
interface RenderOptions {
  force?: boolean;
  parts?: string[];
  isFirstRender?: boolean;
}

const isPlain = (v: unknown): v is PlainObject => typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
function merge(target: PlainObject, source: PlainObject): PlainObject {
  for (const [key, value] of Object.entries(source)) target[key] = isPlain(value) ? merge(isPlain(target[key]) ? { ...target[key] } : {}, value) : value;
  return target;
}

/** foundry.applications.instances: every rendered application by id. */
const instances = new Map<string, StandInApplicationV2>();
let counter = 0;

/** FormDataExtended: here built from the values the rendered form would submit (see formObject). */
class StandInFormDataExtended {
  constructor(readonly object: PlainObject) {}
}

/**
 * ApplicationV2 as far as the dialog needs: DEFAULT_OPTIONS merged down the class chain, an "app-N" id,
 * render (no render before the first forced one; _prepareContext, then the parts), close (_onClose,
 * then gone from instances), and the form submit (handler, then close when closeOnSubmit).
 */
class StandInApplicationV2 {
  static DEFAULT_OPTIONS: AppOptions = { tag: "div", actions: {} };
  readonly options: AppOptions;
  readonly id: string;
  state: "none" | "rendered" | "closed" = "none";
  /** The "DOM": each part's rendered HTML, and which parts each render call drew. */
  readonly parts: Record<string, string> = {};
  readonly renders: string[][] = [];

  constructor(options: AppOptions = {}) {
    const chain: AppOptions[] = [];
    for (let c: unknown = this.constructor; typeof c === "function" && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
      const defaults = (c as { DEFAULT_OPTIONS?: AppOptions }).DEFAULT_OPTIONS;
      if (defaults && Object.hasOwn(c, "DEFAULT_OPTIONS")) chain.unshift(defaults);
    }
    this.options = [...chain, options].reduce<PlainObject>((acc, o) => merge(acc, o), {}) as AppOptions;
    this.id = this.options.id || `app-${++counter}`;
  }

  get rendered(): boolean {
    return this.state === "rendered";
  }

  async render(options: RenderOptions = {}): Promise<this> {
    if (this.state === "closed" || (!options.force && this.state !== "rendered")) return this;
    const opts = { ...options, isFirstRender: this.state !== "rendered" };
    const context = await this._prepareContext(opts);
    await this._renderParts(context, opts);
    this.state = "rendered";
    instances.set(this.id, this);
    return this;
  }

  protected async _prepareContext(_options: RenderOptions): Promise<PlainObject> {
    return {};
  }

  protected async _renderParts(_context: PlainObject, _options: RenderOptions): Promise<void> {}

  protected _onClose(_options: PlainObject): void {}

  async close(options: PlainObject = {}): Promise<this> {
    if (this.state === "closed") return this;
    this._onClose(options);
    this.state = "closed";
    instances.delete(this.id);
    return this;
  }

  /** What Foundry does on the form's submit event: FormDataExtended of the form, the handler, then close if asked. */
  async submitForm(values: PlainObject): Promise<void> {
    const form = this.options.form;
    if (!form?.handler) throw new Error("no form handler");
    await form.handler.call(this, new Event("submit"), null, new StandInFormDataExtended(values));
    if (form.closeOnSubmit) await this.close();
  }
}

/** HandlebarsApplicationMixin: renders each of PARTS' templates (all, or options.parts) with the real handlebars. */
function HandlebarsApplicationMixin(Base: typeof StandInApplicationV2): typeof StandInApplicationV2 {
  if (Base !== StandInApplicationV2) throw new Error("this stand-in mixes into ApplicationV2 only");
  return class StandInHandlebarsApplication extends Base {
    static PARTS: Record<string, { template: string; templates?: string[] }> = {};

    protected override async _renderParts(context: PlainObject, options: RenderOptions): Promise<void> {
      const all = (this.constructor as unknown as { PARTS: Record<string, { template: string; templates?: string[] }> }).PARTS;
      const which = options.parts ?? Object.keys(all);
      const { hbs } = createHandlebars(handlebarsLang);
      // Foundry loads a part's `templates` as partials, by their full path, before rendering.
      for (const part of Object.values(all)) for (const partial of part.templates ?? []) hbs.registerPartial(partial, readSystemTemplate(partial));
      for (const part of which) {
        const path = all[part]?.template.replace(/^systems\/goldhack\/templates\//, "");
        if (!path) throw new Error(`unknown part ${part}`);
        this.parts[part] = compileTemplate(hbs, path)(context);
      }
      this.renders.push(which);
    }
  };
}

let handlebarsLang: "en" | "es" = "en";

type Env = Awaited<ReturnType<typeof installGoldHack>>;
let env: Env;
let GoldHackTestDialog: typeof import("../../src/applications/dialogs/test-dialog").GoldHackTestDialog;
let GoldHackActor: typeof import("../../src/documents/actor").GoldHackActor;
type Hero = InstanceType<typeof GoldHackActor>;

async function install(lang: "en" | "es" = "en"): Promise<void> {
  handlebarsLang = lang;
  env = await installGoldHack({ lang });
  const foundryGlobal = (globalThis as unknown as { foundry: PlainObject }).foundry;
  foundryGlobal.applications = {
    api: { ApplicationV2: StandInApplicationV2, HandlebarsApplicationMixin },
    ux: { FormDataExtended: StandInFormDataExtended },
    instances,
  };
}

async function hero(): Promise<{ actor: Hero; ids: Record<string, string> }> {
  const actor = (await GoldHackActor.create({ name: "Hero", type: "character", system: { age: "young", persona: { value: 2 } } })) as unknown as Hero;
  const created = await actor.createEmbeddedDocuments("Item", [
    { type: "skill", name: "Swords", system: { skillType: "fight", rating: 3 } },
    { type: "skill", name: "Cast", system: { skillType: "magic", rating: 2 } },
    { type: "trait", name: "Stubborn" },
    { type: "fallout", name: "Tired", system: { rating: 2 } },
  ]);
  const ids = Object.fromEntries((created ?? []).map((item) => [item.name, item.id ?? ""]));
  return { actor, ids };
}

/** The dialog prompt() opened, once it has rendered. */
async function opened(): Promise<StandInApplicationV2> {
  await vi.waitFor(() => expect(instances.size).toBe(1));
  const [dialog] = instances.values();
  if (!dialog) throw new Error("no dialog");
  return dialog;
}

describe("GoldHackTestDialog on the stand-in", () => {
  beforeAll(async () => {
    await install();
    ({ GoldHackTestDialog } = await import("../../src/applications/dialogs/test-dialog"));
    ({ GoldHackActor } = await import("../../src/documents/actor"));
  });

  beforeEach(async () => {
    for (const app of [...instances.values()]) await app.close();
    await install();
  });

  it("resolves prompt() with the choice when the form is submitted, and closes", async () => {
    const { actor, ids } = await hero();
    const swords = ids.Swords ?? "";
    const pending = GoldHackTestDialog.prompt(actor as unknown as Actor.Implementation, { skillId: swords, intent: "Hold the gate" });
    const dialog = await opened();
    expect(dialog.parts.form).toContain('value="Hold the gate"');
    const values = { ...formObject(dialog.parts.form ?? ""), ob: 2, persona: 1, [`traits.${ids.Stubborn}`]: "helps", [`fallouts.${ids.Tired}`]: true };
    await dialog.submitForm(values);
    const choice = await pending;
    expect(choice).toEqual<TestChoice>({
      kind: "skill",
      actorUuid: actor.uuid,
      skillId: swords,
      skillName: "Swords",
      rating: 3,
      potential: 4,
      ob: 2,
      magic: false,
      persona: 1,
      modifiers: [
        { kind: "trait-help", label: "Stubborn", dice: 1, ob: 0, sourceId: ids.Stubborn ?? "" },
        { kind: "fallout", label: "Tired", dice: 0, ob: 2, sourceId: ids.Tired ?? "" },
      ],
      intent: "Hold the gate",
      // The footer offers who sees the card; untouched, it is the chat controls' mode.
      messageMode: "public",
    });
    expect(dialog.state).toBe("closed");
    expect(instances.size).toBe(0);
  });

  it("is a class CONFIG can hold: openingChoice() gives the dialog's opening choice, drawing no window", async () => {
    const { actor, ids } = await hero();
    const asConfigured: TestDialogClass = GoldHackTestDialog;
    const choice = await asConfigured.openingChoice(actor as unknown as Actor.Implementation, { skillId: ids.Cast ?? "", ob: 2, intent: "Light the way" });
    expect(choice).toMatchObject({ kind: "skill", skillId: ids.Cast, skillName: "Cast", rating: 2, ob: 2, magic: true, persona: 0, modifiers: [], intent: "Light the way" });
    expect(instances.size).toBe(0);
  });

  it("resolves prompt() with null when the dialog is closed", async () => {
    const { actor } = await hero();
    const pending = GoldHackTestDialog.prompt(actor as unknown as Actor.Implementation, {});
    const dialog = await opened();
    await dialog.close();
    await expect(pending).resolves.toBeNull();
  });

  it("stays open on a bad submit, redrawing only the summary and footer, until it is fixed or closed", async () => {
    const { actor, ids } = await hero();
    const pending = GoldHackTestDialog.prompt(actor as unknown as Actor.Implementation, { skillId: ids.Cast ?? "" });
    const dialog = await opened();
    const form = formObject(dialog.parts.form ?? "");
    await dialog.submitForm({ ...form, ob: -1, persona: 3 });
    expect(dialog.state).toBe("rendered");
    expect(dialog.renders.at(-1)).toEqual(["summary", "footer"]);
    expect(dialog.parts.footer).toMatch(/<button type="submit" name="roll"\s+disabled/);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await dialog.submitForm({ ...form, ob: 3 });
    await expect(pending).resolves.toMatchObject({ skillName: "Cast", magic: true, ob: 3, persona: 0 });
  });

  it("opens on the Ob of the one targeted NPC, named in the dialog's language", async () => {
    await install("es");
    const { actor } = await hero();
    const npc = (await GoldHackActor.create({ name: "Ogre", type: "npc", system: { ob: 4 } })) as unknown as Hero;
    Object.assign(env.gm, { targets: new Set([{ actor: npc }]) });
    const pending = GoldHackTestDialog.prompt(actor as unknown as Actor.Implementation, {});
    const dialog = await opened();
    expect(formObject(dialog.parts.form ?? "").ob).toBe(4);
    expect(dialog.parts.summary).toContain("Ob 4 · Terrible");
    await dialog.close();
    await expect(pending).resolves.toBeNull();
  });

  it("settles once: closing after a roll does not turn the choice into null", async () => {
    const { actor } = await hero();
    const pending = GoldHackTestDialog.prompt(actor as unknown as Actor.Implementation, { skillId: null, learnSkillName: "Climb" });
    const dialog = await opened();
    await dialog.submitForm(formObject(dialog.parts.form ?? ""));
    await dialog.close();
    await expect(pending).resolves.toMatchObject({ kind: "potential", skillId: null, skillName: "Potential", learnSkillName: "Climb", rating: 0 });
  });

  it("carries the Type of the Skill to learn, refusing one CONFIG does not know until a known one is picked", async () => {
    const { actor } = await hero();
    const pending = GoldHackTestDialog.prompt(actor as unknown as Actor.Implementation, { skillId: null, learnSkillName: "Climb", learnSkillType: "climbing" });
    const dialog = await opened();
    const form = formObject(dialog.parts.form ?? "");
    expect(form.learnSkillType).toBe("");
    expect(dialog.parts.form).toContain("&quot;climbing&quot; is not a Type of Skill.");
    await dialog.submitForm(form);
    expect(dialog.state).toBe("rendered");
    expect(dialog.parts.footer).toMatch(/<button type="submit" name="roll"\s+disabled/);
    await dialog.submitForm({ ...form, learnSkillType: "survive" });
    await expect(pending).resolves.toMatchObject({ kind: "potential", learnSkillName: "Climb", learnSkillType: "survive" });
  });
});
