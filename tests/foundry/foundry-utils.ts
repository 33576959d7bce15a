/**
 * Stand-ins for the few `foundry.utils` helpers goldhack uses, with Foundry's semantics:
 * dot paths expand into nested objects, `-=key` in a merge deletes the key.
 */
import { isPlainObject, type PlainObject } from "./fields";

export function getProperty(object: unknown, path: string): unknown {
  let node: unknown = object;
  for (const part of path.split(".")) {
    if (!isPlainObject(node) && !Array.isArray(node)) return undefined;
    node = (node as PlainObject)[part];
  }
  return node;
}

export function hasProperty(object: unknown, path: string): boolean {
  const parts = path.split(".");
  const last = parts.pop() as string;
  const parent = parts.length ? getProperty(object, parts.join(".")) : object;
  return isPlainObject(parent) && last in parent;
}

/** Sets a value at a dot path, creating objects on the way; true if it changed. */
export function setProperty(object: PlainObject, path: string, value: unknown): boolean {
  const parts = path.split(".");
  const last = parts.pop() as string;
  let node: PlainObject = object;
  for (const part of parts) {
    const next = node[part];
    if (!isPlainObject(next)) node[part] = {};
    node = node[part] as PlainObject;
  }
  const changed = node[last] !== value;
  node[last] = value;
  return changed;
}

/** `{"a.b": 1}` → `{a: {b: 1}}`, recursively. */
export function expandObject(object: PlainObject): PlainObject {
  const out: PlainObject = {};
  for (const [key, value] of Object.entries(object)) {
    const expanded = isPlainObject(value) ? expandObject(value) : value;
    const existing = getProperty(out, key);
    setProperty(out, key, isPlainObject(existing) && isPlainObject(expanded) ? mergeObject(existing, expanded) : expanded);
  }
  return out;
}

/** `{a: {b: 1}}` → `{"a.b": 1}`; empty objects stay as values. */
export function flattenObject(object: PlainObject, prefix = ""): PlainObject {
  const out: PlainObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (isPlainObject(value) && Object.keys(value).length > 0) Object.assign(out, flattenObject(value, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = value;
  }
  return out;
}

/** A new object: `other` merged deeply into a copy of `original`; `-=key` deletes `key`. */
export function mergeObject<T extends PlainObject>(original: T, other: PlainObject): T {
  const out = structuredClone(original) as PlainObject;
  for (const [key, value] of Object.entries(other)) {
    if (key.startsWith("-=")) {
      Reflect.deleteProperty(out, key.slice(2));
      continue;
    }
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? mergeObject(current, value) : structuredClone(value);
  }
  return out as T;
}

/** The parts of `other` that differ from `original` (deeply), deletion keys kept. */
export function diffObject(original: PlainObject, other: PlainObject): PlainObject {
  const out: PlainObject = {};
  for (const [key, value] of Object.entries(other)) {
    if (key.startsWith("-=")) {
      if (key.slice(2) in original) out[key] = value;
      continue;
    }
    const current = original[key];
    if (isPlainObject(current) && isPlainObject(value)) {
      const inner = diffObject(current, value);
      if (Object.keys(inner).length > 0) out[key] = inner;
    } else if (JSON.stringify(current) !== JSON.stringify(value)) out[key] = value;
  }
  return out;
}

export function deepClone<T>(value: T): T {
  return structuredClone(value);
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

let counter = 0;
/** A 16-character id: a counter (unique within a test run) then random letters, as long as Foundry's. */
export function randomID(length = 16): string {
  counter += 1;
  const random = () => Math.random().toString(36).slice(2);
  return (counter.toString(36) + random() + random() + "0".repeat(length)).slice(0, length);
}

/** Foundry's timeSince, roughly ("Now", "5m ago"): only its being a string is relied on. */
export function timeSince(timeStamp: string | Date): string {
  const seconds = Math.max(0, Math.round((Date.now() - new Date(timeStamp).getTime()) / 1000));
  return seconds < 60 ? "Now" : `${Math.floor(seconds / 60)}m ago`;
}

export const utils = { timeSince, getProperty, hasProperty, setProperty, expandObject, flattenObject, mergeObject, diffObject, deepClone, isEmpty, randomID };
