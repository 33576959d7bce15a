/**
 * Asking for a group card: what the start dialog sends, and the ask itself (the GM's client checks it
 * all in ./group-create, loaded on the first request it receives).
 */
import { askGM, type ChannelReply } from "../channel";
import type { GroupMode } from "../rules";
import { CREATE_ACTION } from "./group-card";

export { CREATE_ACTION } from "./group-card";

/** What the start dialog sends: who, what each tests, and the declaration. */
export interface GroupRequest {
  mode: GroupMode;
  ownerPartId: string;
  intent: string;
  consequence: string;
  /** `learnSkillName`/`learnSkillType`: a Potential part's Skill to learn (the GM's client reads the Type's Magic from the config). */
  parts: { id: string; actorUuid: string; skillId: string | null; ob: number; task: string; learnSkillName?: string; learnSkillType?: string }[];
}

/** Asks the active GM to post the group card; resolves with the GM's reply. */
export function postGroupTest(request: GroupRequest): Promise<ChannelReply> {
  return askGM(CREATE_ACTION, request);
}
