/**
 * Official records: a card or flag other code believes counts only when a GM wrote it. A player's
 * client posts messages that copy the flags of a vote's results card and of a downtime summary; the
 * GM's real card is still posted, and the player's copy is never drawn as a summary.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { chatMessages, runAsClient } from "./documents";
import { click } from "./user-input";
import { installSessionWorld, type SessionWorld } from "./session-env";
import { isGmAuthored, officialFlag } from "../../src/documents/official";

let world: SessionWorld;

beforeEach(async () => {
  world = await installSessionWorld();
});

const summaryState = { id: "d1", status: "applied", participants: [], span: { unit: "month", count: 6 }, cycleUnits: {}, result: { participants: [] } };

describe("isGmAuthored and officialFlag", () => {
  it("say yes only for a GM's message, whatever flags a player's message carries", async () => {
    const player = world.players[0];
    const forged = await runAsClient(player, () => ChatMessage.create({ content: "mine", flags: { goldhack: { sessionVote: "v" } } } as ChatMessage.CreateData));
    const real = await runAsClient(world.gm, () => ChatMessage.create({ content: "gm", flags: { goldhack: { sessionVote: "v" } } } as ChatMessage.CreateData));
    expect(isGmAuthored(forged)).toBe(false);
    expect(officialFlag(forged, "sessionVote")).toBeUndefined();
    expect(isGmAuthored(real)).toBe(true);
    expect(officialFlag(real, "sessionVote")).toBe("v");
    // A message whose author left the world is nobody's: not official.
    expect(isGmAuthored({ author: null })).toBe(false);
    expect(isGmAuthored(undefined)).toBe(false);
  });

  it("a player cannot post a message in a GM's name (the server refuses another author)", async () => {
    const player = world.players[0];
    await expect(runAsClient(player, () => ChatMessage.create({ content: "as gm", author: world.gm.id } as ChatMessage.CreateData))).rejects.toThrow(/permission/);
  });
});

describe("a player's copy of a results card", () => {
  it("does not stop the GM's real results card from being posted", async () => {
    await runAsClient(world.gm, () => game.goldhack?.endSession?.());
    await world.settle();
    const voteId = (game.settings?.get("goldhack", "sessionVote") as { id: string }).id;
    await runAsClient(world.players[1], () => ChatMessage.create({ content: "Results: I win", flags: { goldhack: { sessionVote: voteId } } } as ChatMessage.CreateData));
    const gmWindow = world.windowOf(world.gm);
    const close = gmWindow?.querySelector<HTMLElement>('[data-action="closeVote"]');
    if (!close) throw new Error("no close button");
    click(close);
    await world.settle();
    const cards = chatMessages().filter((m) => m.getFlag("goldhack", "sessionVote") === voteId);
    expect(cards).toHaveLength(2);
    expect(cards.filter((m) => m.author?.isGM)).toHaveLength(1);
  });
});

describe("a player's copy of a downtime summary", () => {
  const draw = async (authorIsGM: boolean): Promise<string> => {
    // As init does: our document class (which draws a flagged summary) and the downtime's drawer.
    (await import("../../src/dice/register")).registerDice();
    (await import("../../src/downtime/register")).registerDowntime();
    const author = authorIsGM ? world.gm : world.players[0];
    const message = await runAsClient(author, () => ChatMessage.create({ content: "<p>plain chat</p>", flags: { goldhack: { downtimeSummary: summaryState } } } as ChatMessage.CreateData));
    const html = await runAsClient(world.players[1], () => (message as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML());
    // The summary's renderer is a chunk loaded on first use: wait for it, then a little more.
    await import("../../src/downtime/downtime-write");
    await world.settle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    return html.querySelector(".message-content")?.innerHTML ?? "";
  };

  it("stays the player's plain chat, while the GM's is drawn as a summary", async () => {
    expect(await draw(false)).toBe("<p>plain chat</p>");
    expect(await draw(true)).not.toBe("<p>plain chat</p>");
  });
});
