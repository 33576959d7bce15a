/**
 * A group part's pool and Ob are the GM's: read from the character and the card. The other player's
 * client, through the socket, may only say which of her own Traits and Fallouts she invokes and the
 * Persona she spends; made-up modifiers, someone else's Trait, Persona she lacks and Obs past the bound
 * are refused, and a card already in the log with out-of-range numbers draws as a damaged card.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { addItems, chatMessages, runAsClient } from "./documents";
import { installGroupWorld, type GroupWorld } from "./group-env";
import { scriptedFaces, setRandom } from "./dice";

let w: GroupWorld;
beforeEach(async () => {
  w = await installGroupWorld();
});

const ask = async (user: GroupWorld["gm"], payload: unknown) => {
  const { askGM } = await import("../../src/channel");
  return runAsClient(user, () => askGM("goldhack.group", payload));
};
const traitOf = (i: 0 | 1 | 2) => w.characters[i].items.find((item) => item.type === "trait")?.id ?? "";
const testCards = () => chatMessages().filter((m) => (m as unknown as { type: string }).type === "test" || m.rolls.length > 0);

describe("a group part's pool, re-derived by the GM", () => {
  it("through the window: a Trait she ticks adds its one die, read from her character", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    await w.rollPart(card, w.players[1], "p1", [4, 4, 4, 4], undefined, { [traitOf(1)]: "helps" });
    const roll = w.stateOf(card).parts[1]?.roll;
    expect(roll?.plan.dice).toBe(4); // Scouting 3 + Stubborn's +1D
  });

  it("through the socket: someone else's Trait, a Fallout she lacks, Persona past hers or past 3D, and made-up modifiers are refused, nothing rolled", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    const before = JSON.stringify(w.stateOf(card));
    const cards = testCards().length;
    const roll = (over: Record<string, unknown>) => ({ messageId: card.id, action: { action: "roll", partId: "p1", persona: 0, traits: {}, fallouts: [], ...over } });
    expect(await ask(w.players[1], roll({ traits: { [traitOf(0)]: "helps" } }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NotHerTrait" } });
    expect(await ask(w.players[1], roll({ fallouts: [traitOf(1)] }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NotHerFallout" } });
    expect(await ask(w.players[1], roll({ persona: 1 }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.NoPersona" } });
    expect(await ask(w.players[1], roll({ persona: 4 }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "persona" } } });
    expect(await ask(w.players[1], roll({ traits: { [traitOf(1)]: "helps3" } }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload" } });
    expect(await ask(w.players[1], roll({ modifiers: [{ kind: "trait-help", dice: 200 }] }))).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload" } });
    await w.settle();
    expect(JSON.stringify(w.stateOf(card))).toBe(before);
    expect(testCards().length).toBe(cards);
  });

  it("a Fallout of hers adds its rating to the Ob, whatever the payload might have said", async () => {
    const [fallout] = await addItems(w.characters[1], [{ type: "fallout", name: "Tired", system: { rating: 2 } }]);
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    setRandom(scriptedFaces([4, 4, 4]));
    expect(await ask(w.players[1], { messageId: card.id, action: { action: "roll", partId: "p1", persona: 0, traits: {}, fallouts: [fallout?.id ?? ""] } })).toEqual({ ok: true });
    await w.settle();
    expect(w.stateOf(card).parts[1]?.roll?.plan).toMatchObject({ dice: 3, ob: 4 });
  });
});

describe("bounds on a group card's numbers", () => {
  it("refuses a group request with an Ob past 99 (or 1e20), posting nothing", async () => {
    const { askGM } = await import("../../src/channel");
    for (const ob of [100, 1e20]) {
      const reply = await runAsClient(w.players[0], () =>
        askGM("goldhack.groupCreate", { mode: "needed", ownerPartId: "p0", intent: "x", consequence: "", parts: [{ id: "p0", actorUuid: w.characters[0].uuid, skillId: w.skills[0], ob, task: "" }] }),
      );
      expect(reply).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field: "parts.0.ob" } } });
    }
    expect(chatMessages()).toHaveLength(0);
  });

  it("draws a card already in the log with Ob 1e20 or a 203-die roll as a damaged card, on every client, without throwing", async () => {
    const card = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Slip past", consequence: "" });
    const parts = w.stateOf(card).parts;
    await runAsClient(w.gm, () => card.update({ "system.parts": parts.map((p, i) => (i === 0 ? { ...p, ob: 1e20 } : p)) } as never));
    for (const user of [w.gm, ...w.players]) {
      const html = await w.draw(card, user);
      expect(html.querySelector(".goldhack-group-card")).toBeNull();
      expect(html.querySelector(".message-content")?.textContent ?? "").toMatch(/damaged|could not be read/i);
    }
    const huge = { messageId: "x", userId: "", plan: { dice: 203, ob: 2, untrained: false, explode: false }, faces: Array.from({ length: 1203 }, () => 6), result: { hits: 1203, passed: true, extraHits: 1201, remainingOb: 0 }, fate: false };
    await runAsClient(w.gm, () => card.update({ "system.parts": parts.map((p, i) => (i === 1 ? { ...p, status: "rolled", roll: huge } : p)) } as never));
    const html = await w.draw(card, w.players[2]);
    expect(html.querySelector(".goldhack-group-card")).toBeNull();
  });
});
