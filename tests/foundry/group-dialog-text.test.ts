/**
 * The group dialog's words (issue 29): the rule line under the form says each thing once, and the dialog names
 * the consequence as the Test dialog does. Rendered with the real handlebars and our language files.
 */
import { describe, expect, it } from "vitest";
import { groupFormContext, initialGroupForm } from "../../src/group/group-form";
import { compileTemplate, createHandlebars } from "./handlebars";
import { decode } from "./test-dialog-html";

const actors = [
  { uuid: "Actor.a", name: "Sela", potential: 4, skills: [{ id: "s1", name: "Stealth", rating: 2, magic: false }] },
  { uuid: "Actor.b", name: "Brom", potential: 3, skills: [{ id: "s2", name: "Climb", rating: 3, magic: false }] },
];
const textOf = (html: string): string => decode(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ").trim();
/** The clauses of a text, as a reader meets them: split at full stops, colons and semicolons, compared without case. */
const clauses = (text: string): string[] => text.split(/[.:;]/).map((c) => c.replace(/\([^)]*\)/g, "").trim().toLowerCase()).filter(Boolean);

for (const lang of ["en", "es"] as const) {
  describe(`the group dialog's words (${lang})`, () => {
    const { hbs, i18n } = createHandlebars(lang);
    const summary = compileTemplate(hbs, "group/group-dialog-summary.hbs");

    for (const mode of ["needed", "helpful", "hindering"] as const) {
      for (const alternative of [false, true]) {
        it(`says each thing once under the form: ${mode}${alternative ? ", alternative hindering" : ""}`, () => {
          const values = initialGroupForm(actors, mode, { intent: "Cross" });
          const html = summary(groupFormContext(actors, values, { reading: "extraHits", alternative }));
          const text = textOf(/<p class="goldhack-group-dialog__rule">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "");
          const seen = clauses(text);
          expect(seen.length).toBeGreaterThan(0);
          expect(new Set(seen).size, text).toBe(seen.length);
          expect([...i18n.missing]).toEqual([]);
        });
      }
    }

    it("names the consequence as the Test dialog does", () => {
      expect(i18n.localize("GOLDHACK.Group.Dialog.Consequence")).toBe(i18n.localize("GOLDHACK.Dialog.Test.Consequence"));
      expect(i18n.localize("GOLDHACK.Group.Card.Consequence")).toBe(i18n.localize("GOLDHACK.Dialog.Test.Consequence"));
    });
  });
}
