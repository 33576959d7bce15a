/**
 * The Foundry APIs that differ between v13 and v14, in either shape, on top of installFoundry(),
 * installChatSupport() and installApplications(). Adapter tests run once per shape (`API_SHAPES`), so
 * src/compat/ is exercised both ways and nothing else may call these APIs directly.
 *
 * v13 (what our types describe): `ChatMessage.applyRollMode(data, "publicroll"|"gmroll"|"blindroll"|
 * "selfroll")`, setting `core.rollMode`, `CONFIG.Dice.rollModes`, `-=key` deletions, `Math.clamped`.
 * v14, as public code of systems that moved reads it (docs/foundry-facts.md › Foundry v14 differences):
 * `ChatMessage.applyMode(data, "public"|"gm"|"blind"|"self")` (mode optional: the user's current one),
 * setting `core.messageMode`, `CONFIG.ChatMessage.modes`, `foundry.data.operators.ForcedDeletion`,
 * `Math.clamp` (no `Math.clamped`), and windows that may pop out into another browser window.
 * Stricter than v14 on purpose: v14 still has `applyRollMode` and the `rollMode` setting with a
 * deprecation warning; here they throw, so a call that skipped src/compat fails the v14 run.
 */
import { setMountDocument } from "./applications";
import { closePopOuts, openPopOut } from "./popout-realm";

export type ApiShape = "v13" | "v14";
export const API_SHAPES: readonly ApiShape[] = ["v13", "v14"];

/**
 * The shapes a DOM test runs in: each API shape with its windows in the main window, and v14 once more
 * with its windows popped out into a browser window of their own, another JavaScript realm
 * (popout-realm.ts; docs/development.md › A test that also runs popped out).
 */
export type DomShape = ApiShape | "v14 popped out";
export const DOM_SHAPES: readonly DomShape[] = ["v13", "v14", "v14 popped out"];

/** The API shape a DOM shape uses. */
export const apiShapeOf = (shape: DomShape): ApiShape => (shape === "v14 popped out" ? "v14" : shape);

interface ChatData {
  whisper?: string[];
  blind?: boolean;
  [key: string]: unknown;
}

/** Label keys here are the stand-in's own; v14's real ones were not checked. */
const V14_MODES = { public: { label: "CHAT.MessageModes.Public" }, gm: { label: "CHAT.MessageModes.GM" }, blind: { label: "CHAT.MessageModes.Blind" }, self: { label: "CHAT.MessageModes.Self" }, ic: { label: "CHAT.MessageModes.IC" } };
const V13_ROLL_MODES = { publicroll: { label: "CHAT.RollPublic" }, gmroll: { label: "CHAT.RollPrivate" }, blindroll: { label: "CHAT.RollBlind" }, selfroll: { label: "CHAT.RollSelf" } };

/** What the shape installed: the v14 mode the chat controls hold (v13 keeps `chat.rollMode`). */
export interface ShapeHandles {
  shape: DomShape;
  /** The Document windows mount into: a popped-out window's (another realm), or null for the main one. */
  windowDocument: Document | null;
  /** Sets the mode the user picked in the chat controls, in v14's names. */
  setMode(mode: "public" | "gm" | "blind" | "self"): void;
}

const LEGACY = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" } as const;

/**
 * Installs one shape. Call after installChatSupport() (and installSettings(), whose settings it wraps):
 * it replaces their roll-mode pieces.
 */
export function installApiShape(shape: ApiShape): ShapeHandles {
  const g = globalThis as unknown as {
    ChatMessage: Record<string, unknown>;
    CONFIG: Record<string, Record<string, unknown> | undefined>;
    game: { settings?: { get(scope: string, key: string): unknown }; user: { id: string }; users: { contents: { id: string; isGM: boolean }[] } };
    foundry: { data: Record<string, unknown> };
  };
  const math = Math as unknown as Record<string, unknown>;
  const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
  let mode: "public" | "gm" | "blind" | "self" = "public";
  const settings = g.game.settings;
  if (shape === "v13") {
    g.game.settings = {
      ...settings,
      get: (scope: string, key: string) => (scope === "core" && key === "rollMode" ? LEGACY[mode] : settings?.get(scope, key)),
    };
    delete g.ChatMessage.applyMode;
    g.CONFIG.Dice = { ...(g.CONFIG.Dice ?? {}), rollModes: V13_ROLL_MODES };
    delete (g.foundry.data as { operators?: unknown }).operators;
    math.clamped = clamp;
    delete math.clamp;
    setMountDocument(null);
    return {
      shape,
      windowDocument: null,
      setMode: (m) => {
        mode = m;
      },
    };
  }
  g.ChatMessage.applyMode = (data: ChatData, m?: string): ChatData => {
    const chosen = m ?? mode;
    if (!(chosen in V14_MODES)) throw new Error(`v14 stand-in: unknown message mode ${chosen}`);
    const gms = g.game.users.contents.filter((u) => u.isGM).map((u) => u.id);
    data.whisper = chosen === "gm" || chosen === "blind" ? gms : chosen === "self" ? [g.game.user.id] : [];
    data.blind = chosen === "blind";
    return data;
  };
  g.ChatMessage.applyRollMode = () => {
    throw new Error("v14 stand-in: ChatMessage.applyRollMode is deprecated, use applyMode (through src/compat)");
  };
  g.CONFIG.ChatMessage = { ...(g.CONFIG.ChatMessage ?? {}), modes: V14_MODES };
  g.game.settings = {
    ...settings,
    get: (scope: string, key: string) => {
      if (scope === "core" && key === "messageMode") return mode;
      if (scope === "core" && key === "rollMode") throw new Error("v14 stand-in: core.rollMode is now core.messageMode (through src/compat)");
      return settings?.get(scope, key);
    },
  };
  g.foundry.data.operators = {
    ForcedDeletion: class ForcedDeletion {
      readonly operator = "delete";
    },
  };
  math.clamp = clamp;
  delete math.clamped;
  setMountDocument(null);
  return {
    shape,
    windowDocument: null,
    setMode: (m) => {
      mode = m;
    },
  };
}

/**
 * Installs one DOM shape: its API shape, then, for "v14 popped out", a fresh pop-out window (another
 * realm) that every window rendered from now on mounts into. Closes the pop-outs an earlier call opened.
 * Call after installApplications() (which mounts into the main document again).
 */
export async function installDomShape(shape: DomShape): Promise<ShapeHandles> {
  await closePopOuts();
  const handles = installApiShape(apiShapeOf(shape));
  if (shape !== "v14 popped out") return handles;
  const popout = await openPopOut();
  const doc = popout.document as unknown as Document;
  setMountDocument(doc);
  return { ...handles, shape, windowDocument: doc };
}
