/**
 * Ruling ruling-permanent-fallout: making a Fallout permanent is the GM's call. SRD (en, line 319): "Even time may
 * not heal some wounds. The GM should use this option scarcely, and always warn you before you commit to Test."
 */
import { beforeEach, describe, expect, it } from "vitest";
import { addItems, runAsClient } from "./documents";
import { installSessionWorld, type SessionWorld } from "./session-env";

let w: SessionWorld;
beforeEach(async () => {
  w = await installSessionWorld("en");
});

describe("the permanent flag of a Fallout", () => {
  it("a player's change of it is dropped with a warning; her other changes and the GM's go through", async () => {
    const [fallout] = await addItems(w.characters[0], [{ name: "Broken arm", type: "fallout", system: { rating: 2 } }]);
    const system = () => fallout?.system as unknown as { rating: number; permanent: boolean };
    await runAsClient(w.players[0], () => fallout?.update({ system: { permanent: true, rating: 3 } } as Item.UpdateData));
    expect(system()).toMatchObject({ permanent: false, rating: 3 });
    expect(w.env.notifications.warnings).toContain("Only the GM can make a Fallout permanent or lift it: nothing was changed.");
    // Writing the value it already has is no change: no warning (a recovery Test writes it back as it was).
    const warned = w.env.notifications.warnings.length;
    await runAsClient(w.players[0], () => fallout?.update({ "system.permanent": false } as Item.UpdateData));
    expect(w.env.notifications.warnings).toHaveLength(warned);
    await runAsClient(w.gm, () => fallout?.update({ "system.permanent": true } as Item.UpdateData));
    expect(system().permanent).toBe(true);
  });
});
