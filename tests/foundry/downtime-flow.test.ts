/**
 * A GM and two players run a six-month downtime through the windows' controls, rendered from the real
 * templates into a real DOM: the GM starts it, each player plans (one is refused for planning too much
 * time, one has her plan sent back), one tests an early recovery the GM warned about and the GM rules
 * it permanent, one character ages, and the GM applies everything once. Plans cross the GM channel over
 * the socket relay; the GM learns who asked from the relay, never from the payload.
 */
import { resetDom, screen } from "./dom-env";
import { installVariantShape } from "./popped-out";
import { beforeEach, describe, expect, it } from "vitest";
import type { GoldHackActor } from "../../src/documents/actor";
import { scriptedFaces, setRandom } from "./dice";
import { addItems, chatMessages, createActor, type FoundryEnv, runAsClient, type StandInUser } from "./documents";
import { idleAll, installApplications, useRealTemplates } from "./applications";
import { installRequestWorld } from "./request-env";
import { change, click } from "./user-input";
import { installSocket, type SocketRelay } from "./socket";

let env: FoundryEnv;
let relay: SocketRelay;
let sela: GoldHackActor;
let brom: GoldHackActor;
let channel: typeof import("../../src/channel");
let api: typeof import("../../src/downtime/downtime-api");
let store: typeof import("../../src/downtime/downtime-store");

const as = <T>(user: StandInUser, fn: () => T): T => runAsClient(user, fn);
const settle = () => idleAll(() => relay.idle());
const windowOf = (id: string): HTMLElement => {
  const el = screen.getElementById(id);
  if (!el) throw new Error(`no window ${id}`);
  return el;
};
const plannerId = (actor: GoldHackActor) => `goldhack-downtime-planner-${(actor.uuid ?? "").replace(/\W/g, "-")}`;
const q = (root: ParentNode, selector: string): Element => {
  const el = root.querySelector(selector);
  if (!el) throw new Error(`nothing matches ${selector}`);
  return el;
};
/** Every item and age of both characters, as plain text. */
const worldSnapshot = () =>
  JSON.stringify([sela, brom].map((a) => [(a.system as { age?: string }).age, a.items.contents.map((i) => [i.name, (i.system as { toObject(): unknown }).toObject()])]));
const itemId = (actor: GoldHackActor, name: string) => actor.items.find((i) => i.name === name)?.id ?? "";

beforeEach(async () => {
  const world = await installRequestWorld("en");
  env = world.env;
  relay = installSocket();
  resetDom();
  installApplications();
  useRealTemplates("en");
  await installVariantShape();
  channel = await import("../../src/channel");
  channel.listenOnChannel();
  store = await import("../../src/downtime/downtime-store");
  api = await import("../../src/downtime/downtime-api");
  api.forgetPlanners();
  (await import("../../src/downtime/register")).registerDowntime();
  // The campaign log's settings (the log on by default), so Apply writes the downtime's page (issue 31).
  (await import("../../src/campaign/campaign-settings")).registerCampaignSettings(() => undefined);
  const { GoldHackDowntimePlanner } = await import("../../src/downtime/planner-window");
  // What the test dialog does for a recovery Test when the player presses Roll: Potential against the
  // Fallout's rating, Skill and Ob locked (the dialog's state code, not a copy of it).
  GoldHackDowntimePlanner.rollRecovery = async (actor, falloutId) => {
    const { actorSnapshot } = await import("../../src/applications/dialogs/test-dialog-actor");
    const { computeTestDialog, initialSelections, selectionsFromForm } = await import("../../src/applications/dialogs/test-dialog-state");
    const { GoldHackRoll } = await import("../../src/dice/goldhack-roll");
    const fallout = actor.items.get(falloutId) as unknown as { system: { rating: number } };
    const request = { kind: "recovery" as const, skillId: null, falloutId, ob: fallout.system.rating, locked: { skill: true, ob: true } };
    const snapshot = actorSnapshot(actor as never, CONFIG.GOLDHACK.skillTypes);
    const state = computeTestDialog(snapshot, request, selectionsFromForm({}, snapshot, initialSelections(snapshot, request)), { potential: "Potential" });
    if (!state.choice) throw new Error("the dialog would not roll");
    return GoldHackRoll.rollTest(state.choice);
  };
  sela = await createActor({ name: "Sela", type: "character", system: { age: "young", fate: { value: 4 }, persona: { value: 2 } }, ownership: { default: 0, [env.player.id]: 3 } });
  await addItems(sela, [
    { name: "Stealth", type: "skill", system: { skillType: "expertise", rating: 2, passed: 3, failed: 1 } },
    { name: "Persuade", type: "skill", system: { skillType: "influence", rating: 1, passed: 1, failed: 0 } },
    { name: "Broken arm", type: "fallout", system: { rating: 2 } },
  ]);
  brom = await createActor({ name: "Brom", type: "character", system: { age: "adult" }, ownership: { default: 0, [env.otherPlayer.id]: 3 } });
  await addItems(brom, [
    { name: "Swords", type: "skill", system: { skillType: "fight", rating: 1, passed: 0, failed: 0 } },
    { name: "Grief", type: "fallout", system: { rating: 1 } },
  ]);
});

/** The GM starts six months of downtime for Sela and Brom through the setup window. */
async function gmStarts(): Promise<void> {
  await as(env.gm, () => game.goldhack?.startDowntime?.());
  await settle();
  const setup = windowOf("goldhack-downtime-setup");
  const monthOption = () => q(setup, 'select[name="unit"] option[value="month"]').textContent;
  // Beside the count, the unit reads as many of them: "1 month", then "6 months" once 6 is typed (issue 27).
  expect(monthOption()).toBe("month");
  as(env.gm, () => {
    change(q(setup, 'input[name="count"]'), "6");
    expect(monthOption()).toBe("months");
    change(q(setup, 'select[name="unit"]'), "month");
    for (const box of setup.querySelectorAll<HTMLInputElement>('input[name="actors"]')) change(box, box.value === sela.uuid || box.value === brom.uuid);
    click(q(setup, '[data-action="start"]'));
  });
  await settle();
}

describe("a six-month downtime, two players and a GM", () => {
  it("plans, sends back, recovers, ages and applies once, all through the windows", async () => {
    await gmStarts();
    const state = store.currentDowntime();
    expect(state).toMatchObject({ status: "planning", span: { count: 6, unit: "month" } });
    expect(state?.participants.map((p) => p.name)).toEqual(["Sela", "Brom"]);
    // Each player got her planner on her own client; the GM got the overview.
    expect(q(windowOf(plannerId(brom)), "h2").textContent).toBe("Brom");
    expect(windowOf("goldhack-downtime-overview")).toBeTruthy();
    expect(q(windowOf(plannerId(sela)), "h2").textContent).toBe("Sela");
    // Every number in the planner says what it counts: its unit beside it, and in its accessible name (issue 29).
    const numbers = [...windowOf(plannerId(sela)).querySelectorAll<HTMLInputElement>('input[type="number"]')];
    expect(numbers.length).toBeGreaterThan(2);
    for (const input of numbers) {
      const named = input.getAttribute("aria-label") ?? (input.id ? (windowOf(plannerId(sela)).querySelector(`label[for="${input.id}"]`)?.textContent ?? "") : "");
      expect(named, input.name).toContain("months");
      expect(input.nextElementSibling?.textContent, input.name).toBe("months");
    }
    // The ratings say they are ratings (SRD: "Fallout rating"), not a bare number after the name (issue 29).
    const labels = [...windowOf(plannerId(sela)).querySelectorAll(".goldhack-downtime__label")].map((l) => l.textContent?.trim() ?? "");
    expect(labels).toContain("Broken arm (rating 2)");
    expect(labels).toContain(`Stealth · rating 2 · ${env.i18n.localize("GOLDHACK.SkillType.Expertise")}`);

    // GM: Sela's broken arm interferes with practice and heals with the time; Grief is warned; Sela ages.
    const selaRow = () => q(windowOf("goldhack-downtime-overview"), `[data-actor-uuid="${sela.uuid}"]`);
    const bromRow = () => q(windowOf("goldhack-downtime-overview"), `[data-actor-uuid="${brom.uuid}"]`);
    as(env.gm, () => change(q(selaRow(), `input[name="interfering.${sela.uuid}"]`), true));
    await settle();
    as(env.gm, () => change(q(selaRow(), `input[name="healed.${sela.uuid}"]`), true));
    await settle();
    as(env.gm, () => change(q(selaRow(), `input[name="ages.${sela.uuid}"]`), true));
    await settle();
    as(env.gm, () => change(q(bromRow(), `input[name="warned.${brom.uuid}"]`), true));
    await settle();
    expect(store.currentDowntime()?.participants[0]).toMatchObject({ interfering: [itemId(sela, "Broken arm")], healed: [itemId(sela, "Broken arm")], ages: true });
    expect(store.currentDowntime()?.participants[1]?.warned).toEqual([itemId(brom, "Grief")]);

    // Sela: practising without resting the interfering arm is refused, named.
    const selaP = () => windowOf(plannerId(sela));
    const stealth = itemId(sela, "Stealth");
    const persuade = itemId(sela, "Persuade");
    as(env.player, () => change(q(selaP(), `input[name="units.${stealth}"]`), "3"));
    await settle();
    // Expertise practises in seasons: 3 months is one cycle, suggested to the log Stealth 2 needs most.
    expect(q(selaP(), `[data-skill-id="${stealth}"] [data-cycles]`).textContent).toBe("Cycles: 1 (1 season each)");
    expect((q(selaP(), `select[name="outcome.${stealth}.0"]`) as HTMLSelectElement).value).toBe("failed");
    expect(q(selaP(), "[data-problem]").textContent).toBe("Broken arm interferes with practice: rest it or test recovery first.");
    as(env.player, () => click(q(selaP(), '[data-action="submitPlan"]')));
    await settle();
    expect(env.notifications.warnings.pop()).toBe("Broken arm interferes with practice: rest it or test recovery first.");
    expect(store.currentDowntime()?.participants[0]?.planStatus).toBe("open");

    // Too much time: refused with both numbers.
    as(env.player, () => change(q(selaP(), `select[name="care.${itemId(sela, "Broken arm")}"]`), "rest"));
    await settle();
    as(env.player, () => change(q(selaP(), 'input[name="restUnits"]'), "3"));
    await settle();
    as(env.player, () => change(q(selaP(), `input[name="units.${persuade}"]`), "1"));
    await settle();
    expect(q(selaP(), "[data-used]").textContent).toBe("Time planned: 7 months of 6 months");
    as(env.player, () => click(q(selaP(), '[data-action="submitPlan"]')));
    await settle();
    expect(env.notifications.warnings.pop()).toBe("The plan uses 7 months but the downtime has only 6 months.");
    as(env.player, () => change(q(selaP(), 'input[name="restUnits"]'), "2"));
    await settle();
    // Stealth 2 (3 passed, 1 failed) logs a fail: it would advance to 3. Persuade (1 month = 1 cycle) a pass.
    expect(q(selaP(), ".goldhack-downtime__advancing").textContent).toContain("Stealth 2 → 3");
    as(env.player, () => click(q(selaP(), '[data-action="submitPlan"]')));
    await settle();
    expect(store.currentDowntime()?.participants[0]?.planStatus).toBe("submitted");

    // The GM sends Sela's plan back with a note; she sees it and resubmits.
    as(env.gm, () => change(q(selaRow(), `input[name="note.${sela.uuid}"]`), "Rest is fine, go on"));
    as(env.gm, () => click(q(selaRow(), '[data-action="returnPlan"]')));
    await settle();
    expect(q(selaP(), ".goldhack-downtime__note").textContent).toContain("Rest is fine, go on");
    as(env.player, () => click(q(selaP(), '[data-action="submitPlan"]')));
    await settle();
    expect(store.currentDowntime()?.participants[0]?.planStatus).toBe("submitted");

    // Brom: treats Grief, practises Swords for a month (4 weekly cycles) and learns Climbing.
    const bromP = () => windowOf(plannerId(brom));
    const swords = itemId(brom, "Swords");
    const grief = itemId(brom, "Grief");
    as(env.otherPlayer, () => change(q(bromP(), `select[name="care.${grief}"]`), "treat"));
    await settle();
    as(env.otherPlayer, () => change(q(bromP(), `input[name="units.${swords}"]`), "1"));
    await settle();
    as(env.otherPlayer, () => change(q(bromP(), 'input[name="newSkill.name"]'), "Climbing"));
    await settle();
    as(env.otherPlayer, () => change(q(bromP(), 'select[name="newSkill.type"]'), "survive"));
    await settle();
    as(env.otherPlayer, () => change(q(bromP(), 'input[name="newSkill.units"]'), "1"));
    await settle();
    expect([...bromP().querySelectorAll<HTMLSelectElement>(`select[name^="outcome.${swords}."]`)].map((s) => s.value)).toEqual(["passed", "passed", "failed", "passed"]);
    as(env.otherPlayer, () => click(q(bromP(), '[data-action="submitPlan"]')));
    await settle();
    expect(store.currentDowntime()?.participants[1]?.planStatus).toBe("submitted");

    // Brom tests recovery early (after the GM's warning) and fails: every die shows 1.
    setRandom(scriptedFaces([1, 1, 1, 1, 1, 1]));
    as(env.otherPlayer, () => click(q(bromP(), '[data-action="testRecovery"]')));
    await settle();
    expect(store.currentDowntime()?.participants[1]?.recoveries).toEqual([expect.objectContaining({ status: "failed", warned: true, ratingBefore: 1, ruling: null })]);
    // The roll worsened it by 1 already; the GM is offered worse, longer and (warned) permanent.
    expect((brom.items.get(grief)?.system as unknown as { rating: number }).rating).toBe(2);
    const rulings = [...bromRow().querySelectorAll<HTMLButtonElement>('[data-action="rule"]')].map((b) => b.textContent);
    expect(rulings).toEqual(["Worse (+1)", "Lasts longer", "Permanent"]);
    as(env.gm, () => click(q(bromRow(), '[data-ruling="permanent"]')));
    await settle();
    expect(brom.items.get(grief)?.system).toMatchObject({ rating: 1, permanent: true });
    expect(bromRow().querySelectorAll('[data-action="rule"]')).toHaveLength(0);

    // Apply, once.
    const before = chatMessages().length;
    as(env.gm, () => click(q(windowOf("goldhack-downtime-overview"), '[data-action="apply"]')));
    await settle();
    expect(store.currentDowntime()?.status).toBe("applied");
    expect(sela.items.find((i) => i.name === "Broken arm")).toBeUndefined();
    expect(sela.items.get(stealth)?.system).toMatchObject({ rating: 3, passed: 0, failed: 0 });
    expect(sela.items.get(persuade)?.system).toMatchObject({ rating: 1, passed: 2, failed: 0 });
    expect(sela.system).toMatchObject({ age: "adult", potential: 3, fate: { value: 3, max: 3 }, persona: { value: 2, max: 3 } });
    expect(brom.items.get(swords)?.system).toMatchObject({ rating: 2, passed: 1, failed: 0 });
    expect(brom.items.find((i) => i.name === "Climbing")?.system).toMatchObject({ skillType: "survive", rating: 2, passed: 0, failed: 0 });
    const cards = chatMessages().slice(before).filter((m) => m.getFlag("goldhack", "downtimeSummary"));
    expect(cards).toHaveLength(1);
    const text = (cards[0]?.content ?? "").replace(/\s+/g, " ");
    expect(text).toContain("6 months");
    expect(text).toContain("Healed: Broken arm.");
    expect(text).toContain("Stealth 2 → 3!");
    expect(text).toContain("Climbing learned at 2!");
    expect(text).toContain("Failed to recover from Grief: Permanent.");
    expect(text).toContain("Aged from Young to Adult: Potential 3.");
    expect(text).toContain("Hold a Trait Vote");

    // The campaign log got the downtime's own page, from the applied downtime the GM's client wrote (issue 31).
    const logPages = () => (game.journal?.contents ?? []).flatMap((j) => [...(j as unknown as { pages: Map<string, { name: string; text: { content: string } }> }).pages.values()]);
    expect(logPages()).toHaveLength(1);
    const page = (logPages()[0]?.text.content ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(logPages()[0]?.name).toMatch(/^Downtime: /);
    expect(page).toContain(`@UUID[${sela.uuid}]{Sela}`);
    expect(page).toContain("Stealth: 1 cycle of practice (0 passed, 1 failed); rating 2 → 3");
    expect(page).toContain("Persuade: 1 cycle of practice (1 passed, 0 failed); rating 1 → 1");
    expect(page).toContain("Climbing: 4 cycles of practice (3 passed, 1 failed); rating 0 → 2 · Climbing learned");
    expect(page).toContain("Recovered from Broken arm");
    expect(page).toContain("Did not recover from Grief");
    expect(page).toContain("aged: now Adult");
    // The same record, in Spanish (the page is written in the GM's language).
    const { downtimeLogPage } = await import("../../src/campaign/downtime-page");
    const { StandInI18n } = await import("./i18n-core");
    const { readFileSync } = await import("node:fs");
    const es = new StandInI18n("es", JSON.parse(readFileSync(new URL("../../lang/es.json", import.meta.url), "utf8")));
    const applied = store.currentDowntime();
    if (!applied) throw new Error("no downtime");
    const esPage = downtimeLogPage(applied, es, { lang: "es", ageLabel: (k) => es.localize(CONFIG.GOLDHACK.ages[k]?.label ?? k) });
    expect(esPage.name).toMatch(/^Tiempo muerto: /);
    expect(esPage.content).toContain("Swords: 4 ciclos de práctica (pasadas: 3, fallidas: 1); rango 1 → 2");
    expect(esPage.content).toContain("Persuade: 1 ciclo de práctica");
    expect(esPage.content).toContain("No se recuperó de Grief");
    expect(esPage.content).toContain("envejeció: ahora Mayor");
    expect([...es.missing]).toEqual([]);

    // A second Apply changes nothing and says so.
    const snapshot = worldSnapshot();
    const reply = await as(env.gm, () => channel.askGM("downtime.apply", { downtimeId: state?.id }));
    expect(reply).toEqual({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.Applied" } });
    expect(worldSnapshot()).toBe(snapshot);
    expect(chatMessages().filter((m) => m.getFlag("goldhack", "downtimeSummary"))).toHaveLength(1);
    expect(logPages()).toHaveLength(1);
  }, 30_000);
});

describe("who may do what", () => {
  it("refuses a forged GM action and a plan for a character the sender does not own, whatever the payload claims", async () => {
    await gmStarts();
    const id = store.currentDowntime()?.id;
    // A payload naming another sender is outside the schema; a clean one is judged by the server's sender.
    expect(await as(env.player, () => channel.askGM("downtime.apply", { downtimeId: id, userId: env.gm.id }))).toEqual({
      ok: false,
      problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "userId" } },
    });
    const forged = { downtimeId: id };
    expect(await as(env.player, () => channel.askGM("downtime.apply", forged))).toEqual({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NotGM" } });
    expect(await as(env.player, () => channel.askGM("downtime.marks", { ...forged, actorUuid: sela.uuid, marks: { ages: true } }))).toMatchObject({ ok: false });
    const plan = { restUnits: 0, care: {}, practice: [] };
    expect(await as(env.player, () => channel.askGM("downtime.submitPlan", { ...forged, actorUuid: brom.uuid, plan }))).toEqual({
      ok: false,
      problem: { key: "GOLDHACK.Downtime.Error.NotOwner", data: { actor: "Brom" } },
    });
    expect(store.currentDowntime()?.status).toBe("planning");
    expect(store.currentDowntime()?.participants.every((p) => p.planStatus === "open" && !p.ages)).toBe(true);
  });

  it("offers no permanent ruling when the GM did not warn before the roll", async () => {
    await gmStarts();
    const grief = itemId(brom, "Grief");
    const bromP = () => windowOf(plannerId(brom));
    as(env.otherPlayer, () => change(q(bromP(), `select[name="care.${grief}"]`), "treat"));
    await settle();
    as(env.otherPlayer, () => click(q(bromP(), '[data-action="submitPlan"]')));
    await settle();
    setRandom(scriptedFaces([1, 1, 1, 1, 1, 1]));
    as(env.otherPlayer, () => click(q(bromP(), '[data-action="testRecovery"]')));
    await settle();
    const row = q(windowOf("goldhack-downtime-overview"), `[data-actor-uuid="${brom.uuid}"]`);
    expect([...row.querySelectorAll('[data-action="rule"]')].map((b) => b.getAttribute("data-ruling"))).toEqual(["worsen", "longer"]);
    const id = store.currentDowntime()?.id;
    expect(await as(env.gm, () => channel.askGM("downtime.ruleRecovery", { downtimeId: id, actorUuid: brom.uuid, falloutId: grief, ruling: "permanent" }))).toEqual({
      ok: false,
      problem: { key: "GOLDHACK.Downtime.Error.NotWarned" },
    });
    as(env.gm, () => click(q(row, '[data-ruling="longer"]')));
    await settle();
    expect(brom.items.get(grief)?.system).toMatchObject({ rating: 1, permanent: false });
  });
});

describe("aging from the sheet", () => {
  it("GM: ages one step, caps Fate at the new Potential, posts the card with a Trait Vote note; a player is refused", async () => {
    expect(await as(env.player, () => game.goldhack?.ageCharacter?.(sela))).toBeNull();
    expect(env.notifications.warnings.pop()).toBe("Only the GM can do that in a downtime.");
    expect(sela.system).toMatchObject({ age: "young" });
    const message = await as(env.gm, () => game.goldhack?.ageCharacter?.(sela));
    expect(sela.system).toMatchObject({ age: "adult", potential: 3, fate: { value: 3, max: 3 }, persona: { value: 2, max: 3 } });
    const text = (message?.content ?? "").replace(/\s+/g, " ");
    // SRD (en, line 70): "No Skill your character starts with can be rated higher than this. After the game starts,
    // there is no limit." (es, line 70: «Luego de eso, no hay más máximo.») Aging caps Fate and Persona only.
    expect(text).toContain("Aged from Young to Adult: Potential 3. Fate and Persona at most 3; Skills have no maximum once play has begun.");
    expect(text).not.toContain("Skills at most");
    expect(text).toContain("Lost to the new cap: 1 Fate, 0 Persona.");
    expect(text).toContain("Hold a Trait Vote");
  });

  it("calls the Trait Vote when the system has one", async () => {
    const called: string[] = [];
    const api = game.goldhack as GoldHackApi;
    api.traitVote = async (actor: Actor.Implementation) => {
      called.push(actor.name);
      return "opened" as const;
    };
    const message = await as(env.gm, () => api.ageCharacter?.(brom));
    expect(called).toEqual(["Brom"]);
    expect(message?.content).toContain("A Trait Vote has been called.");
    delete api.traitVote;
  });
});

describe("one recovery Test per Fallout (issue 26)", () => {
  /** Brom treats Grief in a submitted plan, through his planner. */
  async function bromTreatsGrief(): Promise<string> {
    await gmStarts();
    const grief = itemId(brom, "Grief");
    const bromP = () => windowOf(plannerId(brom));
    as(env.otherPlayer, () => change(q(bromP(), `select[name="care.${grief}"]`), "treat"));
    await settle();
    as(env.otherPlayer, () => click(q(bromP(), '[data-action="submitPlan"]')));
    await settle();
    expect(store.currentDowntime()?.participants[1]?.planStatus).toBe("submitted");
    return grief;
  }
  const roll = async (faces: number[], falloutId: string) => {
    const { GoldHackDowntimePlanner } = await import("../../src/downtime/planner-window");
    setRandom(scriptedFaces(faces));
    const message = await as(env.otherPlayer, () => GoldHackDowntimePlanner.rollRecovery(brom as never, falloutId));
    await settle();
    return message;
  };
  const earlier = (author: string) => ({
    ok: false,
    problem: { key: "GOLDHACK.Downtime.Error.EarlierRecovery", data: { fallout: "Grief", author, time: expect.stringMatching(/\d{1,2}:\d{2}/) } },
  });

  it("a failed roll never reported counts: the pass rolled after it is refused through the socket, naming the first card", async () => {
    const grief = await bromTreatsGrief();
    const id = store.currentDowntime()?.id ?? "";
    const payload = { downtimeId: id, actorUuid: brom.uuid, falloutId: grief };
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.startRecovery", payload))).toEqual({ ok: true });
    const failed = await roll([1, 1, 1, 1, 1, 1], grief);
    const passed = await roll([6, 6, 6, 6, 6, 6], grief);
    expect(failed?.id).toBeTruthy();
    expect(passed?.id).not.toBe(failed?.id);
    // Brom's client reports only the pass.
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.recoveryRolled", { ...payload, messageId: passed?.id }))).toEqual(earlier("Other Player"));
    // The first card is the one on record: failed, with its Ob; the GM now rules on it.
    expect(store.currentDowntime()?.participants[1]?.recoveries).toEqual([expect.objectContaining({ status: "failed", messageId: failed?.id, ratingBefore: 1 })]);
    // Reporting the pass again changes nothing; nor does another start (Grief is gone from the sheet now).
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.recoveryRolled", { ...payload, messageId: passed?.id }))).toEqual(earlier("Other Player"));
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.startRecovery", payload))).toMatchObject({ ok: false });
    expect(store.currentDowntime()?.participants[1]?.recoveries).toHaveLength(1);
    expect(store.currentDowntime()?.participants[1]?.recoveries[0]?.status).toBe("failed");
    // The uncounted pass removed Grief on Brom's client; the GM's ruling on the counted failure gives it back.
    expect(brom.items.find((i) => i.name === "Grief")).toBeUndefined();
    expect(await as(env.gm, () => channel.askGM("downtime.ruleRecovery", { ...payload, ruling: "worsen" }))).toEqual({ ok: true });
    expect(brom.items.find((i) => i.name === "Grief")?.system).toMatchObject({ rating: 2, permanent: false });
  });

  it("a failed card Brom deletes before reporting still counts: the GM's client noted it when it was posted", async () => {
    // Every connected client runs createChatMessage, the GM's among them (as Foundry does).
    const hooks = Hooks as unknown as { callAll(name: string, ...args: unknown[]): boolean };
    const original = hooks.callAll.bind(hooks);
    hooks.callAll = (name: string, ...args: unknown[]) => {
      if (name !== "createChatMessage") return original(name, ...args);
      for (const user of [env.gm, env.player, env.otherPlayer]) as(user, () => original(name, ...args));
      return true;
    };
    const grief = await bromTreatsGrief();
    const id = store.currentDowntime()?.id ?? "";
    const payload = { downtimeId: id, actorUuid: brom.uuid, falloutId: grief };
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.startRecovery", payload))).toEqual({ ok: true });
    const failed = await roll([1, 1, 1, 1, 1, 1], grief);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Brom's player deletes her failed card before reporting it, rolls again, and reports the pass.
    await as(env.otherPlayer, () => failed?.delete());
    await settle();
    expect(chatMessages().some((m) => m.id === failed?.id)).toBe(false);
    const passed = await roll([6, 6, 6, 6, 6, 6], grief);
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.recoveryRolled", { ...payload, messageId: passed?.id }))).toEqual({
      ok: false,
      problem: { key: "GOLDHACK.Downtime.Error.EarlierRecoveryGone", data: { fallout: "Grief" } },
    });
    expect(store.currentDowntime()?.participants[1]?.recoveries).toEqual([expect.objectContaining({ status: "failed", messageId: failed?.id, ratingBefore: 1 })]);
    hooks.callAll = original;
  });

  it("through the planner: a roll made before Test recovery is clicked is the one that counts, with the message on screen", async () => {
    const grief = await bromTreatsGrief();
    // A recovery Test rolled from the sheet, not reported, and failed.
    const failed = await roll([1, 1, 1, 1, 1, 1], grief);
    setRandom(scriptedFaces([6, 6, 6, 6, 6, 6]));
    const before = chatMessages().length;
    as(env.otherPlayer, () => click(q(windowOf(plannerId(brom)), '[data-action="testRecovery"]')));
    await settle();
    // No second roll was made; the warning names the earlier card.
    expect(chatMessages()).toHaveLength(before);
    const warning = env.notifications.warnings.pop() ?? "";
    expect(warning).toMatch(/^Recovery from Grief was already rolled in this downtime, on the card Other Player posted at \d{1,2}:\d{2}/);
    expect(store.currentDowntime()?.participants[1]?.recoveries).toEqual([expect.objectContaining({ status: "failed", messageId: failed?.id })]);
  });

  it("a card rolled before the downtime started does not count against it; a card another player posts cannot take Brom's Test away", async () => {
    const grief = itemId(brom, "Grief");
    const old = await roll([1, 1, 1, 1, 1, 1], grief);
    // Let the clock move past the old card.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await bromTreatsGrief();
    const id = store.currentDowntime()?.id ?? "";
    const payload = { downtimeId: id, actorUuid: brom.uuid, falloutId: grief };
    // Sela's player posts a "recovery" card for Brom's Grief (she does not own Brom).
    const { GoldHackDowntimePlanner } = await import("../../src/downtime/planner-window");
    setRandom(scriptedFaces([1, 1, 1, 1, 1, 1]));
    const forged = await as(env.player, () => GoldHackDowntimePlanner.rollRecovery(brom as never, grief)).catch(() => null);
    await settle();
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.startRecovery", payload))).toEqual({ ok: true });
    const passed = await roll([6, 6, 6, 6, 6, 6], grief);
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.recoveryRolled", { ...payload, messageId: old?.id }))).toEqual({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NoRoll" } });
    if (forged) {
      expect(await as(env.player, () => channel.askGM("downtime.recoveryRolled", { ...payload, messageId: forged.id }))).toEqual({
        ok: false,
        problem: { key: "GOLDHACK.Downtime.Error.NotOwner", data: { actor: "Brom" } },
      });
    }
    expect(await as(env.otherPlayer, () => channel.askGM("downtime.recoveryRolled", { ...payload, messageId: passed?.id }))).toEqual({ ok: true });
    expect(store.currentDowntime()?.participants[1]?.recoveries).toEqual([expect.objectContaining({ status: "passed", messageId: passed?.id })]);
  });
});

describe("forged downtime requests through the socket, as another player's client (issue 26)", () => {
  const emit = (user: StandInUser, id: string, name: string, payload: unknown) => as(user, () => game.socket?.emit("system.goldhack", { id, name, to: env.gm.id, payload }));
  const reply = (id: string) => (relay.emitted.find((e) => (e.data as { replyTo?: string }).replyTo === id)?.data as { reply: unknown } | undefined)?.reply;
  const badPayload = (field: string) => ({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field } } });

  it("refuses each payload outside its schema, naming the field, and a GM action from a player whatever the payload claims", async () => {
    await gmStarts();
    const id = store.currentDowntime()?.id ?? "";
    const snapshot = JSON.stringify(store.currentDowntime());
    const grief = itemId(brom, "Grief");
    const on = { downtimeId: id, actorUuid: brom.uuid };
    emit(env.otherPlayer, "d1", "downtime.submitPlan", { ...on, plan: { restUnits: 0, care: {}, practice: [] }, sender: env.gm.id });
    emit(env.otherPlayer, "d2", "downtime.submitPlan", { ...on, plan: { restUnits: 1e20, care: {}, practice: [] } });
    emit(env.otherPlayer, "d3", "downtime.submitPlan", JSON.parse(`{"downtimeId":"${id}","actorUuid":"${brom.uuid}","plan":{"restUnits":0,"care":{"__proto__":"treat"},"practice":[]}}`));
    emit(env.otherPlayer, "d4", "downtime.submitPlan", { ...on, plan: { restUnits: 0, care: {}, practice: [{ skillId: null, newSkill: { name: "Flying", type: "magic" }, units: 1, outcomes: ["passed", "fate99"] }] } });
    emit(env.otherPlayer, "d5", "downtime.recoveryRolled", { ...on, falloutId: grief, messageId: "__proto__" });
    emit(env.otherPlayer, "d6", "downtime.startRecovery", { ...on, falloutId: grief, ob: 0 });
    emit(env.otherPlayer, "d7", "downtime.ruleRecovery", { ...on, falloutId: grief, ruling: "healed" });
    emit(env.otherPlayer, "d8", "downtime.marks", { ...on, marks: { interfering: [], healed: [grief], warned: [], ages: true }, userId: env.gm.id });
    emit(env.otherPlayer, "d9", "downtime.marks", { ...on, marks: { interfering: [], healed: [grief], warned: [], ages: true } });
    emit(env.otherPlayer, "d10", "downtime.apply", { downtimeId: id });
    emit(env.otherPlayer, "d11", "downtime.start", { span: { count: 6, unit: "month" }, cycleUnits: {}, actorUuids: [brom.uuid] });
    await settle();
    expect(reply("d1")).toEqual(badPayload("sender"));
    expect(reply("d2")).toEqual(badPayload("plan.restUnits"));
    expect(reply("d3")).toEqual(badPayload("plan.care.__proto__"));
    expect(reply("d4")).toEqual(badPayload("plan.practice.0.outcomes"));
    expect(reply("d5")).toEqual(badPayload("messageId"));
    expect(reply("d6")).toEqual(badPayload("ob"));
    expect(reply("d7")).toEqual(badPayload("ruling"));
    expect(reply("d8")).toEqual(badPayload("userId"));
    // Well-formed, but the sender is not a GM: the server's sender id decides.
    expect(reply("d9")).toEqual({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NotGM" } });
    expect(reply("d10")).toEqual({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NotGM" } });
    expect(reply("d11")).toEqual({ ok: false, problem: { key: "GOLDHACK.Downtime.Error.NotGM" } });
    expect(JSON.stringify(store.currentDowntime())).toBe(snapshot);
    expect(({} as Record<string, unknown>).treat).toBeUndefined();
  });
});

describe("two characters aging in one downtime (issue 26)", () => {
  it("opens the first Trait Vote and queues the second, none dropped; the card says both were called", async () => {
    (await import("../../src/session/register")).registerSession();
    await gmStarts();
    const row = (actor: GoldHackActor) => q(windowOf("goldhack-downtime-overview"), `[data-actor-uuid="${actor.uuid}"]`);
    for (const actor of [sela, brom]) {
      as(env.gm, () => change(q(row(actor), `input[name="ages.${actor.uuid}"]`), true));
      await settle();
    }
    as(env.gm, () => click(q(windowOf("goldhack-downtime-overview"), '[data-action="apply"]')));
    await settle();
    expect(store.currentDowntime()?.status).toBe("applied");
    const vote = game.settings?.get("goldhack", "traitVote") as unknown as { status: string; characters: { name: string }[] };
    expect(vote).toMatchObject({ status: "open", characters: [{ name: "Sela" }] });
    expect(game.settings?.get("goldhack", "traitVoteQueue")).toEqual({ actors: [brom.uuid] });
    const card = chatMessages().find((m) => m.getFlag("goldhack", "downtimeSummary"));
    const text = (card?.content ?? "").replace(/\s+/g, " ");
    expect(text.match(/A Trait Vote has been called\./g)).toHaveLength(2);
  }, 30_000);
});
