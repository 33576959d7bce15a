/**
 * Where users find requests and sessions: buttons in the Token controls of the scene toolbar. The GM sees
 * "Request a Test", "Clear test memory" and the Drives board; everyone sees "Propose a Test".
 */
import { drivesBoard } from "../board/board-api";
import { clearTestMemory } from "../history/memory-store";
import { proposeTest, requestTest } from "./request-calls";
import { settle } from "../safe-hook";

/** A v13 scene control tool, as far as we set one. */
export interface ControlTool {
  name: string;
  title: string;
  icon: string;
  order: number;
  button: boolean;
  visible: boolean;
  onChange: () => void;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Our tools, for this user. */
export function goldhackTools(isGM: boolean, firstOrder: number): ControlTool[] {
  const tool = (name: string, title: string, icon: string, visible: boolean, onChange: () => void, index: number): ControlTool => ({
    name,
    title,
    icon,
    order: firstOrder + index,
    button: true,
    visible,
    onChange,
  });
  return [
    tool("goldhackRequestTest", "GOLDHACK.Request.Controls.Request", "fa-solid fa-scale-balanced", isGM, () => settle(requestTest(), "the scene control"), 0),
    tool("goldhackProposeTest", "GOLDHACK.Request.Controls.Propose", "fa-solid fa-hand", true, () => settle(proposeTest(), "the scene control"), 1),
    tool("goldhackClearMemory", "GOLDHACK.Guard.Controls.Clear", "fa-solid fa-eraser", isGM, () => settle(clearTestMemory(), "the scene control"), 2),
    tool("goldhackStartSession", "GOLDHACK.Campaign.Controls.StartSession", "fa-solid fa-play", isGM, () => settle(game.goldhack?.startSession?.(), "the scene control"), 3),
    tool("goldhackEndSession", "GOLDHACK.Session.Controls.EndSession", "fa-solid fa-check-to-slot", isGM, () => settle(game.goldhack?.endSession?.(), "the scene control"), 4),
    tool("goldhackDrivesBoard", "GOLDHACK.Board.Open", "fa-solid fa-masks-theater", isGM, () => settle(drivesBoard(), "the scene control"), 5),
  ];
}

/** getSceneControlButtons (v13: controls by name, each with tools by name): adds our tools to the Token controls. */
export function onGetSceneControlButtons(controls: unknown): void {
  const tokens = isRecord(controls) ? controls.tokens : null;
  const tools = isRecord(tokens) ? tokens.tools : null;
  if (!isRecord(tools)) return;
  for (const tool of goldhackTools(game.user?.isGM ?? false, Object.keys(tools).length)) tools[tool.name] = tool;
}

/** Registers the hook; fvtt-types does not list it, so it is called by name. */
export function registerSceneControls(): void {
  const on = Hooks.on.bind(Hooks) as unknown as (hook: string, fn: (controls: unknown) => void) => number;
  on("getSceneControlButtons", onGetSceneControlButtons);
}
