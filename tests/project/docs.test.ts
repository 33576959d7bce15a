import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The README is what a newcomer reads first (issue 30): short, in a fixed order, and every longer
// text it used to hold is one link away. These checks keep that true as others add to the docs.
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const read = (path: string): string => readFileSync(join(root, path), "utf8");
const readme = read("README.md");

/** Markdown headings outside fenced code, as "##" level marks. */
const headingLevels = (text: string): string[] => {
  let fenced = false;
  const levels: string[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const match = /^(#{1,6}) /.exec(line);
    if (!fenced && match?.[1]) levels.push(match[1]);
  }
  return levels;
};

/** Relative link targets of a markdown file, without their anchors. */
const relativeLinks = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] ?? "").filter((target) => !/^[a-z]+:/.test(target));

describe("README", () => {
  it("stays at most 200 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
  });

  it("keeps its sections in the newcomer's order", () => {
    const order = ["## Status", "## Install it today", "## Set up", "## The preview", "## Where everything else lives"];
    const positions = order.map((heading) => readme.indexOf(`\n${heading}\n`));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("names exactly the two set-up commands, and both exist", () => {
    const setUp = readme.slice(readme.indexOf("\n## Set up\n"), readme.indexOf("\n## The preview\n"));
    const rows = setUp.split("\n").filter((line) => line.startsWith("| ") && line.includes("`npm"));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("`npm ci && npm run build`");
    expect(rows[1]).toContain("`npm run test:all`");
    const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
    for (const name of ["build", "test:all", "preview", "package"]) expect(scripts[name], name).toBeTruthy();
  });

  it("offers no install path that cannot be followed today", () => {
    const install = readme.slice(readme.indexOf("\n## Install it today\n"), readme.indexOf("\n## Set up\n"));
    expect(install).not.toMatch(/paste the release|Install System.*system\.json/);
  });

  it("links every document the old sections moved to, and each exists", () => {
    for (const doc of ["docs/playing.md", "docs/playing.es.md", "docs/development.md", "docs/benchmarks.md", "docs/foundry-facts.md"]) {
      expect(readme, doc).toContain(`](${doc}`);
    }
    for (const target of relativeLinks(readme)) expect(existsSync(join(root, target)), target).toBe(true);
  });
});

describe("docs", () => {
  it("link only to files that exist", () => {
    for (const doc of ["docs/playing.md", "docs/playing.es.md", "docs/development.md", "docs/benchmarks.md", "docs/foundry-facts.md"]) {
      for (const target of relativeLinks(read(doc))) expect(existsSync(join(root, "docs", target)), `${doc} → ${target}`).toBe(true);
    }
  });

  it("give the Spanish playing guide the same headings as the English one", () => {
    const en = headingLevels(read("docs/playing.md"));
    expect(en.length).toBeGreaterThan(5);
    expect(headingLevels(read("docs/playing.es.md"))).toEqual(en);
  });

  it("keep the Foundry versions section in the Foundry facts document", () => {
    expect(read("docs/foundry-facts.md")).toMatch(/\n## Foundry versions\n/);
  });
});
