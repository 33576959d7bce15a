/**
 * The start dialog's form, pure: what it shows for the chosen actors and values, the group request it
 * sends, and the exact odds of the group as set so far (the same transitions the GM's client runs).
 * SRD: Alterations › Assisting & Hindering Other's Intents
 */
import type { GroupMode, HinderingReading, Problem } from "../rules";
import type { GroupRequest } from "./group-post";
import { createGroup, groupOdds, MAX_GROUP_OB, type GroupPartInput } from "./group-state";
import { percentView, type PercentView } from "./group-context";

export interface GroupFormActor {
  uuid: string;
  name: string;
  potential: number;
  skills: { id: string; name: string; rating: number; magic: boolean }[];
}

export interface GroupFormPart {
  include: boolean;
  /** A skill id, or "" for Potential. */
  skill: string;
  ob: number;
  task: string;
  /** With Potential: the Skill her pass teaches ("" for none) and its Type (a config key; "" for the default). */
  learn: string;
  learnType: string;
}

export interface GroupFormValues {
  mode: GroupMode;
  /** The owner's index among the actors, as a string (a select's value). */
  owner: string;
  intent: string;
  consequence: string;
  parts: GroupFormPart[];
}

export interface GroupFormRules {
  reading: HinderingReading;
  alternative: boolean;
  /**
   * The Types a Skill to learn may be of, in the config's order, with their Magic (for the odds; the GM's client
   * reads them again from its config). The first is the default. Without them no part learns.
   */
  types?: readonly { key: string; label: string; explodes: boolean }[];
}

const MODES: readonly GroupMode[] = ["needed", "helpful", "hindering"];

/** What a GM's request carries into the dialog: the declaration, the Ob, and each actor's Skill (null: Potential). */
export interface GroupPrefill {
  intent?: string;
  consequence?: string;
  task?: string;
  ob?: number;
  skills?: Record<string, string | null>;
  /** By actor uuid: the Skill a Potential part learns (the request's Skill, for those who lack it). */
  learn?: Record<string, { name: string; type?: string }>;
}

/** The form's first values: every actor takes part, the first one's Intent, each with her first Skill at Ob 1 (or as prefilled). */
export function initialGroupForm(actors: readonly GroupFormActor[], mode: GroupMode = "needed", prefill: GroupPrefill = {}): GroupFormValues {
  const skillOf = (a: GroupFormActor): string => {
    const chosen = prefill.skills?.[a.uuid];
    if (chosen === null) return "";
    return chosen !== undefined && a.skills.some((s) => s.id === chosen) ? chosen : (a.skills[0]?.id ?? "");
  };
  return {
    mode,
    owner: "0",
    intent: prefill.intent ?? "",
    consequence: prefill.consequence ?? "",
    parts: actors.map((a) => ({
      include: true,
      skill: skillOf(a),
      ob: prefill.ob ?? 1,
      task: prefill.task ?? "",
      learn: prefill.learn?.[a.uuid]?.name ?? "",
      learnType: prefill.learn?.[a.uuid]?.type ?? "",
    })),
  };
}

const text = (v: unknown): string => (typeof v === "string" ? v : "");
const bool = (v: unknown): boolean => v === true || v === "true" || v === "on";

/** Reads the submitted form (flat `parts.0.skill` keys or nested `parts`), keeping the last values for what is missing. */
export function readGroupForm(values: Record<string, unknown>, previous: GroupFormValues): GroupFormValues {
  const nested = Array.isArray(values.parts) ? (values.parts as unknown[]) : null;
  const field = (i: number, name: string): unknown => {
    const row = nested?.[i];
    if (row && typeof row === "object" && name in row) return (row as Record<string, unknown>)[name];
    return values[`parts.${i}.${name}`];
  };
  return {
    mode: MODES.includes(values.mode as GroupMode) ? (values.mode as GroupMode) : previous.mode,
    owner: text(values.owner) || previous.owner,
    intent: typeof values.intent === "string" ? values.intent : previous.intent,
    consequence: typeof values.consequence === "string" ? values.consequence : previous.consequence,
    parts: previous.parts.map((p, i) => ({
      include: field(i, "include") === undefined ? false : bool(field(i, "include")),
      skill: field(i, "skill") === undefined ? p.skill : text(field(i, "skill")),
      ob: field(i, "ob") === undefined || field(i, "ob") === "" ? p.ob : Number(field(i, "ob")),
      task: field(i, "task") === undefined ? p.task : text(field(i, "task")),
      learn: field(i, "learn") === undefined ? p.learn : text(field(i, "learn")),
      learnType: field(i, "learnType") === undefined ? p.learnType : text(field(i, "learnType")),
    })),
  };
}

/** The request to send, or the problem to show; with the parts as the GM's client will build them, for the odds. */
export function groupFromForm(actors: readonly GroupFormActor[], values: GroupFormValues, rules: GroupFormRules): { ok: true; request: GroupRequest; parts: GroupPartInput[] } | { ok: false; problem: Problem } {
  const parts: GroupPartInput[] = [];
  values.parts.forEach((p, i) => {
    const actor = actors[i];
    if (!actor || !p.include) return;
    const skill = actor.skills.find((s) => s.id === p.skill);
    const type = rules.types?.find((t) => t.key === p.learnType) ?? rules.types?.[0];
    const learn = !skill && p.learn.trim() && type ? { name: p.learn.trim(), type: type.key, explodes: type.explodes } : null;
    parts.push({
      id: `p${i}`,
      actorUuid: actor.uuid,
      actorName: actor.name,
      skillId: skill?.id ?? null,
      skillName: skill?.name ?? "",
      rating: skill?.rating ?? 0,
      potential: actor.potential,
      magic: skill?.magic ?? false,
      ob: p.ob,
      task: p.task,
      ...(learn ? { learn } : {}),
    });
  });
  const request: GroupRequest = {
    mode: values.mode,
    ownerPartId: `p${values.owner}`,
    intent: values.intent,
    consequence: values.consequence,
    parts: parts.map((p) => ({ id: p.id, actorUuid: p.actorUuid, skillId: p.skillId, ob: p.ob, task: p.task, ...(p.learn ? { learnSkillName: p.learn.name, learnSkillType: p.learn.type } : {}) })),
  };
  const made = createGroup({ ...request, ...rules, parts });
  return made.ok ? { ok: true, request, parts } : { ok: false, problem: made.problem };
}

/**
 * Each problem of the form on the control it is about, by control name (src/applications/api/field-errors.ts): an
 * empty Intent, a participant's Ob that is not a whole number from 1 to MAX_GROUP_OB, a participant with no dice
 * (on her Skill), and an Intent whose owner does not take part (on the owner's "takes part" box). The same checks as
 * createGroup's, which names only the first problem and not where it is.
 */
export function groupFieldErrors(actors: readonly GroupFormActor[], values: GroupFormValues): Record<string, Problem> {
  const errors: Record<string, Problem> = {};
  if (values.intent.trim() === "") errors.intent = { key: "GOLDHACK.Group.Error.NoIntent" };
  values.parts.forEach((p, i) => {
    const actor = actors[i];
    if (!actor || !p.include) return;
    if (!Number.isInteger(p.ob) || p.ob < 1) errors[`parts.${i}.ob`] = { key: "GOLDHACK.Group.Error.ObWhole", data: { max: MAX_GROUP_OB } };
    else if (p.ob > MAX_GROUP_OB) errors[`parts.${i}.ob`] = { key: "GOLDHACK.Group.Error.ObTooHigh", data: { max: MAX_GROUP_OB } };
    const skill = actor.skills.find((s) => s.id === p.skill);
    if ((skill?.rating ?? 0) === 0 && actor.potential < 1) errors[`parts.${i}.skill`] = { key: "GOLDHACK.Group.Error.NoDice", data: { actor: actor.name } };
  });
  if (!values.parts[Number(values.owner)]?.include) errors[`parts.${values.owner}.include`] = { key: "GOLDHACK.Group.Error.NoOwner" };
  return errors;
}

export interface GroupFormContext {
  modes: { value: GroupMode; label: string; hint: string; selected: boolean }[];
  modeHint: string;
  ruleKey: string;
  intent: string;
  consequence: string;
  rows: {
    index: number;
    name: string;
    include: boolean;
    owner: boolean;
    skills: { value: string; label: string; selected: boolean }[];
    potentialSelected: boolean;
    ob: number;
    task: string;
    learn: string;
    learnTypes: { value: string; label: string; selected: boolean }[];
  }[];
  odds: { pass: PercentView; passWithFate: PercentView | null; tie: PercentView | null } | null;
  problem: Problem | null;
}

/** What the dialog's template receives. */
export function groupFormContext(actors: readonly GroupFormActor[], values: GroupFormValues, rules: GroupFormRules): GroupFormContext {
  const outcome = groupFromForm(actors, values, rules);
  let odds: GroupFormContext["odds"] = null;
  if (outcome.ok) {
    const made = createGroup({ ...outcome.request, ...rules, parts: outcome.parts });
    const view = made.ok ? groupOdds(made.state) : null;
    if (view) odds = { pass: percentView(view.pass), passWithFate: view.passWithFate === null ? null : percentView(view.passWithFate), tie: view.tie === null ? null : percentView(view.tie) };
  }
  return {
    modes: MODES.map((m) => ({ value: m, label: `GOLDHACK.Group.Mode.${m}`, hint: `GOLDHACK.Group.ModeHint.${m}`, selected: m === values.mode })),
    modeHint: `GOLDHACK.Group.ModeHint.${values.mode}`,
    ruleKey: rules.alternative ? `GOLDHACK.Group.Alternative.${values.mode}` : values.mode === "hindering" ? `GOLDHACK.Group.Reading.${rules.reading}` : `GOLDHACK.Group.Rule.${values.mode}`,
    intent: values.intent,
    consequence: values.consequence,
    rows: actors.map((a, i) => {
      const p = values.parts[i] ?? { include: false, skill: "", ob: 1, task: "", learn: "", learnType: "" };
      return {
        index: i,
        name: a.name,
        include: p.include,
        owner: values.owner === String(i),
        skills: a.skills.map((s) => ({ value: s.id, label: s.name, selected: s.id === p.skill })),
        potentialSelected: !a.skills.some((s) => s.id === p.skill),
        ob: p.ob,
        task: p.task,
        learn: p.learn,
        learnTypes: (rules.types ?? []).map((t, n) => ({ value: t.key, label: t.label, selected: p.learnType ? t.key === p.learnType : n === 0 })),
      };
    }),
    odds,
    problem: outcome.ok ? null : outcome.problem,
  };
}
