import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ITEM_PACK_BASES, LANGUAGES } from "./item-pack-spec";
import { listPackNames, REPO_ROOT, splitPackName } from "./read-sources";

interface PackEntry {
  name: string;
  label: string;
  system?: string;
  path?: string;
  type: string;
  ownership?: Record<string, string>;
  flags?: Record<string, unknown>;
}
interface PackFolder {
  name: string;
  color?: string;
  packs: string[];
}
const system = JSON.parse(readFileSync(join(REPO_ROOT, "system.json"), "utf8")) as { packs?: PackEntry[]; packFolders?: PackFolder[] };
const packs = system.packs ?? [];

/** Each language's folder in the compendium sidebar. */
const FOLDER_OF_LANGUAGE: Record<string, string> = { en: "The Gold Hack", es: "El Hack Dorado" };

const ITEM_LABELS: Record<string, [string, string]> = {
  lifepaths: ["Lifepaths", "Trasfondos"],
  skills: ["Skills", "Habilidades"],
  traits: ["Traits", "Rasgos"],
  fallout: ["Fallout", "Secuelas"],
};

describe("system.json compendium packs", () => {
  it("declares each pack once, for exactly the folders under packs/_source", () => {
    const names = packs.map((pack) => pack.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(listPackNames());
  });

  it("points every pack at packs/<name> for the goldhack system, with sensible ownership", () => {
    for (const pack of packs) {
      expect(pack.system, pack.name).toBe("goldhack");
      expect(pack.path, pack.name).toBe(`packs/${pack.name}`);
      expect(typeof pack.label === "string" && pack.label !== "", pack.name).toBe(true);
      expect(pack.ownership, pack.name).toEqual({ PLAYER: "OBSERVER", ASSISTANT: "OWNER" });
    }
  });

  it.each(ITEM_PACK_BASES)("declares %s in English and Spanish as Item packs labelled in their own language", (base) => {
    LANGUAGES.forEach((lang, index) => {
      const pack = packs.find((entry) => entry.name === `${base}-${lang}`);
      expect(pack, `${base}-${lang}`).toMatchObject({ type: "Item", label: ITEM_LABELS[base]?.[index], flags: {} });
    });
  });

  it("files every pack in its language's folder and nothing else there", () => {
    const folders = system.packFolders ?? [];
    expect(folders.map((folder) => folder.name).sort()).toEqual(Object.values(FOLDER_OF_LANGUAGE).sort());
    for (const [lang, name] of Object.entries(FOLDER_OF_LANGUAGE)) {
      const folder = folders.find((entry) => entry.name === name);
      expect(folder?.color, name).toMatch(/^#[0-9a-f]{6}$/i);
      const expected = packs.filter((pack) => splitPackName(pack.name).lang === lang).map((pack) => pack.name);
      expect([...(folder?.packs ?? [])].sort(), name).toEqual(expected.sort());
    }
  });
});
