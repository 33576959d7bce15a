/**
 * Forms that say what is wrong, where (issue 29 item 5), through the rendered windows: a field with a problem carries
 * aria-invalid and its message right beside it (aria-describedby names it); fixing the field clears both. The
 * request form (GM), the group Test's start dialog, and the shared helper itself.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { markFieldErrors } from "../../src/applications/api/field-errors";
import { instances } from "./applications";
import { chatMessages, runAsClient } from "./documents";
import { installGroupWorld, type GroupWorld } from "./group-env";
import { change, click, type } from "./user-input";

let w: GroupWorld;
beforeEach(async () => {
  w = await installGroupWorld("en");
});

const waitFor = async (pick: (el: HTMLElement) => boolean): Promise<HTMLElement> => {
  for (let i = 0; i < 200; i++) {
    await w.settle();
    const found = [...instances.values()].find((a) => a.rendered && pick(a.element));
    if (found) return found.element;
  }
  throw new Error("window did not open");
};

/** What a screen reader hears for a control's description, and whether it is marked invalid. */
function described(root: HTMLElement, control: Element | null): { invalid: boolean; message: string; beside: boolean } {
  const ids = (control?.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
  const holders = ids.map((id) => root.querySelector<HTMLElement>(`[id="${id}"]`)).filter((el): el is HTMLElement => el !== null && !el.hidden);
  const message = holders.map((el) => (el.textContent ?? "").trim()).join(" ");
  // Beside it: the message follows the control's own row (or label) directly, or closes its fieldset.
  const row = control?.closest(".form-group, label") ?? control;
  const beside = holders.some((el) => el.previousElementSibling === row || el.parentElement === control?.closest("fieldset"));
  return { invalid: control?.getAttribute("aria-invalid") === "true", message, beside };
}

describe("the request form marks what is wrong on its fields", () => {
  // The Ob's own bounds (min 1, max 99) are the browser's to enforce before a submit: what reaches our check is a
  // request for no one.
  it("puts the characters' problem beside their boxes, not in the list above, and posts once it is fixed", async () => {
    const { requestTest } = await import("../../src/requests/request-api");
    const started = runAsClient(w.gm, () => requestTest([w.characters[0], w.characters[1]] as unknown as Actor.Implementation[]));
    let form = await waitFor((el) => el.querySelector('input[name="asGroup"]') !== null);
    for (const box of form.querySelectorAll<HTMLInputElement>('input[name="actors"]')) await change(box, false);
    await change(form.querySelector('input[name="ob"]'), "3");
    await click(form.querySelector('button[type="submit"]'));
    form = await waitFor((el) => el.querySelector('input[name="actors"][aria-invalid="true"]') !== null);

    expect(described(form, form.querySelector('input[name="ob"]'))).toMatchObject({ invalid: false, message: "" });
    const boxes = [...form.querySelectorAll('input[name="actors"]')].map((box) => described(form, box));
    expect(boxes.map((b) => b.invalid)).toEqual([true, true, true]);
    expect(boxes[0]?.message).toMatch(/character/i);
    expect(boxes[0]?.beside).toBe(true);
    // Said where it belongs, and not again in the list above the form.
    expect(form.querySelector(".goldhack-request-dialog__problems")).toBeNull();
    // The Intent has no problem: neither marked nor described by an error.
    expect(described(form, form.querySelector('input[name="intent"]'))).toMatchObject({ invalid: false, message: "" });

    await change(form.querySelector('input[name="actors"]'), true);
    await click(form.querySelector('button[type="submit"]'));
    expect(await started).toHaveLength(1);
    expect(chatMessages()).toHaveLength(1);
  });
});

describe("the group Test dialog marks what is wrong on its fields", () => {
  it("marks a participant's Ob and an emptied Intent as she changes them, and clears each once it is fixed", async () => {
    const started = runAsClient(w.gm, () => game.goldhack?.startGroupTest?.([w.characters[0], w.characters[1]] as unknown as Actor.Implementation[], { intent: "Hold the ford" }));
    const dialog = await waitFor((el) => el.classList.contains("goldhack-group-dialog"));
    // Nothing is marked before she has been anywhere.
    expect(dialog.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);

    await type(dialog.querySelector('input[name="parts.1.ob"]'), "0");
    const ob = dialog.querySelector('input[name="parts.1.ob"]');
    expect(described(dialog, ob)).toEqual({ invalid: true, message: "The Ob must be a whole number from 1 to 99.", beside: true });
    expect(dialog.querySelector('input[name="parts.0.ob"]')?.hasAttribute("aria-invalid")).toBe(false);
    expect((dialog.querySelector('button[name="post"]') as HTMLButtonElement).disabled).toBe(true);

    await type(dialog.querySelector('input[name="intent"]'), "  ");
    expect(described(dialog, dialog.querySelector('input[name="intent"]'))).toMatchObject({ invalid: true, message: "Declare the Intent first.", beside: true });

    await type(dialog.querySelector('input[name="parts.1.ob"]'), "200");
    expect(described(dialog, ob).message).toBe("An Ob can be at most 99.");

    // The Intent's owner left out: said on her "takes part" box.
    await change(dialog.querySelector('input[name="parts.0.include"]'), false);
    expect(described(dialog, dialog.querySelector('input[name="parts.0.include"]'))).toMatchObject({ invalid: true, message: "Pick whose Intent it is among the participants." });
    await change(dialog.querySelector('input[name="parts.0.include"]'), true);

    await type(dialog.querySelector('input[name="parts.1.ob"]'), "2");
    await type(dialog.querySelector('input[name="intent"]'), "Hold the ford");
    expect(dialog.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(dialog.querySelectorAll(".goldhack-field-error:not([hidden])")).toHaveLength(0);
    expect(dialog.querySelector('input[name="parts.1.ob"]')?.hasAttribute("aria-describedby")).toBe(false);
    await click(dialog.querySelector('button[name="post"]'));
    expect(await started).toBeTruthy();
  });
});

describe("markFieldErrors", () => {
  it("uses a template's own message element, keeps other descriptions, and empties it again", () => {
    const root = document.createElement("form");
    root.innerHTML = `<label>Ob <input name="ob" aria-describedby="hint"></label><p id="hint">A number</p><p class="goldhack-field-error" id="own" data-error-for="ob" hidden></p>`;
    markFieldErrors(root, { ob: "Too low" }, "app");
    const input = root.querySelector("input") as HTMLInputElement;
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("hint own");
    expect((root.querySelector("#own") as HTMLElement).hidden).toBe(false);
    markFieldErrors(root, {}, "app");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(input.getAttribute("aria-describedby")).toBe("hint");
    expect((root.querySelector("#own") as HTMLElement).hidden).toBe(true);
  });

  it("makes a message after the control's label when the template has none, and takes it away when fixed", () => {
    const root = document.createElement("form");
    root.innerHTML = `<label>Intent <input name="intent"></label><button>Go</button>`;
    markFieldErrors(root, { intent: "Say it" }, "app");
    const label = root.querySelector("label") as HTMLElement;
    expect(label.nextElementSibling?.textContent).toBe("Say it");
    expect(label.nextElementSibling?.id).toBe("app-intent-error");
    expect(root.querySelector("input")?.getAttribute("aria-describedby")).toBe("app-intent-error");
    markFieldErrors(root, { intent: "Say it" }, "app");
    expect(root.querySelectorAll(".goldhack-field-error")).toHaveLength(1);
    markFieldErrors(root, {}, "app");
    expect(root.querySelectorAll(".goldhack-field-error")).toHaveLength(0);
    expect(root.querySelector("input")?.hasAttribute("aria-describedby")).toBe(false);
  });
});
