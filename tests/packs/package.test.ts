import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { runScript } from "./run-script";

const temp = mkdtempSync(join(tmpdir(), "goldhack-package-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let n = 0;
/** A small repository with a built dist/: the files package.mjs reads, nothing else. */
function fixture(options: { changelogVersion?: string; withPack?: boolean } = {}): string {
  const root = join(temp, `repo-${++n}`);
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const system = {
    id: "goldhack",
    version: "1.2.3",
    manifest: "",
    download: "",
    packs: [{ name: "skills-en", path: "packs/skills-en", type: "Item" }],
  };
  write("system.json", JSON.stringify(system));
  write("package.json", JSON.stringify({ name: "goldhack", version: "1.2.3" }));
  write("CHANGELOG.md", `# Changelog\n\n## [Unreleased]\n\n## [${options.changelogVersion ?? "1.2.3"}] - 2026-02-01\n\n## [1.0.0] - 2026-01-01\n`);
  write("dist/system.json", JSON.stringify(system));
  write("dist/goldhack.mjs", "export {};\n");
  write("dist/lang/en.json", "{}");
  if (options.withPack !== false) write("dist/packs/skills-en/CURRENT", "MANIFEST-000002\n");
  return root;
}

function zipOf(root: string, env: Record<string, string> = {}): { status: number | null; stderr: string; files: Record<string, Uint8Array> } {
  const out = join(root, "out.zip");
  const run = runScript("package.mjs", ["--root", root, "--out", out], env);
  const files = run.status === 0 ? unzipSync(new Uint8Array(readFileSync(out))) : {};
  return { status: run.status, stderr: run.stderr, files };
}
const manifestIn = (files: Record<string, Uint8Array>): Record<string, unknown> => JSON.parse(strFromU8(files["system.json"] ?? new Uint8Array()));

describe("scripts/package.mjs", () => {
  it("zips dist/ with system.json at the root and the packs under packs/", () => {
    const { status, stderr, files } = zipOf(fixture());
    expect(stderr).toBe("");
    expect(status).toBe(0);
    expect(Object.keys(files).sort()).toEqual(["goldhack.mjs", "lang/en.json", "packs/skills-en/CURRENT", "system.json"]);
    expect(strFromU8(files["packs/skills-en/CURRENT"] ?? new Uint8Array())).toBe("MANIFEST-000002\n");
  });

  it("leaves the manifest and download keys out when no URL is given", () => {
    const manifest = manifestIn(zipOf(fixture()).files);
    expect(manifest).not.toHaveProperty("manifest");
    expect(manifest).not.toHaveProperty("download");
    expect(manifest).toMatchObject({ id: "goldhack", version: "1.2.3" });
  });

  it("writes the URLs from GOLDHACK_MANIFEST_URL and GOLDHACK_DOWNLOAD_URL, with {version} filled in", () => {
    const manifest = manifestIn(
      zipOf(fixture(), {
        GOLDHACK_MANIFEST_URL: "https://example.org/goldhack/latest/system.json",
        GOLDHACK_DOWNLOAD_URL: "https://example.org/goldhack/v{version}/goldhack-{version}.zip",
      }).files,
    );
    expect(manifest.manifest).toBe("https://example.org/goldhack/latest/system.json");
    expect(manifest.download).toBe("https://example.org/goldhack/v1.2.3/goldhack-1.2.3.zip");
  });

  it("sets only the URL it is given", () => {
    const manifest = manifestIn(zipOf(fixture(), { GOLDHACK_MANIFEST_URL: "https://example.org/system.json" }).files);
    expect(manifest.manifest).toBe("https://example.org/system.json");
    expect(manifest).not.toHaveProperty("download");
  });

  it("names the zip goldhack-<version>.zip at the repository root by default", () => {
    const root = fixture();
    const run = runScript("package.mjs", ["--root", root]);
    expect(run.status).toBe(0);
    expect(Object.keys(unzipSync(new Uint8Array(readFileSync(join(root, "goldhack-1.2.3.zip")))))).toContain("system.json");
  });

  it("refuses to package when the versions disagree", () => {
    const run = zipOf(fixture({ changelogVersion: "1.2.4" }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("versions disagree");
  });

  it("refuses to package a pack system.json declares but the build did not produce", () => {
    const run = zipOf(fixture({ withPack: false }));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("skills-en");
  });
});
