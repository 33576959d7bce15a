import { existsSync, readFileSync } from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackRoll } from "../../src/dice/goldhack-roll";
import type { TestChoice } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { type ChatSupport, installChatSupport, installDice, scriptedFaces, setRandom } from "./dice";
import { installSocket } from "./socket";
import { addItems, chatMessages, createSela, type FoundryEnv, installGoldHack, type StandInUser } from "./documents";

let env: FoundryEnv;
let chat: ChatSupport;
let RollClass: typeof GoldHackRoll;
let actions: typeof import("../../src/dice/card-actions");
let cardState: typeof import("../../src/dice/test-card-state");
let render: typeof import("../../src/dice/test-card-render");
let actor: GoldHackActor;
let skillId: string;
let magicId: string;

type Message = ChatMessage.Implementation;
const EVIL = "<img src=x onerror=alert(1)>";

const cards = () => chatMessages().filter((m) => m.rolls.length > 0) as unknown as Message[];
/** The data-action of every button, in order. */
const actionsIn = (html: string) => [...html.matchAll(/<button [^>]*data-action="([^"]+)"/g)].map((m) => m[1]);

function choice(overrides: Partial<TestChoice> = {}): TestChoice {
  return { kind: "skill", actorUuid: actor.uuid ?? "", skillId, skillName: "Swords", rating: 4, potential: 4, ob: 3, magic: false, persona: 0, modifiers: [], ...overrides };
}

async function roll(faces: number[], overrides: Partial<TestChoice> = {}): Promise<Message> {
  env.setUser(env.player);
  setRandom(scriptedFaces(faces));
  const message = await RollClass.rollTest(choice(overrides));
  if (!message) throw new Error("no card");
  return message;
}

/** The card as `viewer` sees it, in `lang`: re-read from the message, as another client would. */
async function view(message: Message, viewer: StandInUser, lang: "en" | "es" = "en", isPrivate = false): Promise<string> {
  env.setUser(viewer);
  chat.lang = lang;
  const current = cards().find((m) => m.id === message.id);
  const card = current ? cardState.testCardOf(current) : null;
  if (!card) throw new Error("no Test card");
  return render.renderTestCard(card, isPrivate);
}

beforeEach(async () => {
  env = await installGoldHack();
  installDice();
  chat = await installChatSupport("en");
  (await import("../../src/dice/register")).registerDice();
  RollClass = (await import("../../src/dice/goldhack-roll")).GoldHackRoll;
  actions = await import("../../src/dice/card-actions");
  cardState = await import("../../src/dice/test-card-state");
  render = await import("../../src/dice/test-card-render");
  installSocket();
  (await import("../../src/channel")).listenOnChannel();
  ({ actor, skillId, magicId } = await createSela(env, 2));
});

describe("the Test card template", () => {
  it("lives where the built system serves it: dist/templates/chat/test-card.hbs", () => {
    expect(RollClass.CHAT_TEMPLATE).toBe("systems/goldhack/templates/chat/test-card.hbs");
    expect(existsSync(new URL("../../templates/chat/test-card.hbs", import.meta.url))).toBe(true);
    // vite copies templates/ as is into dist/, which Foundry serves as systems/goldhack/.
    const vite = readFileSync(new URL("../../vite.config.ts", import.meta.url), "utf8");
    expect(vite).toMatch(/"templates"/);
  });

  it("renders every state in English and Spanish with no missing keys", async () => {
    const failed = await roll([6, 1, 2, 3], { persona: 1, intent: "Cross the bridge", task: "Run", consequence: "You fall", modifiers: [{ kind: "trait-help", label: "Tall", dice: 1, ob: 0 }, { kind: "trait-hinder", label: "Clumsy", dice: 0, ob: 1 }, { kind: "linked", label: "GOLDHACK.Dialog.Test.Linked", dice: 1, ob: 0 }] });
    const passed = await roll([4, 5, 6, 4], { ob: 2 });
    const magic = await roll([2, 5, 1], { skillId: magicId, skillName: "Cast", rating: 3, magic: true, ob: 3 });
    const untrained = await roll([4, 4, 1, 1], { kind: "potential", skillId: null, skillName: "Potential", rating: 0, ob: 1, learnSkillName: "Sailing" });
    const [tired] = await addItems(actor, [{ name: "Tired & <sore>", type: "fallout", system: { rating: 2 } }]);
    const recovery = await roll([4, 1, 1, 1], { kind: "recovery", skillId: null, skillName: "Potential", rating: 4, ob: 2, falloutId: tired?.id ?? "" });
    expect(await view(recovery, env.player, "en")).toMatch(/Sela\s*· recovering from Tired &amp; &lt;sore&gt;/);
    expect(await view(recovery, env.player, "es")).toContain("para recuperarse de Tired &amp; &lt;sore&gt;");
    env.setUser(env.gm);
    await actions.requestCardAction(failed, { action: "offerFallout" });
    setRandom(scriptedFaces([4]));
    await actions.requestCardAction(magic, { action: "rerollDie", die: 2 });
    for (const lang of ["en", "es"] as const) {
      for (const message of [failed, passed, magic, untrained, recovery]) {
        for (const viewer of [env.gm, env.player, env.otherPlayer]) await view(message, viewer, lang);
        await view(message, env.player, lang, true);
      }
    }
    env.setUser(env.player);
    await actions.requestCardAction(failed, { action: "acceptFallout", name: "Bruised" });
    setRandom(scriptedFaces([5]));
    await actions.requestCardAction(passed, { action: "spendFate" });
    for (const lang of ["en", "es"] as const) for (const message of [failed, passed]) await view(message, env.player, lang);
    expect([...chat.missing]).toEqual([]);
  });

  it("says Passed!/Failed! in the viewer's language, with the Ob named by its grade and what is left", async () => {
    const failed = await roll([6, 1, 2, 3]);
    const passed = await roll([4, 5, 6, 4], { ob: 2 });
    const enFail = await view(failed, env.player, "en");
    expect(enFail).toContain("Failed!");
    expect(enFail).toContain("Ob 3 · Difficult");
    expect(enFail).toContain("Ob left: 2");
    const esFail = await view(failed, env.player, "es");
    expect(esFail).toContain("¡Falló la Prueba!");
    expect(esFail).toContain("Ob 3 · Formidable");
    expect(esFail).toContain("Ob restante: 2");
    const enPass = await view(passed, env.player, "en");
    expect(enPass).toContain("Passed!");
    expect(enPass).toContain("extra hits: 2");
    expect(await view(passed, env.player, "es")).toContain("¡Pasó la Prueba!");
  });

  it("shows the pool breakdown: rating, each labelled modifier, Persona, and the untrained doubling", async () => {
    const message = await roll([6, 1, 2, 3, 4, 5], { persona: 1, modifiers: [{ kind: "trait-help", label: "Tall", dice: 1, ob: 0 }, { kind: "fallout", label: "Tired", dice: 0, ob: 2 }] });
    const html = await view(message, env.player);
    expect(html).toMatch(/Skill rating<\/span>\s*<span class="goldhack-test-card__line-value">4D/);
    expect(html).toMatch(/Tall<\/span>\s*<span class="goldhack-test-card__line-value">\+1D/);
    expect(html).toMatch(/Persona <a class="content-link goldhack-rule"[^>]*><i[^>]*><\/i><\/a><\/span>\s*<span class="goldhack-test-card__line-value">\+1D/);
    expect(html).toMatch(/Tired<\/span>\s*<span class="goldhack-test-card__line-value">\+2 Ob/);
    expect(html).toMatch(/Total<\/span>\s*<span class="goldhack-test-card__line-value">6D/);
    expect(html).toMatch(/Total<\/span>\s*<span class="goldhack-test-card__line-value">Ob 5/);
    const untrained = await roll([4, 4, 1, 1], { kind: "potential", skillId: null, skillName: "Potential", rating: 0, ob: 2 });
    const u = await view(untrained, env.player);
    expect(u).toContain("No Skill: Potential at double Ob");
    expect(u).toContain("doubled: Ob 4");
    expect(u).toMatch(/Potential<\/span>\s*<span class="goldhack-test-card__line-value">4D/);
  });

  it("marks hits, sixes, exploded dice, Fate's dice, and strikes out a rerolled die", async () => {
    const message = await roll([2, 6, 1, 5], { skillId: magicId, skillName: "Cast", rating: 3, magic: true, ob: 4 });
    // 6 explodes into a 5 (Magic); then Fate rerolls the 1.
    const before = await view(message, env.player);
    expect(before).toMatch(/class="goldhack-test-card__die goldhack-test-card__die--hit goldhack-test-card__die--six goldhack-test-card__die--exploded"/);
    // A hit is not offered for the reroll until the player asks for every die.
    expect(before).toMatch(/<li class="goldhack-test-card__die goldhack-test-card__die--hit goldhack-test-card__die--from-explosion">\s*<span class="goldhack-test-card__die-face">5<\/span>/);
    setRandom(scriptedFaces([4]));
    env.setUser(env.player);
    expect(await actions.requestCardAction(message, { action: "rerollDie", die: 2 })).toEqual({ ok: true });
    const after = await view(message, env.player);
    expect(after).toMatch(/<li class="goldhack-test-card__die goldhack-test-card__die--miss goldhack-test-card__die--rerolled">\s*<s class="goldhack-test-card__die-face">1<\/s>/);
    expect(after).toMatch(/<li class="goldhack-test-card__die goldhack-test-card__die--hit goldhack-test-card__die--fate">\s*<span class="goldhack-test-card__die-face">4<\/span>/);
    expect(after).toContain("Fate spent: one die was rerolled.");
  });

  it("says Untrained on the card's face, outside the collapsed breakdown, in both languages", async () => {
    const untrained = await roll([4, 4, 1, 1], { kind: "potential", skillId: null, skillName: "Potential", rating: 0, ob: 2 });
    for (const [lang, word] of [["en", "Untrained"], ["es", "Sin la Habilidad"]] as const) {
      const html = await view(untrained, env.player, lang);
      const face = html.slice(0, html.indexOf("<details"));
      expect(face).toContain(`goldhack-test-card__tag--untrained">${word}</span>`);
    }
    const trained = await view(await roll([4, 4, 1, 1]), env.player);
    expect(trained).not.toContain("goldhack-test-card__tag--untrained");
  });

  it("explains under the dice exactly the markers this roll shows", async () => {
    const legendOf = (html: string) => [...(html.match(/<p class="goldhack-test-card__legend">([\s\S]*?)<\/p>/)?.[1] ?? "").matchAll(/<span><i class="fa-solid (fa-[a-z-]+)"/g)].map((m) => m[1]);
    // Misses only: no marker, no legend.
    expect(await view(await roll([1, 2, 3, 1]), env.player)).not.toContain("goldhack-test-card__legend");
    // A plain hit: the check mark, said in words.
    const plain = await view(await roll([5, 2, 3, 1]), env.player);
    expect(legendOf(plain)).toEqual(["fa-check"]);
    expect(plain).toContain("4+ is a hit");
    // Magic: the 6 explodes into another die; then Fate rerolls a miss.
    const magic = await roll([2, 6, 1, 5], { skillId: magicId, skillName: "Cast", rating: 3, magic: true, ob: 4 });
    expect(legendOf(await view(magic, env.player))).toEqual(["fa-check", "fa-burst", "fa-plus"]);
    setRandom(scriptedFaces([4]));
    env.setUser(env.player);
    expect(await actions.requestCardAction(magic, { action: "rerollDie", die: 2 })).toEqual({ ok: true });
    const after = await view(magic, env.player, "es");
    expect(legendOf(after)).toEqual(["fa-check", "fa-burst", "fa-plus", "fa-rotate", "fa-star"]);
    expect(after).toContain("vuelto a tirar con Fortuna");
  });

  it("escapes every name a user typed: actor, skill, trait, Intent and Task", async () => {
    await actor.update({ name: `<b>Sela</b>` });
    const [evil] = await addItems(actor, [{ name: EVIL, type: "skill", system: { skillType: "fight", rating: 2 } }]);
    const message = await roll([4, 4, 1], {
      skillId: evil?.id ?? "",
      skillName: EVIL,
      rating: 2,
      ob: 1,
      intent: `<script>alert(1)</script>`,
      task: `" onmouseover="alert(1)`,
      modifiers: [{ kind: "trait-help", label: EVIL, dice: 1, ob: 0 }],
    });
    for (const lang of ["en", "es"] as const) {
      const html = await view(message, env.player, lang);
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<script");
      expect(html).not.toContain("<b>Sela");
      expect(html).not.toContain(`" onmouseover`);
      expect(html).toContain("&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;");
      // Escaped inside localised sentences too (the log line names the skill).
      expect(html).toMatch(/(Logged as a Passed Test in|Anotada como Prueba Pasada en) &lt;img/);
    }
  });
});

describe("the card's buttons", () => {
  it("shows Spend Fate and the linked test to the owner only, and Offer Fallout to the GM only, on a failure", async () => {
    const message = await roll([6, 1, 2, 3]);
    expect(actionsIn(await view(message, env.player))).toEqual(["spendFate", "linkedTest"]);
    expect(actionsIn(await view(message, env.gm))).toEqual(["spendFate", "offerFallout", "linkedTest"]);
    expect(actionsIn(await view(message, env.otherPlayer))).toEqual([]);
  });

  it("hides Spend Fate once spent, or when the actor has none left", async () => {
    const message = await roll([6, 1, 2, 3]);
    await actor.update({ system: { fate: { value: 0 } } });
    expect(actionsIn(await view(message, env.player))).toEqual(["linkedTest"]);
    await actor.update({ system: { fate: { value: 2 } } });
    setRandom(scriptedFaces([1]));
    env.setUser(env.player);
    await actions.requestCardAction(message, { action: "spendFate" });
    expect(actionsIn(await view(message, env.player))).toEqual(["linkedTest"]);
  });

  it("turns each die Fate may reroll on a Magic roll into a labelled button (never a six)", async () => {
    const message = await roll([6, 2, 5, 4], { skillId: magicId, skillName: "Cast", rating: 3, magic: true, ob: 5 });
    const html = await view(message, env.player);
    const rerolls = [...html.matchAll(/<button type="button" class="goldhack-test-card__die-face" data-action="rerollDie" data-die="(\d+)" aria-label="([^"]+)">(\d)<\/button>/g)];
    // Only the die that missed is offered; the hits wait behind "Show all dice".
    expect(rerolls.map((m) => [m[1], m[3]])).toEqual([["1", "2"]]);
    expect(rerolls[0]?.[2]).toBe("Spend 1 Fate to reroll this 2");
    expect(actionsIn(html)).toContain("showAllDice");
    const card = cardState.testCardOf(cards().find((m) => m.id === message.id) as Message);
    if (!card) throw new Error("no Test card");
    env.setUser(env.player);
    const all = await render.renderTestCard(card, false, undefined, { showAllDice: true });
    const allRerolls = [...all.matchAll(/data-action="rerollDie" data-die="(\d+)" aria-label="[^"]+">(\d)<\/button>/g)];
    expect(allRerolls.map((m) => [m[1], m[2]])).toEqual([
      ["1", "2"],
      ["2", "5"],
      ["3", "4"],
    ]);
    expect(actionsIn(await view(message, env.otherPlayer))).toEqual([]);
  });

  it("offers Accept and Refuse to the owner once the GM offers Fallout, then marks the Intent granted", async () => {
    const message = await roll([4, 1, 2, 3]);
    env.setUser(env.gm);
    await actions.requestCardAction(message, { action: "offerFallout" });
    const offered = await view(message, env.player);
    expect(offered).toContain("The GM offers the Intent at a cost: Fallout 2.");
    expect(actionsIn(offered)).toEqual(["acceptFallout", "refuseFallout", "linkedTest"]);
    expect(actionsIn(await view(message, env.otherPlayer))).toEqual([]);
    env.setUser(env.player);
    await actions.requestCardAction(message, { action: "acceptFallout", name: "Bruised" });
    const accepted = await view(message, env.player);
    expect(accepted).toContain("Intent granted, at a cost: Fallout 2 taken.");
    expect(actionsIn(accepted)).toEqual([]);
  });

  it("gives every button type=button and an accessible label", async () => {
    const message = await roll([6, 1, 2, 3]);
    const html = await view(message, env.gm);
    const buttons = [...html.matchAll(/<button\b[^>]*>/g)].map((m) => m[0]);
    expect(buttons.length).toBeGreaterThan(0);
    for (const b of buttons) {
      expect(b).toContain('type="button"');
      expect(b).toMatch(/aria-label="[^"]+"/);
    }
  });

  it("shows a private Test as private, without its dice", async () => {
    const message = await roll([6, 1, 2, 3]);
    const html = await view(message, env.otherPlayer, "en", true);
    expect(html).toContain("A private Test.");
    expect(html).not.toContain("goldhack-test-card__die-face");
  });
});
