/**
 * The builder's Concept step and the current Situation (issue 31): the step shows the Situation's four
 * answers, the player ties the character to one of its powers, Create stores the tie on the character
 * (with the power's link), and the character sheet shows it linked. The Lifepaths and Skills steps say,
 * as the SRD does, that names follow the Situation. Everything through the rendered windows.
 */
import { afterFrames, screen } from "./dom-env";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { idleAll as idle, instances } from "./applications";
import { installBuilderWorld } from "./builder-env";
import { installGoldHack, createActor, state, type FoundryEnv, type StandInJournalEntry } from "./documents";
import { installSheetWorld } from "./sheet-env";
import { installSettings } from "./request-env";
import { $, change as choose, click, type } from "./user-input";

const q = <T extends Element = HTMLElement>(selector: string): T => {
  const found = screen.querySelector<T>(selector);
  if (!found) throw new Error(`nothing matches ${selector}`);
  return found;
};

let env: FoundryEnv;

async function situationWorld(lang: "en" | "es"): Promise<{ reeve: string }> {
  env = await installGoldHack({ lang });
  installBuilderWorld({ lang });
  installSettings();
  const { registerSituation } = await import("../../src/situation/register");
  registerSituation();
  const reeve = await createActor({ name: "The Reeve", type: "npc", system: {} });
  const JournalEntry = state.config.JournalEntry.documentClass as unknown as typeof StandInJournalEntry;
  const journal = (await JournalEntry.create({
    name: "Campaign",
    pages: [
      {
        name: "The Salt Marches",
        type: "situation",
        system: {
          place: "A delta of stilt villages",
          powers: [{ name: "The Reeve of Casmar", link: reeve.uuid }, { name: "The Eel Mothers", link: "" }],
          ties: "Every character owes something to one power.",
          conflict: "A new dam upriver dries the channels.",
          conflictKind: "struggle",
          people: "They trust those who share their boats.",
          notes: "",
        },
      },
    ],
  })) as StandInJournalEntry;
  const page = [...journal.pages.values()][0] as { uuid: string };
  await game.settings?.set("goldhack", "currentSituation", page.uuid as never);
  return { reeve: reeve.uuid };
}

async function openBuilder() {
  const { GoldHackBuilderWindow } = await import("../../src/builder/builder-window");
  const app = new GoldHackBuilderWindow({ seed: 3 });
  await app.render({ force: true });
  await idle();
  return app;
}

describe("the builder's Concept step and the current Situation", () => {
  afterEach(async () => {
    for (const app of [...instances.values()]) await app.close();
  });

  it("shows the four answers, stores the tie to the power picked, with its link", async () => {
    const { reeve } = await situationWorld("en");
    await openBuilder();
    const situation = q(".goldhack-builder__situation").textContent?.replace(/\s+/g, " ") ?? "";
    for (const text of ["The Salt Marches", "A delta of stilt villages", "The Reeve of Casmar", "owes something", "dries the channels", "share their boats"]) expect(situation).toContain(text);
    expect([...q<HTMLSelectElement>('[name="power"]').options].map((o) => o.textContent)).toEqual(["None yet", "The Reeve of Casmar", "The Eel Mothers"]);
    await type(q('[name="name"]'), "Ysolde");
    await choose(q('[name="power"]'), "The Reeve of Casmar");
    await click(q('[data-action="next"]'));
    await choose(q('[name="age"][value="adult"]'));
    await click(q('[data-action="quickStart"]'));
    await click(q('[data-action="goToStep"][data-step="lifepaths"]'));
    // The Lifepaths step says, as the SRD does, that the list follows the Situation.
    expect(q(".goldhack-builder__situation-note").textContent).toContain("according to the details of the Situation");
    await click(q('[data-action="goToStep"][data-step="review"]'));
    await click(q('[data-action="create"]'));
    expect(env.notifications.warnings).toEqual([]);
    const built = state.actors.getName("Ysolde") as unknown as { system: { tie: { power: string; link: string } } };
    expect(built.system.tie).toEqual({ power: "The Reeve of Casmar", link: reeve });
  });

  it("in Spanish, the Skills step says Skill names follow the Situation; no Situation named, no power asked", async () => {
    await situationWorld("es");
    await game.settings?.set("goldhack", "currentSituation", "" as never);
    await openBuilder();
    expect(screen.querySelector('[name="power"]')).toBeNull();
    expect(q(".goldhack-builder__hint").textContent).toContain("Situación actual");
    await type(q('[name="name"]'), "Orla");
    await click(q('[data-action="next"]'));
    await choose(q('[name="age"][value="adult"]'));
    await click(q('[data-action="quickStart"]'));
    await click(q('[data-action="goToStep"][data-step="skills"]'));
    expect(q(".goldhack-builder__situation-note").textContent).toContain("de acuerdo a los detalles de la Situación");
  });
});

describe("the character sheet shows the tie", () => {
  beforeEach(async () => {
    env = await installSheetWorld("v13");
  });

  it("linked to the power's Actor, or named without a link", async () => {
    const reeve = await createActor({ name: "The Reeve", type: "npc", system: {} });
    const actor = await createActor({ name: "Ysolde", type: "character", system: { tie: { power: "The Reeve of Casmar", link: reeve.uuid } } });
    const { GoldHackCharacterSheet } = await import("../../src/applications/sheets/character-sheet");
    const sheet = new (GoldHackCharacterSheet as unknown as new (o: object) => { render(o: object): Promise<unknown>; idle(): Promise<void>; element: HTMLElement; close(): Promise<unknown> })({ document: actor });
    await sheet.render({ force: true });
    await sheet.idle();
    await click($(sheet.element, '[data-action="tab"][data-tab="biography"]'));
    await afterFrames(() => sheet.idle());
    const link = $(sheet.element, ".goldhack-tie a.content-link");
    expect(link.textContent?.trim()).toBe("The Reeve of Casmar");
    expect(link.dataset.uuid).toBe(reeve.uuid);
    await actor.update({ system: { tie: { power: "The Reeve of Casmar", link: "" } } } as never);
    await afterFrames(() => sheet.idle());
    expect(sheet.element.querySelector(".goldhack-tie a")).toBeNull();
    expect($(sheet.element, ".goldhack-tie__power").textContent).toBe("The Reeve of Casmar");
    await sheet.close();
  });
});
