/**
 * The votes as a player's client cannot bend them (issue 26): a close is one transition the GM's client
 * finishes however it was interrupted, and no next "end session" replaces a vote whose results are not
 * written; Trait Votes called at once are queued, none dropped; a Trait's text stays plain text and no
 * change gives a character two Traits of one name; forged senders and payloads through the socket relay
 * are refused before anything is read; a double click on Close (with the GM's writes slowed) asks once.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { addItems, chatMessages, runAsClient, type StandInUser } from "./documents";
import { change, click } from "./user-input";
import { installSessionWorld, type SessionWorld } from "./session-env";

let world: SessionWorld;

const q = (root: Element | null | undefined, selector: string): HTMLElement => {
  const found = root?.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

type StoredVote = { id: string; status: string; applied: boolean; characters: { name: string }[]; nominations: { id: string; votes: Record<string, boolean> }[] };
const stored = (kind: "rewards" | "traits" = "rewards") => game.settings?.get("goldhack", kind === "rewards" ? "sessionVote" : "traitVote") as unknown as StoredVote;
const points = (index: 0 | 1 | 2) => {
  const system = world.characters[index].system as unknown as { fate: { value: number }; persona: { value: number } };
  return [system.fate.value, system.persona.value];
};
const resultCards = () => chatMessages().filter((m) => m.getFlag("goldhack", "sessionVote"));

async function endSession(): Promise<boolean | undefined> {
  const done = await runAsClient(world.gm, () => game.goldhack?.endSession?.());
  await world.settle();
  return done;
}

/** Brom's "Act on your Belief" nominated and voted yes by every participant. */
async function bromEarnsFate(): Promise<void> {
  await endSession();
  const form = q(world.windowOf(world.players[0]), "[data-nominate-form]");
  const select = q(form, '[name="actorUuid"]') as HTMLSelectElement;
  change(select, [...select.options].find((o) => o.textContent === "Brom")?.value ?? "");
  change(q(form, '[name="award"]'), "actOnBelief");
  click(q(form, '[data-action="nominate"]'));
  await world.settle();
  for (const user of [world.gm, ...world.players]) {
    click(q(world.windowOf(user), '[data-action="vote"][data-approve="yes"]'));
    await world.settle();
  }
}

/** Makes an actor's next `count` updates fail, as a refused or lost write would. */
function failUpdates(actor: SessionWorld["characters"][number], count: number): void {
  const update = actor.update.bind(actor);
  let left = count;
  (actor as unknown as { update: typeof update }).update = async (...args: Parameters<typeof update>) => {
    if (left-- > 0) throw new Error("the write was lost");
    return update(...args);
  };
}

/** Every world-setting write the GM's client makes waits `ms` first (a slow server). */
function slowSettings(ms: number): void {
  const settings = game.settings as unknown as { set: (...args: unknown[]) => Promise<unknown> };
  const set = settings.set.bind(settings);
  settings.set = async (...args: unknown[]) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return set(...args);
  };
}

beforeEach(async () => {
  world = await installSessionWorld();
  // The world's console output of an expected failed write is not the test's concern.
  console.error = () => undefined;
});

describe("closing a vote is one transition", () => {
  it("a close whose writes fail halfway is finished by the next end of session, never replaced: the Fate award lands once", async () => {
    await bromEarnsFate();
    failUpdates(world.characters[1], 1);
    const closing = stored().id;
    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();
    expect(world.env.notifications.warnings.pop()).toMatch(/could not all be written\. Nothing was lost/);
    expect(stored()).toMatchObject({ id: closing, status: "closed", applied: false });
    expect(points(1)).toEqual([1, 0]);
    // The GM's window says the results are not all written, and offers to write them.
    expect(world.windowOf(world.gm)?.querySelector(".goldhack-vote-pending")?.textContent).toContain("not all written yet");
    expect(world.windowOf(world.gm)?.querySelector('[data-action="closeVote"]')?.textContent).toContain("Write the results");

    expect(await endSession()).toBe(true);
    expect(points(1)).toEqual([2, 0]);
    expect(stored().id).not.toBe(closing);
    expect(stored().status).toBe("open");
    expect(resultCards()).toHaveLength(1);
    expect(world.characters[1].getFlag("goldhack", "rewardHistory")).toHaveLength(1);
  });

  it("while the results still cannot be written, end of session is refused with a localised warning and the vote is kept; Write the results finishes it", async () => {
    await bromEarnsFate();
    failUpdates(world.characters[1], 3);
    const closing = stored().id;
    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();
    expect(await endSession()).toBe(false);
    expect(world.env.notifications.warnings.pop()).toBe(
      "The last reward vote is closed but its results are still not written: the new vote was not opened. Open the last vote's window and write its results first.",
    );
    expect(stored()).toMatchObject({ id: closing, status: "closed", applied: false });
    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();
    expect(stored()).toMatchObject({ id: closing, applied: false });
    // The third failure was the last: this press writes them.
    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();
    expect(stored()).toMatchObject({ id: closing, status: "closed", applied: true });
    expect(points(1)).toEqual([2, 0]);
    expect(resultCards()).toHaveLength(1);
  });

  it("a double click on Close, with the GM's writes slowed, closes once: the window is busy meanwhile and no refusal is shown", async () => {
    await bromEarnsFate();
    slowSettings(15);
    const button = q(world.windowOf(world.gm), '[data-action="closeVote"]');
    click(button);
    click(button);
    // The clicks' actions have started (the stand-in runs them a microtask later); the first write is still waiting.
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(world.windowOf(world.gm)?.getAttribute("aria-busy")).toBe("true");
    expect((world.windowOf(world.gm)?.querySelector('[data-action="closeVote"]') as HTMLButtonElement | null)?.disabled).toBe(true);
    await world.settle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await world.settle();
    expect(world.env.notifications.warnings).toEqual([]);
    expect(points(1)).toEqual([2, 0]);
    expect(resultCards()).toHaveLength(1);
    expect(world.windowOf(world.gm)?.getAttribute("aria-busy")).toBe("false");
  });
});

describe("Trait Votes called at once", () => {
  it("are queued, none dropped: the second opens when the first is applied", async () => {
    const [sela, brom] = world.characters;
    const calls = runAsClient(world.gm, () =>
      Promise.all([game.goldhack?.traitVote?.(sela as unknown as Actor.Implementation), game.goldhack?.traitVote?.(brom as unknown as Actor.Implementation)]),
    );
    expect(await calls).toEqual(["opened", "queued"]);
    await world.settle();
    expect(world.env.notifications.warnings).toEqual([]);
    expect(world.env.notifications.infos).toContain("A Trait Vote is under way: the one on Brom is queued and opens when that one's results are written.");
    expect(stored("traits")).toMatchObject({ status: "open", characters: [{ name: "Sela" }] });
    click(q(world.windowOf(world.gm, "traits"), '[data-action="closeVote"]'));
    await world.settle();
    expect(stored("traits")).toMatchObject({ status: "open", applied: false, characters: [{ name: "Brom" }] });
    // Every participant's window follows: now Brom's vote.
    expect(world.windowOf(world.players[2], "traits")?.querySelector(".goldhack-vote-name")?.textContent).toBe("Brom");
    expect(resultCards()).toHaveLength(1);
  });
});

describe("Trait text and names", () => {
  async function openOnSela(): Promise<void> {
    await runAsClient(world.gm, () => game.goldhack?.traitVote?.(world.characters[0] as unknown as Actor.Implementation));
    await world.settle();
  }

  async function propose(user: StandInUser, kind: "add" | "change", name: string, description = ""): Promise<void> {
    const form = q(world.windowOf(user, "traits"), "[data-nominate-form]");
    change(q(form, '[name="changeKind"]'), kind);
    if (kind === "change") change(q(form, '[name="itemId"]'), world.characters[0].items.find((i) => i.name === "Stubborn")?.id ?? "");
    change(q(form, '[name="traitName"]'), name);
    change(q(form, '[name="traitDescription"]'), description);
    click(q(form, '[data-action="nominate"]'));
    await world.settle();
  }

  it("a description typed as plain text is written escaped: drawn as HTML, it is the same text and no markup", async () => {
    await openOnSela();
    const typed = 'Burnt <b>badly</b> & <img src="x" onerror="alert(1)">\nStill stands';
    await propose(world.players[0], "add", "Scarred", typed);
    for (const user of [world.gm, ...world.players]) {
      click(q(world.windowOf(user, "traits"), '[data-approve="yes"]'));
      await world.settle();
    }
    click(q(world.windowOf(world.gm, "traits"), '[data-action="closeVote"]'));
    await world.settle();
    const scarred = world.characters[0].items.find((i) => i.name === "Scarred");
    const drawn = document.createElement("div");
    drawn.innerHTML = String((scarred?.system as unknown as { description: string }).description);
    expect(drawn.querySelector("b, img")).toBeNull();
    expect([...drawn.querySelectorAll("p")].map((p) => p.textContent)).toEqual(['Burnt <b>badly</b> & <img src="x" onerror="alert(1)">', "Still stands"]);
  });

  it("refuses, localised, a change to a name she already has and a name another nomination proposes", async () => {
    await addItems(world.characters[0], [{ name: "Brave", type: "trait", system: { description: "" } }]);
    await openOnSela();
    await propose(world.players[0], "change", "brave");
    expect(world.env.notifications.warnings.pop()).toBe("The character already has the Trait brave.");
    await propose(world.players[0], "add", "Scarred");
    await propose(world.players[1], "change", "SCARRED");
    expect(world.env.notifications.warnings.pop()).toBe("Another nomination already proposes the name SCARRED.");
    expect(world.windowOf(world.gm, "traits")?.querySelectorAll(".goldhack-vote-nomination")).toHaveLength(1);
  });
});

describe("forged requests through the socket, as another player's client", () => {
  const emit = (user: StandInUser, id: string, name: string, payload: unknown) =>
    runAsClient(user, () => game.socket?.emit("system.goldhack", { id, name, to: world.gm.id, payload }));
  const reply = (id: string) => (world.relay.emitted.find((e) => (e.data as { replyTo?: string }).replyTo === id)?.data as { reply: unknown } | undefined)?.reply;
  const badPayload = (field: string) => ({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field } } });

  it("refuses payloads outside each action's schema, naming the field, before anything is read; and a player's participant change as not the GM's", async () => {
    const { SESSION_ACTIONS } = await import("../../src/session/vote-actions");
    const [ana, bruno] = world.players;
    await endSession();
    const voteId = stored().id;
    const brom = world.characters[1].uuid;
    emit(ana, "f1", SESSION_ACTIONS.nominate, JSON.parse(`{"kind":"rewards","voteId":"${voteId}","actorUuid":"${brom}","award":"mvp","__proto__":{"isGM":true}}`));
    emit(ana, "f2", SESSION_ACTIONS.nominate, { kind: "rewards", voteId, actorUuid: brom, award: "mvp", by: bruno.id });
    emit(ana, "f3", SESSION_ACTIONS.nominate, { kind: "rewards", voteId, actorUuid: brom, award: "fate99" });
    emit(ana, "f4", SESSION_ACTIONS.vote, { kind: "rewards", voteId, nominationId: "n1", approve: "yes" });
    emit(ana, "f5", SESSION_ACTIONS.close, { kind: "both", voteId });
    emit(ana, "f6", SESSION_ACTIONS.participant, { kind: "rewards", voteId, userId: bruno.id, present: false });
    emit(ana, "f7", SESSION_ACTIONS.nominate, { kind: "rewards", voteId, actorUuid: brom, award: "mvp", reason: "x".repeat(5000) });
    await world.settle();
    expect(reply("f1")).toEqual(badPayload("__proto__"));
    expect(reply("f2")).toEqual(badPayload("by"));
    expect(reply("f3")).toEqual(badPayload("award"));
    expect(reply("f4")).toEqual(badPayload("approve"));
    expect(reply("f5")).toEqual(badPayload("kind"));
    expect(reply("f6")).toEqual({ ok: false, problem: { key: "GOLDHACK.Session.Error.NotGM" } });
    expect(reply("f7")).toEqual(badPayload("reason"));
    expect(stored()).toMatchObject({ status: "open", nominations: [] });
    expect(stored().characters).toHaveLength(3);
    expect(({} as Record<string, unknown>).isGM).toBeUndefined();
  });

  it("a Trait nomination from the socket carries only the flat choices: a nested change or a named Trait of another is refused", async () => {
    const { SESSION_ACTIONS } = await import("../../src/session/vote-actions");
    await runAsClient(world.gm, () => game.goldhack?.traitVote?.(world.characters[0] as unknown as Actor.Implementation));
    await world.settle();
    const voteId = stored("traits").id;
    const sela = world.characters[0].uuid;
    const [ana] = world.players;
    emit(ana, "t1", SESSION_ACTIONS.nominate, { kind: "traits", voteId, actorUuid: sela, change: { kind: "add", name: "Lucky" } });
    emit(ana, "t2", SESSION_ACTIONS.nominate, { kind: "traits", voteId, actorUuid: sela, changeKind: "rename", traitName: "Lucky" });
    emit(ana, "t3", SESSION_ACTIONS.nominate, { kind: "traits", voteId, actorUuid: sela, changeKind: "remove", itemId: world.characters[1].items.contents[0]?.id ?? "" });
    await world.settle();
    expect(reply("t1")).toEqual(badPayload("change"));
    expect(reply("t2")).toEqual(badPayload("changeKind"));
    expect(reply("t3")).toEqual({ ok: false, problem: { key: "GOLDHACK.Session.Error.UnknownTrait" } });
    expect(stored("traits").nominations).toEqual([]);
    emit(ana, "t4", SESSION_ACTIONS.nominate, { kind: "traits", voteId, actorUuid: sela, changeKind: "add", traitName: "Lucky" });
    await world.settle();
    expect(reply("t4")).toEqual({ ok: true });
    expect(stored("traits").nominations).toHaveLength(1);
  });
});
