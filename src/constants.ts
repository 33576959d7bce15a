/** The system's id, as in system.json. */
export const SYSTEM_ID = "goldhack";

/** A path inside the installed system folder, as Foundry serves it. */
export function systemPath(path: string): string {
  return `systems/${SYSTEM_ID}/${path.replace(/^\/+/, "")}`;
}
