import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runScript } from "../packs/run-script";

const temp = mkdtempSync(join(tmpdir(), "goldhack-versions-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let n = 0;
function repo(system: string, pkg: string, changelog: string): string {
  const root = join(temp, `repo-${++n}`);
  mkdirSync(root);
  writeFileSync(join(root, "system.json"), JSON.stringify({ id: "goldhack", version: system }));
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "goldhack", version: pkg }));
  writeFileSync(join(root, "CHANGELOG.md"), changelog);
  return root;
}
const check = (root?: string) => runScript("check-versions.mjs", root ? ["--root", root] : []);

describe("versions", () => {
  it("agree in system.json, package.json and the newest CHANGELOG heading of this repository", () => {
    const run = check();
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it.each([
    ["an unreleased heading under [Unreleased]", "## [Unreleased]\n\n## [0.2.0] - unreleased\n\n## [0.1.0] - 2026-01-01\n"],
    ["a dated heading", "# Changelog\n\n## [0.2.0] - 2026-03-01\n### Added\n- x\n\n## [0.1.0] - 2026-01-01\n"],
  ])("accept %s", (_case, changelog) => {
    expect(check(repo("0.2.0", "0.2.0", changelog)).status).toBe(0);
  });

  it.each([
    ["system.json", repo("0.3.0", "0.2.0", "## [0.2.0] - unreleased\n")],
    ["package.json", repo("0.2.0", "0.2.1", "## [0.2.0] - unreleased\n")],
    ["the CHANGELOG (an older entry on top is not enough)", repo("0.2.0", "0.2.0", "## [Unreleased]\n\n## [0.1.0] - 2026-01-01\n\n## [0.2.0] - 2026-02-01\n")],
  ])("fail when %s disagrees", (_case, root) => {
    const run = check(root);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("versions disagree");
  });

  it("fail when the CHANGELOG has no version heading", () => {
    const run = check(repo("0.2.0", "0.2.0", "# Changelog\n\n## [Unreleased]\n"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("CHANGELOG.md: no version found");
  });
});
