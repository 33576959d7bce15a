/**
 * What a Situation page shows, read or edited: the SRD's four questions, each with its answer (read) or
 * its input and help text (edit), the powers one by one with their links. Pure: built from the page's
 * `system`, a lookup of linked documents' names and an i18n. SRD: Gameplay: Situation
 */
import { CONFLICT_KINDS, type ConflictKind } from "../data/journal-entry-page/situation-limits";

export interface SituationI18n {
  localize(key: string): string;
}

/** The part of a Situation's `system` the views read. */
export interface SituationSource {
  place: string;
  powers: readonly { name: string; link: string }[];
  ties: string;
  conflict: string;
  conflictKind: string;
  people: string;
  notes: string;
}

export interface PowerView {
  index: number;
  name: string;
  link: string;
  /** The linked document's name, null when there is no link or it cannot be found. */
  linkName: string | null;
  broken: boolean;
}

export interface SituationView {
  place: string;
  powers: PowerView[];
  ties: string;
  conflict: string;
  conflictKind: ConflictKind;
  conflictKindLabel: string;
  conflictKinds: { value: string; label: string; selected: boolean }[];
  people: string;
  /** True when nothing is answered yet: the view invites the GM to edit. */
  empty: boolean;
}

const FIELD = "GOLDHACK.JournalEntryPage.situation.FIELDS";
export const conflictKindLabel = (kind: string): string => `GOLDHACK.Situation.Kind.${kind}`;

const kindOf = (value: string): ConflictKind => CONFLICT_KINDS.find((k) => k === value) ?? "other";

/** The view of a Situation. `nameOf` gives a linked document's name, null when it is gone. */
export function situationView(system: SituationSource, nameOf: (uuid: string) => string | null, i18n: SituationI18n): SituationView {
  const conflictKind = kindOf(system.conflictKind);
  const powers = system.powers.map((power, index) => {
    const link = power.link.trim();
    const linkName = link ? nameOf(link) : null;
    return { index, name: power.name.trim() || (linkName ?? ""), link, linkName, broken: link !== "" && linkName === null };
  });
  return {
    place: system.place.trim(),
    powers,
    ties: system.ties.trim(),
    conflict: system.conflict.trim(),
    conflictKind,
    conflictKindLabel: i18n.localize(conflictKindLabel(conflictKind)),
    conflictKinds: CONFLICT_KINDS.map((value) => ({ value, label: i18n.localize(conflictKindLabel(value)), selected: value === conflictKind })),
    people: system.people.trim(),
    empty: !system.place.trim() && !system.conflict.trim() && !system.people.trim() && !system.ties.trim() && powers.every((p) => !p.name),
  };
}

const FIELD_NAMES = ["place", "powers", "ties", "conflict", "conflictKind", "people", "notes"] as const;

/** Each edited field's label and help text, from the data model's FIELDS keys (one label, kept once). */
export function situationFields(i18n: SituationI18n): Record<(typeof FIELD_NAMES)[number], { label: string; hint: string }> {
  return Object.fromEntries(FIELD_NAMES.map((name) => [name, { label: i18n.localize(`${FIELD}.${name}.label`), hint: i18n.localize(`${FIELD}.${name}.hint`) }])) as Record<
    (typeof FIELD_NAMES)[number],
    { label: string; hint: string }
  >;
}

/**
 * A submitted edit form's `system` with the powers as a list (a form gives `powers.0.name`, an object by
 * index): rows kept in order, blank rows dropped, at most `max`.
 */
export function powersFromForm(value: unknown, max: number): { name: string; link: string }[] {
  const rows: unknown[] = Array.isArray(value) ? value : typeof value === "object" && value !== null ? Object.entries(value).sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v) : [];
  return rows
    .map((row) => {
      const record = typeof row === "object" && row !== null ? (row as Record<string, unknown>) : {};
      const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");
      return { name: text(record.name), link: text(record.link) };
    })
    .filter((row) => row.name || row.link)
    .slice(0, max);
}
