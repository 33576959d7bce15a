/**
 * How a Skill's learning logs look on a sheet: a row of passed-Test pips (rating + 1) and one of
 * failed-Test pips (rating), and whether the Skill is ready to advance. Pure; the Skill item sheet can
 * reuse it. SRD: Changes › Skill Learning
 */
import { canAdvance, learningNeeds } from "../../rules";
import type { HelperI18n } from "../../i18n/i18n";
import { type Pip, pipRow } from "./pips";
import { formatCount } from "../../i18n/plural";

export interface LearningView {
  passed: number;
  failed: number;
  passPips: Pip[];
  failPips: Pip[];
  /** Logs beyond the pips (data from elsewhere may hold more than the next rating needs). */
  passExtra: number;
  failExtra: number;
  ready: boolean;
  /** "Ready to learn rating 3", or what is still missing, for a tooltip and screen readers. */
  status: string;
}

const whole = (n: number): number => (Number.isInteger(n) && n >= 0 ? n : 0);

/** What a Skill still needs, in words with their plural forms: "1 Passed Test", "2 Failed Tests". */
export function learningNeedsText(i18n: HelperI18n, needs: { passed: number; failed: number }): { passed: string; failed: string } {
  return {
    passed: formatCount(i18n, "GOLDHACK.Sheet.Skill.PassedTests", needs.passed),
    failed: formatCount(i18n, "GOLDHACK.Sheet.Skill.FailedTests", needs.failed),
  };
}

/**
 * The pips and status of one Skill. A Skill needs more passed Tests than its rating and as many failed
 * Tests as its rating; with no rating, one pass. SRD: Changes › Skill Learning
 */
export function learningView(skillName: string, rating: number, passed: number, failed: number, i18n: HelperI18n): LearningView {
  const r = whole(rating);
  const p = whole(passed);
  const f = whole(failed);
  const passCount = r + 1;
  const failCount = r;
  const ready = canAdvance(r, p, f);
  const needs = learningNeeds({ rating: r, passed: p, failed: f });
  const status = ready
    ? i18n.format("GOLDHACK.Sheet.Skill.Ready", { skill: skillName, rating: r + 1 })
    : i18n.format("GOLDHACK.Sheet.Skill.Needs", { skill: skillName, ...learningNeedsText(i18n, needs) });
  return {
    passed: p,
    failed: f,
    passPips: pipRow(passCount, p, (position) =>
      i18n.format("GOLDHACK.Sheet.Skill.PassPip", {
        skill: skillName,
        position,
        count: passCount,
      }),
    ),
    failPips: pipRow(failCount, f, (position) =>
      i18n.format("GOLDHACK.Sheet.Skill.FailPip", {
        skill: skillName,
        position,
        count: failCount,
      }),
    ),
    passExtra: Math.max(0, p - passCount),
    failExtra: Math.max(0, f - failCount),
    ready,
    status,
  };
}
