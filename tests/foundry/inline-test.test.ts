/**
 * Inline Test links on the stand-ins, in a real DOM: the enricher draws each link, a click (or Enter)
 * opens the test dialog through the actor's public rollTest with the link's Skill and Ob, or, for
 * /request, the GM's request form (the real template, rendered and submitted) prefilled; bad links and
 * missing characters warn in the user's language and change nothing.
 */
import { resetDom } from "./dom-env";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { TestRequest } from "../../src/data/test-choice";
import type { GoldHackActor } from "../../src/documents/actor";
import { instances, installApplications, type StandInApplicationV2, useRealTemplates } from "./applications";
import { addItems, chatMessages, createActor } from "./documents";
import { installPacksIndex } from "./packs-index";
import { installRequestWorld, type RequestWorld } from "./request-env";

let world: RequestWorld;
let mira: GoldHackActor;
let asked: TestRequest[];
const controlled: { actor: GoldHackActor | null }[] = [];

/** The request dialogs open now (the real dialog class, rendered from its template by the stand-in). */
const openDialogs = (): StandInApplicationV2[] => [...instances.values()].filter((app) => !app.closed);

async function setUp(lang: "en" | "es" = "en"): Promise<void> {
  resetDom();
  world = await installRequestWorld(lang);
  installPacksIndex(["skills-en", "skills-es"]);
  installApplications();
  useRealTemplates(lang);
  (globalThis as unknown as { CONFIG: Record<string, unknown> }).CONFIG.TextEditor = { enrichers: [] };
  // The canvas as Foundry has it with a scene viewed: the tokens this user controls (none yet).
  (globalThis as unknown as { canvas: unknown }).canvas = { ready: true, tokens: { controlled } };
  controlled.length = 0;
  mira = await createActor({ name: "Mira", type: "character", system: { age: "young" }, ownership: { default: 0, [world.env.player.id]: 3 } });
  await addItems(mira, [{ name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 3 } }]);
  asked = [];
  // The dialog itself is another helper's and is tested on its own; here we check what the link asks it for.
  vi.spyOn(mira, "rollTest").mockImplementation(async (request: TestRequest = {}) => {
    asked.push(request);
    return null;
  });
}

/** The user's assigned character, as Foundry's User#character. */
const assignCharacter = (actor: GoldHackActor | null): void => void Object.defineProperty(world.env.player, "character", { value: actor, configurable: true });

/** Enriches text the way Foundry's enrichHTML does with our registered enricher, then runs onRender. */
async function enrich(text: string): Promise<HTMLElement> {
  const { registerInlineTests } = await import("../../src/enrichers/inline-test");
  registerInlineTests();
  const enricher = (CONFIG.TextEditor.enrichers as unknown as { pattern: RegExp; enricher: (m: RegExpMatchArray) => Promise<HTMLElement>; onRender: (e: HTMLElement) => void }[])[0];
  if (!enricher) throw new Error("no enricher registered");
  const root = document.createElement("div");
  let last = 0;
  for (const match of text.matchAll(enricher.pattern)) {
    root.append(text.slice(last, match.index), await enricher.enricher(match));
    last = (match.index ?? 0) + match[0].length;
  }
  root.append(text.slice(last));
  document.body.append(root);
  enricher.onRender(root);
  return root;
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
async function click(element: Element | null): Promise<void> {
  if (!(element instanceof HTMLElement)) throw new Error("nothing to click");
  element.click();
  await settle();
  await settle();
}

describe("inline Test links", () => {
  beforeEach(async () => setUp());

  it("draws a button naming the Skill and Ob, with a tooltip, keyboard-reachable", async () => {
    const root = await enrich("Sneak in: [[/test Stealth ob=3]], or [[/request Stealth]]{ask them}.");
    const links = root.querySelectorAll<HTMLElement>("a.goldhack-inline-test");
    expect([...links].map((l) => l.textContent)).toEqual(["Stealth · Ob 3", "ask them"]);
    expect(links[0]?.dataset.tooltip).toBe("Open the Test for your character: Stealth · Ob 3");
    expect(links[1]?.dataset.tooltip).toBe("Request this Test from the players: Stealth");
    expect(links[0]?.getAttribute("role")).toBe("button");
    expect(links[0]?.tabIndex).toBe(0);
    expect(root.textContent).toContain("Sneak in: ");
  });

  it("opens the test dialog for the user's character with the Skill and Ob", async () => {
    world.env.setUser(world.env.player);
    assignCharacter(mira);
    const root = await enrich("[[/test stealth ob=3]]");
    await click(root.querySelector("a"));
    expect(asked).toEqual([{ kind: "skill", skillId: mira.items.getName("Stealth")?.id, ob: 3 }]);
    expect(world.env.notifications.warnings).toEqual([]);
  });

  it("prefers the controlled token's actor the user owns over the assigned character", async () => {
    const other = await createActor({ name: "Other", type: "character", ownership: { default: 0 } });
    world.env.setUser(world.env.player);
    assignCharacter(other);
    controlled.push({ actor: other }, { actor: mira });
    const root = await enrich("[[/test Stealth ob=1]]");
    await click(root.querySelector("a"));
    expect(asked).toEqual([{ kind: "skill", skillId: mira.items.getName("Stealth")?.id, ob: 1 }]);
  });

  it("matches a Spanish Skill name to the character's English twin, and answers Enter too", async () => {
    world.env.setUser(world.env.player);
    assignCharacter(mira);
    const root = await enrich("[[/test Sigilo ob=2]]");
    root.querySelector("a")?.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    await settle();
    expect(asked).toEqual([{ kind: "skill", skillId: mira.items.getName("Stealth")?.id, ob: 2 }]);
  });

  it("tests Potential to learn a compendium Skill the character lacks", async () => {
    world.env.setUser(world.env.player);
    assignCharacter(mira);
    const root = await enrich("[[/test Medicina ob=2]]");
    await click(root.querySelector("a"));
    expect(asked).toEqual([{ kind: "potential", skillId: null, learnSkillName: "Medicine", ob: 2 }]);
  });

  it.each([
    ["en", "[[/test Juggling ob=2]]", "No Skill called “Juggling” on your character or in the Skill compendiums."],
    ["es", "[[/test Malabares ob=2]]", "No hay ninguna Habilidad llamada «Malabares» en tu personaje ni en los compendios de Habilidades."],
    ["en", "[[/test Stealth ob=zero]]", "The Ob must be a whole number from 1 to 99, not “zero”."],
    ["es", "[[/test Sigilo ob=0]]", "El Ob tiene que ser un número entero de 1 a 99, no «0»."],
  ] as const)("warns in %s and opens nothing for %s", async (lang, text, warning) => {
    await setUp(lang);
    world.env.setUser(world.env.player);
    assignCharacter(mira);
    const root = await enrich(text);
    await click(root.querySelector("a"));
    expect(world.env.notifications.warnings).toEqual([warning]);
    expect(asked).toEqual([]);
  });

  it("marks a bad link where it is drawn, with the problem as its tooltip", async () => {
    const root = await enrich("[[/test Stealth ob=-2]]");
    const link = root.querySelector<HTMLElement>("a");
    expect(link?.classList.contains("is-invalid")).toBe(true);
    expect(link?.dataset.tooltip).toBe("The Ob must be a whole number from 1 to 99, not “-2”.");
  });

  it.each([
    ["en", "You have no character to test: select your token or assign a character to your user."],
    ["es", "No tenés personaje para la Prueba: seleccioná tu token o asigná un personaje a tu usuario."],
  ] as const)("warns in %s when the user has no character", async (lang, warning) => {
    await setUp(lang);
    world.env.setUser(world.env.otherPlayer);
    assignCharacter(null);
    const root = await enrich("[[/test Stealth ob=3]]");
    await click(root.querySelector("a"));
    expect(world.env.notifications.warnings).toEqual([warning]);
    expect(asked).toEqual([]);
  });

  it("/request: a player is refused, and nothing is posted", async () => {
    world.env.setUser(world.env.player);
    const root = await enrich("[[/request Stealth ob=3]]");
    await click(root.querySelector("a"));
    expect(world.env.notifications.warnings).toEqual(["Only the GM can request a Test."]);
    expect(openDialogs()).toEqual([]);
    expect(chatMessages()).toEqual([]);
  });

  it("/request: the GM's form opens with the Skill and Ob, and submitting posts the request", async () => {
    // Without the link's Skill the form would open on the first name, Appraisal.
    await addItems(mira, [{ name: "Appraisal", type: "skill", system: { skillType: "expertise", rating: 2 } }]);
    controlled.push({ actor: mira });
    const root = await enrich("[[/request Sigilo ob=3]]");
    await click(root.querySelector("a"));
    const dialog = await vi.waitFor(() => {
      const [open] = openDialogs();
      if (!open) throw new Error("the request form did not open");
      return open;
    });
    await dialog.idle();
    const form = dialog.element;
    expect({ skill: form.querySelector<HTMLSelectElement>("select[name=skill]")?.value, ob: form.querySelector<HTMLInputElement>("[name=ob]")?.value }).toEqual({ skill: "Stealth", ob: "3" });
    const tick = form.querySelector<HTMLInputElement>(`input[name=actors][value="${mira.uuid}"]`);
    expect(tick?.checked, "the GM's controlled token is ticked").toBe(true);
    form.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    await dialog.idle();
    await vi.waitFor(() => expect(chatMessages()).toHaveLength(1));
    // A request card keeps its state in its `system` (the request ChatMessage subtype).
    const cards = chatMessages().map((m) => m.system as { skill: { name: string }; ob: number } | undefined);
    expect(cards.map((c) => [c?.skill.name, c?.ob])).toEqual([["Stealth", 3]]);
  });
});
