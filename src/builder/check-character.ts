/**
 * Check character: the creation rules run on an existing character, each problem with the builder step
 * that fixes it. Pure: the sheet passes the actor's data. SRD: Characters
 */
import { type CharacterBuild, type Problem, validateCharacter } from "../rules";
import { type BuilderRules, type BuilderStep, stepOfProblem } from "./builder-state";

/** What the check reads of a character. */
export interface CheckedActor {
  system: { age: string; fate: { value: number }; persona: { value: number }; drives: { belief: string; goal: string; instinct: string } };
  items: { name: string; type: string; system: { skillTypes?: readonly string[]; skillType?: string; rating?: number } }[];
}

export interface CheckedProblem extends Problem {
  step: BuilderStep;
}

/** The character as validateCharacter reads it. */
export function buildOfActor(actor: CheckedActor): CharacterBuild {
  return {
    age: actor.system.age,
    lifepaths: actor.items.filter((i) => i.type === "lifepath").map((i) => ({ name: i.name, types: [...(i.system.skillTypes ?? [])] })),
    skills: actor.items.filter((i) => i.type === "skill").map((i) => ({ name: i.name, type: i.system.skillType ?? "", rating: i.system.rating ?? 0 })),
    traits: actor.items.filter((i) => i.type === "trait").map((i) => i.name),
    fate: actor.system.fate.value,
    persona: actor.system.persona.value,
  };
}

/** Every problem of the character as a starting character, with its step; empty when legal. */
export function checkCharacter(actor: CheckedActor, rules: BuilderRules): CheckedProblem[] {
  const problems: CheckedProblem[] = validateCharacter(buildOfActor(actor), rules.chart, rules.skillTypes).map((p) => ({ ...p, step: stepOfProblem(p.key) }));
  for (const drive of ["belief", "goal", "instinct"] as const) {
    if (actor.system.drives[drive].trim() === "") problems.push({ key: `GOLDHACK.Builder.Problem.DriveMissing.${drive}`, step: "drives" });
  }
  return problems;
}
