import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { REPO_ROOT } from "./read-sources";

/** What a finished script run left behind. */
export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of our node scripts (scripts/<name>) with arguments and extra environment;
 * GOLDHACK_* variables of the calling shell are dropped so results never depend on it.
 */
export function runScript(name: string, args: string[], env: Record<string, string> = {}): ScriptRun {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("GOLDHACK_")));
  const run = spawnSync(process.execPath, [join(REPO_ROOT, "scripts", name), ...args], {
    cwd: REPO_ROOT,
    encoding: "utf8",
    env: { ...base, ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
