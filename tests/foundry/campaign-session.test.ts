import { beforeEach, describe, expect, it } from "vitest";
import { addItems, chatMessages, runAsClient, state, type StandInUser } from "./documents";
import { change, click } from "./user-input";
import { installCampaignWorld, type CampaignWorld } from "./campaign-env";
import type { SessionState, TestRecord } from "../../src/campaign/session-state";

let world: CampaignWorld;

const session = (): SessionState => world.session() as unknown as SessionState;
const tests = (): TestRecord[] => session().records.filter((r): r is TestRecord => r.kind === "test");

const q = (root: Element | null, selector: string): HTMLElement => {
  const found = root?.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

async function nominate(user: StandInUser, actorName: string, award: string): Promise<void> {
  const form = q(world.windowOf(user), "[data-nominate-form]");
  const select = q(form, '[name="actorUuid"]') as HTMLSelectElement;
  await change(select, [...select.options].find((o) => o.textContent === actorName)?.value ?? "");
  await change(q(form, '[name="award"]'), award);
  await click(q(form, '[data-action="nominate"]'));
  await world.settle();
}

async function voteAll(label: string): Promise<void> {
  for (const user of [world.gm, ...world.players]) {
    const items = [...(world.windowOf(user)?.querySelectorAll<HTMLElement>(".goldhack-vote-nomination") ?? [])];
    const item = items.find((li) => li.querySelector(".goldhack-vote-award strong")?.textContent === label);
    await click(item?.querySelector('[data-action="vote"][data-approve="yes"]'));
    await world.settle();
  }
}

/** The whole session: three Tests (one with Fate, one failed with Fallout taken), a group Test. */
async function playSession(): Promise<{ climb: ChatMessage.Implementation; fall: ChatMessage.Implementation }> {
  const [ana, bruno] = world.players;
  const [sela, brom] = world.characters;
  await world.startSession();
  // Sela: 3 dice, Ob 2: a six and a miss, then Fate explodes the six into a hit.
  const es = game.i18n?.lang === "es";
  const climb = await world.rollTest(ana, sela, { intent: es ? "Trepar la torre" : "Climb the tower", ob: 3 }, [6, 4, 1]);
  setFaces([5]);
  await world.clickCard(climb, ana, "spendFate");
  // Brom fails; the GM offers the Intent at a cost; Bruno takes the Fallout.
  const fall = await world.rollTest(bruno, brom, { intent: "Cross the river", ob: 3 }, [1, 2, 4]);
  await world.clickCard(fall, world.gm, "offerFallout");
  await world.clickCard(fall, bruno, "acceptFallout");
  // A group Test: everyone helps Sela's Intent.
  const group = await world.post({ mode: "helpful", ownerPartId: "p0", intent: "Hold the gate", consequence: "" } as never);
  for (const [i, user] of world.players.entries()) await world.rollPart(group, user, `p${i}`, [5, 5, 1]);
  return { climb, fall };
}

let setFaces: (faces: number[]) => void;

/** The campaign log's pages, as the journal holds them. */
function logPages(): { name: string; text: { content: string } }[] {
  const journal = [...state.journal.values()][0] as unknown as { pages: Map<string, { name: string; text: { content: string } }> } | undefined;
  return journal ? [...journal.pages.values()] : [];
}
const pageText = (index = 0): string => {
  const html = document.createElement("div");
  html.innerHTML = logPages()[index]?.text.content ?? "";
  return html.textContent ?? "";
};

beforeEach(async () => {
  world = await installCampaignWorld();
  const dice = await import("./dice");
  setFaces = (faces) => dice.setRandom(dice.scriptedFaces(faces));
});

describe("a session with a start and an end", () => {
  it("collects every Test from the start, as the card now stands: Fate, Persona, Fallout taken", async () => {
    await playSession();
    const [sela, brom] = world.characters;
    const selaTests = tests().filter((t) => t.actorUuid === sela.uuid && !t.groupId);
    expect(selaTests).toMatchObject([{ intent: "Climb the tower", skill: "Stealth", ob: 3, passed: true, fate: 1 }]);
    const bromTests = tests().filter((t) => t.actorUuid === brom.uuid && !t.groupId);
    expect(bromTests).toMatchObject([{ intent: "Cross the river", passed: false, fallout: { rating: 2 } }]);
    expect(session().records.filter((r) => r.kind === "group")).toMatchObject([{ intent: "Hold the gate", passed: true }]);
    // Tests from before the start (the history's "m-Sela") are not this session's.
    expect(tests().some((t) => t.messageId === "m-Sela")).toBe(false);
  });

  it("loses nothing already collected to a GM reload, a GM who drops out, or a cleared chat", async () => {
    await playSession();
    const collected = session().records;
    expect(collected.length).toBeGreaterThanOrEqual(5);
    await world.reload(world.gm);
    expect(session().records).toEqual(collected);
    await world.clearChat();
    expect(chatMessages()).toHaveLength(0);
    expect(session().records).toEqual(collected);
    // The GM drops out; a Test rolled meanwhile is collected when she comes back (its card still in the log).
    world.disconnect(world.gm);
    const late = await world.rollTest(world.players[2], world.characters[2], { intent: "Find the path", ob: 1 }, [5, 1, 1]);
    expect(tests().some((t) => t.messageId === late.id)).toBe(false);
    world.gm.active = true;
    await world.reload(world.gm);
    expect(tests().find((t) => t.messageId === late.id)).toMatchObject({ intent: "Find the path", passed: true });
    expect(session().records.length).toBe(collected.length + 1);
  });

  it("ignores a player's forged records: a Test card for someone else's character, a group card, a record flag, the setting", async () => {
    const [ana] = world.players;
    const [, brom] = world.characters;
    await world.startSession();
    const { GoldHackRoll } = await import("../../src/dice/goldhack-roll");
    // Ana's client makes a Test card naming Brom (she does not own him): the server names her as its author.
    setFaces([6, 6, 6]);
    const skill = brom.items.find((i) => i.type === "skill");
    const forged = await runAsClient(ana, () =>
      GoldHackRoll.rollTest({ kind: "skill", actorUuid: brom.uuid, skillId: skill?.id ?? null, skillName: "Scouting", rating: 3, potential: 3, ob: 1, magic: false, persona: 0, modifiers: [], intent: "Forged" }),
    ).catch(() => null);
    // Whatever her client let through, a "session record" or a group card of hers is no record either.
    await runAsClient(ana, () => ChatMessage.create({ content: "record", flags: { goldhack: { sessionRecord: { kind: "test", key: "x", at: Date.now(), intent: "Forged" } } } } as never));
    await runAsClient(ana, () => ChatMessage.create({ type: "group", system: {} } as never)).catch(() => null);
    await world.settle();
    expect(forged === null || tests().every((t) => t.messageId !== forged.id)).toBe(true);
    expect(JSON.stringify(session().records)).not.toContain("Forged");
    expect(session().records).toEqual([]);
    // She cannot write the session herself, nor start one.
    await expect(runAsClient(ana, () => game.settings?.set("goldhack", "campaignSession", { ...session(), records: [{ kind: "test", key: "x", at: Date.now() }] }))).rejects.toThrow();
    expect(await runAsClient(ana, () => game.goldhack?.startSession?.())).toBe(false);
    expect(session().records).toEqual([]);
  });

  it("refuses a second start while a session is under way", async () => {
    await world.startSession();
    const id = session().id;
    expect(await runAsClient(world.gm, () => game.goldhack?.startSession?.())).toBe(false);
    expect(session().id).toBe(id);
  });
});

describe("the end of the session and the campaign log", () => {
  async function endAndVote(): Promise<void> {
    await runAsClient(world.gm, () => game.goldhack?.endSession?.());
    await world.settle();
    await nominate(world.players[1], "Sela", "actOnBelief");
    await voteAll("Act On Your Belief");
    await click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    for (let i = 0; i < 10; i++) await world.settle();
  }

  it("the vote window's Tests are the session's records", async () => {
    await playSession();
    await runAsClient(world.gm, () => game.goldhack?.endSession?.());
    await world.settle();
    const text = world.windowOf(world.players[0])?.textContent ?? "";
    expect(text).toContain("Climb the tower");
    expect(text).toContain("Cross the river");
    // The history's Test from before the start is not shown.
    expect(text).not.toContain("Sela holds the gate");
    expect(session().status).toBe("ending");
  });

  it("writes one page in the Campaign log, readable by players, with the session's content", async () => {
    const { climb } = await playSession();
    await endAndVote();
    expect(session().status).toBe("ended");
    const journals = [...state.journal.values()];
    expect(journals.map((j) => j.name)).toEqual(["Campaign log"]);
    const journal = journals[0] as unknown as { ownership: Record<string, number>; pages: Map<string, { name: string; text: { content: string } }> };
    expect(journal.ownership.default).toBe(2);
    const pages = [...journal.pages.values()];
    expect(pages).toHaveLength(1);
    expect(pages[0]?.name).toMatch(/^Session 1: /);
    const html = document.createElement("div");
    html.innerHTML = pages[0]?.text.content ?? "";
    const text = html.textContent ?? "";
    for (const user of [world.gm, ...world.players]) expect(text).toContain(user.name);
    expect(text).toContain(`@UUID[${world.characters[0].uuid}]{Sela}`);
    expect(text).toContain("Climb the tower");
    expect(text).toContain("1 Fate");
    expect(text).toMatch(/Took the Fallout .* \(rating 2\)/);
    expect(text).toContain("Group Tests");
    expect(text).toContain("Hold the gate");
    expect(text).toContain("Act On Your Belief: granted");
    expect(text).toContain("What changed");
    // The cards still in the log are linked.
    expect(html.querySelector(`[data-action="showMessage"][data-message-id="${climb.id}"]`)).not.toBeNull();
    // Writing again (a GM reload) adds no second page.
    await world.reload(world.gm);
    expect([...journal.pages.values()]).toHaveLength(1);
  });

  it("writes nothing when the GM turned the log off", async () => {
    await runAsClient(world.gm, () => game.settings?.set("goldhack", "campaignLog", false));
    await playSession();
    await endAndVote();
    expect(session().status).toBe("ended");
    expect([...state.journal.values()]).toHaveLength(0);
  });

  it("keeps what changed: a Trait the GM gave, a retirement, and a Drive rewritten after the vote", async () => {
    const [sela, brom, ivy] = world.characters;
    await playSession();
    // The GM gives Sela a Trait (as a Trait Vote's result does); Ana adding one herself is no record.
    await runAsClient(world.gm, () => addItems(sela, [{ name: "Tower-climber", type: "trait", system: {} }]));
    await runAsClient(world.players[1], () => addItems(brom, [{ name: "Self-given", type: "trait", system: {} }]));
    await runAsClient(world.gm, () => game.goldhack?.retireCharacter?.(ivy as never));
    await world.settle();
    await endAndVote();
    const text = pageText();
    expect(text).toContain("{Sela}: new Trait Tower-climber");
    expect(text).not.toContain("Self-given");
    expect(text).toContain("{Ivy}: retired from play");
    // Ana rewrites Sela's Belief in the dialog the vote's end offers her: the page gets it.
    const dialog = document.querySelector<HTMLElement>(`.goldhack-drives-dialog[data-user="${world.players[0].id}"]`) ?? [...document.querySelectorAll<HTMLElement>(".goldhack-drives-dialog")].find((d) => d.textContent?.includes("Sela"));
    if (!dialog) throw new Error("no Drives dialog for Sela");
    await change(q(dialog, 'textarea[name="belief"]'), "The tower keeps its secrets");
    await runAsClient(world.players[0], () => click(q(dialog, '[data-action="saveDrives"]')));
    for (let i = 0; i < 10; i++) await world.settle();
    expect(pageText()).toContain("{Sela}: rewrote the Belief: The tower keeps its secrets");
    expect(logPages()).toHaveLength(1);
  });
});

describe("the campaign log in Spanish", () => {
  beforeEach(async () => {
    world = await installCampaignWorld("es");
  });

  it("writes the page in the world's language", async () => {
    await playSession();
    await runAsClient(world.gm, () => game.goldhack?.endSession?.());
    await world.settle();
    await click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    for (let i = 0; i < 10; i++) await world.settle();
    expect([...state.journal.values()].map((j) => j.name)).toEqual(["Crónica de la campaña"]);
    expect(logPages()[0]?.name).toMatch(/^Sesión 1: \d+ de \p{L}+ de \d{4}$/u);
    const text = pageText();
    for (const phrase of ["Fecha:", "Jugadoras:", "Pruebas (1)", "Trepar la torre", "1 de Fortuna", "Tomó la Secuela", "(rango 2)", "Pruebas de grupo", "Qué cambió", "Sin recompensa esta sesión"]) expect(text).toContain(phrase);
    expect(text).not.toMatch(/Session|Tests|Fallout/);
  });
});
