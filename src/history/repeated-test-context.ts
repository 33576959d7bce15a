/**
 * What the test dialog shows when a Test repeats one already rolled in the scene: the message naming
 * which two of Intent, Task and Ob must change, the earlier card to look at, and for a GM the choice to
 * roll anyway. Pure (i18n is passed in). SRD: Gameplay: Tests
 */
import type { HelperI18n } from "../i18n/i18n";
import { guardHolds, type RepeatedTestCheck } from "./scene-memory";

export interface RepeatedTestView {
  /** Something to show: a blocked Test. */
  show: boolean;
  /** The Roll is held back (a player's blocked Test, or a GM's not yet overridden). */
  holds: boolean;
  /** The localised problem: which of Intent, Task and Ob stayed the same. */
  message: string;
  /** The earlier card: its message id and how it came out. */
  earlier: { messageId: string; passed: boolean } | null;
  /** Only a GM may roll a repeated Test anyway. */
  canOverride: boolean;
  override: boolean;
}

/** The view of a guard check for whoever is rolling. */
export function repeatedTestView(check: RepeatedTestCheck | null, viewer: { isGM: boolean; override: boolean }, i18n: HelperI18n): RepeatedTestView {
  if (!check?.blocked || !check.problem) return { show: false, holds: false, message: "", earlier: null, canOverride: false, override: false };
  const earlier = check.earlier ? { messageId: check.earlier.messageId, passed: check.earlier.outcome === "passed" } : null;
  return {
    show: true,
    holds: guardHolds(check, viewer),
    message: i18n.format(check.problem.key, check.problem.data ?? {}),
    earlier,
    canOverride: viewer.isGM,
    override: viewer.isGM && viewer.override,
  };
}
