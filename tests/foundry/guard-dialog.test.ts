/**
 * The repeated-test guard inside GoldHackTestDialog, on the application stand-ins: the footer says what
 * must change and links the earlier card, the Roll stays disabled and a submit is refused for a player,
 * and only a GM sees (and may tick) "Roll anyway".
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice, TestRequest } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { HandlebarsApplicationMixin, setTemplateRenderer, StandInApplicationV2 } from "./applications";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, createActor, type FoundryEnv } from "./documents";
import { compileTemplate, createHandlebars } from "./handlebars";
import { installRequestWorld, settle } from "./request-env";
import { decode, formObject, tags } from "./test-dialog-html";

type Dialog = import("../../src/applications/dialogs/test-dialog").GoldHackTestDialog & { parts: Record<string, string> };

let env: FoundryEnv;
let actor: GoldHackActor;
let skillId: string;
let RollClass: typeof GoldHackRoll;
let DialogClass: typeof import("../../src/applications/dialogs/test-dialog").GoldHackTestDialog;

const sneak = { intent: "Slip past the guards", task: "Creep along the wall", ob: 3 };

/** ApplicationV2 with its close (_onClose, then closed), as the shared stand-in now has it. */
const ClosableApplication = StandInApplicationV2;

async function install(): Promise<void> {
  ({ env } = await installRequestWorld("en"));
  const g = globalThis as unknown as { foundry: { applications: Record<string, unknown> } };
  Object.assign(g.foundry.applications, {
    api: { ApplicationV2: ClosableApplication, HandlebarsApplicationMixin },
  });
  const { hbs } = createHandlebars("en");
  setTemplateRenderer((path, context) => compileTemplate(hbs, path.replace(/^systems\/goldhack\/templates\//, ""))(context));
}

/** Opens the dialog as Foundry would and returns it rendered. */
async function open(request: TestRequest): Promise<Dialog> {
  const dialog = new DialogClass(actor as unknown as Actor.Implementation, request) as Dialog;
  await dialog.render({ force: true });
  return dialog;
}

/** The form's submit, as Foundry calls the handler with the form's values. */
async function submit(dialog: Dialog, values: Record<string, unknown>): Promise<void> {
  const handler = (dialog.options as unknown as { form: { handler: (this: Dialog, e: Event, f: null, d: { object: Record<string, unknown> }) => Promise<void> } }).form.handler;
  await handler.call(dialog, new Event("submit"), null, { object: values });
}

async function settledWith(dialog: Dialog): Promise<TestChoice | null | "pending"> {
  return Promise.race([dialog.result, new Promise<"pending">((resolve) => setTimeout(() => resolve("pending"), 5))]);
}

const roll = (footer: string) => tags(footer).find((t) => t.name === "button" && t.attrs.get("name") === "roll");

beforeEach(async () => {
  await install();
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  DialogClass = (await import("../../src/applications/dialogs/test-dialog")).GoldHackTestDialog;
  actor = await createActor({ name: "Sela", type: "character", system: { age: "young" }, ownership: { default: 0, [env.player.id]: 3 } });
  const [skill] = await addItems(actor, [{ name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 3 } }]);
  skillId = skill?.id ?? "";
  // Sela already tried to slip past the guards in this scene, and failed.
  env.setUser(env.player);
  setRandom(scriptedFaces([1, 1, 1]));
  const c: TestChoice = { kind: "skill", actorUuid: actor.uuid ?? "", skillId, skillName: "Stealth", rating: 3, potential: 4, magic: false, persona: 0, modifiers: [], ...sneak };
  if (!(await RollClass.rollTest(c))) throw new Error("no earlier card");
  await settle();
});

describe("the test dialog's repeated-test guard", () => {
  it("tells a player which two must change, links the earlier card, and refuses the roll", async () => {
    env.setUser(env.player);
    const dialog = await open({ skillId, intent: "Slip past the guards ", task: "creep along the wall", ob: 3 });
    const footer = dialog.parts.footer ?? "";
    const text = decode(footer.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");
    expect(text).toContain("Already tested in this scene");
    expect(text).toContain("This repeats Test 1 (Intent “Slip past the guards”, Task “Creep along the wall”, Ob 3): two of Intent, Task and Ob must change");
    expect(text).toContain("It failed.");
    const earlierId = game.messages?.contents[0]?.id;
    expect(tags(footer).find((t) => t.attrs.get("data-action") === "showMessage")?.attrs.get("data-message-id")).toBe(earlierId);
    expect(roll(footer)?.attrs.has("disabled")).toBe(true);
    expect(footer).not.toContain("overrideRepeated");

    const form = formObject(dialog.parts.form ?? "");
    await submit(dialog, { ...form, overrideRepeated: true });
    expect(await settledWith(dialog)).toBe("pending");

    // Change two of the three and the Test may be rolled.
    await submit(dialog, { ...form, task: "Bribe the sergeant", ob: 2 });
    expect(await dialog.result).toMatchObject({ task: "Bribe the sergeant", ob: 2 });
  });

  it("lets a GM roll it anyway, only once ticked", async () => {
    env.setUser(env.gm);
    const dialog = await open({ skillId, ...sneak });
    const footer = dialog.parts.footer ?? "";
    expect(tags(footer).find((t) => t.attrs.get("name") === "overrideRepeated")).toBeDefined();
    expect(roll(footer)?.attrs.has("disabled")).toBe(true);
    const form = formObject(dialog.parts.form ?? "");
    await submit(dialog, form);
    expect(await settledWith(dialog)).toBe("pending");
    await submit(dialog, { ...form, overrideRepeated: true });
    expect(await dialog.result).toMatchObject({ intent: sneak.intent, ob: 3 });
  });

  it("says nothing once the GM has cleared the scene's memory", async () => {
    env.setUser(env.gm);
    expect(await game.goldhack?.clearTestMemory()).toBe(true);
    env.setUser(env.player);
    const dialog = await open({ skillId, ...sneak });
    expect(dialog.parts.footer).not.toContain("goldhack-repeated-test");
    expect(roll(dialog.parts.footer ?? "")?.attrs.has("disabled")).toBe(false);
  });
});
