import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe("lint rules that keep the architecture", () => {
  // The first ESLint run loads the whole config; on a busy machine that alone can take seconds.
  it("forbid Foundry globals inside src/rules/", { timeout: 30_000 }, async () => {
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

  it("still allow instanceof on our own and the language's classes", async () => {
    const ids = await ruleIds("export const x = (y: unknown): boolean => y instanceof RangeError || y instanceof Actor;\n", "src/dice/probe.ts");
    expect(ids).not.toContain("no-restricted-syntax");
  });
});
