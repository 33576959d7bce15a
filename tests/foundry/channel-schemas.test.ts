/**
 * The Test card's and the requests' GM actions read their payloads against their declared schemas
 * before anything else (issue 26): each forged payload below crosses the socket stand-in from another
 * player's client and is refused naming the field; nothing on the cards changes. The sender is the
 * server's word: a payload naming a user is outside the schema.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { chatMessages, createActor, runAsClient, type FoundryEnv } from "./documents";
import { installRequestWorld } from "./request-env";

let env: FoundryEnv;
let channel: typeof import("../../src/channel");

beforeEach(async () => {
  ({ env } = await installRequestWorld("en"));
  channel = await import("../../src/channel");
});

const badPayload = (field: string) => ({ ok: false, problem: { key: "GOLDHACK.Channel.Error.BadPayload", data: { field } } });
const asPlayer = <T>(fn: () => Promise<T>): Promise<T> => runAsClient(env.otherPlayer, fn);

describe("forged card and request payloads through the socket, as another player's client", () => {
  it("refuses each one naming the field, before the handler reads a card", async () => {
    const actor = await createActor({ name: "Brom", type: "character", ownership: { default: 0, [env.otherPlayer.id]: 3 } });
    const { CARD_ACTION } = await import("../../src/dice/card-action-name");
    const { ANSWER_ACTION, PROPOSAL_ACTION } = await import("../../src/requests/request-actions");
    const before = JSON.stringify(chatMessages().map((m) => m.toObject()));
    const cases: [string, unknown, unknown][] = [
      [CARD_ACTION, { messageId: "m1", action: { action: "spendFate", userId: env.gm.id } }, badPayload("action.userId")],
      [CARD_ACTION, { messageId: "m1", action: { action: "rerollDie", die: 1e20 } }, badPayload("action.die")],
      [CARD_ACTION, { messageId: "m1", action: { action: "acceptFallout", name: "x".repeat(5000) } }, badPayload("action.name")],
      [CARD_ACTION, { messageId: "m1", action: { action: "grantFate" } }, badPayload("action")],
      [CARD_ACTION, JSON.parse('{"messageId":"m1","action":{"action":"spendFate"},"__proto__":{"isGM":true}}'), badPayload("__proto__")],
      [ANSWER_ACTION, { requestId: "r1", rollMessageId: "m1", userId: env.gm.id }, badPayload("userId")],
      [ANSWER_ACTION, { requestId: "r1" }, badPayload("rollMessageId")],
      [ANSWER_ACTION, { requestId: "__proto__", rollMessageId: "m1" }, badPayload("requestId")],
    ];
    for (const [name, payload, expected] of cases) expect(await asPlayer(() => channel.askGM(name, payload)), JSON.stringify(payload)).toEqual(expected);
    // A well-formed payload reaches the handler, which then finds no such card.
    expect(await asPlayer(() => channel.askGM(ANSWER_ACTION, { requestId: "r1", rollMessageId: "m1" }))).toEqual({ ok: false, problem: { key: "GOLDHACK.Request.Error.NotFound" } });
    expect(await asPlayer(() => channel.askGM(CARD_ACTION, { messageId: "m1", action: { action: "spendFate" } }))).toEqual({ ok: false, problem: { key: "GOLDHACK.Chat.Error.NotATest" } });
    // A proposal's answer is the GM's: a player's is refused as not the GM's, whatever it carries.
    expect(await asPlayer(() => channel.askGM(PROPOSAL_ACTION, { messageId: "m1", input: {}, sender: env.gm.id }))).toEqual({ ok: false, problem: { key: "GOLDHACK.Request.Error.NotGM" } });
    // From the GM's own client, the schema is read all the same.
    const gmInput = { skill: { kind: "skill", id: "s1", name: "Stealth" }, ob: 1e20, intent: "", task: "", consequence: "", allowSkillChange: false, allowObChange: false };
    expect(await runAsClient(env.gm, () => channel.askGM(PROPOSAL_ACTION, { messageId: "m1", input: gmInput }))).toEqual(badPayload("input.ob"));
    expect(JSON.stringify(chatMessages().map((m) => m.toObject()))).toBe(before);
    expect(actor.name).toBe("Brom");
    expect(({} as Record<string, unknown>).isGM).toBeUndefined();
  });
});
