/**
 * The character builder driven through its rendered controls in a real DOM (dom-env.ts) by the shared
 * window stand-in (applications.ts; packs and flags from builder-env.ts): the real
 * templates, the real handlebars and language files, real GoldHackActor and data models, the real
 * compendium sources. Each test clicks, types and picks, then checks the documents and notices.
 */
import { resetDom, screen } from "./dom-env";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { idleAll as idle, StandInDialogV2 } from "./applications";
import { installBuilderWorld, journalOpens, packCharacter, StandInPack, systemItemPacks, userFlags$ } from "./builder-env";
import { installGoldHack, createActor, state, type FoundryEnv } from "./documents";
import { installVariantShape } from "./popped-out";
import { change as choose, click, type } from "./user-input";
import type { GoldHackBuilderWindow as BuilderClass } from "../../src/builder/builder-window";

type PlainObject = Record<string, unknown>;
let GoldHackBuilderWindow: typeof BuilderClass;
let api: typeof import("../../src/builder/builder-api");
let env: FoundryEnv;

const q = <T extends Element = HTMLElement>(selector: string): T => {
  const found = screen.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
};
const all = (selector: string): HTMLElement[] => screen.querySelectorAll<HTMLElement>(selector);
const problems = (): string[] => all(".goldhack-builder__problems li").map((li) => li.textContent?.trim() ?? "");
const nextButton = () => q<HTMLButtonElement>('[data-action="next"]');

async function setup(lang: "en" | "es" = "en", packs?: StandInPack[]): Promise<void> {
  env = await installGoldHack({ lang });
  installBuilderWorld({ lang, packs });
  await installVariantShape();
  const { registerBuilder } = await import("../../src/builder/register");
  registerBuilder();
}

beforeAll(async () => {
  await setup();
  ({ GoldHackBuilderWindow } = await import("../../src/builder/builder-window"));
  api = await import("../../src/builder/builder-api");
});

async function openBuilder(options: ConstructorParameters<typeof BuilderClass>[0] = {}): Promise<BuilderClass> {
  const app = new GoldHackBuilderWindow(options);
  await app.render({ force: true });
  await idle();
  return app;
}

const paragraphs = (html: string): string => {
  const div = document.createElement("div");
  div.innerHTML = html;
  return [...div.querySelectorAll("p")].map((p) => p.textContent ?? "").join("\n\n");
};

/** Builds a pack character step by step through the window's controls. */
async function buildThroughControls(pc: ReturnType<typeof packCharacter>): Promise<void> {
  const system = pc.system as { age: string; drives: Record<string, string>; biography: string };
  await type(q('[name="name"]'), pc.name);
  await type(q('[name="tie"]'), paragraphs(system.biography));
  await click(nextButton());
  await choose(q(`[name="age"][value="${system.age}"]`));
  await click(nextButton());

  const lifepaths = pc.items.filter((i) => i.type === "lifepath");
  const skills = pc.items.filter((i) => i.type === "skill");
  const freeSkills: string[] = [];
  for (const lp of lifepaths) {
    const source = (lp._stats as PlainObject).compendiumSource as string;
    await choose(q('[data-pick="lifepath"]'), source);
    await click(q('[data-action="addLifepath"]'));
    const first = (lp.system as { skillTypes: string[] }).skillTypes[0];
    const free = skills.find((s) => (s.system as PlainObject).skillType === first && !freeSkills.includes(s.name));
    if (!free) throw new Error("example has no free Skill for a Lifepath");
    freeSkills.push(free.name);
    const field = all("[data-free-skill]").at(-1) ?? null;
    await type(field, free.name);
  }
  expect(problems()).toEqual([]);
  await click(nextButton());

  for (const skill of skills) {
    const { skillType, rating } = skill.system as { skillType: string; rating: number };
    let row = all("tr[data-skill]").find((tr) => (tr.querySelector<HTMLInputElement>('[data-skill-field="name"]')?.value ?? "") === skill.name);
    let base = 2;
    if (!row) {
      await choose(q('[data-pick="skill-type"]'), skillType);
      await type(q('[data-pick="skill-name"]'), skill.name, { commit: false });
      await click(q('[data-action="addSkill"]'));
      row = all("tr[data-skill]").at(-1);
      base = 1;
    }
    const key = row?.dataset.skill ?? "";
    for (let r = base; r < rating; r++) await click(q(`[data-action="raiseSkill"][data-key="${key}"]`));
  }
  expect(q(".goldhack-builder__budget").textContent).toMatch(/^\D*0\D/);
  expect(problems()).toEqual([]);
  await click(nextButton());

  for (const drive of ["belief", "goal", "instinct"]) await type(q(`[name="drives.${drive}"]`), system.drives[drive] ?? "");
  for (const trait of pc.items.filter((i) => i.type === "trait")) {
    await type(q('[data-pick="trait-name"]'), trait.name, { commit: false });
    await click(q('[data-action="addTrait"]'));
    const fromPack = Boolean((trait._stats as PlainObject | undefined)?.compendiumSource);
    if (!fromPack) await type(all('[data-trait-field="description"]').at(-1) ?? null, paragraphs(String((trait.system as PlainObject).description)));
  }
  expect(problems()).toEqual([]);
  await click(nextButton());
}

/** What the comparison looks at: everything the builder decides. */
function shape(actor: { name: string; system: unknown; items: { contents: unknown[] } }) {
  const system = (actor.system as { toObject(): PlainObject }).toObject();
  return {
    name: actor.name,
    system,
    items: actor.items.contents.map((raw) => {
      const item = raw as { name: string; type: string; img: string | null; system: { toObject(): PlainObject }; flags: PlainObject; _source: PlainObject };
      const source = ((item._source._stats as PlainObject | undefined)?.compendiumSource as string | undefined) ?? null;
      return { type: item.type, name: item.name, system: item.system.toObject(), flags: item.flags, source, ...(source ? { img: item.img } : {}) };
    }),
  };
}

const EXAMPLES = [
  ["en", "mira-quickfingers"],
  ["en", "bram-saltmarsh"],
  ["en", "captain-ysolde-varr"],
  ["en", "mother-orla-of-the-nine-bells"],
  ["es", "madre-orla"],
] as const;

describe("building the example characters through the window", () => {
  it.each(EXAMPLES)("%s %s comes out as the pack's version", async (lang, slug) => {
    await setup(lang);
    const pc = packCharacter(lang, slug);
    const app = await openBuilder();
    await buildThroughControls(pc);
    expect(q(".goldhack-builder__body:not([hidden])").dataset.step).toBe("review");
    const fate = (pc.system as { fate: { value: number } }).fate.value;
    expect(q('[data-review="fate"]').textContent).toBe(String(fate));
    await click(q('[data-action="create"]'));
    expect(env.notifications.warnings).toEqual([]);
    const built = state.actors.getName(pc.name);
    expect(built).toBeDefined();
    const reference = await createActor({ ...structuredClone(pc), name: `${pc.name} (pack)` });
    expect(shape(built as never)).toEqual({ ...shape(reference as never), name: pc.name });
    expect(app.rendered).toBe(false);
    // The draft is gone once the character exists.
    expect(userFlags$(env.gm).getFlag("goldhack", "builderDraft")).toBeUndefined();
  });
});

describe("steps, problems and Next", () => {
  beforeEach(async () => setup());

  it("Next is disabled with the problem named, and enabled once it is fixed", async () => {
    await openBuilder();
    expect(nextButton().disabled).toBe(true);
    expect(problems()).toEqual(["The character has no name yet."]);
    await type(q('[name="name"]'), "Ysolde", { commit: false });
    // Typing redraws the footer live, without re-rendering the field being typed in.
    expect(nextButton().disabled).toBe(false);
    expect(problems()).toEqual([]);
  });

  it("shows the Basic Chart rows side by side from the config and links the rules page in the user's language", async () => {
    await openBuilder();
    await type(q('[name="name"]'), "A");
    await click(nextButton());
    const ages = all(".goldhack-builder__age");
    expect(ages.map((a) => a.querySelector("strong")?.textContent)).toEqual(["Child", "Young", "Adult", "Elder"]);
    const rows = ages.map((a) => [...a.querySelectorAll("dd")].map((dd) => dd.textContent));
    expect(rows[0]).toEqual(["1", "3", "3", "5 Fate, 3 Persona", "5", "1"]);
    expect(rows[3]).toEqual(["4", "6", "5", "2 Fate, 0 Persona", "2", "4"]);
    await click(q('[data-action="openRules"]'));
    expect(journalOpens).toEqual([{ journal: "rules-en.jerulesreference", pageId: "jpcharacters0000" }]);
  });

  it("a free-Skill clash offers raise or a new Skill, never above the maximum (SRD: Characters › Lifepaths)", async () => {
    const app = await openBuilder();
    await type(q('[name="name"]'), "Twice a soldier");
    await click(nextButton());
    await choose(q('[name="age"][value="young"]'));
    await click(nextButton());
    const military = "Compendium.goldhack.lifepaths-en.Item.lpmilitary000000";
    await choose(q('[data-pick="lifepath"]'), military);
    await click(q('[data-action="addLifepath"]'));
    await type(q("[data-free-skill]"), "Swords");
    await choose(q('[data-pick="lifepath"]'), military);
    await click(q('[data-action="addLifepath"]'));
    const clash = q<HTMLSelectElement>("[data-lifepath-choice]");
    expect([...clash.options].map((o) => o.textContent)).toEqual(["Another Fight Skill at 2", "Raise Swords by 1"]);
    await choose(clash, clash.options[1]?.value);
    expect(app.draft.skills.map((s) => s.name)).toEqual(["Swords"]);
    expect(problems()).toEqual([]);
    await click(nextButton());
    expect(all('[data-skill-field="name"]').map((i) => (i as HTMLInputElement).value)).toEqual(["Swords"]);
    expect(all(".goldhack-builder__rating").map((td) => td.textContent)).toEqual(["3"]);
    // Swords 3 of a maximum 4: one more point reaches it, and then no more.
    await click(q('[data-action="raiseSkill"]'));
    expect(q<HTMLButtonElement>('[data-action="raiseSkill"]').disabled).toBe(true);
  });

  it("names overspending, a Skill above the maximum and a duplicate live, and refuses a bad number without storing it", async () => {
    const app = await openBuilder();
    await type(q('[name="name"]'), "Mira");
    await click(nextButton());
    await choose(q('[name="age"][value="child"]'));
    await click(nextButton());
    await choose(q('[data-pick="lifepath"]'), "Compendium.goldhack.lifepaths-en.Item.lpoutcast0000000");
    await click(q('[data-action="addLifepath"]'));
    await type(q("[data-free-skill]"), "Larceny");
    await click(nextButton());
    const bought = q<HTMLInputElement>('[data-skill-field="bought"]');
    await type(bought, "4");
    expect(problems()).toEqual(expect.arrayContaining([expect.stringContaining("above this age's Maximum Rating of 3"), expect.stringContaining("1 too many")]));
    expect(nextButton().disabled).toBe(true);
    await type(q('[data-skill-field="bought"]'), "-1");
    expect(env.notifications.warnings.at(-1)).toContain("is not a number of Skill points");
    expect(app.draft.skills[0]?.bought).toBe(4);
    await type(q('[data-skill-field="bought"]'), "0");
    await choose(q('[data-pick="skill-type"]'), "expertise");
    // The name field now suggests the compendium's Expertise Skills.
    const list = q(`datalist#${q('[data-pick="skill-name"]').getAttribute("list")}`);
    expect([...list.querySelectorAll("option")].map((o) => o.getAttribute("value"))).toEqual(expect.arrayContaining(["Larceny", "Stealth", "Athleticism"]));
    expect([...list.querySelectorAll("option")].map((o) => o.getAttribute("value"))).not.toContain("Swords");
    await type(q('[data-pick="skill-name"]'), "larceny", { commit: false });
    await click(q('[data-action="addSkill"]'));
    expect(problems()).toContain("The Expertise Skill Larceny appears more than once.");
  });

  it("a Trait count follows the age and compendium Traits are suggested", async () => {
    await openBuilder();
    await type(q('[name="name"]'), "A");
    await click(nextButton());
    await choose(q('[name="age"][value="child"]'));
    await click(nextButton());
    await choose(q('[data-pick="lifepath"]'), "Compendium.goldhack.lifepaths-en.Item.lpoutcast0000000");
    await click(q('[data-action="addLifepath"]'));
    await type(q("[data-free-skill]"), "Larceny");
    await click(nextButton());
    await click(q('[data-action="raiseSkill"]'));
    await choose(q('[data-pick="skill-type"]'), "survive");
    await type(q('[data-pick="skill-name"]'), "Urban", { commit: false });
    await click(q('[data-action="addSkill"]'));
    await click(q('[data-action="raiseSkill"][data-key]:not([disabled])'));
    await click(nextButton());
    expect(all(`datalist[id$="-traits"] option`).map((o) => o.getAttribute("value"))).toContain("Wiseass");
    await type(q('[data-pick="trait-name"]'), "wiseass", { commit: false });
    await click(q('[data-action="addTrait"]'));
    // Child takes one Trait: no field to add a second.
    expect(screen.querySelector('[data-action="addTrait"]')).toBeNull();
    expect(all('[data-trait-field="name"]').map((i) => (i as HTMLInputElement).value)).toEqual(["Wiseass"]);
  });
});

describe("drafts are kept", () => {
  beforeEach(async () => setup());

  it("a reload mid-build continues where it was (the draft is on the user when there is no actor yet)", async () => {
    const first = await openBuilder();
    await type(q('[name="name"]'), "Bram");
    await click(nextButton());
    await choose(q('[name="age"][value="young"]'));
    await click(nextButton());
    await choose(q('[data-pick="lifepath"]'), "Compendium.goldhack.lifepaths-en.Item.lpseafaring00000");
    await click(q('[data-action="addLifepath"]'));
    await type(q("[data-free-skill]"), "Athleticism");
    // A reload: the page goes away without closing the window.
    resetDom();
    expect(first.rendered).toBe(true);
    const again = await openBuilder();
    expect(q(".goldhack-builder__body:not([hidden])").dataset.step).toBe("lifepaths");
    expect(again.draft.name).toBe("Bram");
    expect(q<HTMLInputElement>("[data-free-skill]").value).toBe("Athleticism");
  });

  it("closing keeps the draft on the actor, and the GM can open a player's draft read-only", async () => {
    env.setUser(env.player);
    env.player.permissions.add("ACTOR_CREATE");
    const actor = await createActor({ name: "Empty", type: "character", ownership: { default: 0, [env.player.id]: 3 } });
    const app = await openBuilder({ actor: actor as never });
    await type(q('[name="name"]'), "Orla");
    await app.close();
    expect((actor.getFlag("goldhack", "builderDraft") as PlainObject).name).toBe("Orla");
    env.setUser(env.gm);
    await api.viewCharacterDraft(env.player as never, actor as never);
    await idle();
    expect(q<HTMLInputElement>('[name="name"]').disabled).toBe(true);
    expect(q(".goldhack-builder__readonly").textContent).toContain("player's draft");
    expect(screen.querySelector('[data-action="quickStart"]')).toBeNull();
    // The GM pages through every step of the unfinished draft, but cannot change or create it.
    await click(nextButton());
    await click(nextButton());
    expect(q(".goldhack-builder__body:not([hidden])").dataset.step).toBe("lifepaths");
    expect(screen.querySelector('[data-action="addLifepath"]')).toBeNull();
    await click(q('[data-action="goToStep"][data-step="review"]'));
    expect(q<HTMLButtonElement>('[data-action="create"]').disabled).toBe(true);
    expect((actor.getFlag("goldhack", "builderDraft") as PlainObject).step).toBe("concept");
  });

  it("a draft of an older schema gets a message and a fresh start; the actor is untouched", async () => {
    const actor = await createActor({ name: "Old", type: "character", flags: { goldhack: { builderDraft: { schema: 0, name: "x" } } } });
    const before = JSON.stringify(actor.toObject());
    const app = await openBuilder({ actor: actor as never });
    expect(env.notifications.warnings).toEqual([expect.stringContaining("older version of the builder")]);
    expect(app.draft.name).toBe("Old");
    expect(JSON.stringify(actor.toObject())).toBe(before);
  });
});

describe("permissions and bad input", () => {
  beforeEach(async () => setup());

  it("only owners and the GM may build; a built character is refused", async () => {
    const actor = await createActor({ name: "Theirs", type: "character", ownership: { default: 0 } });
    env.setUser(env.player);
    await api.buildCharacter(actor as never);
    expect(env.notifications.warnings.at(-1)).toBe("Only this character's owners and the GM may build it.");
    await api.buildCharacter();
    expect(env.notifications.warnings.at(-1)).toBe("You may not create actors in this world; ask the GM.");
    expect(screen.querySelector(".goldhack-builder")).toBeNull();
    env.setUser(env.gm);
    const mira = await createActor(structuredClone(packCharacter("en", "mira-quickfingers")));
    await api.buildCharacter(mira as never);
    expect(env.notifications.warnings.at(-1)).toContain("already has Skills");
  });

  it("a compendium entry deleted mid-build is named and Create writes nothing", async () => {
    const packs = systemItemPacks();
    await setup("en", packs);
    const app = await openBuilder({ seed: 5 });
    await type(q('[name="name"]'), "Quick");
    await click(nextButton());
    await choose(q('[name="age"][value="adult"]'));
    await click(q('[data-action="quickStart"]'));
    expect(q(".goldhack-builder__body:not([hidden])").dataset.step).toBe("review");
    const gone = app.draft.lifepaths[0]?.source ?? "";
    packs.find((p) => gone.includes(p.collection))?.remove(gone.split(".").at(-1) ?? "");
    await click(q('[data-action="create"]'));
    expect(env.notifications.warnings.at(-1)).toMatch(/^Not yet: .* is no longer in any compendium/);
    expect(state.actors.getName("Quick")).toBeUndefined();
    expect(app.rendered).toBe(true);
  });

  it("a failure while creating leaves nothing half-made and keeps the draft", async () => {
    const app = await openBuilder({ seed: 9 });
    await type(q('[name="name"]'), "Doomed");
    await click(nextButton());
    await click(q('[data-action="quickStart"]'));
    env.setUser(env.player);
    env.player.permissions.add("ACTOR_CREATE");
    // The player may create actors but not items in this broken world: the stand-in's Item class refuses.
    const Item = state.config.Item.documentClass as unknown as { prototype: { _initialize(): void } };
    const original = Item.prototype._initialize;
    Item.prototype._initialize = function () {
      throw new Error("server refused");
    };
    try {
      await click(q('[data-action="create"]'));
    } finally {
      Item.prototype._initialize = original;
    }
    expect(env.notifications.warnings.at(-1)).toBe("Doomed could not be created; nothing was written and the draft is kept.");
    expect(state.actors.getName("Doomed")).toBeUndefined();
    expect(app.rendered).toBe(true);
  });
});

describe("building into an existing empty character (Build on its sheet)", () => {
  beforeEach(async () => setup());

  it("writes the actor's data and every item; a failed update takes the new items back out (v13 path)", async () => {
    const actor = await createActor({ name: "Blank", type: "character", ownership: { default: 0, [env.player.id]: 3 } });
    env.setUser(env.player);
    const app = await openBuilder({ actor: actor as never, seed: 3 });
    await click(nextButton());
    await choose(q('[name="age"][value="young"]'));
    await click(q('[data-action="quickStart"]'));
    const expected = app.draft;
    // Fault injection: the server refuses the actor's update after the items went in.
    const update = actor.update.bind(actor);
    (actor as unknown as { update: unknown }).update = async () => {
      throw new Error("server refused");
    };
    await click(q('[data-action="create"]'));
    expect(env.notifications.warnings.at(-1)).toBe("Blank could not be created; nothing was written and the draft is kept.");
    expect(actor.items.size).toBe(0);
    (actor as unknown as { update: unknown }).update = update;
    await click(q('[data-action="create"]'));
    expect(actor.items.size).toBe(expected.lifepaths.length + expected.skills.length + expected.traits.length);
    expect((actor.system as unknown as { age: string }).age).toBe("young");
    expect(actor.getFlag("goldhack", "builderDraft")).toBeUndefined();
    expect(app.rendered).toBe(false);
  });
});

describe("quick start", () => {
  beforeEach(async () => setup());

  it.each(["child", "elder"])("builds a legal %s from the compendiums, the same for the same seed", async (age) => {
    const built: unknown[] = [];
    for (let i = 0; i < 2; i++) {
      resetDom();
      const app = await openBuilder({ seed: 1234 });
      await type(q('[name="name"]'), "Companion");
      await click(nextButton());
      await choose(q(`[name="age"][value="${age}"]`));
      await click(q('[data-action="quickStart"]'));
      expect(problems()).toEqual([]);
      expect(q<HTMLButtonElement>('[data-action="create"]').disabled).toBe(false);
      // English user: nothing from the Spanish packs.
      expect(app.draft.lifepaths.every((lp) => lp.source?.includes("-en."))).toBe(true);
      built.push(app.draft);
      await app.close();
      await userFlags$(env.gm).unsetFlag("goldhack", "builderDraft");
    }
    expect(built[0]).toEqual(built[1]);
  });
});

describe("a hack's packs and chart", () => {
  it("shows a hack's extra lifepath pack and its changed chart", async () => {
    const packs = [
      ...systemItemPacks(),
      new StandInPack("myhack.lifepaths", "My Hack Lifepaths", [
        { _id: "lpsmuggler000000", name: "Smuggler", type: "lifepath", system: { skillTypes: ["expertise", "influence", "survive"] } },
        // Hand-made sources the data model would refuse: too few Types, and a Type no config knows.
        { _id: "lpbroken00000000", name: "Broken", type: "lifepath", system: { skillTypes: ["fight", "lore"] } },
        { _id: "lpsailor00000000", name: "Sailor", type: "lifepath", system: { skillTypes: ["fight", "sailing", "lore"] } },
      ]),
    ];
    await setup("en", packs);
    const ages = (state.config as unknown as { GOLDHACK: { ages: Record<string, PlainObject> } }).GOLDHACK.ages;
    ages.ancient = { label: "Ancient", lifepaths: 5, skillPoints: 7, maxRating: 6, fate: 1, persona: 0, potential: 1, traits: 5 };
    await openBuilder();
    await type(q('[name="name"]'), "Hacked");
    await click(nextButton());
    expect(all(".goldhack-builder__age strong").map((s) => s.textContent)).toEqual(["Child", "Young", "Adult", "Elder", "Ancient"]);
    await choose(q('[name="age"][value="ancient"]'));
    await click(nextButton());
    expect(q(".goldhack-builder__count").textContent).toContain("Lifepaths taken: 0 of 5.");
    const options = [...q<HTMLSelectElement>('[data-pick="lifepath"]').options].map((o) => o.textContent ?? "");
    expect(options).toContain("Smuggler (Expertise, Influence, Survive) · My Hack Lifepaths");
    await choose(q('[data-pick="lifepath"]'), "Compendium.myhack.lifepaths.Item.lpbroken00000000");
    await click(q('[data-action="addLifepath"]'));
    await choose(q('[data-pick="lifepath"]'), "Compendium.myhack.lifepaths.Item.lpsailor00000000");
    await click(q('[data-action="addLifepath"]'));
    expect(problems()).toEqual(
      expect.arrayContaining(["Lifepath Broken has 2 Types; it must have 3.", "Lifepath Sailor lists an unknown Type, “sailing”."]),
    );
    expect(nextButton().disabled).toBe(true);
  });
});

describe("Check character and the creation offer", () => {
  beforeEach(async () => setup());

  it("lists each problem with the step that fixes it", async () => {
    const source = structuredClone(packCharacter("en", "mira-quickfingers"));
    (source.items as PlainObject[]).splice(-1, 1);
    const actor = await createActor(source);
    const shown = api.showCharacterCheck(actor as never);
    await idle();
    const dialog = StandInDialogV2.opened.at(-1);
    if (!dialog?.rendered) throw new Error("no Check character dialog open");
    const content = dialog.element.querySelector(".dialog-content")?.textContent ?? "";
    expect(content).toContain("Drives and Traits");
    expect(content).toContain("The character has 0 Traits; this age takes 1.");
    await click(dialog.element.querySelector('button[data-action="ok"]'));
    expect(dialog.rendered).toBe(false);
    const found = await shown;
    expect(found.map((p) => p.step)).toEqual(["drives"]);
  });

  it("offers the builder after an empty character is created, and opens it only when accepted", async () => {
    await createActor({ name: "Later", type: "character" });
    await idle();
    await click(StandInDialogV2.opened.at(-1)?.element.querySelector('button[data-action="no"]'));
    expect(screen.querySelector(".goldhack-builder"), "Not now opens nothing").toBeNull();
    await createActor({ name: "Fresh", type: "character" });
    await idle();
    const offer = StandInDialogV2.opened.at(-1);
    if (!offer?.rendered) throw new Error("no builder offer open");
    expect(offer.element.querySelector(".dialog-content")?.textContent).toContain("Fresh");
    expect(screen.querySelector(".goldhack-builder")).toBeNull();
    await click(offer.element.querySelector('button[data-action="yes"]'));
    expect(StandInDialogV2.opened).toHaveLength(2);
    expect(screen.querySelector(".goldhack-builder")).not.toBeNull();
    expect(q<HTMLInputElement>('[name="name"]').value).toBe("Fresh");
  });
});

describe("Create runs once however often it is clicked (issue 26)", () => {
  beforeEach(async () => setup());

  /** Every call of `method` on `target` waits until `release()` is called, as a slow server would. */
  function holdWrites<T extends object>(target: T, method: keyof T): { release(): void; calls: () => number } {
    const original = (target[method] as (...args: unknown[]) => Promise<unknown>).bind(target);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let calls = 0;
    (target as Record<keyof T, unknown>)[method] = async (...args: unknown[]) => {
      calls += 1;
      await gate;
      return original(...args);
    };
    return { release: () => open(), calls: () => calls };
  }
  const createButton = () => q<HTMLButtonElement>('[data-action="create"]');
  const windowRoot = (app: BuilderClass) => app.element;

  it("a double click on a new character's Create makes one character; the window shows it is working meanwhile", async () => {
    const app = await openBuilder({ seed: 5 });
    await type(q('[name="name"]'), "Twice");
    await click(nextButton());
    await click(q('[data-action="quickStart"]'));
    const ActorClass = state.config.Actor.documentClass as unknown as { create: (...args: unknown[]) => Promise<unknown> };
    const held = holdWrites(ActorClass, "create");
    const button = createButton();
    // Two clicks as a browser delivers a double click: both before the first write is answered.
    button.click();
    button.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(windowRoot(app).getAttribute("aria-busy")).toBe("true");
    expect(createButton().disabled).toBe(true);
    expect(held.calls()).toBe(1);
    held.release();
    await idle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await idle();
    expect(state.actors.contents.filter((a) => a.name === "Twice")).toHaveLength(1);
    expect(held.calls()).toBe(1);
    expect(app.rendered).toBe(false);
  });

  it("on an empty actor, a double click and a second window on it write the items once", async () => {
    const actor = await createActor({ name: "Blank", type: "character", ownership: { default: 0, [env.player.id]: 3 } });
    env.setUser(env.player);
    const first = await openBuilder({ actor: actor as never, seed: 3 });
    await click(nextButton());
    await choose(q('[name="age"][value="young"]'));
    await click(q('[data-action="quickStart"]'));
    const expected = first.draft;
    const count = expected.lifepaths.length + expected.skills.length + expected.traits.length;
    const held = holdWrites(actor, "createEmbeddedDocuments" as keyof typeof actor);
    const button = first.element.querySelector<HTMLButtonElement>('[data-action="create"]');
    button?.click();
    button?.click();
    // A second builder window on the same actor presses Create while the first is still writing.
    const second = new GoldHackBuilderWindow({ actor: actor as never, seed: 3 });
    await second.render({ force: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    second.element.querySelector<HTMLButtonElement>('[data-action="create"]')?.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(first.element.getAttribute("aria-busy")).toBe("true");
    expect(held.calls()).toBe(1);
    held.release();
    for (let i = 0; i < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await idle();
    }
    expect(held.calls()).toBe(1);
    expect(actor.items.size).toBe(count);
    expect(env.notifications.warnings).toContain("Blank already has Skills, Lifepaths or Traits: use Check character instead.");
  });
});
