/**
 * The Gold Hack as pure functions. Nothing here knows Foundry (lint-enforced):
 * documents, dice and sheets call these and format their answers.
 */
export * from "./types";
export * from "./chart";
export * from "./validate";
export * from "./learning";
export * from "./fallout";
export * from "./assist";
export * from "./lifepaths";
export * from "./creation";
export * from "./creation-free-skills";
export * from "./creation-builder";
export * from "./random";
export * from "./aging";
export * from "./rewards";
export * from "./guard";
export * from "./test";
export * from "./odds";
export * from "./fate";
export * from "./fate-odds";
export * from "./hack";
export * from "./group";
export * from "./hits";
export * from "./downtime";
