/**
 * Logging a Test's outcome on the actor, once, and correcting it when Fate
 * flips the outcome. The actor's methods do the writing (and apply the rules);
 * this decides which one a Test calls. SRD: Changes › Skill Learning, Recovering From Fallout
 */
import { type LearningOutcome, reviseLearningLog, reviseUntrainedLearning, type TestResult } from "../rules";
import { defaultSkillType } from "../data/defaults";
import type { TestLog } from "./roll-record";
import type { TestActor } from "./test-actor";
import { skillLearning } from "./test-actor";
import type { TestChoice } from "../data/test-choice";

const outcomeOf = (result: TestResult): LearningOutcome => (result.passed ? "passed" : "failed");
const actorOutcome = (outcome: LearningOutcome): "pass" | "fail" => (outcome === "passed" ? "pass" : "fail");

/** The Type a Skill learned untrained gets: the one the dialog named, else the default Type (Expertise, "stuff not covered by other Types", when the config has it). */
function learnedType(choice: TestChoice): string {
  if (choice.learnSkillType && Object.hasOwn(CONFIG.GOLDHACK.skillTypes, choice.learnSkillType)) return choice.learnSkillType;
  return defaultSkillType();
}

/**
 * Writes the log a freshly rolled Test calls for and says what was written; null when nothing was
 * (an untrained Test with nothing to learn, or the actor refused).
 */
export async function writeTestLog(actor: TestActor, choice: TestChoice, result: TestResult): Promise<TestLog | null> {
  if (choice.kind === "recovery") {
    if (!choice.falloutId) return null;
    const outcome = await actor.resolveRecovery(choice.falloutId, result);
    return outcome ? { kind: "recovery", falloutId: choice.falloutId, passed: result.passed } : null;
  }
  if (choice.skillId) {
    const outcome = outcomeOf(result);
    const logged = await actor.logTest(choice.skillId, actorOutcome(outcome));
    return logged ? { kind: "skill", skillId: choice.skillId, outcome, before: { ...logged.before }, revised: false } : null;
  }
  if (!choice.learnSkillName) return null;
  if (!result.passed) return { kind: "learn", skillName: choice.learnSkillName, learned: false };
  const skill = await actor.learnSkill(choice.learnSkillName, learnedType(choice));
  return skill ? { kind: "learn", skillName: choice.learnSkillName, learned: true, itemId: skill.id ?? "" } : null;
}

/**
 * Corrects a log after Fate changed the outcome, and returns the log as it now stands. An untrained Test
 * teaching a Magic Skill explodes (ruling-untrained-magic), so its Fate rerolls a die and can turn its pass into a
 * fail: the Skill it taught is then taken back (rules: reviseUntrainedLearning).
 */
export async function reviseTestLog(actor: TestActor, log: TestLog, choice: TestChoice, result: TestResult): Promise<TestLog> {
  switch (log.kind) {
    case "skill": {
      const outcome = outcomeOf(result);
      if (outcome === log.outcome) return log;
      await actor.reviseTestLog(log.skillId, log.before, actorOutcome(outcome));
      // The actor refuses (and warns) if the Skill was logged again since: say "revised" only if it was.
      const expected = reviseLearningLog(log.before, outcome).state;
      const now = skillLearning(actor, log.skillId);
      const revised = now !== null && now.rating === expected.rating && now.passed === expected.passed && now.failed === expected.failed;
      return revised ? { ...log, outcome, revised: true } : log;
    }
    case "learn": {
      // choice.magic is what the dialog's testExplodes said of this Test (ruling-untrained-magic).
      const held = log.itemId ? skillLearning(actor, log.itemId) : null;
      const revision = reviseUntrainedLearning(log.learned, result.passed, choice.magic, held);
      if (revision === "learn") {
        const skill = await actor.learnSkill(log.skillName, learnedType(choice));
        return skill ? { ...log, learned: true, itemId: skill.id ?? "" } : log;
      }
      if (revision === "unlearn" || revision === "loggedSince") {
        const taken = await actor.unlearnSkill(log.itemId ?? "");
        return taken ? { kind: "learn", skillName: log.skillName, learned: false } : log;
      }
      return log;
    }
    case "recovery": {
      if (log.passed === result.passed || !result.passed) return log;
      const outcome = await actor.resolveRecovery(log.falloutId, result);
      return outcome ? { ...log, passed: true } : log;
    }
  }
}
