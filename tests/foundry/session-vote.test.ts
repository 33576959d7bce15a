import { beforeEach, describe, expect, it } from "vitest";
import { runAsClient, chatMessages, type StandInUser } from "./documents";
import { change, click } from "./user-input";
import { installSessionWorld, type SessionWorld } from "./session-env";
import { screen } from "./dom-env";

let world: SessionWorld;

const q = (root: Element | null, selector: string): HTMLElement => {
  const found = root?.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
};

/** A user nominates an award for a character through their window's form. */
async function nominate(user: StandInUser, actorName: string, award: string, reason = ""): Promise<void> {
  const window = world.windowOf(user);
  const form = q(window, "[data-nominate-form]");
  const select = q(form, '[name="actorUuid"]') as HTMLSelectElement;
  const option = [...select.options].find((o) => o.textContent === actorName);
  change(select, option?.value ?? "");
  change(q(form, '[name="award"]'), award);
  change(q(form, '[name="reason"]'), reason);
  click(q(form, '[data-action="nominate"]'));
  await world.settle();
}

/** The nomination element for an award label in a user's window. */
function nominationIn(user: StandInUser, label: string): HTMLElement {
  const items = [...(world.windowOf(user)?.querySelectorAll<HTMLElement>(".goldhack-vote-nomination") ?? [])];
  const found = items.find((li) => li.querySelector(".goldhack-vote-award strong")?.textContent === label);
  if (!found) throw new Error(`no nomination ${label} for ${user.name}`);
  return found;
}

async function vote(user: StandInUser, label: string, approve: "yes" | "no"): Promise<void> {
  click(q(nominationIn(user, label), `[data-action="vote"][data-approve="${approve}"]`));
  await world.settle();
}

async function endSession(): Promise<void> {
  await runAsClient(world.gm, () => game.goldhack?.endSession?.());
  await world.settle();
}

const points = (index: 0 | 1 | 2) => {
  const system = world.characters[index].system as unknown as { fate: { value: number }; persona: { value: number } };
  return [system.fate.value, system.persona.value];
};

beforeEach(async () => {
  world = await installSessionWorld();
});

describe("end of session: the reward vote through the windows", () => {
  it("opens a window for each connected user showing every player character's Drives and this session's Tests", async () => {
    await endSession();
    for (const user of [world.gm, ...world.players]) {
      const window = world.windowOf(user);
      expect(window, user.name).not.toBeNull();
      const names = [...(window?.querySelectorAll(".goldhack-vote-name") ?? [])].map((h) => h.textContent);
      expect(names).toEqual(["Sela", "Brom", "Ivy"]);
    }
    const text = world.windowOf(world.players[0])?.textContent ?? "";
    expect(text).toContain("Brom believes");
    expect(text).toContain("Sela holds the gate");
    expect(world.windowOf(world.players[0])?.querySelector('[data-action="showMessage"][data-message-id="m-Sela"]')).not.toBeNull();
    // The Goblin is no player character: not on the ballot.
    expect(text).not.toContain("Goblin");
    // Only the GM may close.
    expect(world.windowOf(world.players[0])?.querySelector('[data-action="closeVote"]')).toBeNull();
    expect(world.windowOf(world.gm)?.querySelector('[data-action="closeVote"]')).not.toBeNull();
  });

  it("runs a whole vote: nominations, live tallies that hide how, a changed vote, the close; rewards applied once", async () => {
    const [ana, bruno, carla] = world.players;
    await endSession();
    await nominate(ana, "Brom", "actOnBelief", "He held the bridge");
    await nominate(bruno, "Ivy", "mvp");
    await nominate(carla, "Sela", "pursueGoal");
    // Everyone sees every nomination.
    expect(nominationIn(world.gm, "Act On Your Belief").textContent).toContain("He held the bridge");

    await vote(ana, "Act On Your Belief", "yes");
    await vote(bruno, "Act On Your Belief", "no");
    const tally = q(nominationIn(carla, "Act On Your Belief"), ".goldhack-vote-tally").textContent ?? "";
    expect(tally).toContain("2 of 4 voted");
    expect(tally).toContain("Player");
    expect(tally).not.toMatch(/Yes|No\b/);
    // Bruno changes his mind before the close.
    await vote(bruno, "Act On Your Belief", "yes");
    expect(q(nominationIn(bruno, "Act On Your Belief"), '[data-approve="yes"]').getAttribute("aria-pressed")).toBe("true");
    await vote(world.gm, "Act On Your Belief", "yes");
    for (const user of [world.gm, ana, bruno, carla]) await vote(user, "Most Valuable Player (MVP)", "yes");
    // Sela's Pursue: one yes among four participants, the rest silent: not granted.
    await vote(carla, "Pursue Your Goal", "yes");

    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();

    expect(points(1)).toEqual([2, 0]); // Brom: +1 Fate
    expect(points(2)).toEqual([1, 4]); // Ivy: MVP, but Persona is at Potential 4 already: swallowed
    expect(points(0)).toEqual([1, 0]);
    const cards = chatMessages().filter((m) => m.getFlag("goldhack", "sessionVote"));
    expect(cards).toHaveLength(1);
    const card = document.createElement("div");
    card.innerHTML = cards[0]?.content ?? "";
    expect(card.textContent).toContain("Act On Your Belief");
    expect(card.textContent).toMatch(/Potential cap: 0 Fate and 1 Persona not gained/);
    expect(q(card, ".goldhack-session-honours").textContent).toContain("Ivy");
    // After the close, everyone sees how each voted.
    expect(q(nominationIn(carla, "Act On Your Belief"), ".goldhack-vote-result").textContent).toContain("Passed");
    // Reward history on the character.
    expect(world.characters[1].getFlag("goldhack", "rewardHistory")).toMatchObject([{ awards: ["actOnBelief"], fateGained: 1 }]);

    // Closing again (the GM's button still drawn in a stale window, or a macro) applies nothing.
    const { SESSION_ACTIONS } = await import("../../src/session/vote-actions");
    const { askGM } = await import("../../src/channel");
    const voteId = (game.settings?.get("goldhack", "sessionVote") as { id: string }).id;
    const again = await runAsClient(world.gm, () => askGM(SESSION_ACTIONS.close, { kind: "rewards", voteId }));
    expect(again).toEqual({ ok: false, problem: { key: "GOLDHACK.Session.Error.AlreadyClosed" } });
    await world.settle();
    expect(points(1)).toEqual([2, 0]);
    expect(chatMessages().filter((m) => m.getFlag("goldhack", "sessionVote"))).toHaveLength(1);
  });

  it("refuses, with a localised message and nothing changed: an award nominated twice, a vote after the close, a vote by a non-participant", async () => {
    const [ana, bruno] = world.players;
    await endSession();
    await nominate(ana, "Brom", "actOnBelief");
    await nominate(bruno, "Brom", "actOnBelief");
    expect(world.env.notifications.warnings).toContain("Act On Your Belief is already nominated for Brom.");
    // MVP beside Workhorse for one character is not refused: the caps apply at the tally (SRD: "a simple majority wins").
    await nominate(bruno, "Brom", "workhorse");
    const warned = world.env.notifications.warnings.length;
    await nominate(ana, "Brom", "mvp");
    expect(world.env.notifications.warnings).toHaveLength(warned);
    expect(world.windowOf(ana)?.querySelectorAll(".goldhack-vote-nomination")).toHaveLength(3);

    // The GM removes Ana; her next vote is refused and her window says she is out.
    click(q(world.windowOf(world.gm), `[data-action="removeParticipant"][data-user-id="${ana.id}"]`));
    await world.settle();
    expect(world.windowOf(ana)).toBeNull();
    const { SESSION_ACTIONS } = await import("../../src/session/vote-actions");
    const { askGM } = await import("../../src/channel");
    const state = () => game.settings?.get("goldhack", "sessionVote") as { id: string; nominations: { id: string; votes: Record<string, boolean> }[] };
    const first = state().nominations[0]?.id ?? "";
    const out = await runAsClient(ana, () => askGM(SESSION_ACTIONS.vote, { kind: "rewards", voteId: state().id, nominationId: first, approve: true }));
    expect(out).toEqual({ ok: false, problem: { key: "GOLDHACK.Session.Error.NotParticipant" } });

    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();
    const late = await runAsClient(bruno, () => askGM(SESSION_ACTIONS.vote, { kind: "rewards", voteId: state().id, nominationId: first, approve: true }));
    expect(late).toEqual({ ok: false, problem: { key: "GOLDHACK.Session.Error.Closed" } });
    expect(state().nominations[0]?.votes).toEqual({});
  });

  it("refuses a nomination for an actor that is not a player character", async () => {
    await endSession();
    const { SESSION_ACTIONS } = await import("../../src/session/vote-actions");
    const { askGM } = await import("../../src/channel");
    const voteId = (game.settings?.get("goldhack", "sessionVote") as { id: string }).id;
    const reply = await runAsClient(world.players[0], () => askGM(SESSION_ACTIONS.nominate, { kind: "rewards", voteId, actorUuid: world.npc.uuid, award: "mvp" }));
    expect(reply).toEqual({ ok: false, problem: { key: "GOLDHACK.Session.Error.NotPlayerCharacter" } });
  });

  it("never takes the voter from the payload: a vote naming another voter is refused unread, one without is cast as the sender, and a player's forged close is refused", async () => {
    const [ana, bruno] = world.players;
    await endSession();
    await nominate(ana, "Brom", "actOnBelief");
    const { SESSION_ACTIONS } = await import("../../src/session/vote-actions");
    const voteState = () => game.settings?.get("goldhack", "sessionVote") as { id: string; status: string; nominations: { id: string; votes: Record<string, boolean> }[] };
    const nominationId = voteState().nominations[0]?.id ?? "";
    // Ana's client sends raw socket requests claiming to be Bruno and the GM.
    runAsClient(ana, () =>
      game.socket?.emit("system.goldhack", { id: "forged-1", name: SESSION_ACTIONS.vote, to: world.gm.id, payload: { kind: "rewards", voteId: voteState().id, nominationId, approve: false, voter: bruno.id, userId: bruno.id, sender: bruno.id } }),
    );
    runAsClient(ana, () => game.socket?.emit("system.goldhack", { id: "forged-2", name: SESSION_ACTIONS.close, to: world.gm.id, payload: { kind: "rewards", voteId: voteState().id } }));
    await world.settle();
    // A payload naming a voter is outside the declared schema: refused, naming the field, and nothing is cast.
    const reply = (id: string) => (world.relay.emitted.find((e) => (e.data as { replyTo?: string }).replyTo === id)?.data as { reply: unknown } | undefined)?.reply;
    expect(reply("forged-1")).toEqual({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "voter" } } });
    expect(voteState().nominations[0]?.votes).toEqual({});
    runAsClient(ana, () => game.socket?.emit("system.goldhack", { id: "forged-3", name: SESSION_ACTIONS.vote, to: world.gm.id, payload: { kind: "rewards", voteId: voteState().id, nominationId, approve: false } }));
    await world.settle();
    expect(voteState().nominations[0]?.votes).toEqual({ [ana.id]: false });
    expect(voteState().status).toBe("open");
    const replies = world.relay.emitted.filter((e) => (e.data as { replyTo?: string }).replyTo === "forged-2");
    expect((replies[0]?.data as { reply: unknown }).reply).toEqual({ ok: false, problem: { key: "GOLDHACK.Session.Error.NotGM" } });
  });
});

describe("nothing lost", () => {
  it("survives a reload of a player and of the GM mid-vote", async () => {
    const [ana, bruno] = world.players;
    await endSession();
    await nominate(ana, "Brom", "actOnBelief");
    await vote(ana, "Act On Your Belief", "yes");
    await world.reload(ana);
    expect(q(nominationIn(ana, "Act On Your Belief"), '[data-approve="yes"]').getAttribute("aria-pressed")).toBe("true");
    await world.reload(world.gm);
    expect(q(nominationIn(world.gm, "Act On Your Belief"), ".goldhack-vote-tally").textContent).toContain("1 of 4 voted");
    for (const user of [world.gm, bruno]) await vote(user, "Act On Your Belief", "yes");
    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();
    expect(points(1)).toEqual([2, 0]);
  });

  it("lets a participant who disconnected vote again on reconnecting", async () => {
    const [ana, bruno, carla] = world.players;
    await endSession();
    await nominate(ana, "Sela", "invokeInstinct");
    world.disconnect(carla);
    await vote(bruno, "Invoke/Resist Your Instinct", "yes");
    expect(world.windowOf(carla)).toBeNull();
    expect(world.windowOf(world.gm)?.textContent).toContain("disconnected");
    await world.reconnect(carla);
    expect(q(nominationIn(carla, "Invoke/Resist Your Instinct"), ".goldhack-vote-tally").textContent).toContain("1 of 4 voted");
    await vote(carla, "Invoke/Resist Your Instinct", "yes");
    await vote(ana, "Invoke/Resist Your Instinct", "yes");
    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();
    expect(points(0)).toEqual([2, 0]);
  });

  it("finishes applying, once, a close interrupted before the GM's client wrote the results", async () => {
    const [ana, bruno, carla] = world.players;
    await endSession();
    await nominate(ana, "Brom", "actOnBelief");
    for (const user of [ana, bruno, carla]) await vote(user, "Act On Your Belief", "yes");
    // The GM's client stored the close, then went away before applying.
    const { closeVote, parseVoteState } = await import("../../src/session/vote-state");
    const { writeVote } = await import("../../src/session/vote-store");
    const stored = parseVoteState(game.settings?.get("goldhack", "sessionVote"));
    if (!stored) throw new Error("no vote");
    const closed = closeVote(stored, { id: world.gm.id, isGM: true }, Date.now());
    if (!closed.ok) throw new Error("not closed");
    await runAsClient(world.gm, () => writeVote(closed.state));
    await world.settle();
    expect(points(1)).toEqual([1, 0]);
    await world.reload(world.gm);
    expect(points(1)).toEqual([2, 0]);
    await world.reload(world.gm);
    expect(points(1)).toEqual([2, 0]);
    expect(chatMessages().filter((m) => m.getFlag("goldhack", "sessionVote"))).toHaveLength(1);
  });
});

describe("after the vote: Rewrite your Drives", () => {
  it("offers each player their character's Drives and keeps the previous ones in its history", async () => {
    const [ana] = world.players;
    await endSession();
    click(q(world.windowOf(world.gm), '[data-action="closeVote"]'));
    await world.settle();
    const dialog = screen.querySelector(`.goldhack-drives-dialog[data-user="${ana.id}"]`);
    expect(dialog).not.toBeNull();
    expect(screen.querySelectorAll(".goldhack-drives-dialog")).toHaveLength(3);
    change(q(dialog, '[name="belief"]'), "Sela trusts no one now");
    click(q(dialog, '[data-action="saveDrives"]'));
    await world.settle();
    const sela = world.characters[0];
    expect((sela.system as unknown as { drives: { belief: string } }).drives.belief).toBe("Sela trusts no one now");
    expect(sela.getFlag("goldhack", "drivesHistory")).toMatchObject([{ belief: "Sela believes", goal: "Sela's goal", instinct: "Sela's instinct" }]);
    expect(screen.querySelector(`.goldhack-drives-dialog[data-user="${ana.id}"]`)).toBeNull();
  });
});

describe("the Trait Vote", () => {
  it("adds a Trait on a unanimous yes and changes nothing on a single no", async () => {
    const [ana, bruno, carla] = world.players;
    const sela = world.characters[0];
    await runAsClient(world.gm, () => game.goldhack?.traitVote?.(sela as unknown as Actor.Implementation));
    await world.settle();
    const form = q(world.windowOf(ana, "traits"), "[data-nominate-form]");
    change(q(form, '[name="changeKind"]'), "add");
    change(q(form, '[name="traitName"]'), "Scarred");
    change(q(form, '[name="traitDescription"]'), "From the fire");
    click(q(form, '[data-action="nominate"]'));
    await world.settle();
    const form2 = q(world.windowOf(bruno, "traits"), "[data-nominate-form]");
    change(q(form2, '[name="changeKind"]'), "remove");
    click(q(form2, '[data-action="nominate"]'));
    await world.settle();
    const items = (user: StandInUser) => [...(world.windowOf(user, "traits")?.querySelectorAll<HTMLElement>(".goldhack-vote-nomination") ?? [])];
    expect(items(carla).map((li) => li.querySelector("strong")?.textContent)).toEqual(["New Trait: Scarred", "Remove Stubborn"]);
    for (const user of [world.gm, ana, bruno, carla]) {
      click(q(items(user)[0] ?? null, '[data-approve="yes"]'));
      await world.settle();
      click(q(items(user)[1] ?? null, `[data-approve="${user === carla ? "no" : "yes"}"]`));
      await world.settle();
    }
    click(q(world.windowOf(world.gm, "traits"), '[data-action="closeVote"]'));
    await world.settle();
    expect(sela.items.contents.map((i) => i.name).sort()).toEqual(["Scarred", "Stubborn"]);
    const card = chatMessages().find((m) => m.getFlag("goldhack", "sessionVote"));
    expect(card?.content).toContain("Granted:");
    expect(card?.content).toContain("Not granted:");
  });

  it("is refused for an actor that is not a player character, and for a player", async () => {
    await runAsClient(world.gm, () => game.goldhack?.traitVote?.(world.npc as unknown as Actor.Implementation));
    await runAsClient(world.players[0], () => game.goldhack?.traitVote?.(world.characters[0] as unknown as Actor.Implementation));
    expect(world.env.notifications.warnings).toEqual(["Only a player's character can be nominated.", "Only the GM can do that."]);
  });
});
