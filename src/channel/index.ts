export { askGM, type ChannelReply, DEFAULT_TIMEOUT, type GMActionHandler, listenOnChannel, refusal, registerGMAction, runHere } from "./channel";
export { oneAtATime } from "./queue";
export { type GMActionHandlers, lazyModule, registerLazyGMActions } from "./lazy";
