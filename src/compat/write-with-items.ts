/**
 * Writes an actor's changes and new embedded Items as one all-or-nothing step where Foundry allows it.
 * v14 has `foundry.documents.modifyBatch`, documented to apply a batch wholly or not at all
 * (https://foundryvtt.com/api/v14/functions/foundry.documents.modifyBatch.html). v13 has no such call,
 * so the Items are created in one request first and removed again if the actor's update then fails.
 */
type BatchOperation = { action: "update" | "create"; documentName: string; updates?: object[]; data?: object[]; parent?: unknown };
type ModifyBatch = (operations: BatchOperation[]) => Promise<unknown>;

const modifyBatch = (): ModifyBatch | null => {
  const fn = (foundry as unknown as { documents?: { modifyBatch?: unknown } }).documents?.modifyBatch;
  return typeof fn === "function" ? (fn as ModifyBatch) : null;
};

export async function updateActorWithItems(actor: Actor.Implementation, changes: Record<string, unknown>, items: object[]): Promise<void> {
  const batch = modifyBatch();
  if (batch) {
    await batch([
      { action: "update", documentName: "Actor", updates: [{ _id: actor.id, ...changes }] },
      { action: "create", documentName: "Item", data: items, parent: actor },
    ]);
    return;
  }
  const created = (await actor.createEmbeddedDocuments("Item", items as Item.CreateData[])) ?? [];
  try {
    await actor.update(changes as Actor.UpdateData);
  } catch (error) {
    const ids = created.map((item) => item.id).filter((id): id is string => typeof id === "string");
    if (ids.length > 0) await actor.deleteEmbeddedDocuments("Item", ids);
    throw error;
  }
}
