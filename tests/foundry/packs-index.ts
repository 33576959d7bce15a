/**
 * game.packs as far as a compendium's index goes: each of our packs by its "goldhack.<name>" id, with an
 * index of `{_id, name}` read from the real sources in packs/_source/. Foundry builds the index from the
 * compiled pack, which holds the same documents (tests/packs/compile.test.ts checks the build).
 */
import { readPack } from "../packs/read-sources";

export function installPacksIndex(names: readonly string[]): void {
  const packs = new Map(
    names.map((name) => [`goldhack.${name}`, { collection: `goldhack.${name}`, index: { contents: readPack(name).entries.map((e) => ({ _id: e.doc._id, name: e.doc.name })) } }]),
  );
  (globalThis as unknown as { game: Record<string, unknown> }).game.packs = packs;
}
