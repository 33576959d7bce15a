/**
 * The small form a GM fills to request a Test (or answer a proposal) and a player fills to propose one:
 * its render context and the reading of what was submitted. Pure: the dialog passes plain values in.
 * SRD: Tests › 1) Declaring The Intent & The Task; 2) Choosing The Skill & The Obstacle
 */
import type { Problem } from "../rules";
import { MAX_DECLARED_LENGTH, MAX_REQUEST_OB, type RequestInput } from "./request-state";
import { REQUEST_POTENTIAL, requestSkillNames, requestedSkillType, resolveRequestedSkill, type NamedSkill } from "./request-skills";

/** request: the GM asks one or more actors; answer: the GM sets a proposal's Skill and Ob; propose: a player asks the GM. */
export type RequestFormMode = "request" | "answer" | "propose";

/** An actor the form can name. */
export interface FormActor {
  uuid: string;
  name: string;
  skills: readonly NamedSkill[];
}

/** What the form holds, as typed (numbers as text, so a bad entry is pointed out, not coerced). */
export interface RequestFormValues {
  /** Uuids of the actors ticked (request) or picked (propose). */
  actors: string[];
  /** A Skill name, or REQUEST_POTENTIAL. */
  skill: string;
  ob: string;
  intent: string;
  task: string;
  consequence: string;
  allowSkillChange: boolean;
  allowObChange: boolean;
  /** Request: hand the ticked actors over to one group Test (src/group/) instead of one card each. */
  asGroup?: boolean;
}

export type RequestFormContext = {
  uid: string;
  mode: RequestFormMode;
  propose: boolean;
  /** Several actors to tick (request), one to pick (propose), or the one the proposal names (answer). */
  actors: { uuid: string; name: string; checked: boolean }[];
  pickActor: boolean;
  tickActors: boolean;
  skillOptions: { value: string; label: string; selected: boolean }[];
  potentialValue: string;
  potentialSelected: boolean;
  obGrades: number[];
  values: RequestFormValues;
  maxLength: number;
  maxOb: number;
  problems: string[];
};

/** What the form opens with: every given actor ticked, the first Skill, Ob 1 (Routine), Skill and Ob locked. */
export function initialFormValues(actors: readonly FormActor[], prefill: Partial<RequestFormValues> = {}): RequestFormValues {
  const first = requestSkillNames(actors)[0] ?? REQUEST_POTENTIAL;
  return {
    actors: actors.map((a) => a.uuid),
    skill: first,
    ob: "1",
    intent: "",
    task: "",
    consequence: "",
    allowSkillChange: false,
    allowObChange: false,
    ...prefill,
  };
}

/** The form's render context; `problems` are already localised. */
export function requestFormContext(
  mode: RequestFormMode,
  actors: readonly FormActor[],
  values: RequestFormValues,
  env: { uid: string; obGrades: readonly number[]; problems?: readonly string[]; locale?: string },
): RequestFormContext {
  const names = requestSkillNames(actors, env.locale);
  // A name typed into a proposal's answer (or a Skill an actor lost) stays pickable.
  if (values.skill !== REQUEST_POTENTIAL && values.skill && !names.includes(values.skill)) names.push(values.skill);
  return {
    uid: env.uid,
    mode,
    propose: mode === "propose",
    actors: actors.map((a) => ({ uuid: a.uuid, name: a.name, checked: values.actors.includes(a.uuid) })),
    pickActor: mode === "propose" && actors.length > 1,
    tickActors: mode === "request",
    skillOptions: names.map((name) => ({ value: name, label: name, selected: name === values.skill })),
    potentialValue: REQUEST_POTENTIAL,
    potentialSelected: values.skill === REQUEST_POTENTIAL,
    obGrades: [...env.obGrades],
    values,
    maxLength: MAX_DECLARED_LENGTH,
    maxOb: MAX_REQUEST_OB,
    problems: [...(env.problems ?? [])],
  };
}

/** Reads a submitted form's entries (as FormData gives them: repeated names, checkboxes present only when ticked). */
export function formValuesFromEntries(entries: Iterable<[string, unknown]>): RequestFormValues {
  const values: RequestFormValues = { actors: [], skill: "", ob: "", intent: "", task: "", consequence: "", allowSkillChange: false, allowObChange: false };
  for (const [name, raw] of entries) {
    const value = typeof raw === "string" ? raw : "";
    if (name === "actors") values.actors.push(value);
    else if (name === "skill" || name === "ob" || name === "intent" || name === "task" || name === "consequence") values[name] = value;
    else if (name === "allowSkillChange" || name === "allowObChange" || name === "asGroup") values[name] = true;
  }
  return values;
}

/** One request per chosen actor, ready for createRequest; or the problems to show. */
export type RequestFormResult = { ok: true; requests: { actor: FormActor; input: RequestInput }[] } | { ok: false; problems: Problem[] };

/** The Ob typed, or a problem: a whole number from 1 to MAX_REQUEST_OB. */
export function parseRequestOb(text: string): { ob: number } | { problem: Problem } {
  const trimmed = text.trim();
  const ob = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || ob < 1 || ob > MAX_REQUEST_OB) return { problem: { key: "GOLDHACK.Request.Error.Ob", data: { max: MAX_REQUEST_OB } } };
  return { ob };
}

/** Reads a request (or a proposal's answer) from the form: each ticked actor gets its own Skill of the name picked. */
export function readRequestForm(values: RequestFormValues, actors: readonly FormActor[]): RequestFormResult {
  const problems: Problem[] = [];
  const chosen = actors.filter((a) => values.actors.includes(a.uuid));
  if (chosen.length === 0) problems.push({ key: "GOLDHACK.Request.Error.NoActor" });
  if (!values.skill.trim()) problems.push({ key: "GOLDHACK.Request.Error.Skill" });
  const parsed = parseRequestOb(values.ob);
  if ("problem" in parsed) problems.push(parsed.problem);
  if (problems.length || !("ob" in parsed)) return { ok: false, problems };
  const learnType = requestedSkillType(actors, values.skill);
  return {
    ok: true,
    requests: chosen.map((actor) => ({
      actor,
      input: {
        skill: resolveRequestedSkill(actor.skills, values.skill, learnType),
        ob: parsed.ob,
        intent: values.intent,
        task: values.task,
        consequence: values.consequence,
        allowSkillChange: values.allowSkillChange,
        allowObChange: values.allowObChange,
      },
    })),
  };
}

/** Reads a proposal from the form: the one actor picked, with the Intent and Task (checked by createProposal). */
export function readProposalForm(values: RequestFormValues, actors: readonly FormActor[]): { ok: true; actor: FormActor; intent: string; task: string } | { ok: false; problems: Problem[] } {
  const actor = actors.find((a) => a.uuid === values.actors[0]) ?? (actors.length === 1 ? actors[0] : undefined);
  if (!actor) return { ok: false, problems: [{ key: "GOLDHACK.Request.Error.NoActor" }] };
  return { ok: true, actor, intent: values.intent, task: values.task };
}
