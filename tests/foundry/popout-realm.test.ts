/**
 * The pop-out stand-in (popout-realm.ts) is another JavaScript realm, as a v14 popped-out window is
 * (docs/foundry-facts.md › Pop-out windows are another realm): `instanceof` on the main window's
 * classes is false for its nodes and events, while the realm-safe kinds (dom-kinds.ts) still name them.
 */
import "./dom-env";
import { afterAll, describe, expect, it } from "vitest";
import { isForm, isInput, isKeyboardEvent, isMouseEvent } from "../../src/applications/api/dom-kinds";
import { closePopOuts, openPopOut, popOutRealm } from "./popout-realm";
import { $, click, dropEvent, fire, keyEvent, type, viewOf } from "./user-input";

afterAll(closePopOuts);

describe("a popped-out window (v14) stand-in", () => {
  it("makes elements that are not instances of the main window's classes, nor of its Object", async () => {
    const popout = await openPopOut();
    popout.document.body.innerHTML = "<form><input name='a'></form>";
    const input = popout.document.querySelector("input") as unknown;
    expect(input instanceof HTMLInputElement).toBe(false);
    expect(input instanceof HTMLElement).toBe(false);
    expect(input instanceof Element).toBe(false);
    expect(input instanceof Object).toBe(false);
    // …but of its own window's, and every realm-safe kind still names it.
    expect(input instanceof (popout.HTMLInputElement as unknown as typeof HTMLInputElement)).toBe(true);
    expect([isInput(input), isForm((input as HTMLInputElement).form)]).toEqual([true, true]);
    // A main-window element is not an instance of the pop-out's classes either.
    expect(document.createElement("input") instanceof (popout.HTMLInputElement as unknown as typeof HTMLInputElement)).toBe(false);
  });

  it("has a realm of its own: another Object, Array and Function", async () => {
    const { global } = await popOutRealm();
    expect(global.Object).not.toBe(Object);
    expect(global.Array).not.toBe(Array);
    expect(global.Function).not.toBe(Function);
    expect(Array.isArray(new global.Array())).toBe(true);
  });

  it("gives its listeners events that are not the main window's KeyboardEvent, MouseEvent or Event", async () => {
    const popout = await openPopOut();
    popout.document.body.innerHTML = "<div><input data-x><button type='button'>b</button></div>";
    const root = popout.document.body as unknown as Element;
    const seen: unknown[] = [];
    for (const kind of ["keydown", "click", "change", "drop"]) root.addEventListener(kind, (event) => seen.push(event));
    const input = $<HTMLInputElement>(root, "input");
    input.dispatchEvent(keyEvent(input, "Enter"));
    await click($(root, "button"));
    await type(input, "x");
    input.dispatchEvent(dropEvent(input, { type: "Item" }));
    expect(seen.map((e) => (e as Event).type)).toEqual(["keydown", "click", "change", "drop"]);
    expect(seen.map((e) => [e instanceof KeyboardEvent, e instanceof MouseEvent, e instanceof Event])).toEqual([
      [false, false, false],
      [false, false, false],
      [false, false, false],
      [false, false, false],
    ]);
    expect([isKeyboardEvent(seen[0]), isMouseEvent(seen[1]), isKeyboardEvent(seen[1])]).toEqual([true, true, false]);
    expect(viewOf(input)).toBe(popout);
  });

  it("refuses an event made in the main window (stricter than a browser: events are made with the element's own window)", async () => {
    const popout = await openPopOut();
    const input = popout.document.createElement("input") as unknown as Element;
    expect(() => input.dispatchEvent(new Event("change"))).toThrow(/not of type 'Event'/);
    expect(fire(input, "change")).toBe(true);
  });
});
