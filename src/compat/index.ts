/**
 * Every Foundry API that differs between v13 (our types) and v14 (what most users run), behind one small
 * feature-detected module: callers never branch on the version. Add a function here, in its own file,
 * when you must call such an API; test it against both shapes (tests/foundry/compat.test.ts).
 * Windows may pop out into another browser window in v14: use an element's `ownerDocument`, never the
 * global `document` (the v14 stand-in mounts windows in another Document to catch it).
 */
export { applyMessageMode, currentMessageMode, type MessageMode, messageModeChoices, toMessageMode } from "./message-mode";
