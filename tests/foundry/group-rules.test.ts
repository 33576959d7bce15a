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

  it("reads the learned Type's Magic from the GM's config, not the payload", async () => {
    const message = await w.post({
      mode: "needed",
      ownerPartId: "p0",
      intent: "Call the spirits",
      consequence: "",
      parts: [{ id: "p0", actorUuid: w.characters[0].uuid ?? "", skillId: null, ob: 1, task: "", learnSkillName: "Summon", learnSkillType: "magic", explodes: false } as never],
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
