/**
 * The character builder window: six steps from concept to review, every keystroke checked by the rules
 * core (see builder-state.ts), the draft kept in a flag so closing or reloading loses nothing, and one
 * write at Create. Loaded on first use (see builder-api.ts). SRD: Characters
 */
import type { DeepPartial } from "fvtt-types/utils";
import { systemPath } from "../constants";
import { updateActorWithItems } from "../compat/write-with-items";
import { BusyGuard } from "../applications/api/busy";
import { oneAtATime } from "../channel";
import { gameI18n } from "../i18n/i18n";
import { mulberry32 } from "../rules";
import { characterCreateData, draftSources } from "./builder-actor";
import { catalogueUuids, emptyCatalogue, findSkill, findTrait, forLanguage, type BuilderCatalogue } from "./builder-catalogue";
import { currentSituation } from "../situation/current-situation";
import { buildBuilderContext, builderRules, problemText, type BuilderContext } from "./builder-context";
import { readDraft } from "./builder-draft-io";
import { quickStartDraft } from "./builder-quick";
import { defaultAge } from "../data/defaults";
import { loadCatalogue, loadSources } from "./builder-sources";
import {
  addLifepath,
  addSkill,
  addTrait,
  BUILDER_STEPS,
  type BuilderDraft,
  type BuilderStep,
  chooseFreeSkill,
  draftProblems,
  draftRow,
  newDraft,
  nextStep,
  previousStep,
  reachableSteps,
  removeLifepath,
  removeSkill,
  removeTrait,
  setStep,
  setText,
  stepProblems,
  updateSkill,
  updateTrait,
} from "./builder-state";
import { DRAFT_FLAG, type DraftHolder, draftHolder, rulesPageUuid } from "./builder-paths";
import { isFormControl, isHTMLElement, isInput, isTextField } from "../applications/api/dom-kinds";
import { formatCount, formatMessage } from "../i18n/plural";
import { settle } from "../safe-hook";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

const template = (name: string): string => systemPath(`templates/builder/${name}.hbs`);

/**
 * Parts: the step list, the step's intro, one part per step, the footer. Every step part is always
 * rendered, the current one filled and the others empty and hidden: a part left out of a render would
 * keep its old element in the window.
 */
export const BUILDER_PARTS = Object.freeze({
  nav: { template: template("nav") },
  intro: { template: template("intro") },
  ...Object.fromEntries(BUILDER_STEPS.map((step) => [step, { template: template(step), scrollable: [""] }])),
  footer: { template: template("footer") },
});

/** How long typing may go on before the draft is written to its flag. */
const SAVE_DELAY_MS = 500;

export interface BuilderWindowOptions {
  /** The character to build into (empty); null builds a new actor. */
  actor?: Actor.Implementation | null;
  /** Whose draft (the user's own by default; the GM may view another's). */
  user?: User.Implementation | null;
  readOnly?: boolean;
  /** Quick start's seed; a random one when absent. */
  seed?: number;
}

type BuilderConfiguration = foundry.applications.api.ApplicationV2.Configuration;
type BuilderRenderOptions = foundry.applications.api.ApplicationV2.RenderOptions & foundry.applications.api.HandlebarsApplicationMixin.RenderOptions;
type BuilderRenderContext = BuilderContext & foundry.applications.api.ApplicationV2.RenderContext;

let counter = 0;

export class GoldHackBuilderWindow extends HandlebarsApplicationMixin(ApplicationV2)<BuilderRenderContext, BuilderConfiguration, BuilderRenderOptions> {
  static override DEFAULT_OPTIONS: (typeof ApplicationV2)["DEFAULT_OPTIONS"] = {
    classes: ["goldhack", "goldhack-builder"],
    tag: "div",
    window: { title: "GOLDHACK.Builder.Title", icon: "fa-solid fa-hat-wizard", resizable: true },
    position: { width: 760, height: 720 },
    actions: {
      goToStep: GoldHackBuilderWindow.#onGoToStep,
      next: GoldHackBuilderWindow.#onNext,
      back: GoldHackBuilderWindow.#onBack,
      openRules: GoldHackBuilderWindow.#onOpenRules,
      quickStart: GoldHackBuilderWindow.#onQuickStart,
      addLifepath: GoldHackBuilderWindow.#onAddLifepath,
      removeLifepath: GoldHackBuilderWindow.#onRemoveLifepath,
      addSkill: GoldHackBuilderWindow.#onAddSkill,
      raiseSkill: GoldHackBuilderWindow.#onRaiseSkill,
      lowerSkill: GoldHackBuilderWindow.#onLowerSkill,
      removeSkill: GoldHackBuilderWindow.#onRemoveSkill,
      addTrait: GoldHackBuilderWindow.#onAddTrait,
      removeTrait: GoldHackBuilderWindow.#onRemoveTrait,
      create: GoldHackBuilderWindow.#onCreate,
    },
  };

  static override PARTS = BUILDER_PARTS;

  readonly actor: Actor.Implementation | null;
  readonly owner: User.Implementation | null;
  readonly readOnly: boolean;
  #draft: BuilderDraft;
  #catalogue: BuilderCatalogue = emptyCatalogue();
  #catalogueLoaded = false;
  #seed: number | undefined;
  #saveTimer: ReturnType<typeof setTimeout> | null = null;
  #created = false;
  readonly #busy = new BusyGuard();
  readonly #uid = `goldhack-builder-${++counter}`;
  /** The element that had focus before a render, by its selector, to give focus back after. */
  #focus: { selector: string; start: number | null; end: number | null } | null = null;

  constructor(options: DeepPartial<BuilderConfiguration> & BuilderWindowOptions = {}) {
    const { actor = null, user = null, readOnly = false, seed, ...rest } = options;
    super(rest as DeepPartial<BuilderConfiguration>);
    this.actor = actor;
    this.owner = user ?? game.user ?? null;
    this.readOnly = readOnly;
    this.#seed = seed;
    this.#draft = newDraft(defaultAge(), actor?.name ?? "");
    const kept = this.#flagHolder()?.getFlag("goldhack", DRAFT_FLAG);
    if (kept !== undefined && kept !== null) {
      const read = readDraft(kept);
      if (read.ok) this.#draft = read.draft;
      else ui.notifications?.warn(formatMessage(gameI18n(), read.problem.key, read.problem.data ?? {}));
    }
  }

  /** The draft as it stands (read-only copy for tests and the API). */
  get draft(): BuilderDraft {
    return structuredClone(this.#draft);
  }

  override get title(): string {
    const i18n = gameI18n();
    return this.#draft.name.trim() ? i18n.format("GOLDHACK.Builder.TitleNamed", { name: this.#draft.name.trim() }) : i18n.localize("GOLDHACK.Builder.Title");
  }

  /** Where the draft is kept: on the actor being built, else on the user. */
  #flagHolder(): DraftHolder | null {
    const doc = this.actor ?? this.owner;
    return doc ? draftHolder(doc) : null;
  }

  #rules() {
    return builderRules(CONFIG.GOLDHACK.ages, CONFIG.GOLDHACK.skillTypes);
  }

  #lang(): string {
    return game.i18n?.lang ?? "en";
  }

  protected override async _prepareContext(options: DeepPartial<BuilderRenderOptions> & { isFirstRender: boolean }): Promise<BuilderRenderContext> {
    const base = await super._prepareContext(options);
    if (!this.#catalogueLoaded) {
      this.#catalogue = forLanguage(await loadCatalogue(), this.#lang());
      this.#catalogueLoaded = true;
    }
    const view = buildBuilderContext(this.#draft, this.#catalogue, {
      i18n: gameI18n(),
      ages: CONFIG.GOLDHACK.ages,
      skillTypes: CONFIG.GOLDHACK.skillTypes,
      rulesUuid: rulesPageUuid(this.#lang()),
      readOnly: this.readOnly,
      uid: this.#uid,
      situation: currentSituation(),
    });
    return { ...base, ...view };
  }

  protected override async _onFirstRender(context: DeepPartial<BuilderRenderContext>, options: DeepPartial<BuilderRenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    // Delegated once on the window's element: parts are replaced on each render, the element is not.
    this.element.addEventListener("input", (event) => settle(this.#onInput(event, false), "reading the builder's form"));
    this.element.addEventListener("change", (event) => settle(this.#onInput(event, true), "reading the builder's form"));
    this.element.addEventListener("keydown", (event) => this.#onKeyDown(event));
  }

  protected override async _onRender(context: DeepPartial<BuilderRenderContext>, options: DeepPartial<BuilderRenderOptions>): Promise<void> {
    await super._onRender(context, options);
    this.#busy.mark(this.element);
    this.#restoreFocus();
  }

  protected override _onClose(options: DeepPartial<BuilderRenderOptions>): void {
    super._onClose(options);
    if (!this.#created) settle(this.#save(true), "saving the builder's draft");
  }

  // ---- Changing the draft ------------------------------------------------------------------------

  /** Applies a change and re-renders: typing redraws only the steps and footer, so the caret stays. */
  async #apply(next: BuilderDraft, whole: boolean): Promise<void> {
    if (this.readOnly) return;
    // A change event after typing repeats what the input events applied: keep it, but do not redraw,
    // or the button the user is clicking (the change comes from leaving the field) would be replaced
    // between press and release and the click lost.
    const unchanged = JSON.stringify(next) === JSON.stringify(this.#draft);
    this.#draft = next;
    settle(this.#save(whole), "saving the builder's draft");
    if (unchanged) return;
    this.#rememberFocus();
    await this.render(whole ? {} : { parts: ["nav", "footer"] });
  }

  async #onInput(event: Event, committed: boolean): Promise<void> {
    const target = event.target;
    if (!isFormControl(target) || this.readOnly) return;
    const draft = this.#draft;
    const maxRating = draftRow(draft, this.#rules())?.maxRating ?? 0;
    const { dataset } = target;
    let next: BuilderDraft | null = null;
    let whole = committed;
    if (dataset.pick === "skill-type") {
      // The new Skill's name field suggests the compendium Skills of the Type picked.
      this.element.querySelector('[data-pick="skill-name"]')?.setAttribute("list", `${this.#uid}-skills-${target.value}`);
      return;
    }
    if (target.name === "age") {
      if (!committed) return;
      next = setText(draft, "age", target.value);
    } else if (target.name) {
      next = setText(draft, target.name, target.value);
    } else if (dataset.freeSkill) {
      const type = draft.skills.find((s) => s.key === dataset.freeSkill)?.type ?? "";
      next = updateSkill(draft, dataset.freeSkill, { name: target.value, source: findSkill(this.#catalogue, type, target.value)?.uuid ?? null });
    } else if (dataset.lifepathChoice) {
      if (!committed) return;
      next = chooseFreeSkill(draft, dataset.lifepathChoice, target.value, maxRating);
    } else if (dataset.skillField && dataset.key) {
      const skill = draft.skills.find((s) => s.key === dataset.key);
      if (!skill) return;
      if (dataset.skillField === "name") {
        next = updateSkill(draft, skill.key, { name: target.value, source: findSkill(this.#catalogue, skill.type, target.value)?.uuid ?? null });
      } else if (dataset.skillField === "bought") {
        const value = Number(target.value);
        // A half-typed number waits for the next keystroke; a bad one is named in the footer, never stored.
        if (target.value.trim() === "" || !Number.isInteger(value) || value < 0) {
          if (committed) this.#warn("GOLDHACK.Builder.Error.BadPoints", { value: target.value });
          if (committed) await this.render();
          return;
        }
        next = updateSkill(draft, skill.key, { bought: value });
        whole = true;
      }
    } else if (dataset.traitField && dataset.key) {
      const trait = draft.traits.find((t) => t.key === dataset.key);
      if (!trait) return;
      if (dataset.traitField === "name") {
        const found = findTrait(this.#catalogue, target.value);
        next = updateTrait(draft, trait.key, { name: target.value });
        if (found && next.traits.find((t) => t.key === trait.key)?.source === null) {
          next = { ...next, traits: next.traits.map((t) => (t.key === trait.key ? { ...t, source: found.uuid } : t)) };
        }
      } else {
        next = updateTrait(draft, trait.key, { description: target.value });
      }
    }
    if (next) await this.#apply(next, whole);
  }

  /** Enter in an "add" field adds, as its button does. */
  #onKeyDown(event: KeyboardEvent): void {
    const target = event.target;
    if (event.key !== "Enter" || !isInput(target) || !target.dataset.pick) return;
    event.preventDefault();
    const action = target.dataset.pick === "trait-name" ? "addTrait" : target.dataset.pick === "skill-name" ? "addSkill" : null;
    if (action) this.element.querySelector<HTMLButtonElement>(`[data-action="${action}"]`)?.click();
  }

  #rememberFocus(): void {
    const active = this.element?.ownerDocument.activeElement;
    if (!isHTMLElement(active) || !this.element.contains(active)) {
      this.#focus = null;
      return;
    }
    const attrs = ["name", "data-free-skill", "data-skill-field", "data-trait-field", "data-key", "data-pick", "data-lifepath-choice", "data-action"];
    const selector = active.tagName.toLowerCase() + attrs.map((a) => (active.hasAttribute(a) ? `[${a}="${(active.getAttribute(a) ?? "").replace(/["\\]/g, "\\$&")}"]` : "")).join("");
    const field = isTextField(active) ? active : null;
    let start: number | null = null;
    let end: number | null = null;
    try {
      start = field?.selectionStart ?? null;
      end = field?.selectionEnd ?? null;
    } catch {
      // Number inputs have no selection.
    }
    this.#focus = { selector, start, end };
  }

  #restoreFocus(): void {
    const focus = this.#focus;
    this.#focus = null;
    if (!focus) return;
    const element = this.element.querySelector<HTMLElement>(focus.selector);
    if (!element || element.ownerDocument.activeElement === element) return;
    element.focus();
    if (isTextField(element) && focus.start !== null) {
      try {
        element.setSelectionRange(focus.start, focus.end ?? focus.start);
      } catch {
        // Not every input type keeps a caret.
      }
    }
  }

  #warn(key: string, data: Record<string, string | number> = {}): void {
    ui.notifications?.warn(formatMessage(gameI18n(), key, data));
  }

  /** Writes the draft to its flag; while typing, at most once per SAVE_DELAY_MS. */
  async #save(now: boolean): Promise<void> {
    if (this.readOnly) return;
    if (this.#saveTimer) clearTimeout(this.#saveTimer);
    this.#saveTimer = null;
    if (!now) {
      this.#saveTimer = setTimeout(() => settle(this.#save(true), "saving the builder's draft"), SAVE_DELAY_MS);
      return;
    }
    const holder = this.#flagHolder();
    if (!holder || !holder.isOwner) return;
    try {
      await holder.setFlag("goldhack", DRAFT_FLAG, structuredClone(this.#draft));
    } catch (error) {
      console.error("goldhack | could not keep the builder draft", error);
      this.#warn("GOLDHACK.Builder.Error.SaveFailed");
    }
  }

  // ---- Actions -----------------------------------------------------------------------------------

  #problems() {
    return draftProblems(this.#draft, this.#rules(), catalogueUuids(this.#catalogue));
  }

  static async #onGoToStep(this: GoldHackBuilderWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const step = target.dataset.step as BuilderStep | undefined;
    if (!step || !BUILDER_STEPS.includes(step)) return;
    if (!this.readOnly && !reachableSteps(this.#problems()).has(step)) return;
    await this.#move(step);
  }

  /** Moving between steps is allowed read-only too: the GM looks through a player's draft. */
  async #move(step: BuilderStep): Promise<void> {
    this.#draft = setStep(this.#draft, step);
    if (!this.readOnly) settle(this.#save(true), "saving the builder's draft");
    await this.render();
  }

  static async #onNext(this: GoldHackBuilderWindow): Promise<void> {
    const problems = stepProblems(this.#problems(), this.#draft.step);
    const next = nextStep(this.#draft.step);
    if (problems[0] && !this.readOnly) {
      this.#warn("GOLDHACK.Builder.Error.StepBlocked", { problem: problemText(gameI18n(), CONFIG.GOLDHACK.skillTypes, problems[0]) });
      return;
    }
    if (next) await this.#move(next);
  }

  static async #onBack(this: GoldHackBuilderWindow): Promise<void> {
    const previous = previousStep(this.#draft.step);
    if (previous) await this.#move(previous);
  }

  static async #onOpenRules(this: GoldHackBuilderWindow, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault?.();
    const uuid = target.dataset.uuid;
    const page = uuid ? await fromUuid(uuid as Parameters<typeof fromUuid>[0]) : null;
    const journal = (page as { parent?: { sheet?: { render(options: object): unknown } | null } | null } | null)?.parent;
    if (!page || !journal?.sheet) {
      this.#warn("GOLDHACK.Builder.Error.RulesMissing");
      return;
    }
    await journal.sheet.render({ force: true, pageId: (page as { id?: string }).id });
  }

  static async #onQuickStart(this: GoldHackBuilderWindow): Promise<void> {
    if (this.readOnly) return;
    const i18n = gameI18n();
    const seed = this.#seed ?? Math.floor(Math.random() * 2 ** 32);
    const typeName = (type: string): string => i18n.localize(CONFIG.GOLDHACK.skillTypes[type]?.label ?? type);
    const draft = quickStartDraft(this.#draft.age, forLanguage(this.#catalogue, this.#lang(), true), this.#rules(), mulberry32(seed), {
      skillName: (type, n) => i18n.format("GOLDHACK.Builder.QuickStart.SkillName", { type: typeName(type), n }),
      traitName: (n) => i18n.format("GOLDHACK.Builder.QuickStart.TraitName", { n }),
      drives: {
        belief: i18n.localize("GOLDHACK.Builder.Drives.belief.Placeholder"),
        goal: i18n.localize("GOLDHACK.Builder.Drives.goal.Placeholder"),
        instinct: i18n.localize("GOLDHACK.Builder.Drives.instinct.Placeholder"),
      },
    }, { name: this.#draft.name || i18n.localize("GOLDHACK.Builder.QuickStart.Name"), tie: this.#draft.tie, power: this.#draft.power });
    if (!draft) {
      this.#warn("GOLDHACK.Builder.Error.QuickStartImpossible");
      return;
    }
    await this.#apply({ ...draft, nextKey: draft.nextKey }, true);
  }

  static async #onAddLifepath(this: GoldHackBuilderWindow): Promise<void> {
    const uuid = this.element.querySelector<HTMLSelectElement>('[data-pick="lifepath"]')?.value;
    const entry = this.#catalogue.lifepaths.find((lp) => lp.uuid === uuid);
    if (!entry) return;
    const row = draftRow(this.#draft, this.#rules());
    if (row && this.#draft.lifepaths.length >= row.lifepaths) {
      ui.notifications?.warn(formatCount(gameI18n(), "GOLDHACK.Builder.Error.TooManyLifepaths", row.lifepaths));
      return;
    }
    await this.#apply(addLifepath(this.#draft, { name: entry.name, types: entry.types, source: entry.uuid }), true);
  }

  static async #onRemoveLifepath(this: GoldHackBuilderWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (target.dataset.key) await this.#apply(removeLifepath(this.#draft, target.dataset.key), true);
  }

  static async #onAddSkill(this: GoldHackBuilderWindow): Promise<void> {
    const type = this.element.querySelector<HTMLSelectElement>('[data-pick="skill-type"]')?.value ?? "";
    const input = this.element.querySelector<HTMLInputElement>('[data-pick="skill-name"]');
    const name = input?.value.trim() ?? "";
    if (!type || !CONFIG.GOLDHACK.skillTypes[type]) {
      this.#warn("GOLDHACK.Builder.Error.NoTypeOpen");
      return;
    }
    if (name === "") {
      this.#warn("GOLDHACK.Builder.Error.SkillNameMissing");
      return;
    }
    const source = findSkill(this.#catalogue, type, name);
    await this.#apply(addSkill(this.#draft, { name: source?.name ?? name, type, source: source?.uuid ?? null }), true);
  }

  static async #onRaiseSkill(this: GoldHackBuilderWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const skill = this.#draft.skills.find((s) => s.key === target.dataset.key);
    if (skill) await this.#apply(updateSkill(this.#draft, skill.key, { bought: skill.bought + 1 }), true);
  }

  static async #onLowerSkill(this: GoldHackBuilderWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const skill = this.#draft.skills.find((s) => s.key === target.dataset.key);
    if (skill && skill.bought > 0) await this.#apply(updateSkill(this.#draft, skill.key, { bought: skill.bought - 1 }), true);
  }

  static async #onRemoveSkill(this: GoldHackBuilderWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (target.dataset.key) await this.#apply(removeSkill(this.#draft, target.dataset.key), true);
  }

  static async #onAddTrait(this: GoldHackBuilderWindow): Promise<void> {
    const input = this.element.querySelector<HTMLInputElement>('[data-pick="trait-name"]');
    const name = input?.value.trim() ?? "";
    if (name === "") {
      this.#warn("GOLDHACK.Builder.Error.TraitNameMissing");
      return;
    }
    const found = findTrait(this.#catalogue, name);
    await this.#apply(addTrait(this.#draft, { name: found?.name ?? name, source: found?.uuid ?? null }), true);
  }

  static async #onRemoveTrait(this: GoldHackBuilderWindow, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (target.dataset.key) await this.#apply(removeTrait(this.#draft, target.dataset.key), true);
  }

  /**
   * Writes the character in one call: a new Actor with all its items, or the empty actor's update with
   * its items (see compat/write-with-items.ts). Everything is checked again first; on any failure
   * nothing is written and the draft stays.
   */
  static async #onCreate(this: GoldHackBuilderWindow): Promise<void> {
    if (this.readOnly) return;
    // One Create at a time, and none after the character exists: a double click or a second press
    // while the first is still writing does nothing (the window shows it is working meanwhile).
    if (this.#created) return;
    const ran = await this.#busy.run(
      () => this.element,
      () => this.#create(),
    );
    if (!ran) this.#warn("GOLDHACK.Builder.Error.Busy");
  }

  async #create(): Promise<void> {
    if (this.#created) return;
    const i18n = gameI18n();
    if (!canBuild(this.actor)) {
      this.#warn("GOLDHACK.Builder.Error.NotOwner");
      return;
    }
    this.#catalogue = forLanguage(await loadCatalogue(), this.#lang());
    const problems = this.#problems();
    if (problems[0]) {
      this.#warn("GOLDHACK.Builder.Error.StepBlocked", { problem: problemText(i18n, CONFIG.GOLDHACK.skillTypes, problems[0]) });
      await this.render();
      return;
    }
    const name = this.#draft.name.trim();
    try {
      const { sources, missing } = await loadSources(draftSources(this.#draft));
      if (missing.length > 0) {
        ui.notifications?.warn(formatCount(gameI18n(), "GOLDHACK.Builder.Error.SourceGone", missing.length));
        await this.render();
        return;
      }
      const data = characterCreateData(this.#draft, this.#rules(), sources, currentSituation()?.powers ?? []);
      let actor = this.actor;
      if (actor) {
        const target = actor;
        // Emptiness is checked in the same step as the write, in one queue per actor on this client:
        // a second window (or request) building the same actor waits, then finds it no longer empty.
        const wrote = await oneAtATime(`builder:${target.uuid ?? ""}`, async () => {
          if (target.items.size > 0) return false;
          await updateActorWithItems(target, { name: data.name, system: data.system }, data.items);
          return true;
        });
        if (!wrote) {
          this.#warn("GOLDHACK.Builder.Error.NotEmpty", { name: target.name });
          return;
        }
      } else {
        const ActorClass = CONFIG.Actor.documentClass as unknown as { create(data: object): Promise<Actor.Implementation | undefined> };
        actor = (await ActorClass.create(data)) ?? null;
        if (!actor) throw new Error("actor creation was cancelled");
      }
      if (this.#saveTimer) clearTimeout(this.#saveTimer);
      this.#saveTimer = null;
      this.#created = true;
      await this.#flagHolder()?.unsetFlag("goldhack", DRAFT_FLAG);
      ui.notifications?.info(i18n.format("GOLDHACK.Builder.Created", { name: data.name }));
      await this.close();
      await actor.sheet?.render(true);
    } catch (error) {
      console.error("goldhack | building the character failed", error);
      this.#warn("GOLDHACK.Builder.Error.CreateFailed", { name });
    }
  }

  /** Whether Create has written the character (the draft is then gone). */
  get created(): boolean {
    return this.#created;
  }
}

/** Only the actor's owners (and the GM) may build it; a new actor needs the right to create one. */
export function canBuild(actor: Actor.Implementation | null): boolean {
  const user = game.user;
  if (!user) return false;
  if (actor) return actor.isOwner;
  return user.isGM || user.can("ACTOR_CREATE");
}
