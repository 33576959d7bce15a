import { describe, expect, it } from "vitest";
import { createConfig } from "../../src/config";
import { initialFormValues, requestFormContext, type FormActor, type RequestFormMode } from "../../src/requests/request-form";
import { answeredCard, answerProposal, createProposal, createRequest, type RequestCard } from "../../src/requests/request-state";
import { requestCardContext } from "../../src/requests/request-card-context";
import { compileTemplate, createHandlebars } from "./handlebars";
import { decode, tags } from "./test-dialog-html";

const EVIL = `<script>alert("x")</script>`;
const actor = { uuid: "Actor.sela", name: `Sela ${EVIL}` };

function request(overrides: { ob?: number; potential?: boolean } = {}): RequestCard {
  const made = createRequest(actor, {
    skill: overrides.potential ? { kind: "potential", id: null, name: `Climb ${EVIL}` } : { kind: "skill", id: "s", name: `Stealth ${EVIL}` },
    ob: overrides.ob ?? 3,
    intent: `Intent ${EVIL}`,
    task: `Task ${EVIL}`,
    consequence: `Cost ${EVIL}`,
    allowSkillChange: false,
    allowObChange: true,
  });
  if (!made.ok) throw new Error("invalid sample");
  return made.value;
}

function proposal(): RequestCard {
  const made = createProposal(actor, { intent: `Reach ${EVIL}`, task: `Climb ${EVIL}` });
  if (!made.ok) throw new Error("invalid sample");
  return made.value;
}

const textOf = (html: string): string => decode(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

for (const lang of ["en", "es"] as const) {
  describe(`request card template (${lang})`, () => {
    const render = (card: RequestCard, viewer = { isGM: false, ownsActor: true }) => {
      const { hbs, i18n } = createHandlebars(lang);
      const html = compileTemplate(hbs, "chat/request-card.hbs")(requestCardContext(card, "req1", viewer));
      return { html, missing: [...i18n.missing] };
    };

    it("escapes every user-entered text, and asks for no missing key", () => {
      const potential = request({ potential: true });
      const answered = answeredCard(potential, "roll1", { requestId: "req1", actorUuid: actor.uuid, kind: "potential", skillId: null, ob: 3, passed: false }, { userId: "u", ownsActor: true }, 1);
      for (const card of [request(), potential, proposal(), answered]) {
        for (const viewer of [{ isGM: true, ownsActor: true }, { isGM: false, ownsActor: false }]) {
          const { html, missing } = render(card, viewer);
          expect(html).not.toContain("<script");
          expect(html).toContain("&lt;script&gt;");
          expect(missing).toEqual([]);
        }
      }
    });

    it("shows Intent, Task, consequence, Skill and the Ob by name; a Roll button only for the owner of an open card", () => {
      const { html } = render(request());
      const text = textOf(html);
      expect(text).toContain(`Intent ${EVIL}`);
      expect(text).toContain(`Cost ${EVIL}`);
      expect(text).toContain(lang === "en" ? "Ob 3 · Difficult" : "Ob 3 · Formidable");
      expect(tags(html).filter((t) => t.attrs.get("data-action") === "rollRequest")).toHaveLength(1);
      expect(tags(render(request(), { isGM: true, ownsActor: false }).html).some((t) => t.attrs.has("data-action"))).toBe(false);
      expect(textOf(render(request({ ob: 7 })).html)).toContain("Ob 7");
      expect(textOf(render(request({ ob: 7 })).html)).not.toContain("Ob 7 ·");
    });

    it("says once that a proposal waits for the GM, not twice in other words", () => {
      const { i18n } = createHandlebars(lang);
      const text = textOf(render(proposal()).html);
      expect(text).toContain(i18n.localize("GOLDHACK.Request.Card.AwaitingGM"));
      expect(text).not.toContain(i18n.localize("GOLDHACK.Request.Card.Proposed"));
    });

    it("shows a proposal's Set button to the GM only, and an answered card's link to its roll", () => {
      const proposed = proposal();
      expect(tags(render(proposed, { isGM: true, ownsActor: true }).html).some((t) => t.attrs.get("data-action") === "setTest")).toBe(true);
      expect(tags(render(proposed, { isGM: false, ownsActor: true }).html).some((t) => t.attrs.has("data-action"))).toBe(false);
      const opened = answerProposal(proposed, { skill: { kind: "skill", id: "s", name: "Climb" }, ob: 2, intent: "Reach", task: "Climb", consequence: "", allowSkillChange: false, allowObChange: false });
      if (!opened.ok) throw new Error("answer invalid");
      const done = answeredCard(opened.value, "roll9", { requestId: "req1", actorUuid: actor.uuid, kind: "skill", skillId: "s", ob: 2, passed: true }, { userId: "u", ownsActor: true }, 1);
      const html = render(done).html;
      expect(tags(html).find((t) => t.attrs.get("data-action") === "showMessage")?.attrs.get("data-message-id")).toBe("roll9");
      expect(tags(html).filter((t) => t.attrs.has("data-action")).map((t) => t.attrs.get("data-action"))).toEqual(["showMessage"]);
    });
  });

  describe(`request form template (${lang})`, () => {
    const actors: FormActor[] = [
      { uuid: "Actor.a", name: `Ana ${EVIL}`, skills: [{ id: "s1", name: `Stealth ${EVIL}` }] },
      { uuid: "Actor.b", name: "Brom", skills: [{ id: "s2", name: "Swords" }] },
    ];
    const obGrades = Object.keys(createConfig().obGrades).map(Number);

    for (const mode of ["request", "answer", "propose"] as RequestFormMode[]) {
      it(`renders the ${mode} form escaped, labelled, with no missing key`, () => {
        const { hbs, i18n } = createHandlebars(lang);
        const list = mode === "answer" ? actors.slice(0, 1) : actors;
        const values = { ...initialFormValues(list), intent: `I ${EVIL}`, task: `T ${EVIL}`, consequence: `C ${EVIL}` };
        const html = compileTemplate(hbs, "dialogs/request-dialog.hbs")(requestFormContext(mode, list, values, { uid: "u", obGrades, problems: [`P ${EVIL}`] }));
        expect(html).not.toContain("<script");
        expect([...i18n.missing]).toEqual([]);
        const all = tags(html);
        const intent = all.find((t) => t.attrs.get("name") === "intent");
        expect(intent?.attrs.get("value")).toBe(`I ${EVIL}`);
        // Every visible control has a label pointing at it.
        const labelled = new Set(all.filter((t) => t.name === "label").map((t) => t.attrs.get("for")));
        for (const control of all.filter((t) => ["input", "select"].includes(t.name) && t.attrs.get("type") !== "hidden")) {
          expect(labelled.has(control.attrs.get("id")), `${control.attrs.get("name")} labelled`).toBe(true);
        }
        expect(all.some((t) => t.attrs.get("name") === "skill")).toBe(mode !== "propose");
        expect(all.some((t) => t.attrs.get("name") === "consequence")).toBe(mode !== "propose");
        expect(all.filter((t) => t.attrs.get("name") === "actors").length).toBe(mode === "answer" ? 1 : mode === "request" ? 2 : 1);
      });
    }
  });
}

describe("the Test card's declaration", () => {
  for (const lang of ["en", "es"] as const) {
    it(`shows Intent, Task and the consequence above the dice, escaped, each only when declared (${lang})`, async () => {
      const { buildTestCard } = await import("../../src/dice/test-card-context");
      const { planTest } = await import("../../src/rules");
      const render = (declared: { intent?: string; task?: string; consequence?: string }) => {
        const { hbs, i18n } = createHandlebars(lang);
        const plan = planTest({ rating: 3, potential: 4, ob: 2, magic: false });
        const choice = { kind: "skill" as const, actorUuid: "Actor.a", skillId: "s", skillName: "Stealth", rating: 3, potential: 4, ob: 2, magic: false, persona: 0, modifiers: [], ...declared };
        const context = buildTestCard({
          data: { choice, actorName: "Sela", plan, fateSpent: 0, fate: null, log: null, fallout: null },
          dice: [4, 5, 1].map((face, i) => ({ face, hit: face >= 4, six: false, exploded: false, fromExplosion: false, rerolled: false, fate: false, faceIndex: i })),
          faces: [4, 5, 1],
          viewer: { isGM: false, actorExists: true, isOwner: false, fate: 0 },
          isPrivate: false,
        });
        const html = compileTemplate(hbs, "chat/test-card.hbs")(context);
        expect([...i18n.missing]).toEqual([]);
        return html;
      };
      const full = render({ intent: `Hide ${EVIL}`, task: `Crouch ${EVIL}`, consequence: `Seen ${EVIL}` });
      expect(full).not.toContain("<script");
      expect(textOf(full)).toContain(`Hide ${EVIL}`);
      expect(full.indexOf("goldhack-card__pairs")).toBeLessThan(full.indexOf("goldhack-test-card__roll"));
      // A Task without an Intent still shows; nothing declared, no declaration block.
      const taskOnly = render({ task: "Crouch" });
      expect(textOf(taskOnly)).toContain("Crouch");
      expect(taskOnly).toContain("goldhack-card__pairs");
      expect(render({})).not.toContain("goldhack-card__pairs");
    });
  }
});
