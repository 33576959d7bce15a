/**
 * src/compat against both API shapes (tests/foundry/api-shapes.ts): each function gives the same result
 * on v13 and v14 through that version's own API.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { applyMessageMode, currentMessageMode, messageModeChoices, toMessageMode } from "../../src/compat";
import { API_SHAPES, installApiShape, type ShapeHandles } from "./api-shapes";
import { installChatSupport } from "./dice";
import { type FoundryEnv, installFoundry } from "./documents";

describe.each(API_SHAPES)("src/compat on Foundry %s", (shape) => {
  let env: FoundryEnv;
  let handles: ShapeHandles;

  beforeEach(async () => {
    env = installFoundry();
    await installChatSupport("en");
    handles = installApiShape(shape);
  });

  it("reads the mode the user picked in the chat controls", () => {
    expect(currentMessageMode()).toBe("public");
    handles.setMode("blind");
    expect(currentMessageMode()).toBe("blind");
    handles.setMode("self");
    expect(currentMessageMode()).toBe("self");
  });

  it("whispers a message as core does for each mode", () => {
    expect(applyMessageMode({}, "public")).toEqual({ whisper: [], blind: false });
    expect(applyMessageMode({}, "gm")).toEqual({ whisper: [env.gm.id], blind: false });
    expect(applyMessageMode({}, "blind")).toEqual({ whisper: [env.gm.id], blind: true });
    expect(applyMessageMode({}, "self")).toEqual({ whisper: [env.gm.id], blind: false });
    env.setUser(env.player);
    expect(applyMessageMode({}, "self")).toEqual({ whisper: [env.player.id], blind: false });
  });

  it("uses the current mode when none is given", () => {
    handles.setMode("gm");
    expect(applyMessageMode({ content: "x" })).toEqual({ content: "x", whisper: [env.gm.id], blind: false });
  });

  it("offers the four modes with core's labels of this version", () => {
    const choices = messageModeChoices();
    expect(choices.map((c) => c.mode)).toEqual(["public", "gm", "blind", "self"]);
    expect(choices[0]?.label).toBe(shape === "v14" ? "CHAT.MessageModes.Public" : "CHAT.RollPublic");
  });
});

describe("toMessageMode", () => {
  it("reads both versions' names and refuses others", () => {
    expect(["public", "gmroll", "blindroll", "selfroll", "publicroll", "ic", 3, null].map(toMessageMode)).toEqual(["public", "gm", "blind", "self", "public", null, null, null]);
  });
});
