/** What the Rewrite your Drives dialog shows. Pure, so the preview builds it too. SRD: Drives */
import type { Drives } from "./reward-results";

export interface DrivesDialogContext {
  uid: string;
  actorName: string;
  fields: { key: string; name: string; label: string; value: string; previous: string }[];
  history: { date: string; belief: string; goal: string; instinct: string }[];
}

const KEYS = ["belief", "goal", "instinct"] as const;

/** The dialog's context. */
export function drivesDialogContext(
  actorName: string,
  drives: Drives,
  history: readonly { date: number; belief: string; goal: string; instinct: string }[],
  i18n: { localize(key: string): string },
  uid = "goldhack-drives",
  locale?: string,
): DrivesDialogContext {
  return {
    uid,
    actorName,
    fields: KEYS.map((key) => ({ key, name: key, label: i18n.localize(`GOLDHACK.Session.Drives.${key}`), value: drives[key], previous: drives[key] })),
    history: history.slice(0, 5).map((h) => ({ date: new Date(h.date).toLocaleDateString(locale), belief: h.belief, goal: h.goal, instinct: h.instinct })),
  };
}

