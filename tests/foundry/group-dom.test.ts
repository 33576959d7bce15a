/**
 * Group Tests through the DOM, as a table plays them: the GM posts a group card; each player draws it,
 * clicks Roll my part, rolls through the real test dialog; the card, the verdict, the part's own Test card
 * and the learning logs are checked as users would see them. Permissions and races go through the
 * channel with the server naming the sender.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { click } from "./user-input";
import { chatMessages } from "./documents";
import { installGroupWorld, type GroupWorld } from "./group-env";
import { scriptedFaces, setRandom } from "./dice";
import { runAsClient } from "./documents";

let w: GroupWorld;
beforeEach(async () => {
  w = await installGroupWorld("en");
});

const text = (el: Element | null | undefined) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();
const verdictOf = (html: HTMLElement) => text(html.querySelector(".goldhack-group-card__verdict"));
const testCards = () => chatMessages().filter((m) => (m as unknown as { type: string }).type === "test");

describe("a needed group Test with three characters", () => {
  it("shows the odds before anyone rolls, lands each part, counts the worst roll and logs each roller once", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past the watch", consequence: "Spotted" });
    let html = await w.draw(card, w.players[0]);
    expect(html.querySelectorAll(".goldhack-group-part")).toHaveLength(3);
    expect(text(html.querySelector('[data-odds="pass"]'))).toMatch(/%/);
    // Each player sees Roll my part only on her own character's part.
    expect([...html.querySelectorAll<HTMLElement>('[data-action="rollPart"]')].map((b) => b.dataset.part)).toEqual(["p0"]);

    await w.rollPart(card, w.players[0], "p0", [4, 5, 6]); // 3 hits vs Ob 2
    html = await w.draw(card, w.players[1]);
    expect(html.querySelector(".goldhack-group-card__odds")).toBeNull();
    expect(verdictOf(html)).toContain("So far the Intent is granted");
    await w.rollPart(card, w.players[1], "p1", [4, 4, 1]); // 2 vs 2
    await w.rollPart(card, w.players[2], "p2", [4, 1, 1]); // 1 vs 2: the worst
    html = await w.draw(card, w.gm);
    expect(verdictOf(html)).toContain("The Intent fails.");
    expect(verdictOf(html)).toContain("Ob left: 1");
    expect(verdictOf(html)).toContain("Ivy's roll counts");
    expect(html.querySelector(".goldhack-group-part.is-counted")?.getAttribute("data-part-id")).toBe("p2");
    const state = w.stateOf(card);
    expect(state.parts.map((p) => p.roll?.result.hits)).toEqual([3, 2, 1]);
    // Each part is a Test card of its own, linked from the group card.
    expect(testCards()).toHaveLength(3);
    expect(state.parts.map((p) => p.roll?.messageId)).toEqual(testCards().map((m) => m.id));
    // Each roller logged her own Test against her own Ob, once.
    expect(w.skillOf(w.characters[0], w.skills[0])).toMatchObject({ passed: 1, failed: 0 });
    expect(w.skillOf(w.characters[1], w.skills[1])).toMatchObject({ passed: 1, failed: 0 });
    expect(w.skillOf(w.characters[2], w.skills[2])).toMatchObject({ passed: 0, failed: 1 });

    // The GM offers the Intent's owner Fallout at the counted Ob left; she accepts.
    click(html.querySelector('[data-action="offerGroupFallout"]'));
    await w.settle();
    html = await w.draw(card, w.players[0]);
    expect(text(html.querySelector(".goldhack-group-card__fallout"))).toContain("Fallout 1");
    click(html.querySelector('[data-action="acceptGroupFallout"]'));
    await w.settle();
    expect(w.stateOf(card).fallout).toEqual({ status: "accepted", rating: 1 });
    expect(w.characters[0].items.contents.filter((i) => i.type === "fallout").map((i) => (i.system as unknown as { rating: number }).rating)).toEqual([1]);
  });

  it("leaves a part's Fallout to the group card, and posts each part's card as its roller picked", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past the watch", consequence: "Spotted" });
    await w.rollPart(card, w.players[0], "p0", [4, 5, 6]);
    await w.rollPart(card, w.players[1], "p1", [4, 4, 1], "blind");
    await w.rollPart(card, w.players[2], "p2", [4, 1, 1], "self"); // fails
    const [first, blind, failed] = testCards();
    expect(first?._source).toMatchObject({ whisper: [], blind: false });
    expect(blind?._source).toMatchObject({ whisper: [w.gm.id], blind: true });
    // Rolled on the GM's client, a self roll is still whispered to its roller, who sees her own dice.
    expect(failed?._source).toMatchObject({ whisper: [w.gm.id, w.players[2].id], blind: false });
    if (!failed) throw new Error("no card for the failed part");
    // The GM sees no Offer Fallout on the failed part's own card: the group card offers it.
    const partCard = await w.draw(failed as never, w.gm);
    expect(partCard.querySelector(".goldhack-test-card__verdict, .goldhack-card__verdict")).not.toBeNull();
    expect(partCard.querySelector('[data-action="offerFallout"]')).toBeNull();
    const groupCard = await w.draw(card, w.gm);
    expect(groupCard.querySelector('[data-action="offerGroupFallout"]')).not.toBeNull();
    // Forced anyway, the card action is refused and writes nothing.
    const { applyCardAction } = await import("../../src/dice/card-actions");
    const result = await runAsClient(w.gm, () => applyCardAction(failed as never, w.gm as never, { action: "offerFallout" }));
    expect(result).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.FalloutOnGroup" } });
    expect((failed as unknown as { system: { fallout: unknown } }).system.fallout).toBeNull();
  });

  it("refuses a second roll, a roll by someone else, a part changed after rolling and a roll after closing, changing nothing", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    await w.rollPart(card, w.players[0], "p0", [4, 5, 6]);
    const { askGM } = await import("../../src/channel");
    const snapshot = () => JSON.stringify({ state: w.stateOf(card), cards: testCards().length, persona: w.characters.map((c) => (c.system as unknown as { persona: { value: number } }).persona.value) });
    const before = snapshot();
    const choice = (_i: number, over: Record<string, unknown> = {}) => ({ persona: 0, traits: {}, fallouts: [], ...over });
    const ask = (user: (typeof w.players)[number], payload: unknown) => runAsClient(user, () => askGM("goldhack.group", payload));
    // Second roll of the same part.
    expect(await ask(w.players[0], { messageId: card.id, action: { action: "roll", partId: "p0", ...choice(0) } })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.AlreadyRolled" } });
    // Someone else's part: a forged sender in the payload is outside its schema; without it, she is not the owner.
    expect(await ask(w.players[0], { messageId: card.id, userId: w.players[1].id, sender: w.gm.id, action: { action: "roll", partId: "p1", ...choice(1) } })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload" } });
    expect(await ask(w.players[0], { messageId: card.id, action: { action: "roll", partId: "p1", ...choice(1) } })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NotOwner" } });
    // Her own part, claiming another Ob or a pool of her own: no payload says what is tested.
    expect(await ask(w.players[1], { messageId: card.id, action: { action: "roll", partId: "p1", ...choice(1, { ob: 1 }) } })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "ob" } } });
    expect(await ask(w.players[1], { messageId: card.id, action: { action: "roll", partId: "p1", ...choice(1, { modifiers: [{ kind: "bonus", dice: 200 }] }) } })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "modifiers" } } });
    // A player cannot close, remove or break ties, whatever the payload claims.
    expect(await ask(w.players[1], { messageId: card.id, isGM: true, action: { action: "close" } })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload" } });
    expect(await ask(w.players[1], { messageId: card.id, action: { action: "close" } })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NotGM" } });
    expect(await ask(w.players[1], { messageId: card.id, action: { action: "remove", partId: "p2" } })).toMatchObject({ ok: false });
    await w.settle();
    expect(snapshot()).toBe(before);
    // The GM closes early: a join afterwards is refused, and the missing parts show as not rolled.
    const gmCard = await w.draw(card, w.gm);
    click(gmCard.querySelector('[data-action="closeGroup"]'));
    await w.settle();
    const closed = snapshot();
    expect(await ask(w.players[1], { messageId: card.id, action: { action: "roll", partId: "p1", ...choice(1) } })).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.Closed" } });
    expect(snapshot()).toBe(closed);
    const html = await w.draw(card, w.players[1]);
    expect(html.querySelector('[data-action="rollPart"]')).toBeNull();
    expect([...html.querySelectorAll(".goldhack-group-part--notRolled")].map((e) => e.getAttribute("data-part-id"))).toEqual(["p1", "p2"]);
    expect(verdictOf(html)).toContain("The Intent is granted.");
  });

  it("lands two owners rolling at the same instant, both", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    const { askGM } = await import("../../src/channel");
    w.relay.delay = 5;
    setRandom(scriptedFaces([4, 4, 4, 1, 1, 1]));
    const choice = { persona: 0, traits: {}, fallouts: [] };
    const replies = await Promise.all([
      runAsClient(w.players[1], () => askGM("goldhack.group", { messageId: card.id, action: { action: "roll", partId: "p1", ...choice } })),
      runAsClient(w.players[2], () => askGM("goldhack.group", { messageId: card.id, action: { action: "roll", partId: "p2", ...choice } })),
    ]);
    await w.settle();
    expect(replies).toEqual([{ ok: true }, { ok: true }]);
    expect(w.stateOf(card).parts.map((p) => p.status)).toEqual(["waiting", "rolled", "rolled"]);
  });

  it("shows a participant whose actor is deleted as gone and counts the remaining rolls", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    await w.rollPart(card, w.players[0], "p0", [4, 5, 6]);
    await w.rollPart(card, w.players[2], "p2", [1, 1, 1]);
    await runAsClient(w.gm, () => (w.characters[2] as unknown as { delete(): Promise<unknown> }).delete());
    const html = await w.draw(card, w.gm);
    expect(html.querySelector('[data-part-id="p2"]')?.classList).toContain("goldhack-group-part--gone");
    expect(verdictOf(html)).toContain("Sela's roll counts");
  });
});

describe("a helpful group Test", () => {
  it("Fate on one part changes which roll counts, on the card and in that roller's log", async () => {
    const card = await w.post({ mode: "helpful", ownerPartId: "p0", intent: "Draw the guards away", consequence: "" });
    await w.rollPart(card, w.players[0], "p0", [4, 4, 4]); // 3 vs 2: +1, counts
    await w.rollPart(card, w.players[1], "p1", [6, 1, 1]); // 1 vs 2: fails
    await w.rollPart(card, w.players[2], "p2", [1, 1, 1]);
    let html = await w.draw(card, w.gm);
    expect(verdictOf(html)).toContain("Sela's roll counts");
    expect(w.skillOf(w.characters[1], w.skills[1])).toMatchObject({ passed: 0, failed: 1 });
    // Brom spends Fate from the group card: his 6 explodes into a 6, which explodes into a 4: 4 hits, +2.
    html = await w.draw(card, w.players[1]);
    expect([...html.querySelectorAll<HTMLElement>('[data-action="groupFate"]')].map((b) => b.dataset.part)).toEqual(["p1"]);
    setRandom(scriptedFaces([6, 6, 4]));
    click(html.querySelector('[data-action="groupFate"]'));
    await w.settle();
    html = await w.draw(card, w.gm);
    expect(verdictOf(html)).toContain("Brom's roll counts");
    expect(verdictOf(html)).toContain("Extra hits: 2");
    expect(w.stateOf(card).parts[1]?.roll).toMatchObject({ fate: true, result: { hits: 4, passed: true } });
    // His log was corrected, not written again.
    expect(w.skillOf(w.characters[1], w.skills[1])).toMatchObject({ passed: 1, failed: 0 });
    expect(w.skillOf(w.characters[0], w.skills[0])).toMatchObject({ passed: 1, failed: 0 });
    expect((await w.draw(card, w.players[1])).querySelector('[data-action="groupFate"]')).toBeNull();
  });
});

describe("a hindering group Test", () => {
  it("ends in a tie that shows Instincts and Traits, and the GM records who breaks it", async () => {
    const card = await w.post({
      mode: "hindering",
      ownerPartId: "p0",
      intent: "Spot Brom first",
      consequence: "",
      parts: [
        { id: "p0", actorUuid: w.characters[0].uuid ?? "", skillId: w.skills[0], ob: 1, task: "Watch the ridge" },
        { id: "p1", actorUuid: w.characters[1].uuid ?? "", skillId: w.skills[1], ob: 1, task: "Creep along the gully" },
      ],
    });
    let html = await w.draw(card, w.gm);
    expect(text(html.querySelector('[data-odds="tie"]'))).toMatch(/%/);
    await w.rollPart(card, w.players[0], "p0", [4, 4, 1]); // 2 vs 1: +1
    await w.rollPart(card, w.players[1], "p1", [4, 4, 1]); // +1 extra: cancels Sela's +1
    html = await w.draw(card, w.players[0]);
    expect(html.querySelector(".goldhack-group-card__verdict")?.getAttribute("data-verdict")).toBe("tie");
    expect(text(html.querySelector('[data-tied="p0"]'))).toContain("Sela's instinct");
    expect(text(html.querySelector('[data-tied="p1"]'))).toContain("Stubborn");
    expect(html.querySelector('[data-action="breakTie"]')).toBeNull();
    html = await w.draw(card, w.gm);
    click(html.querySelector('[data-action="breakTie"][data-part="p1"]'));
    await w.settle();
    html = await w.draw(card, w.gm);
    expect(verdictOf(html)).toContain("The Intent fails.");
    expect(verdictOf(html)).toContain("tie broken by the GM");
    expect(w.stateOf(card).tieBrokenBy).toBe("p1");
    // Each logged her own Test against her own Ob: both passed their own.
    expect(w.skillOf(w.characters[0], w.skills[0])).toMatchObject({ passed: 1 });
    expect(w.skillOf(w.characters[1], w.skills[1])).toMatchObject({ passed: 1 });
  });
});


describe("the start dialog", () => {
  it("opens for a character and the selected tokens, shows live exact odds, and posts a GM-authored card", async () => {
    const { instances } = await import("./applications");
    const { change } = await import("./user-input");
    (globalThis as { canvas?: unknown }).canvas = { tokens: { controlled: [{ actor: w.characters[1] }] } };
    const before = new Set(instances.values());
    const started = runAsClient(w.players[0], () => game.goldhack?.startGroupTest?.([w.characters[0] as unknown as Actor.Implementation]));
    let dialog: HTMLElement | undefined;
    for (let i = 0; i < 200 && !dialog; i++) {
      await w.settle();
      dialog = [...instances.values()].find((a) => !before.has(a) && a.rendered)?.element;
    }
    if (!dialog) throw new Error("no group dialog");
    expect(dialog.querySelectorAll("fieldset[data-row]")).toHaveLength(2);
    const post = () => dialog?.querySelector<HTMLButtonElement>('button[name="post"]');
    // No Intent yet: the summary says so and Post waits.
    expect(text(dialog.querySelector(".goldhack-group-dialog__problem"))).toContain("Declare the Intent first.");
    expect(post()?.disabled).toBe(true);
    change(dialog.querySelector('input[name="intent"]'), "Cross the bridge unseen");
    await w.settle();
    const needed = text(dialog.querySelector('[data-odds="pass"]'));
    expect(needed).toMatch(/%/);
    change(dialog.querySelector('select[name="mode"]'), "helpful");
    await w.settle();
    const helpful = text(dialog.querySelector('[data-odds="pass"]'));
    expect(parseFloat(helpful)).toBeGreaterThan(parseFloat(needed));
    change(dialog.querySelector('input[name="parts.1.ob"]'), "3");
    change(dialog.querySelector('select[name="parts.1.skill"]'), "");
    await w.settle();
    click(post());
    const message = await started;
    await w.settle();
    expect(message?.author?.id).toBe(w.gm.id);
    const state = w.stateOf(message as ChatMessage.Implementation);
    expect(state).toMatchObject({ mode: "helpful", intent: "Cross the bridge unseen", ownerPartId: "p0", reading: "extraHits", alternative: false });
    expect(state.parts.map((p) => [p.actorName, p.skillId, p.ob])).toEqual([
      ["Sela", w.skills[0], 1],
      ["Brom", null, 3],
    ]);
    delete (globalThis as { canvas?: unknown }).canvas;
  });

  it("refuses a forged creation from a player who owns none of the characters", async () => {
    const { askGM } = await import("../../src/channel");
    const reply = await runAsClient(w.players[2], () =>
      askGM("goldhack.groupCreate", { mode: "needed", ownerPartId: "p0", intent: "x", consequence: "", parts: [{ id: "p0", actorUuid: w.characters[0].uuid, skillId: null, ob: 1, task: "" }] }),
    );
    expect(reply).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NotParticipant" } });
    const claimingGM = await runAsClient(w.players[2], () =>
      askGM("goldhack.groupCreate", { mode: "needed", ownerPartId: "p0", intent: "x", consequence: "", isGM: true, parts: [{ id: "p0", actorUuid: w.characters[0].uuid, skillId: null, ob: 1, task: "" }] }),
    );
    expect(claimingGM).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "isGM" } } });
    expect(chatMessages()).toHaveLength(0);
  });
});

describe("from a GM's request", () => {
  it("the request dialog's group choice hands the ticked characters to the group dialog, prefilled", async () => {
    const { instances } = await import("./applications");
    const { change } = await import("./user-input");
    const { requestTest } = await import("../../src/requests/request-api");
    const waitFor = async (pick: (el: HTMLElement) => boolean): Promise<HTMLElement> => {
      for (let i = 0; i < 200; i++) {
        await w.settle();
        const found = [...instances.values()].find((a) => a.rendered && pick(a.element));
        if (found) return found.element;
      }
      throw new Error("window did not open");
    };
    const started = runAsClient(w.gm, () => requestTest([w.characters[0], w.characters[1]] as unknown as Actor.Implementation[]));
    const request = await waitFor((el) => el.querySelector('input[name="asGroup"]') !== null);
    (request.querySelector<HTMLInputElement>('input[name="asGroup"]') as HTMLInputElement).checked = true;
    change(request.querySelector('input[name="intent"]'), "Hold the ford");
    change(request.querySelector('input[name="ob"]'), "3");
    click(request.querySelector('button[type="submit"]'));
    const dialog = await waitFor((el) => el.classList.contains("goldhack-group-dialog"));
    expect(dialog.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe("Hold the ford");
    expect(dialog.querySelector<HTMLInputElement>('input[name="parts.1.ob"]')?.value).toBe("3");
    click(dialog.querySelector('button[name="post"]'));
    const posted = await started;
    expect(posted).toHaveLength(1);
    expect(w.stateOf(posted[0] as ChatMessage.Implementation).parts.map((p) => p.ob)).toEqual([3, 3]);
    // No single request cards were posted.
    expect(chatMessages().map((m) => (m as unknown as { type: string }).type)).toEqual(["group"]);
  });
});

describe("world settings and NPCs", () => {
  it("a card takes the hindering reading and the alternative in force when it is posted", async () => {
    await runAsClient(w.gm, () => game.settings?.set("goldhack", "hinderingReading", "addToOb"));
    await runAsClient(w.gm, () => game.settings?.set("goldhack", "simpleAssist", true));
    const card = await w.post({ mode: "hindering", ownerPartId: "p0", intent: "Spot Brom first", consequence: "" });
    expect(w.stateOf(card)).toMatchObject({ reading: "addToOb", alternative: true });
    expect(text((await w.draw(card, w.players[0])).querySelector(".goldhack-group-card__rule"))).toContain("only the roll with most hits succeeds");
  });

  it("an NPC's part is rolled by the GM and does not learn", async () => {
    const [skill] = await (await import("./documents")).addItems(w.npc, [{ type: "skill", name: "Watch", system: { skillType: "survive", rating: 2 } }]);
    const card = await w.post({
      mode: "hindering",
      ownerPartId: "p0",
      intent: "Slip past the Goblin",
      consequence: "",
      parts: [
        { id: "p0", actorUuid: w.characters[0].uuid ?? "", skillId: w.skills[0], ob: 1, task: "Sneak" },
        { id: "p1", actorUuid: w.npc.uuid ?? "", skillId: skill?.id ?? null, ob: 1, task: "Watch" },
      ],
    });
    expect((await w.draw(card, w.players[0])).querySelector('[data-action="rollPart"][data-part="p1"]')).toBeNull();
    await w.rollPart(card, w.gm, "p1", [4, 4]);
    expect(w.stateOf(card).parts[1]?.roll?.result).toMatchObject({ hits: 2, extraHits: 1 });
    expect(w.skillOf(w.npc, skill?.id ?? "")).toMatchObject({ passed: 0, failed: 0 });
  });
});
