import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("lint rules that keep the architecture", () => {
  // The first ESLint run loads the whole config; on a busy machine that alone can take seconds.
  it("forbid Foundry globals inside src/rules/", { timeout: 120_000 }, async () => {
    for (const name of ["game", "CONFIG", "foundry", "ui", "Hooks", "Roll", "Actor", "Item", "ChatMessage"]) {
      const ids = await ruleIds(`export const x = (): unknown => ${name};\n`, "src/rules/probe.ts");
      expect(ids, name).toContain("no-restricted-globals");
    }
  });

  it("allow them outside src/rules/", async () => {
    const ids = await ruleIds("export const x = (): unknown => game;\n", "src/hooks/probe.ts");
    expect(ids).not.toContain("no-restricted-globals");
  });

  it("forbid src/rules/ importing from the Foundry side", async () => {
    const ids = await ruleIds('import { SYSTEM_ID } from "../constants";\nexport const x = SYSTEM_ID;\n', "src/rules/probe.ts");
    expect(ids).toContain("no-restricted-imports");
  });

  it("refuse work nobody awaits unless it ends in a catch (src/safe-hook.ts), a bare void too", async () => {
    const decl = "declare function later(): Promise<void>;\n";
    expect(await ruleIds(`${decl}export function x(): void {\n  later();\n}\n`, "src/hooks/probe.ts")).toContain("@typescript-eslint/no-floating-promises");
    expect(await ruleIds(`${decl}export function x(): void {\n  void later();\n}\n`, "src/dice/probe.ts")).toContain("@typescript-eslint/no-floating-promises");
    expect(await ruleIds(`${decl}export function x(): void {\n  void later().catch(() => undefined);\n}\n`, "src/dice/probe.ts")).toEqual([]);
  });

  it("forbid any everywhere", async () => {
    const ids = await ruleIds("export const x = (y: any): string => String(y);\n", "src/documents/probe.ts");
    expect(ids).toContain("@typescript-eslint/no-explicit-any");
  });

  it("forbid instanceof on DOM classes in src/ (false in a popped-out window)", async () => {
    for (const right of ["HTMLInputElement", "HTMLElement", "Element", "Node", "KeyboardEvent", "MouseEvent", "Event", "view.HTMLSelectElement"]) {
      const ids = await ruleIds(`declare const view: typeof globalThis;\nexport const x = (y: unknown): boolean => y instanceof ${right};\n`, "src/builder/probe.ts");
      expect(ids, right).toContain("no-restricted-syntax");
    }
  });

  it("forbid it in every file of src/, on every floor, and in the Foundry stand-ins (no later block lifts it)", async () => {
    const code = "export const x = (y: unknown): boolean => y instanceof HTMLInputElement;\n";
    const { LAYERS } = (await import(new URL("../../eslint.config.js", import.meta.url).href)) as { LAYERS: { paths: string[] }[] };
    const dirs = LAYERS.flatMap((layer) => layer.paths).map((path) => (path.endsWith(".ts") ? path.replace(/[^/]+$/, "") : `${path}/`));
    for (const dir of [...new Set(["src/", ...dirs, "src/applications/sheets/", "tests/foundry/", "tests/foundry/fixtures/"])]) {
      expect(await ruleIds(code, `${dir}probe.ts`), dir).toContain("no-restricted-syntax");
    }
    // A test file may assert instanceof on purpose (tests/foundry/popout-realm.test.ts).
    expect(await ruleIds(code, "tests/foundry/probe.test.ts")).not.toContain("no-restricted-syntax");
  });

  it("still allow instanceof on our own and the language's classes", async () => {
    const ids = await ruleIds("export const x = (y: unknown): boolean => y instanceof RangeError || y instanceof Actor;\n", "src/dice/probe.ts");
    expect(ids).not.toContain("no-restricted-syntax");
  });
});

describe("lint rules that keep the floors (docs/development.md › The layers)", () => {
  it("refuse an import that climbs: a document reaching up into hooks/", async () => {
    const ids = await ruleIds('import { onHotbarDrop } from "../hooks/hotbar-drop";\nexport const x = onHotbarDrop;\n', "src/documents/probe.ts");
    expect(ids).toContain("import-x/no-restricted-paths");
  });

  it("refuse the roll reaching up into a procedure, and a type-only climb too", async () => {
    expect(await ruleIds('import { requestTest } from "../requests/request-calls";\nexport const x = requestTest;\n', "src/dice/probe.ts")).toContain("import-x/no-restricted-paths");
    expect(await ruleIds('import type { RequestCard } from "../requests/request-state";\nexport type X = RequestCard;\n', "src/data/probe.ts")).toContain("import-x/no-restricted-paths");
  });

  it("allow imports from the same floor and from lower ones", async () => {
    const code = 'import { askGM } from "../channel";\nimport { warn } from "../documents/notify";\nimport { testCardOf } from "../dice/test-card-state";\nimport { answerQueueKey } from "./request-actions";\nexport const x = [askGM, warn, testCardOf, answerQueueKey];\n';
    expect(await ruleIds(code, "src/requests/probe.ts")).toEqual([]);
  });

  it("refuse a document opening a window or loading the roll by import (it reaches them through CONFIG)", async () => {
    const code = 'export const x = async (): Promise<unknown[]> => [await import("../applications/dialogs/test-dialog"), await import("../dice/goldhack-roll")];\n';
    const ids = await ruleIds(code, "src/documents/probe.ts");
    expect(ids.filter((id) => id === "import-x/no-restricted-paths")).toHaveLength(2);
  });

  it("hide no climb: eslint-suppressions.json is gone, or lists nothing", () => {
    const path = join(root, "eslint-suppressions.json");
    const listed = existsSync(path) ? Object.keys(JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>) : [];
    expect(listed).toEqual([]);
  });

  it("refuse a new circle of value imports", async () => {
    const ids = await ruleIds('import { b } from "./b";\nexport const a = b;\n', "tests/project/fixtures/cycle/a.ts");
    expect(ids).toContain("import-x/no-cycle");
  });
});
