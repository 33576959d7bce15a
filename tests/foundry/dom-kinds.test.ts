/**
 * The realm-safe kind checks (src/applications/api/dom-kinds.ts) on nodes and events of two windows:
 * the main one, whose classes are the globals, and a popped-out window of another realm
 * (popout-realm.ts), where `instanceof` on the main window's classes is false.
 */
import "./dom-env";
import { afterAll, describe, expect, it } from "vitest";
import * as kinds from "../../src/applications/api/dom-kinds";
import { closePopOuts, openPopOut } from "./popout-realm";

const popout = await openPopOut();
afterAll(closePopOuts);

const realms = { main: document, popout: popout.document as unknown as Document };

describe.each(Object.entries(realms))("DOM kinds of nodes made in the %s window", (realm, doc) => {
  const make = (html: string): Element => {
    const host = doc.createElement("div");
    host.innerHTML = html;
    return host.firstElementChild as Element;
  };

  it("name each control by its tag", () => {
    const input = make("<input>");
    const select = make("<select></select>");
    const area = make("<textarea></textarea>");
    const button = make("<button></button>");
    const form = make("<form></form>");
    expect([kinds.isInput(input), kinds.isSelect(select), kinds.isTextArea(area), kinds.isButton(button), kinds.isForm(form)]).toEqual([true, true, true, true, true]);
    expect([kinds.isInput(select), kinds.isSelect(input), kinds.isButton(input), kinds.isForm(button), kinds.isTextArea(input)]).toEqual([false, false, false, false, false]);
    expect([input, select, area].every(kinds.isFormControl)).toBe(true);
    expect(kinds.isFormControl(button)).toBe(false);
    expect([kinds.isTextField(input), kinds.isTextField(area), kinds.isTextField(select)]).toEqual([true, true, false]);
  });

  it("tell HTML from SVG elements and elements from other nodes", () => {
    const svg = make('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const text = doc.createTextNode("x");
    expect([kinds.isElement(svg), kinds.isHTMLElement(svg), kinds.isHTMLElement(make("<span></span>"))]).toEqual([true, false, true]);
    expect([kinds.isNode(text), kinds.isElement(text), kinds.isNode(doc), kinds.isElement(doc)]).toEqual([true, false, true, false]);
    for (const other of [null, undefined, "input", 1, { nodeType: 1 }]) expect(kinds.isElement(other)).toBe(false);
  });

  it("find the closest match from an event target, or null for a text node", () => {
    const row = make('<p data-action="go"><b>x</b></p>');
    const bold = row.querySelector("b");
    expect(kinds.closestFrom(bold, "[data-action]")).toBe(row);
    expect(kinds.closestFrom(bold?.firstChild ?? null, "[data-action]")).toBeNull();
  });

  it("name keyboard and mouse events", () => {
    const view = (realm === "main" ? window : popout) as unknown as typeof globalThis;
    const key = new view.KeyboardEvent("keydown", { key: "Enter", code: "Enter" });
    const click = new view.MouseEvent("click", { button: 0 });
    expect([kinds.isKeyboardEvent(key), kinds.isKeyboardEvent(click), kinds.isMouseEvent(click), kinds.isMouseEvent(key)]).toEqual([true, false, true, false]);
  });
});

