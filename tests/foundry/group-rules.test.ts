/**
 * Group Tests played as the SRD says, at the seams between a part's own Test card and the group card: an
 * untrained part names the Skill she would learn and a pass teaches it; a rating-0 Magic Skill's odds explode as
 * its roll does. Each test quotes the SRD line it is written from.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installGroupWorld, type GroupWorld } from "./group-env";
import { planTest, successProbability } from "../../src/rules";
import { groupOdds } from "../../src/group/group-state";

let w: GroupWorld;

beforeEach(async () => {
  w = await installGroupWorld("en");
  // Loaded on first use by Roll my part: loaded here, so a slow first import does not outlast the helper's wait.
  await import("../../src/applications/dialogs/test-dialog");
});

describe("an untrained part learns", () => {
  // SRD (en, line 247): "Only the worst roll counts ..., but every player who rolled logs her Test to learn";
  // (en, line 335): "If you have no rating, you need only one Passed Test to learn it at rating 1."
  // (es, line 243): «todas las jugadoras que tiraron marcan aprendizaje».
  it("names the Skill on the part, and her pass teaches it at rating 1", async () => {
    const ivy = w.characters[2];
    const message = await w.post({
      mode: "needed",
      ownerPartId: "p0",
      intent: "Cross the wall unseen",
      consequence: "",
      parts: [
        { id: "p0", actorUuid: w.characters[0].uuid ?? "", skillId: w.skills[0], ob: 1, task: "" },
        { id: "p2", actorUuid: ivy.uuid ?? "", skillId: null, ob: 1, task: "Climb behind", learnSkillName: "Climbing", learnSkillType: "expertise" },
      ],
    });
    expect(w.stateOf(message).parts[1]?.learn).toEqual({ name: "Climbing", type: "expertise", explodes: false });
    const card = await w.draw(message, w.players[2]);
    expect(card.querySelector('[data-part-id="p2"] .goldhack-group-part__test')?.textContent).toBe("Potential, to learn Climbing (double Ob) · Ob 2");
    // Young: Potential 4 against Ob 1 doubled to 2; two hits pass.
    await w.rollPart(message, w.players[2], "p2", [4, 5, 1, 2]);
    const climbing = ivy.items.find((i) => i.name === "Climbing");
    expect(climbing?.system).toMatchObject({ skillType: "expertise", rating: 1, passed: 0, failed: 0 });
  });

  it("the GM's client refuses a Skill to learn that she already has", async () => {
    const { postGroupTest } = await import("../../src/group/group-create");
    const { runAsClient } = await import("./documents");
    const reply = await runAsClient(w.gm, () =>
      postGroupTest({
        mode: "needed",
        ownerPartId: "p0",
        intent: "x",
        consequence: "",
        parts: [{ id: "p0", actorUuid: w.characters[0].uuid ?? "", skillId: null, ob: 1, task: "", learnSkillName: "stealth", learnSkillType: "survive" }],
      }),
    );
    expect(reply).toMatchObject({ ok: false, problem: { key: "GOLDHACK.Group.Error.LearnKnown", data: { skill: "Stealth" } } });
  });

  // The payload has no field for it (its schema refuses one): the GM's client reads the Type's Magic itself.
  it("reads the learned Type's Magic from the GM's config, not the payload", async () => {
    const message = await w.post({
      mode: "needed",
      ownerPartId: "p0",
      intent: "Call the spirits",
      consequence: "",
      parts: [{ id: "p0", actorUuid: w.characters[0].uuid ?? "", skillId: null, ob: 1, task: "", learnSkillName: "Summon", learnSkillType: "magic" }],
    });
    expect(w.stateOf(message).parts[0]?.learn).toEqual({ name: "Summon", type: "magic", explodes: true });
  });
});

describe("untrained Magic in the group odds", () => {
  // SRD (en, line 273): "If you Tested any Magic Skill, each 6 you rolled lets you roll 1 extra die (+1D)";
  // ruling-untrained-magic: Potential for a Magic Skill (a rating-0 Skill held, or one to learn) explodes too.
  const base = { mode: "needed" as const, reading: "extraHits" as const, alternative: false, ownerPartId: "p0", intent: "Bind it", consequence: "", status: "open" as const, tieBrokenBy: null, fallout: null };
  const part = { id: "p0", actorUuid: "Actor.a", actorName: "Sela", skillName: "Cast", potential: 3, ob: 2, task: "", status: "waiting" as const, roll: null };
  const exploding = successProbability(planTest({ rating: 0, potential: 3, ob: 2, magic: true }));
  const plain = successProbability(planTest({ rating: 0, potential: 3, ob: 2 }));

  it("a rating-0 Magic Skill held: the odds explode as the roll does", () => {
    expect(exploding).toBeGreaterThan(plain);
    const odds = groupOdds({ ...base, parts: [{ ...part, skillId: "s1", rating: 0, magic: true }] });
    expect(odds?.pass).toBeCloseTo(exploding, 12);
  });

  it("Potential to learn a Magic Skill: the odds explode; to learn another Type, they do not", () => {
    const learning = groupOdds({ ...base, parts: [{ ...part, skillId: null, rating: 0, magic: false, learn: { name: "Summon", type: "magic", explodes: true } }] });
    expect(learning?.pass).toBeCloseTo(exploding, 12);
    const other = groupOdds({ ...base, parts: [{ ...part, skillId: null, rating: 0, magic: false, learn: { name: "Climbing", type: "expertise", explodes: false } }] });
    expect(other?.pass).toBeCloseTo(plain, 12);
  });
});

describe("the alternative hindering: one verdict for the part cards, the group card and the logs", () => {
  // SRD (en, line 265): "If a character's Task is hindering another's Intent to succeed, everyone involved rolls.
  // Only the roll with the most hits succeeds." (es, line 261: «Sólo la tirada con más aciertos tiene éxito.»)
  async function contest(): Promise<ChatMessage.Implementation> {
    const { runAsClient } = await import("./documents");
    await runAsClient(w.gm, () => game.settings?.set("goldhack", "simpleAssist", true));
    return w.post({
      mode: "hindering",
      ownerPartId: "p0",
      intent: "Slip past Brom",
      consequence: "",
      parts: [
        { id: "p0", actorUuid: w.characters[0].uuid ?? "", skillId: w.skills[0], ob: 1, task: "Sneak" },
        { id: "p1", actorUuid: w.characters[1].uuid ?? "", skillId: w.skills[1], ob: 4, task: "Watch" },
      ],
    });
  }

  it("the owner passes her own Ob 1 with 2 hits, Brom fails his Ob 4 with 3: his most hits succeed, so she logs a fail, he a pass", async () => {
    const message = await contest();
    await w.rollPart(message, w.players[0], "p0", [4, 5, 1]);
    // Before the verdict is final, nothing is logged on her own Ob.
    expect(w.skillOf(w.characters[0], w.skills[0])).toMatchObject({ passed: 0, failed: 0 });
    await w.rollPart(message, w.players[1], "p1", [4, 5, 6]);
    expect(w.stateOf(message).parts.map((p) => p.groupLog?.outcome)).toEqual(["failed", "passed"]);
    expect(w.skillOf(w.characters[0], w.skills[0])).toMatchObject({ passed: 0, failed: 1 });
    expect(w.skillOf(w.characters[1], w.skills[1])).toMatchObject({ passed: 1, failed: 0 });
    expect(w.stateOf(message).parts[0]?.roll?.result.passed).toBe(true);
    const { chatMessages } = await import("./documents");
    const partCard = chatMessages().find((m) => m.id === w.stateOf(message).parts[0]?.roll?.messageId);
    const html = await (partCard as unknown as { renderHTML(): Promise<HTMLElement> }).renderHTML();
    expect(html.querySelector(".goldhack-test-card__verdict-word")?.textContent).toBe("Decided on the group card");
    expect(html.textContent).toContain("Logged as a Failed Test in Stealth.");
  });

  // SRD (en, line 285): "After rolling: Spend 1 Fate point ..." — with the alternative's contest the Fate odds are
  // not computed, so the card shows no "with Fate" figure under that label.
  it("shows no Fate odds it did not compute; a needed group still shows them", async () => {
    const message = await contest();
    const card = await w.draw(message, w.players[0]);
    expect(card.querySelector('[data-odds="pass"]')).not.toBeNull();
    expect(card.querySelector('[data-odds="fate"]')).toBeNull();
    expect(card.textContent).not.toContain("With Fate");
    const needed = await w.post({ mode: "needed", ownerPartId: "p0", intent: "Hold", consequence: "" });
    expect((await w.draw(needed, w.players[0])).querySelector('[data-odds="fate"]')).not.toBeNull();
  });
});
