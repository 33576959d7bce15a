/**
 * The campaign log bench's floor builds the very page ours writes (issue 31, issue 32: like for like): ours
 * (`sessionPageOf` then `writeLogPage`, on the stand-in, with the chat log's cards looked up) writes a journal
 * page whose name and content are the floor's text, built from the same records with no document touched.
 * Also checks the session really is 300 Tests with cards linked, so the figure times what it says.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createActor, installGoldHack, state } from "../foundry/documents";

type Floor = typeof import("../../bench/floors/log-floor");
let floor: Floor;

beforeAll(async () => {
  await installGoldHack();
  floor = await import("../../bench/floors/log-floor");
});

describe("the campaign log bench's floor", () => {
  it("gives the same page text as ours writes, for a session of 300 Tests", async () => {
    const actors = await Promise.all(Array.from({ length: 6 }, (_, i) => createActor({ name: `Character ${i + 1}`, type: "character", system: {} })));
    const ChatMessage = (globalThis as unknown as { ChatMessage: { create(data: object): Promise<{ id: string }> } }).ChatMessage;
    const ids: string[] = [];
    for (let n = 0; n < floor.BENCH_TESTS + 10; n++) ids.push((await ChatMessage.create({ content: `card ${n}` })).id);
    // One card gone from the chat log since: ours must name it, not link it, and so must the floor.
    const gone = ids[5] ?? "";
    await (state.messages.get(gone) as unknown as { delete(): Promise<unknown> }).delete();
    const session = floor.benchSession((i) => actors[i]?.uuid ?? "", (n) => ids[n] ?? "");
    expect(session.records.filter((r) => r.kind === "test")).toHaveLength(300);

    const { sessionPageOf, writeLogPage } = await import("../../src/campaign/log-write");
    const { gameI18n } = await import("../../src/i18n/i18n");
    const uuid = await writeLogPage("session:floor-check", sessionPageOf(session, null));
    const written = fromUuidSync(uuid as never) as unknown as { name: string; text: { content: string } };

    const bare = floor.floorLogPage({ session, rewards: [], messagesPresent: new Set(ids.filter((id) => id !== gone)), lang: "en" }, gameI18n());
    expect(written.name).toBe(bare.name);
    expect(written.text.content).toBe(bare.content);
    expect(bare.content.match(/data-message-id=/g)).toHaveLength(floor.BENCH_TESTS + 10 - 1);
    expect(bare.content).not.toContain(`data-message-id="${gone}"`);
  });
});
