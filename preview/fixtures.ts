import type { PreviewFixture } from "./fixture";
import { HACK_EDITOR_FIXTURES } from "./fixtures/hack-editor";
import { DOWNTIME_FIXTURES } from "./fixtures/downtime";
import { CHARACTER_SHEET_FIXTURES } from "./fixtures/character-sheet";
import { DRIVES_BOARD_FIXTURES } from "./fixtures/drives-board";
import { NPC_SHEET_FIXTURES } from "./fixtures/npc-sheet";
import { ITEM_SHEET_FIXTURES } from "./fixtures/item-sheet";
import { REQUEST_FIXTURES } from "./fixtures/requests";
import { SESSION_FIXTURES } from "./fixtures/session";
import { TEST_CARD_FIXTURES } from "./fixtures/test-card";
import { TEST_DIALOG_FIXTURES } from "./fixtures/test-dialog";
import { BUILDER_FIXTURES } from "./fixtures/builder";
import { GROUP_CARD_FIXTURES, GROUP_DIALOG_FIXTURES } from "./fixtures/group";
import { SITUATION_FIXTURES } from "./fixtures/situation";
import { CAMPAIGN_LOG_FIXTURES } from "./fixtures/campaign-log";

/** Every template the preview shows, in order. Each builds its context with the system's own code. */
export const FIXTURES: PreviewFixture[] = [
  ...CHARACTER_SHEET_FIXTURES,
  ...NPC_SHEET_FIXTURES,
  ...ITEM_SHEET_FIXTURES,
  ...TEST_DIALOG_FIXTURES,
  ...TEST_CARD_FIXTURES,
  ...REQUEST_FIXTURES,
  ...GROUP_CARD_FIXTURES,
  ...GROUP_DIALOG_FIXTURES,
  ...HACK_EDITOR_FIXTURES,
  ...SESSION_FIXTURES,
  ...BUILDER_FIXTURES,
  ...DRIVES_BOARD_FIXTURES,
  ...DOWNTIME_FIXTURES,
  ...SITUATION_FIXTURES,
  ...CAMPAIGN_LOG_FIXTURES,
];
