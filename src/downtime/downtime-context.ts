/**
 * What the downtime's templates receive: the planner, the GM's overview, the setup form and the summary
 * and aging cards. Pure builders: strings come localised from the i18n passed in.
 */
import type { HelperI18n } from "../i18n/i18n";
import { formatCount, formatMessage, pluralKey } from "../i18n/plural";
import { type AgingSummary, previewPractice, recoveryFailureChoices, suggestOutcomes, TIME_UNITS, type TimeUnit, UNTRAINED_LEARNING } from "../rules";
import { planProblem, planUnits } from "./downtime-plan";
import type { CharacterFacts, DowntimeState, Participant, ParticipantResult } from "./downtime-types";
import { planFromDraft, type PlannerDraft } from "./planner-state";

/** Labels the views need from CONFIG.GOLDHACK. */
export interface LabelConfig {
  skillTypes: Readonly<Record<string, { label: string }>>;
  ages: Readonly<Record<string, { label: string }>>;
}

/** "6 months", "1 week". */
export const spanLabel = (i18n: HelperI18n, count: number, unit: TimeUnit): string => formatCount(i18n, `GOLDHACK.Downtime.Count.${unit}`, count);
export const unitName = (i18n: HelperI18n, unit: TimeUnit): string => i18n.localize(`GOLDHACK.Downtime.Unit.${unit}`);
const typeLabel = (i18n: HelperI18n, config: LabelConfig, type: string): string => i18n.localize(config.skillTypes[type]?.label ?? type);
const ageLabel = (i18n: HelperI18n, config: LabelConfig, age: string | null): string => (age === null ? i18n.localize("GOLDHACK.Downtime.Aging.LeavesPlay") : i18n.localize(config.ages[age]?.label ?? age));
const isUnit = (v: unknown): v is TimeUnit => (TIME_UNITS as readonly unknown[]).includes(v);
/**
 * A problem in words. A `unit` in its data turns its `used` and `total` into spans ("1 month", "6 months");
 * a `cycle` is one cycle of that unit ("1 year"); a `count` picks a plural form.
 */
export const problemText = (i18n: HelperI18n, p: { key: string; data?: Readonly<Record<string, string | number>> }): string => {
  const data = p.data ?? {};
  const unit = isUnit(data.unit) ? data.unit : null;
  const word = (k: string, v: string | number) =>
    unit && (k === "used" || k === "total") ? spanLabel(i18n, Number(v), unit) : k === "unit" && unit ? unitsName(i18n, unit) : k === "cycle" && isUnit(v) ? spanLabel(i18n, 1, v) : v;
  return formatMessage(i18n, p.key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, word(k, v)])));
};
/** A unit's name for a count beside it: "week" for 1, "weeks" otherwise (the many form by default). */
export const unitsName = (i18n: HelperI18n, unit: TimeUnit, count = 2): string => i18n.localize(pluralKey(i18n, `GOLDHACK.Downtime.Units.${unit}`, count));

/** A unit's options for a select: named as one unit ("week"), or as `count` of them beside a count ("6 months"). */
export const unitOptions = (i18n: HelperI18n, selected: TimeUnit, count?: number) =>
  TIME_UNITS.map((u) => ({ value: u, label: count === undefined ? unitName(i18n, u) : unitsName(i18n, u, count), selected: u === selected }));

// ── Planner ────────────────────────────────────────────────────────────────────────────────────────

export function plannerContext(state: DowntimeState, participant: Participant, facts: CharacterFacts, draft: PlannerDraft, canEdit: boolean, i18n: HelperI18n, config: LabelConfig) {
  const unit = state.span.unit;
  const plan = planFromDraft(draft);
  const used = planUnits(plan);
  const open = state.status === "planning" && canEdit;
  const problem = planProblem(state, participant, facts, plan);
  const outcomeRows = (row: string, outcomes: readonly string[], suggested: readonly string[]) =>
    outcomes.map((o, i) => ({
      index: i,
      name: `outcome.${row}.${i}`,
      label: i18n.format("GOLDHACK.Downtime.Planner.Cycle", { n: i + 1 }),
      passed: o === "passed",
      failed: o === "failed",
      suggested: suggested[i] === o,
    }));
  const advancing: string[] = [];
  const skills = facts.skills
    .filter((s) => Object.hasOwn(state.cycleUnits, s.type))
    .map((s) => {
      const row = draft.skills[s.id] ?? { units: 0, outcomes: [] };
      const cycleUnit = state.cycleUnits[s.type] ?? "week";
      const after = previewPractice(s.learning, row.outcomes);
      if (after.advancements > 0) advancing.push(i18n.format("GOLDHACK.Downtime.Planner.Advance", { skill: s.name, from: s.learning.rating, to: after.state.rating }));
      const suggested = suggestOutcomes(s.learning, row.outcomes.length);
      return {
        id: s.id,
        name: s.name,
        type: typeLabel(i18n, config, s.type),
        rating: s.learning.rating,
        unitsName: `units.${s.id}`,
        units: row.units,
        cycleUnit: unitName(i18n, cycleUnit),
        unitLabel: unitsName(i18n, unit, row.units),
        cycles: i18n.format("GOLDHACK.Downtime.Planner.Cycles", { cycles: row.outcomes.length, unit: spanLabel(i18n, 1, cycleUnit) }),
        outcomes: outcomeRows(s.id, row.outcomes, suggested),
        after: after.state.rating,
        advances: after.advancements > 0,
      };
    });
  const n = draft.newSkill;
  const newAfter = previewPractice(UNTRAINED_LEARNING, n.outcomes);
  if (n.name && newAfter.advancements > 0) advancing.push(i18n.format("GOLDHACK.Downtime.Planner.Learn", { skill: n.name, to: newAfter.state.rating }));
  const fallouts = facts.fallouts.map((f) => {
    const recovery = participant.recoveries.find((r) => r.falloutId === f.id);
    const care = draft.care[f.id] ?? "";
    const submittedTreat = participant.planStatus === "submitted" && participant.plan?.care[f.id] === "treat";
    return {
      id: f.id,
      name: f.name,
      rating: f.rating,
      permanent: f.permanent,
      careName: `care.${f.id}`,
      options: [
        { value: "", label: i18n.localize("GOLDHACK.Downtime.Care.None"), selected: care === "" },
        { value: "rest", label: i18n.localize("GOLDHACK.Downtime.Care.Rest"), selected: care === "rest" },
        ...(f.permanent ? [] : [{ value: "treat", label: i18n.localize("GOLDHACK.Downtime.Care.Treat"), selected: care === "treat" }]),
      ],
      interfering: participant.interfering.includes(f.id),
      warned: participant.warned.includes(f.id),
      canTest: open && submittedTreat && (!recovery || recovery.status === "rolling"),
      recovery: recovery && recovery.status !== "rolling" ? i18n.localize(`GOLDHACK.Downtime.Recovery.${recovery.status === "passed" ? "Passed" : "Failed"}`) : "",
    };
  });
  return {
    actorUuid: facts.uuid,
    name: facts.name,
    span: spanLabel(i18n, state.span.count, unit),
    units: unitsName(i18n, unit),
    editable: open,
    locked: !open,
    restUnits: draft.restUnits,
    restUnitLabel: unitsName(i18n, unit, draft.restUnits),
    used: i18n.format("GOLDHACK.Downtime.Planner.Used", { used: spanLabel(i18n, used, unit), total: spanLabel(i18n, state.span.count, unit) }),
    over: used > state.span.count,
    fallouts,
    hasFallouts: fallouts.length > 0,
    skills,
    newSkill: {
      name: n.name,
      typeOptions: Object.keys(state.cycleUnits).map((t) => ({ value: t, label: typeLabel(i18n, config, t), selected: t === n.type })),
      units: n.units,
      unitLabel: unitsName(i18n, unit, n.units),
      cycles: i18n.format("GOLDHACK.Downtime.Planner.Cycles", { cycles: n.outcomes.length, unit: spanLabel(i18n, 1, state.cycleUnits[n.type] ?? "week") }),
      outcomes: outcomeRows("new", n.outcomes, suggestOutcomes(UNTRAINED_LEARNING, n.outcomes.length)),
    },
    advancing,
    status: i18n.localize(`GOLDHACK.Downtime.Status.${participant.planStatus}`),
    returned: participant.planStatus === "returned",
    note: participant.note,
    problem: problem ? problemText(i18n, problem) : "",
    applied: state.status === "applied",
  };
}

// ── GM overview ────────────────────────────────────────────────────────────────────────────────────

export function overviewContext(state: DowntimeState, facts: ReadonlyMap<string, CharacterFacts>, i18n: HelperI18n, config: LabelConfig) {
  const unit = state.span.unit;
  const participants = state.participants.map((p) => {
    const f = facts.get(p.actorUuid);
    const plan = p.plan;
    const practice = (plan?.practice ?? []).map((e) => {
      const skill = e.skillId ? f?.skills.find((s) => s.id === e.skillId) : undefined;
      const name = e.newSkill?.name ?? skill?.name ?? "?";
      const after = previewPractice(skill?.learning ?? UNTRAINED_LEARNING, e.outcomes);
      const passed = e.outcomes.filter((o) => o === "passed").length;
      return i18n.format("GOLDHACK.Downtime.Overview.Practice", {
        skill: name,
        time: spanLabel(i18n, e.units, unit),
        cycles: e.outcomes.length,
        passed,
        failed: e.outcomes.length - passed,
        from: skill?.learning.rating ?? 0,
        to: after.state.rating,
      });
    });
    const nextAge = f ? nextAgeLabel(f.age, i18n, config) : "";
    return {
      actorUuid: p.actorUuid,
      name: p.name,
      status: i18n.localize(`GOLDHACK.Downtime.Status.${p.planStatus}`),
      submitted: p.planStatus === "submitted",
      rest: plan ? spanLabel(i18n, plan.restUnits, unit) : "",
      practice,
      note: p.note,
      ages: p.ages,
      agesLabel: i18n.format("GOLDHACK.Downtime.Overview.Ages", { from: f ? ageLabel(i18n, config, f.age) : "", to: nextAge }),
      fallouts: (f?.fallouts ?? []).map((x) => ({
        id: x.id,
        name: x.name,
        rating: x.rating,
        permanent: x.permanent,
        care: plan?.care[x.id] ? i18n.localize(`GOLDHACK.Downtime.Care.${plan.care[x.id] === "rest" ? "Rest" : "Treat"}`) : i18n.localize("GOLDHACK.Downtime.Care.None"),
        interfering: p.interfering.includes(x.id),
        healed: p.healed.includes(x.id),
        warned: p.warned.includes(x.id),
      })),
      recoveries: p.recoveries.map((r) => ({
        falloutId: r.falloutId,
        fallout: r.falloutName,
        status: i18n.localize(`GOLDHACK.Downtime.Recovery.${r.status === "passed" ? "Passed" : r.status === "failed" ? "Failed" : "Rolling"}`),
        ruling: r.ruling ? i18n.localize(`GOLDHACK.Downtime.Ruling.${r.ruling}`) : "",
        warned: r.warned,
        choices: r.status === "failed" && r.ruling === null ? recoveryFailureChoices(r.warned).map((c) => ({ value: c, label: i18n.localize(`GOLDHACK.Downtime.Ruling.${c}`) })) : [],
      })),
    };
  });
  return {
    id: state.id,
    span: spanLabel(i18n, state.span.count, unit),
    units: Object.entries(state.cycleUnits).map(([t, u]) => ({ type: typeLabel(i18n, config, t), unit: unitName(i18n, u) })),
    participants,
    applied: state.status === "applied",
    waiting: state.participants.filter((p) => p.planStatus !== "submitted").map((p) => p.name).join(", "),
  };
}

function nextAgeLabel(age: string, i18n: HelperI18n, config: LabelConfig): string {
  const ages = Object.keys(config.ages);
  const next = ages[ages.indexOf(age) + 1] ?? null;
  return ageLabel(i18n, config, ages.includes(age) ? next : age);
}

// ── Setup ──────────────────────────────────────────────────────────────────────────────────────────

export interface SetupValues {
  count: number;
  unit: TimeUnit;
  cycleUnits: Record<string, TimeUnit>;
  actors: string[];
}

export function setupContext(values: SetupValues, characters: readonly { uuid: string; name: string }[], order: readonly string[], i18n: HelperI18n, config: LabelConfig, problem: string) {
  return {
    count: values.count,
    unitOptions: unitOptions(i18n, values.unit, values.count),
    types: order.map((t) => ({ type: t, label: typeLabel(i18n, config, t), name: `cycle.${t}`, options: unitOptions(i18n, values.cycleUnits[t] ?? "week") })),
    characters: characters.map((c) => ({ uuid: c.uuid, name: c.name, checked: values.actors.includes(c.uuid) })),
    problem,
  };
}

// ── Cards ──────────────────────────────────────────────────────────────────────────────────────────

export function agingLines(aging: AgingSummary, i18n: HelperI18n, config: LabelConfig, traitVote: "called" | "note" | null) {
  return {
    from: ageLabel(i18n, config, aging.from),
    to: ageLabel(i18n, config, aging.to),
    leaves: aging.to === null,
    potential: aging.potential,
    // The chart's Maximum Rating binds only a starting character ("After the game starts, there is no limit"):
    // aging caps Fate and Persona, never Skills. SRD: Characters › The Basic Chart
    caps: aging.potential === null ? "" : i18n.format("GOLDHACK.Downtime.Aging.Caps", { fate: aging.fateMax ?? 0, persona: aging.personaMax ?? 0 }),
    lost: aging.fateLost + aging.personaLost > 0 ? i18n.format("GOLDHACK.Downtime.Aging.Lost", { fate: aging.fateLost, persona: aging.personaLost }) : "",
    traitVote: traitVote === "called" ? i18n.localize("GOLDHACK.Downtime.Aging.TraitVoteCalled") : traitVote === "note" ? i18n.localize("GOLDHACK.Downtime.Aging.TraitVoteNote") : "",
  };
}

export function summaryContext(state: DowntimeState, i18n: HelperI18n, config: LabelConfig, traitVote: "called" | "note") {
  const unit = state.span.unit;
  const people = (state.result?.participants ?? []).map((r: ParticipantResult) => ({
    name: r.name,
    rest: r.restUnits > 0 ? spanLabel(i18n, r.restUnits, unit) : "",
    noPlan: r.noPlan,
    blocked: r.blockedBy ? i18n.format("GOLDHACK.Downtime.Summary.Blocked", { fallout: r.blockedBy }) : "",
    practice: r.practice.map((p) => ({
      text: formatCount(i18n, "GOLDHACK.Downtime.Summary.Practice", p.cycles, { skill: p.skill, passed: p.passed, failed: p.failed }),
      advance: p.learned
        ? i18n.format("GOLDHACK.Downtime.Summary.Learned", { skill: p.skill, to: p.to })
        : p.to > p.from
          ? i18n.format("GOLDHACK.Downtime.Summary.Advanced", { skill: p.skill, from: p.from, to: p.to })
          : "",
    })),
    healed: r.healed.join(", "),
    recoveries: r.recoveries.map((x) =>
      i18n.format(x.passed ? "GOLDHACK.Downtime.Summary.Recovered" : "GOLDHACK.Downtime.Summary.NotRecovered", {
        fallout: x.fallout,
        ruling: x.ruling ? i18n.localize(`GOLDHACK.Downtime.Ruling.${x.ruling}`) : i18n.localize("GOLDHACK.Downtime.Ruling.worsen"),
      }),
    ),
    aging: r.aging ? agingLines(r.aging, i18n, config, r.aging.traitVote ? traitVote : null) : null,
  }));
  return { span: spanLabel(i18n, state.span.count, unit), people };
}
