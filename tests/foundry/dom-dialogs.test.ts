/**
 * The request dialog and the dialog base in a real DOM (tests/foundry/dom-env.ts), once per DOM shape
 * (v13, v14, v14 popped out into a window of another realm):
 * the form's values become the result, problems reopen it with the values kept, Cancel gives null, and
 * the base's optional message-mode choice defaults to the chat controls' mode and returns the pick.
 */
import "./dom-env";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RequestFormValues } from "../../src/requests/request-form";
import { DOM_SHAPES, installDomShape, type ShapeHandles } from "./api-shapes";
import { instances, installApplications, type StandInApplicationV2, useRealTemplates } from "./applications";
import { installRequestWorld } from "./request-env";
import { $, fire } from "./user-input";

type RequestDialogModule = typeof import("../../src/requests/request-dialog") & typeof import("../../src/requests/request-dialog-app");
let mod: RequestDialogModule;

const actors = [{ uuid: "Actor.sela", name: "Sela", skills: [{ id: "s1", name: "Swords", rating: 3 }] }];
const blank: RequestFormValues = { actors: [], skill: "", ob: "", intent: "", task: "", consequence: "", allowSkillChange: false, allowObChange: false };


async function opened(count = 1): Promise<StandInApplicationV2> {
  await vi.waitFor(() => expect(instances.size).toBe(count));
  const dialog = [...instances.values()].at(-1);
  if (!dialog) throw new Error("no dialog");
  await dialog.idle();
  return dialog;
}

function fill(dialog: StandInApplicationV2, name: string, value: string): void {
  const control = $<HTMLInputElement>(dialog.element, `[name="${name}"]`);
  control.value = value;
  fire(control, "change");
}

beforeAll(async () => {
  await installRequestWorld("en");
  installApplications();
  mod = { ...(await import("../../src/requests/request-dialog")), ...(await import("../../src/requests/request-dialog-app")) };
});

describe.each(DOM_SHAPES)("goldhack dialogs in a DOM, Foundry %s", (shape) => {
  let handles: ShapeHandles;

  beforeEach(async () => {
    await installRequestWorld("en");
    installApplications();
    useRealTemplates("en");
    handles = await installDomShape(shape);
  });

  afterEach(async () => {
    for (const app of [...instances.values()]) await app.close();
  });

  it("turns the submitted form into the result, and reopens on a problem with the values kept", async () => {
    const reads: RequestFormValues[] = [];
    const pending = mod.promptRequestForm("request", actors, blank, (values) => {
      reads.push(values);
      return values.intent ? { ok: true, value: values } : { ok: false, problems: [{ key: "GOLDHACK.Request.Error.NoIntent" }] };
    });
    const first = await opened();
    expect(first.element.ownerDocument).toBe(handles.windowDocument ?? document);
    $<HTMLInputElement>(first.element, 'input[name="actors"]').checked = true;
    fill(first, "task", "Climb the wall");
    $<HTMLButtonElement>(first.element, 'button[type="submit"]').click();
    await first.idle();
    expect(first.closed).toBe(true);
    const second = await opened();
    expect(second).not.toBe(first);
    expect($(second.element, ".goldhack-request-dialog__problems").textContent).toContain("GOLDHACK.Request.Error.NoIntent");
    expect($<HTMLInputElement>(second.element, 'input[name="task"]').value).toBe("Climb the wall");
    fill(second, "intent", "Reach the tower");
    $<HTMLButtonElement>(second.element, 'button[type="submit"]').click();
    await second.idle();
    await expect(pending).resolves.toMatchObject({ actors: ["Actor.sela"], intent: "Reach the tower", task: "Climb the wall" });
    expect(reads).toHaveLength(2);
  });

  it("resolves with null from Cancel", async () => {
    const pending = mod.promptRequestForm("propose", actors, blank, (values) => ({ ok: true, value: values }));
    const dialog = await opened();
    $(dialog.element, '[data-action="cancel"]').click();
    await dialog.idle();
    await expect(pending).resolves.toBeNull();
  });

  it("offers who sees the message when a dialog asks for it, from the chat controls' mode", async () => {
    class Offering extends mod.GoldHackRequestDialog {
      protected override get offersMessageMode(): boolean {
        return true;
      }
    }
    handles.setMode("gm");
    const dialog = new Offering("request", actors, blank, []) as unknown as StandInApplicationV2 & { result: Promise<unknown>; messageMode: string };
    await dialog.render({ force: true });
    await dialog.idle();
    const select = $<HTMLSelectElement>(dialog.element, 'select[name="messageMode"]');
    expect([...select.options].map((o) => o.value)).toEqual(["public", "gm", "blind", "self"]);
    expect(select.value).toBe("gm");
    select.value = "blind";
    $<HTMLButtonElement>(dialog.element, 'button[type="submit"]').click();
    await dialog.idle();
    await expect(dialog.result).resolves.toMatchObject({ actors: [] });
    expect(dialog.messageMode).toBe("blind");
  });

  it("does not offer it otherwise", async () => {
    void mod.promptRequestForm("request", actors, blank, (values) => ({ ok: true, value: values }));
    const dialog = await opened();
    expect(dialog.element.querySelector('select[name="messageMode"]')).toBeNull();
  });
});
