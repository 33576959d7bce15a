/**
 * Play and edit modes for every goldhack document sheet (actors and items). Pure: no Foundry globals,
 * so the preview and the tests build the same view the sheets render.
 *
 * Play mode reads like a character sheet on the table: text, pips and roll buttons. Edit mode turns the
 * same places into inputs. A sheet opens in play mode, except a document just created, which opens in
 * edit mode so it can be filled in; a user who cannot edit never leaves play mode.
 */
import type { HelperI18n } from "../../i18n/i18n";

export type SheetMode = "play" | "edit";

/** What a render asks for: `mode` from render options, `created` when the document was just made. */
export interface SheetModeRequest {
  requested?: unknown;
  created?: boolean;
}

/** The mode a render should use, from what it asks, what the sheet had, and whether the user may edit. */
export function resolveSheetMode(current: SheetMode | undefined, request: SheetModeRequest, editable: boolean): SheetMode {
  if (!editable) return "play";
  if (request.requested === "play" || request.requested === "edit") return request.requested;
  if (current) return current;
  return request.created ? "edit" : "play";
}

/** The other mode, or play when the user may not edit. */
export function toggledSheetMode(mode: SheetMode, editable: boolean): SheetMode {
  return editable && mode === "play" ? "edit" : "play";
}

/** The unlock/lock switch as a template draws it: a toggle button, so its label stays and `pressed` changes. */
export interface SheetModeToggle {
  /** True in edit mode (the switch is "on"). */
  pressed: boolean;
  label: string;
  /** What a click will do, for the tooltip. */
  hint: string;
  icon: string;
}

/** Mode flags for templates: `editing` shows inputs, `editable` allows play-time changes (pips, Fate). */
export interface SheetModeView {
  mode: SheetMode;
  editable: boolean;
  editing: boolean;
  playing: boolean;
  /** null when the user may not edit: nothing to unlock. */
  modeToggle: SheetModeToggle | null;
}

/** The view of a sheet's mode, with the switch's localised label. */
export function sheetModeView(mode: SheetMode, editable: boolean, i18n: HelperI18n): SheetModeView {
  const editing = editable && mode === "edit";
  return {
    mode: editing ? "edit" : "play",
    editable,
    editing,
    playing: !editing,
    modeToggle: editable
      ? {
          pressed: editing,
          label: i18n.localize("GOLDHACK.Sheet.Mode.Edit"),
          hint: i18n.localize(editing ? "GOLDHACK.Sheet.Mode.LockHint" : "GOLDHACK.Sheet.Mode.UnlockHint"),
          icon: editing ? "fa-solid fa-lock-open" : "fa-solid fa-lock",
        }
      : null,
  };
}

/**
 * Keeps one sheet's mode across renders. Sheets hold one, call `configure` from `_configureRenderOptions`
 * and `toggle` from their toggle action.
 */
export class SheetModeState {
  #mode: SheetMode | undefined;

  get mode(): SheetMode {
    return this.#mode ?? "play";
  }

  /** Settles the mode for a render; `renderContext` is Foundry's (e.g. "createActor" right after creation). */
  configure(options: { mode?: unknown; renderContext?: unknown }, editable: boolean): SheetMode {
    const created = typeof options.renderContext === "string" && options.renderContext.startsWith("create");
    this.#mode = resolveSheetMode(this.#mode, { requested: options.mode, created }, editable);
    return this.#mode;
  }

  toggle(editable: boolean): SheetMode {
    this.#mode = toggledSheetMode(this.mode, editable);
    return this.#mode;
  }
}
