import type { PreviewFixture } from "./fixture";
import { DOWNTIME_FIXTURES } from "./fixtures/downtime";
import { CHARACTER_SHEET_FIXTURES } from "./fixtures/character-sheet";
import { NPC_SHEET_FIXTURES } from "./fixtures/npc-sheet";
import { ITEM_SHEET_FIXTURES } from "./fixtures/item-sheet";
import { REQUEST_FIXTURES } from "./fixtures/requests";
import { TEST_CARD_FIXTURES } from "./fixtures/test-card";
import { TEST_DIALOG_FIXTURES } from "./fixtures/test-dialog";

/** Every template the preview shows, in order. Each builds its context with the system's own code. */
export const FIXTURES: PreviewFixture[] = [
  ...CHARACTER_SHEET_FIXTURES,
  ...NPC_SHEET_FIXTURES,
  ...ITEM_SHEET_FIXTURES,
  ...TEST_DIALOG_FIXTURES,
  ...TEST_CARD_FIXTURES,
  ...REQUEST_FIXTURES,
  ...DOWNTIME_FIXTURES,
];
