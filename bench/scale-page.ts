/// <reference types="vite/client" />
/**
 * Loaded into the preview page by scale.bench.ts (browser-only; no Node imports). Each cost a user meets, timed with
 * our code included, in turn with its floor (issue 32): the same final HTML or texts put into an identical window
 * and laid out through the same frame.
 * - the chat log (page/chat-log.ts): many cards re-rendered, each built by its own builder, drawn by its template;
 * - the Test dialog (page/dialog.ts): a keystroke in the Ob field until the new pool, Ob and odds are laid out;
 * - the character sheet opened, 40 and 100 Skills (page/sheet.ts): its first frame.
 */
export { CARD_KINDS } from "../tests/browser/render-kit";
export { chatLogBench, chatLogLikeForLike, timeChatLog } from "./page/chat-log";
export { dialogLikeForLike, timeDialogKeystrokes } from "./page/dialog";
export { sheetBench, sheetLikeForLike, timeSheetOpened } from "./page/sheet";
