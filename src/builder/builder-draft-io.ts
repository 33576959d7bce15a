/**
 * Reading a kept draft back (from an actor's or a user's flag), pure. Flags hold whatever was written,
 * by any version: a draft of another schema or a wrong shape is refused with a localisable problem,
 * never half-read into the window. SRD: none (keeping work in progress)
 */
import type { Problem } from "../rules";
import { BUILDER_SCHEMA, BUILDER_STEPS, type BuilderDraft, type BuilderStep } from "./builder-state";

export type DraftRead = { ok: true; draft: BuilderDraft } | { ok: false; problem: Problem };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const isSource = (v: unknown): v is string | null => v === null || typeof v === "string";
const every = (v: unknown, check: (e: Record<string, unknown>) => boolean): boolean => Array.isArray(v) && v.every((e) => isObject(e) && check(e));

/** A kept draft, checked whole; `raw` is whatever the flag held. */
export function readDraft(raw: unknown): DraftRead {
  if (!isObject(raw)) return { ok: false, problem: { key: "GOLDHACK.Builder.Error.DraftUnreadable" } };
  if (raw.schema !== BUILDER_SCHEMA) {
    return { ok: false, problem: { key: "GOLDHACK.Builder.Error.DraftOldSchema", data: { schema: String(raw.schema ?? "?"), current: BUILDER_SCHEMA } } };
  }
  const drives = raw.drives;
  const shapeOk =
    BUILDER_STEPS.includes(raw.step as BuilderStep) &&
    isString(raw.name) &&
    isString(raw.tie) &&
    isString(raw.age) &&
    typeof raw.nextKey === "number" &&
    Number.isInteger(raw.nextKey) &&
    isObject(drives) &&
    isString(drives.belief) &&
    isString(drives.goal) &&
    isString(drives.instinct) &&
    every(raw.lifepaths, (lp) => isString(lp.key) && isString(lp.name) && Array.isArray(lp.types) && lp.types.every(isString) && isSource(lp.source) && isSource(lp.freeSkill)) &&
    every(raw.skills, (s) => isString(s.key) && isString(s.name) && isString(s.type) && typeof s.bought === "number" && Number.isInteger(s.bought) && s.bought >= 0 && isSource(s.source)) &&
    every(raw.traits, (t) => isString(t.key) && isString(t.name) && isString(t.description) && isSource(t.source));
  if (!shapeOk) return { ok: false, problem: { key: "GOLDHACK.Builder.Error.DraftUnreadable" } };
  // A draft kept before the tie to a power existed has no `power`: it reads as none chosen.
  const draft = structuredClone(raw) as unknown as BuilderDraft;
  return { ok: true, draft: { ...draft, power: isString(raw.power) ? raw.power : "" } };
}
