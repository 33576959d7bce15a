/**
 * Retiring a character (src/documents/retire.ts): the GM's action on the sheet marks it retired and keeps its
 * sheet and history; a player cannot set it; the retired character is left out of the reward and Trait votes,
 * group Tests and downtime, and a forged request that names it is refused by the GM's client.
 * SRD: Changes › Aging Your Character: "You can retire your character at any point." (en, line 345);
 * «Si no, cuando quieras, retirá a tu personaje.» (es, line 341)
 */
import { beforeEach, describe, expect, it } from "vitest";
import { chatMessages, runAsClient } from "./documents";
import { instances, type StandInActorSheetV2 } from "./applications";
import { installGroupWorld, type GroupWorld } from "./group-env";
import { installUuids } from "./uuid";
import { installApiShape } from "./api-shapes";
import { screen } from "./dom-env";
import { variantShape } from "./popped-out";
import { $ } from "./user-input";

let w: GroupWorld;
const retired = (i: 0 | 1 | 2): unknown => (w.characters[i].system as unknown as { retired?: unknown }).retired;

beforeEach(async () => {
  w = await installGroupWorld("en");
  installUuids();
  // The popped-out variant installed v14 and its pop-out already (session-env.ts).
  if (!variantShape()) installApiShape("v13");
  (await import("../../src/applications/sheets/register")).registerActorSheets();
  (await import("../../src/documents/register")).registerDocuments();
});

async function openSheet(i: 0 | 1 | 2): Promise<StandInActorSheetV2> {
  const { GoldHackCharacterSheet } = await import("../../src/applications/sheets/character-sheet");
  const Sheet = GoldHackCharacterSheet as unknown as new (options: { document: unknown }) => StandInActorSheetV2;
  const sheet = new Sheet({ document: w.characters[i] });
  await sheet.render({ force: true });
  await sheet.idle();
  return sheet;
}

describe("the GM's Retire action", () => {
  it("starts false; the GM retires from the sheet, the sheet stays readable with its history, and can bring her back", async () => {
    expect(retired(0)).toBe(false);
    const sheet = await runAsClient(w.gm, () => openSheet(0));
    await runAsClient(w.gm, async () => {
      $(sheet.element, '[data-action="retire"]').click();
      await w.settle();
      await sheet.idle();
    });
    expect(retired(0)).toBe(true);
    expect(w.env.notifications.infos.at(-1)).toContain("Sela is retired");
    // Still readable: name, badge, Skills; the Test history flag is untouched.
    expect($(sheet.element, ".goldhack-retired-badge").textContent).toBe("Retired");
    expect($(sheet.element, ".goldhack-name").textContent).toBe("Sela");
    expect(w.characters[0].getFlag("goldhack", "testHistory")).toHaveLength(1);
    // A retired character offers no group Test and no Trait Vote.
    expect(sheet.element.querySelector('[data-action="groupTest"]')).toBeNull();
    expect(sheet.element.querySelector('[data-action="traitVote"]')).toBeNull();
    const back = $(sheet.element, '[data-action="retire"]');
    expect(back.textContent?.trim()).toBe("Return to play");
    await runAsClient(w.gm, async () => {
      back.click();
      await w.settle();
      await sheet.idle();
    });
    expect(retired(0)).toBe(false);
    for (const app of [...instances.values()]) await app.close();
  });

  it("is not drawn for the owning player, and a player's own update of the field is dropped with a warning", async () => {
    const sheet = await runAsClient(w.players[0], () => openSheet(0));
    expect(sheet.element.querySelector('[data-action="retire"]')).toBeNull();
    await runAsClient(w.players[0], () => w.characters[0].update({ "system.retired": true } as Actor.UpdateData));
    await runAsClient(w.players[0], () => w.characters[0].update({ system: { retired: true } } as Actor.UpdateData));
    expect(retired(0)).toBe(false);
    expect(w.env.notifications.warnings).toContain("Only the GM can retire a character or bring one back.");
    expect(await runAsClient(w.players[0], () => game.goldhack?.retireCharacter?.(w.characters[0] as unknown as Actor.Implementation))).toBe(false);
    expect(retired(0)).toBe(false);
    for (const app of [...instances.values()]) await app.close();
  });
});

describe("a retired character leaves the table's procedures", () => {
  beforeEach(async () => {
    await runAsClient(w.gm, () => game.goldhack?.retireCharacter?.(w.characters[1] as unknown as Actor.Implementation));
    await w.settle();
    expect(retired(1)).toBe(true);
  });

  it("is not on the reward ballot; a Trait Vote on her is refused", async () => {
    await runAsClient(w.gm, () => game.goldhack?.endSession?.());
    await w.settle();
    const names = [...(w.windowOf(w.gm)?.querySelectorAll(".goldhack-vote-name") ?? [])].map((h) => h.textContent);
    expect(names).toEqual(["Sela", "Ivy"]);
    expect(await runAsClient(w.gm, () => game.goldhack?.traitVote?.(w.characters[1] as unknown as Actor.Implementation))).toBe(false);
    expect(w.env.notifications.warnings.at(-1)).toBe("Brom is retired: a retired character takes no part in votes.");
  });

  it("is refused in a group Test, even by a forged creation request from her owner", async () => {
    const { askGM } = await import("../../src/channel");
    const reply = await runAsClient(w.players[1], () =>
      askGM("goldhack.groupCreate", {
        mode: "needed",
        ownerPartId: "p0",
        intent: "x",
        consequence: "",
        parts: [
          { id: "p0", actorUuid: w.characters[1].uuid, skillId: w.skills[1], ob: 1, task: "" },
          { id: "p1", actorUuid: w.characters[0].uuid, skillId: w.skills[0], ob: 1, task: "" },
        ],
      }),
    );
    expect(reply).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.Retired", data: { name: "Brom" } } });
    expect(chatMessages().filter((m) => m.type === "group")).toHaveLength(0);
    // Starting one from her sheet with nobody else: refused on the starter's client, with her name.
    const started = await runAsClient(w.gm, () => game.goldhack?.startGroupTest?.([w.characters[1] as unknown as Actor.Implementation]));
    expect(started).toBeNull();
    expect(w.env.notifications.warnings).toContain("Brom is retired: a retired character takes no part in group Tests.");
  });

  it("is not offered for downtime, and a start naming her is refused", async () => {
    const { askGM, listenOnChannel } = await import("../../src/channel");
    listenOnChannel();
    (await import("../../src/downtime/register")).registerDowntime();
    const { DOWNTIME_ACTIONS } = await import("../../src/downtime/downtime-names");
    await runAsClient(w.gm, () => game.goldhack?.startDowntime?.());
    await w.settle();
    const boxes = [...(screen.getElementById("goldhack-downtime-setup")?.querySelectorAll<HTMLInputElement>('input[name="actors"]') ?? [])].map((b) => b.value);
    expect(boxes).toContain(w.characters[0].uuid);
    expect(boxes).not.toContain(w.characters[1].uuid);
    const reply = await runAsClient(w.gm, () => askGM(DOWNTIME_ACTIONS.start, { span: { count: 1, unit: "month" }, cycleUnits: {}, actorUuids: [w.characters[1].uuid] }));
    expect(reply).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.Retired", data: { name: "Brom" } } });
    for (const app of [...instances.values()]) await app.close();
  });
});

describe("retired while a procedure is under way (issue 27)", () => {
  it("her part on a group card already posted is not rolled, even through the socket by her owner", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    await runAsClient(w.gm, () => game.goldhack?.retireCharacter?.(w.characters[1] as unknown as Actor.Implementation));
    await w.settle();
    const before = JSON.stringify(w.stateOf(card));
    const { askGM } = await import("../../src/channel");
    const reply = await runAsClient(w.players[1], () => askGM("goldhack.group", { messageId: card.id, action: { action: "roll", partId: "p1", persona: 0, traits: {}, fallouts: [] } }));
    expect(reply).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.Retired", data: { name: "Brom" } } });
    await w.settle();
    expect(JSON.stringify(w.stateOf(card))).toBe(before);
  });

  it("her plan in a downtime already started is refused, with her name", async () => {
    const { askGM, listenOnChannel } = await import("../../src/channel");
    listenOnChannel();
    (await import("../../src/downtime/register")).registerDowntime();
    const { DOWNTIME_ACTIONS } = await import("../../src/downtime/downtime-names");
    const { currentDowntime } = await import("../../src/downtime/downtime-store");
    const started = await runAsClient(w.gm, () => askGM(DOWNTIME_ACTIONS.start, { span: { count: 1, unit: "month" }, cycleUnits: {}, actorUuids: [w.characters[0].uuid, w.characters[1].uuid] }));
    expect(started).toMatchObject({ ok: true });
    const downtimeId = currentDowntime()?.id ?? "";
    await runAsClient(w.gm, () => game.goldhack?.retireCharacter?.(w.characters[1] as unknown as Actor.Implementation));
    await w.settle();
    const before = JSON.stringify(currentDowntime());
    const reply = await runAsClient(w.players[1], () => askGM(DOWNTIME_ACTIONS.submit, { downtimeId, actorUuid: w.characters[1].uuid, plan: { restUnits: 1, care: {}, practice: [] } }));
    expect(reply).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.Retired", data: { name: "Brom" } } });
    expect(JSON.stringify(currentDowntime())).toBe(before);
    for (const app of [...instances.values()]) await app.close();
  });

  it("her plan submitted before she retired is not applied: the GM re-reads who is in play when applying", async () => {
    const { askGM, listenOnChannel } = await import("../../src/channel");
    listenOnChannel();
    (await import("../../src/downtime/register")).registerDowntime();
    const { DOWNTIME_ACTIONS } = await import("../../src/downtime/downtime-names");
    const { currentDowntime } = await import("../../src/downtime/downtime-store");
    const started = await runAsClient(w.gm, () => askGM(DOWNTIME_ACTIONS.start, { span: { count: 1, unit: "month" }, cycleUnits: { survive: "month" }, actorUuids: [w.characters[0].uuid, w.characters[1].uuid] }));
    expect(started).toMatchObject({ ok: true });
    const downtimeId = currentDowntime()?.id ?? "";
    const plan = (skillId: string) => ({ restUnits: 0, care: {}, practice: [{ skillId, newSkill: null, units: 1, outcomes: ["passed"] }] });
    expect(await runAsClient(w.players[1], () => askGM(DOWNTIME_ACTIONS.submit, { downtimeId, actorUuid: w.characters[1].uuid, plan: plan(w.skills[1]) }))).toEqual({ ok: true });
    expect(await runAsClient(w.players[0], () => askGM(DOWNTIME_ACTIONS.submit, { downtimeId, actorUuid: w.characters[0].uuid, plan: plan(w.skills[0]) }))).toEqual({ ok: true });
    await runAsClient(w.gm, () => game.goldhack?.retireCharacter?.(w.characters[1] as unknown as Actor.Implementation));
    await w.settle();
    const passed = (i: 0 | 1): unknown => (w.characters[i].items.get(w.skills[i]) as unknown as { system: { passed: number } }).system.passed;
    const bromBefore = passed(1);
    const selaBefore = passed(0);
    expect(await runAsClient(w.gm, () => askGM(DOWNTIME_ACTIONS.apply, { downtimeId }))).toEqual({ ok: true });
    await w.settle();
    // SRD: "You can retire your character at any point." (en, line 345): out of play, her practice logs nothing.
    expect(passed(1)).toBe(bromBefore);
    expect(passed(0)).toBe((selaBefore as number) + 1);
    expect(currentDowntime()?.result?.participants.map((p) => p.name)).toEqual(["Sela"]);
    for (const app of [...instances.values()]) await app.close();
  });

  it("in a reward vote already open: a new nomination of her is refused, and one made before is dropped at the tally", async () => {
    const { askGM } = await import("../../src/channel");
    const { SESSION_ACTIONS } = await import("../../src/session/vote-settings");
    const { readVote } = await import("../../src/session/vote-store");
    await runAsClient(w.gm, () => game.goldhack?.endSession?.());
    await w.settle();
    const voteId = readVote("rewards")?.id ?? "";
    const brom = w.characters[1].uuid;
    expect(await runAsClient(w.players[0], () => askGM(SESSION_ACTIONS.nominate, { kind: "rewards", voteId, actorUuid: brom, award: "actOnBelief", reason: "held to it" }))).toEqual({ ok: true });
    await w.settle();
    await runAsClient(w.gm, () => game.goldhack?.retireCharacter?.(w.characters[1] as unknown as Actor.Implementation));
    await w.settle();
    const refused = await runAsClient(w.players[0], () => askGM(SESSION_ACTIONS.nominate, { kind: "rewards", voteId, actorUuid: brom, award: "pursueGoal" }));
    expect(refused).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Session.Error.Retired", data: { name: "Brom" } } });
    const nominationId = readVote("rewards")?.nominations[0]?.id ?? "";
    for (const user of [w.gm, ...w.players]) await runAsClient(user, () => askGM(SESSION_ACTIONS.vote, { kind: "rewards", voteId, nominationId, approve: true }));
    await w.settle();
    const fate = (): unknown => (w.characters[1].system as unknown as { fate: { value: number } }).fate.value;
    const before = fate();
    expect(await runAsClient(w.gm, () => askGM(SESSION_ACTIONS.close, { kind: "rewards", voteId }))).toEqual({ ok: true });
    await w.settle();
    // SRD: "You can retire your character at any point." (en, line 345): a retired character is rewarded no more.
    expect(fate()).toBe(before);
  });
});
