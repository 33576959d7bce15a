import { describe, expect, it } from "vitest";
import { groupFormContext, groupFromForm, initialGroupForm, readGroupForm } from "../../src/group/group-form";

// SRD (en, line 247): "every player who rolled logs her Test to learn": a participant without the Skill names the
// Skill her Potential is tested for, as a single "Potential, to learn X" Test does.
describe("the group form's Skill to learn", () => {
  const actors = [
    { uuid: "Actor.a", name: "Sela", potential: 4, skills: [{ id: "s1", name: "Stealth", rating: 2, magic: false }] },
    { uuid: "Actor.b", name: "Brom", potential: 3, skills: [] },
  ];
  const types = [
    { key: "expertise", label: "Expertise", explodes: false },
    { key: "magic", label: "Magic", explodes: true },
  ];
  const rules = { reading: "extraHits" as const, alternative: false, types };

  it("is prefilled from a request, read from the form and sent with a Potential part only", () => {
    const values = initialGroupForm(actors, "needed", { intent: "Sneak", learn: { "Actor.b": { name: "Stealth", type: "expertise" } } });
    expect(values.parts[1]).toMatchObject({ skill: "", learn: "Stealth", learnType: "expertise" });
    const read = readGroupForm({ "parts.0.include": true, "parts.1.include": true, "parts.1.learn": "Summon", "parts.1.learnType": "magic", "parts.0.learn": "Ignored" }, values);
    const made = groupFromForm(actors, read, rules);
    expect(made.ok && made.request.parts).toEqual([
      { id: "p0", actorUuid: "Actor.a", skillId: "s1", ob: 1, task: "" },
      { id: "p1", actorUuid: "Actor.b", skillId: null, ob: 1, task: "", learnSkillName: "Summon", learnSkillType: "magic" },
    ]);
    expect(made.ok && made.parts[1]?.learn).toEqual({ name: "Summon", type: "magic", explodes: true });
    const context = groupFormContext(actors, read, rules);
    expect(context.rows[1]?.learnTypes.find((t) => t.selected)?.value).toBe("magic");
  });

  it("a blank name learns nothing; without Types nothing is offered", () => {
    const values = initialGroupForm(actors, "needed", { intent: "Sneak" });
    const made = groupFromForm(actors, values, rules);
    expect(made.ok && made.request.parts[1]).toEqual({ id: "p1", actorUuid: "Actor.b", skillId: null, ob: 1, task: "" });
    expect(groupFormContext(actors, values, { reading: "extraHits", alternative: false }).rows[1]?.learnTypes).toEqual([]);
  });
});
