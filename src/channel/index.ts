export { askGM, type ChannelReply, DEFAULT_TIMEOUT, type GMActionHandler, listenOnChannel, refusal, registerGMAction } from "./channel";
export { oneAtATime } from "./queue";
