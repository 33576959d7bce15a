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
  /** Problems no one field holds, shown above the form. */
  problems: string[];
  /** Problems by the control they are about, shown beside it (src/applications/api/field-errors.ts). */
  fieldErrors: Record<string, string>;
};

/** The control each of the form's problems is about (an Intent too long, say, is about no one field). */
const PROBLEM_FIELDS: Readonly<Record<string, string>> = {
  "GOLDHACK.Request.Error.NoActor": "actors",
  "GOLDHACK.Request.Error.Skill": "skill",
  "GOLDHACK.Request.Error.Ob": "ob",
  "GOLDHACK.Request.Error.IntentBlank": "intent",
  "GOLDHACK.Request.Error.TaskBlank": "task",
};

/** The fields each mode draws for the user to change (an answer's actor is fixed; a proposal has no Skill or Ob). */
function shownFields(mode: RequestFormMode, actors: number): Set<string> {
  const fields = new Set(["intent", "task"]);
  if (mode === "request" || (mode === "propose" && actors > 1)) fields.add("actors");
  if (mode !== "propose") for (const f of ["skill", "ob", "consequence"]) fields.add(f);
  return fields;
}

/**
 * Sorts localised problems into those shown beside their field and the rest, shown above the form. Two problems
 * on one field are joined.
 */
export function placeRequestProblems(mode: RequestFormMode, actors: number, problems: readonly { problem: Problem; text: string }[]): { problems: string[]; fieldErrors: Record<string, string> } {
  const shown = shownFields(mode, actors);
  const fieldErrors: Record<string, string> = {};
  const rest: string[] = [];
  for (const { problem, text } of problems) {
    const field = PROBLEM_FIELDS[problem.key];
    if (field && shown.has(field)) fieldErrors[field] = fieldErrors[field] ? `${fieldErrors[field]} ${text}` : text;
    else rest.push(text);
  }
  return { problems: rest, fieldErrors };
}

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
  env: { uid: string; obGrades: readonly number[]; problems?: readonly string[]; fieldErrors?: Readonly<Record<string, string>>; locale?: string },
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
    fieldErrors: { ...env.fieldErrors },
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
