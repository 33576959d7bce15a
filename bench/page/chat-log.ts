/**
 * The chat log bench (browser-only): a log of many cards re-rendered, each card built from its data by its own
 * builder, drawn by its template and put into the log (ours), against the floor: the same log's final HTML set as
 * one static string into the same log, laid out through the same frame. In turn, A, B, A, B…
 */
import { CARD_KINDS, cardFixtures, chatLogIn, fillChatLog, renderKit } from "../../tests/browser/render-kit";
import { type FloorTimes, floorTimes, frames, type RenderTimes, renderTimes, timeStaticInsert, timeToLaidOut } from "./frame";

/** Of one kind of card: how many states its fixtures show, and how many of the log's cards are of it. */
export interface CardKindCount {
  states: number;
  cards: number;
}

/** A log of `count` cards cycling through every card state, in the sidebar's log (300 × 700 px, scrolling). */
export function chatLogBench(count: number) {
  const kit = renderKit();
  const fixtures = cardFixtures();
  const kindOf = (id: string): string => CARD_KINDS.find((k) => id.startsWith(k)) ?? "";
  const kinds: Record<string, CardKindCount> = Object.fromEntries(CARD_KINDS.map((k) => [k, { states: fixtures.filter((f) => kindOf(f.id) === k).length, cards: 0 }]));
  for (let i = 0; i < count; i++) {
    const kind = kinds[kindOf(fixtures[i % fixtures.length]?.id ?? "")];
    if (kind) kind.cards += 1;
  }
  for (const [k, n] of Object.entries(kinds)) if (n.states === 0) throw new Error(`the preview has no ${k}* card fixtures`);
  const root = document.getElementById("preview-root");
  if (!root) throw new Error("no preview root");
  const log = chatLogIn(root);
  const toNewest = (): void => {
    log.scrollTop = log.scrollHeight; // Foundry's scroll to the newest message: a forced layout, as there
  };
  const ours = renderTimes();
  const floor = floorTimes();
  let html = "";
  return {
    log,
    kinds,
    ours,
    floor,
    /** Ours: every card's context, template and message element, scrolled to the newest, laid out as on screen. */
    async ours1(into: RenderTimes = ours): Promise<void> {
      let cards = { context: 0, templates: 0 };
      await frames();
      const { total, work } = await timeToLaidOut(log, async () => {
        log.replaceChildren();
        cards = await fillChatLog(log, count, kit, fixtures);
        toNewest();
      });
      html = log.innerHTML;
      into.total.push(total);
      into.context.push(cards.context);
      into.templates.push(cards.templates);
      into.insert.push(work - cards.context - cards.templates);
      into.layout.push(total - work);
    },
    /** The floor: the log's last HTML of ours, as a static string, scrolled and laid out the same way. */
    async floor1(into: FloorTimes = floor): Promise<void> {
      if (!html) throw new Error("the floor needs ours' HTML first");
      await frames();
      await timeStaticInsert(log, html, into, toNewest);
    },
    done(): void {
      if (log.scrollHeight - log.scrollTop - log.clientHeight > 1) throw new Error("the log is not at its newest message");
      if (kit.i18n.missing.size) throw new Error(`missing keys: ${[...kit.i18n.missing].join(", ")}`);
      log.closest(".application")?.remove(); // the next measure's page holds only its own window
    },
  };
}

/** Ours and the floor, `runs` times each in turn (after two warm-up pairs), per whole log, in ms. */
export async function timeChatLog(count: number, runs: number): Promise<{ ours: RenderTimes; floor: FloorTimes; kinds: Record<string, CardKindCount> }> {
  const bench = chatLogBench(count);
  for (let w = 0; w < 2; w++) {
    await bench.ours1(renderTimes());
    await bench.floor1(floorTimes());
  }
  for (let r = 0; r < runs; r++) {
    await bench.ours1();
    await bench.floor1();
  }
  bench.done();
  return { ours: bench.ours, floor: bench.floor, kinds: bench.kinds };
}

/** For the like-for-like test: the log's DOM and scroll after ours, then after the floor. */
export async function chatLogLikeForLike(count: number): Promise<{ html: string; scrollTop: number; scrollHeight: number }[]> {
  const bench = chatLogBench(count);
  const seen = () => ({ html: bench.log.innerHTML, scrollTop: bench.log.scrollTop, scrollHeight: bench.log.scrollHeight });
  await bench.ours1();
  const ours = seen();
  bench.log.replaceChildren();
  await bench.floor1();
  const floor = seen();
  bench.done();
  return [ours, floor];
}
