/**
 * The Situation page on the stand-ins: created in a journal, edited through its form (the SRD's four
 * questions), shown in its read view with the powers linked, and named the world's current Situation.
 */
import "./dom-env";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDom, screen } from "./dom-env";
import { installVariantShape } from "./popped-out";
import { fire } from "./user-input";
import { idleAll, installApplications, useRealTemplates } from "./applications";
import { createActor, installGoldHack, runAsClient, state, type FoundryEnv, type StandInJournalEntry, type StandInJournalEntryPage } from "./documents";
import { installSettings } from "./request-env";

type Sheet = { render(o: object): Promise<unknown>; element: HTMLElement; idle(): Promise<void>; close(): Promise<unknown> };

let env: FoundryEnv;
let journal: StandInJournalEntry;
let page: StandInJournalEntryPage;

async function install(lang: "en" | "es" = "en"): Promise<void> {
  env = await installGoldHack({ lang });
  installSettings();
  resetDom();
  installApplications();
  useRealTemplates(lang);
  await installVariantShape();
  const { registerSituation } = await import("../../src/situation/register");
  registerSituation();
  const JournalEntry = state.config.JournalEntry.documentClass as unknown as typeof import("./documents").StandInJournalEntry;
  journal = (await JournalEntry.create({ name: "Campaign", ownership: { default: 2 }, pages: [{ name: "The Drowned City", type: "situation", system: {} }] })) as StandInJournalEntry;
  page = [...journal.pages.values()][0] as StandInJournalEntryPage;
}

const sheetOf = async (mode: "view" | "edit", user = env.gm): Promise<Sheet> => {
  const { GoldHackSituationSheet } = await import("../../src/situation/situation-sheet");
  const sheet = new (GoldHackSituationSheet as unknown as new (o: object) => Sheet)({ document: page, mode });
  await runAsClient(user, () => sheet.render({ force: true }));
  await idleAll();
  return sheet;
};

const type = (root: HTMLElement, selector: string, value: string): void => {
  const input = root.querySelector<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(selector);
  if (!input) throw new Error(`no ${selector}`);
  input.value = value;
  fire(input, "change");
};

describe("the Situation page", () => {
  beforeEach(() => install());

  it("is a registered page type whose model starts empty, with the SRD's kinds of conflict", () => {
    expect(page.type).toBe("situation");
    expect(page.system).toMatchObject({ place: "", powers: [], ties: "", conflict: "", conflictKind: "intrigue", people: "", notes: "" });
  });

  it("asks the four questions with their help text, and saves what the GM types", async () => {
    const duke = await createActor({ name: "Duke Orsolo", type: "npc", system: {} });
    const sheet = await sheetOf("edit");
    const form = sheet.element;
    const legends = [...form.querySelectorAll("legend")].map((l) => l.textContent?.trim());
    expect(legends).toEqual([
      "Where does it take place? Who are the powers that be?",
      "How are the characters tied to those powers?",
      "What's the main conflict?",
      "How do they relate to the people of that place?",
    ]);
    expect(form.textContent).toContain("How the characters are bound to those powers");
    type(form, '[name="system.place"]', "Venra, a city half under the sea");
    // Adding a power keeps what was typed and gives an empty row.
    form.querySelector<HTMLElement>('[data-action="addPower"]')?.click();
    await sheet.idle();
    await idleAll();
    const rows = () => form.querySelectorAll("[data-power-row]");
    expect(rows()).toHaveLength(1);
    type(form, '[name="system.powers.0.name"]', "The Duke");
    type(form, '[name="system.powers.0.link"]', duke.uuid);
    form.querySelector<HTMLElement>('[data-action="addPower"]')?.click();
    await sheet.idle();
    await idleAll();
    type(form, '[name="system.powers.1.name"]', "The Tide Guild");
    type(form, '[name="system.ties"]', "Each owes the Duke or the Guild");
    type(form, '[name="system.conflictKind"]', "struggle");
    type(form, '[name="system.conflict"]', "The sea walls are failing");
    type(form, '[name="system.people"]', "Fishers distrust anyone from the palace");
    form.querySelector<HTMLButtonElement>("[data-page-save]")?.click();
    fire(form, "submit", { bubbles: false, cancelable: true });
    await sheet.idle();
    await idleAll();
    expect(page.system).toMatchObject({
      place: "Venra, a city half under the sea",
      powers: [
        { name: "The Duke", link: duke.uuid },
        { name: "The Tide Guild", link: "" },
      ],
      ties: "Each owes the Duke or the Guild",
      conflictKind: "struggle",
      conflict: "The sea walls are failing",
      people: "Fishers distrust anyone from the palace",
    });
    // A removed power leaves the others.
    form.querySelector<HTMLElement>('[data-power-row][data-index="0"] [data-action="removePower"]')?.click();
    await sheet.idle();
    await idleAll();
    expect((page.system as unknown as { powers: { name: string }[] }).powers.map((p) => p.name)).toEqual(["The Tide Guild"]);
  });

  it("reads cleanly: the answers under their questions, a linked power opens its page, a gone one says so", async () => {
    const other = (await journal.createEmbeddedDocuments("JournalEntryPage", [{ name: "Tide Guild", type: "situation", system: {} }]))[0] as StandInJournalEntryPage;
    const gone = await createActor({ name: "Old Duke", type: "npc", system: {} });
    await page.update({
      system: {
        place: "Venra",
        powers: [
          { name: "The Guild", link: other.uuid },
          { name: "The old Duke", link: gone.uuid },
          { name: "The bishops", link: "" },
        ],
        conflictKind: "quest",
        conflict: "Find the drowned crown",
        people: "Loved by the fishers",
      },
    });
    await gone.delete();
    const sheet = await sheetOf("view", env.player);
    const root = sheet.element;
    expect(root.querySelector('[data-answer="place"]')?.textContent).toBe("Venra");
    expect(root.querySelector('[data-answer="conflictKind"]')?.textContent).toBe("Quest");
    expect(root.querySelector('[data-answer="conflict"]')?.textContent).toContain("Find the drowned crown");
    expect(root.querySelector("form, input, textarea")).toBeNull();
    const link = root.querySelector<HTMLElement>('[data-action="openPower"]');
    expect(link?.textContent).toBe("The Guild");
    expect(root.querySelector(".goldhack-situation__power--broken")?.textContent).toBe("The old Duke");
    expect(root.querySelectorAll('[data-answer="powers"] li')).toHaveLength(3);
    // A player sees no "make current" button.
    expect(root.querySelector('[data-action="makeCurrent"]')).toBeNull();
    await runAsClient(env.player, async () => {
      link?.click();
      await sheet.idle();
    });
    await idleAll();
    expect(screen.querySelector(".goldhack-situation__form, .goldhack-situation__view [data-answer]")).not.toBeNull();
    expect((other.sheet as { rendered: boolean }).rendered).toBe(true);
  });

  it("lets the GM name it the world's current Situation", async () => {
    const sheet = await sheetOf("view");
    sheet.element.querySelector<HTMLElement>('[data-action="makeCurrent"]')?.click();
    await sheet.idle();
    await idleAll();
    expect(game.settings?.get("goldhack", "currentSituation")).toBe(page.uuid);
    expect(sheet.element.querySelector(".goldhack-situation__current")?.textContent).toBe("Current Situation");
  });

  it("speaks Spanish", async () => {
    await install("es");
    const sheet = await sheetOf("edit");
    expect(sheet.element.querySelector("legend")?.textContent?.trim()).toBe("¿Dónde sucede la acción? ¿Quiénes tienen poder ahí?");
    expect(sheet.element.querySelector('[name="system.conflictKind"] option[value="struggle"]')?.textContent).toBe("Lucha");
  });
});
