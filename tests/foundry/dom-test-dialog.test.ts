/**
 * The Test dialog in a real DOM (a happy-dom Window, tests/foundry/dom-env.ts), as a player uses it: typing, ticking, Enter and Escape on
 * the rendered templates, through the application stand-in's Foundry lifecycle. Run once per DOM shape
 * (v13, v14, and v14 with the dialog popped out into a window of another realm, popout-realm.ts).
 */
import "./dom-env";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { DOM_SHAPES, type DomShape, installDomShape, type ShapeHandles } from "./api-shapes";
import { instances, installApplications, type StandInApplicationV2, useRealTemplates } from "./applications";
import { addItems, chatMessages, createActor, type FoundryEnv } from "./documents";
import { scriptedFaces, setRandom } from "./dice";
import { installRequestWorld } from "./request-env";
import { $, fire, press } from "./user-input";

type Dialog = StandInApplicationV2 & { result: Promise<TestChoice | null> };
let DialogClass: typeof import("../../src/applications/dialogs/test-dialog").GoldHackTestDialog;

async function world(shape: DomShape): Promise<{ env: FoundryEnv; handles: ShapeHandles }> {
  const { env } = await installRequestWorld("en");
  installApplications();
  useRealTemplates("en");
  const handles = await installDomShape(shape);
  return { env, handles };
}

beforeAll(async () => {
  await world("v13");
  ({ GoldHackTestDialog: DialogClass } = await import("../../src/applications/dialogs/test-dialog"));
});

/** The one open dialog (prompt() opened it). */
function openDialog(): Dialog {
  const [dialog] = instances.values();
  if (!dialog) throw new Error("no dialog open");
  return dialog as Dialog;
}


/**
 * Types into a field as a browser reports it: the value, then "input" and "change" events that bubble,
 * made by the field's own window (user-input.ts › fire). Not user-input's `type`, which waits for idle:
 * these tests check what happens before the dialog settles (a second Enter, the locked fields).
 */
function type(control: HTMLInputElement | HTMLSelectElement, value: string): void {
  control.value = value;
  fire(control, "input");
  fire(control, "change");
}

const total = (dialog: Dialog, which: string) => $(dialog.element, `[data-total="${which}"]`).textContent?.trim();

describe.each(DOM_SHAPES)("the Test dialog in a DOM, Foundry %s", (shape) => {
  let env: FoundryEnv;
  let handles: ShapeHandles;
  let actor: GoldHackActor;
  let ids: Record<string, string>;

  beforeEach(async () => {
    ({ env, handles } = await world(shape));
    actor = await createActor({ name: "Hero", type: "character", system: { age: "young", persona: { value: 2 } }, ownership: { default: 0, [env.player.id]: 3 } });
    const items = await addItems(actor, [
      { type: "skill", name: "Swords", system: { skillType: "fight", rating: 3 } },
      { type: "trait", name: "Stubborn" },
    ]);
    ids = Object.fromEntries(items.map((i) => [i.name, i.id ?? ""]));
    env.setUser(env.player);
  });

  afterEach(async () => {
    for (const app of [...instances.values()]) await app.close();
  });

  async function open(request: Record<string, unknown> = {}): Promise<Dialog> {
    void DialogClass.prompt(actor as unknown as Actor.Implementation, { skillId: ids.Swords ?? "", ...request });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const dialog = openDialog();
    await dialog.idle();
    return dialog;
  }

  it("mounts where Foundry puts its windows (another Document when popped out)", async () => {
    const dialog = await open();
    expect(dialog.element.ownerDocument).toBe(handles.windowDocument ?? document);
    expect(dialog.element.classList).toContain("goldhack-test-dialog");
    expect(dialog.element.classList).toContain("application");
  });

  it("updates pool, Ob and odds as the player types an Ob and ticks a Trait, without redrawing the fields", async () => {
    const dialog = await open();
    const ob = $<HTMLInputElement>(dialog.element, 'input[name="ob"]');
    expect(total(dialog, "pool")).toBe("3D");
    type(ob, "2");
    await dialog.idle();
    expect(total(dialog, "ob")).toBe("Ob 2");
    const before = total(dialog, "chance");
    type($<HTMLSelectElement>(dialog.element, `select[name="traits.${ids.Stubborn}"]`), "helps");
    await dialog.idle();
    expect(total(dialog, "pool")).toBe("4D");
    expect(total(dialog, "chance")).not.toBe(before);
    // The form part was drawn once: the field the player typed in is the same element.
    expect($(dialog.element, 'input[name="ob"]')).toBe(ob);
    expect(dialog.renders.slice(1).every((parts) => !parts.includes("form"))).toBe(true);
  });

  it("marks a bad Ob beside the field and disables Roll until it is fixed", async () => {
    const dialog = await open();
    const ob = $<HTMLInputElement>(dialog.element, 'input[name="ob"]');
    type(ob, "0");
    await dialog.idle();
    expect(ob.getAttribute("aria-invalid")).toBe("true");
    expect($(dialog.element, '[data-error-for="ob"]').hidden).toBe(false);
    expect($<HTMLButtonElement>(dialog.element, 'button[name="roll"]').disabled).toBe(true);
    type(ob, "3");
    await dialog.idle();
    expect(ob.hasAttribute("aria-invalid")).toBe(false);
    expect($<HTMLButtonElement>(dialog.element, 'button[name="roll"]').disabled).toBe(false);
  });

  it("rolls once on Enter from a field, and posts one card through this version's message mode", async () => {
    handles.setMode("blind");
    // As the sheet's roll button does: the dialog opens, and the Test is rolled when it resolves.
    const rolled = actor.rollSkill(ids.Swords ?? "");
    await new Promise((resolve) => setTimeout(resolve, 0));
    const dialog = openDialog();
    await dialog.idle();
    type($<HTMLInputElement>(dialog.element, 'input[name="intent"]'), "Hold the gate");
    const ob = $<HTMLInputElement>(dialog.element, 'input[name="ob"]');
    type(ob, "2");
    await dialog.idle();
    const event = press(ob, "Enter");
    expect(event.defaultPrevented).toBe(true);
    // A second Enter before the first is handled must not roll again.
    press(ob, "Enter");
    await dialog.idle();
    await rolled;
    expect(dialog.closed).toBe(true);
    const cards = chatMessages().filter((m) => m.rolls.length > 0);
    expect(cards).toHaveLength(1);
    expect(cards[0]?._source.blind).toBe(true);
    expect(cards[0]?._source.whisper).toEqual([env.gm.id]);
  });

  it("posts the card as the footer's message mode says, for this roll only (the chat controls stay public)", async () => {
    handles.setMode("public");
    const rolled = actor.rollSkill(ids.Swords ?? "");
    await new Promise((resolve) => setTimeout(resolve, 0));
    const dialog = openDialog();
    await dialog.idle();
    type($<HTMLInputElement>(dialog.element, 'input[name="intent"]'), "Slip past");
    const mode = $<HTMLSelectElement>(dialog.element, 'select[name="messageMode"]');
    expect([...mode.options].map((o) => o.value)).toEqual(["public", "gm", "blind", "self"]);
    expect(mode.value).toBe("public");
    type(mode, "gm");
    await dialog.idle();
    $<HTMLButtonElement>(dialog.element, 'button[type="submit"]').click();
    await dialog.idle();
    await rolled;
    const [card] = chatMessages().filter((m) => m.rolls.length > 0);
    expect(card?._source.whisper).toEqual([env.gm.id]);
    expect(card?._source.blind).toBe(false);
    // Not part of the Test: the roll's stored choice has no message mode.
    expect(JSON.stringify(card?.rolls[0])).not.toContain("messageMode");
  });

  it("closes on Escape and resolves with null", async () => {
    const dialog = await open();
    press($(dialog.element, 'input[name="intent"]'), "Escape");
    await dialog.idle();
    expect(dialog.closed).toBe(true);
    expect(dialog.element.isConnected).toBe(false);
    await expect(dialog.result).resolves.toBeNull();
  });

  it("closes from its Cancel button (a data-action click with its element)", async () => {
    const dialog = await open();
    $<HTMLButtonElement>(dialog.element, '[data-action="cancel"] span').click();
    await dialog.idle();
    expect(dialog.closed).toBe(true);
    await expect(dialog.result).resolves.toBeNull();
  });

  it("keeps a GM's locked Skill and Ob whatever the player does to the fields", async () => {
    const dialog = await open({ ob: 4, locked: { skill: true, ob: true } });
    const ob = $<HTMLInputElement>(dialog.element, 'input[name="ob"]');
    const skill = $<HTMLSelectElement>(dialog.element, 'select[name="skill"]');
    expect(ob.disabled).toBe(true);
    expect(skill.disabled).toBe(true);
    // A script (or a devtools edit) changes the disabled fields anyway: the lock still holds.
    ob.disabled = false;
    type(ob, "1");
    await dialog.idle();
    expect(total(dialog, "ob")).toBe("Ob 4");
    press($(dialog.element, 'input[name="intent"]'), "Enter");
    await dialog.idle();
    await expect(dialog.result).resolves.toMatchObject({ skillName: "Swords", ob: 4 });
  });

  it("rolls Potential to learn a Magic Skill as Magic: the formula explodes and the card offers Fate's reroll (ruling-untrained-magic)", async () => {
    // The player fills the dialog herself: Potential, "Cast", Type Magic, Ob 2 (doubled to 4).
    const rolled = actor.rollTest({ skillId: null, kind: "potential" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const dialog = openDialog();
    await dialog.idle();
    type($<HTMLInputElement>(dialog.element, 'input[name="learnSkillName"]'), "Cast");
    type($<HTMLSelectElement>(dialog.element, 'select[name="learnSkillType"]'), "magic");
    type($<HTMLInputElement>(dialog.element, 'input[name="ob"]'), "2");
    await dialog.idle();
    const odds = total(dialog, "chance");
    type($<HTMLSelectElement>(dialog.element, 'select[name="learnSkillType"]'), "lore");
    await dialog.idle();
    // Exploding sixes make the same pool likelier to pass.
    expect(total(dialog, "chance")).not.toBe(odds);
    type($<HTMLSelectElement>(dialog.element, 'select[name="learnSkillType"]'), "magic");
    await dialog.idle();
    expect(total(dialog, "chance")).toBe(odds);
    setRandom(scriptedFaces([2, 5, 1, 3]));
    press($(dialog.element, 'input[name="ob"]'), "Enter");
    await dialog.idle();
    const message = await rolled;
    expect(message?.rolls[0]?.formula).toMatch(/d6x6/);
    const html = await (message as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
    const rerolls = [...html.querySelectorAll<HTMLElement>('[data-action="rerollDie"]')].map((b) => b.textContent?.trim());
    expect(rerolls.length).toBeGreaterThan(0);
    expect(html.querySelector('[data-action="spendFate"]')).toBeNull();
  });

  it("disables the Skill to learn and its Type with a GM's locked untrained request, and keeps them whatever the form says", async () => {
    const dialog = await open({ skillId: null, kind: "potential", learnSkillName: "Cast", learnSkillType: "magic", ob: 2, locked: { skill: true, ob: true } });
    const name = $<HTMLInputElement>(dialog.element, 'input[name="learnSkillName"]');
    const kind = $<HTMLSelectElement>(dialog.element, 'select[name="learnSkillType"]');
    expect(name.disabled).toBe(true);
    expect(kind.disabled).toBe(true);
    expect(name.value).toBe("Cast");
    // Re-enabled from devtools and changed: the lock still holds.
    name.disabled = false;
    kind.disabled = false;
    type(name, "Juggle");
    type(kind, "perform");
    await dialog.idle();
    press($(dialog.element, 'input[name="intent"]'), "Enter");
    await dialog.idle();
    await expect(dialog.result).resolves.toMatchObject({ kind: "potential", learnSkillName: "Cast", learnSkillType: "magic", magic: true });
  });
});
