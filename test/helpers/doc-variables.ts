// What each documented GraphQL operation's variables are, given the answers of the operations
// before it on the same page (a reader fills them in from those answers). An operation name means
// the same thing on every page it appears on.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are walked field by field
export type Results = Record<string, any>;

const byCode = (edges: Results[], code: string): number => {
  const edge = edges.find((e) => e.node.code === code);
  if (!edge) throw new Error(`no ${code} in ${JSON.stringify(edges)}`);
  return edge.node.id;
};

const boltId = (r: Results) => r.CreateBolt.createSku.sku.id;
const stockTakeId = (r: Results) => r.StartBoltCount.startStockTake.stockTake.id;

export const VARIABLES: Record<string, (results: Results) => Record<string, unknown>> = {
  ReceivePurchaseOrder: (r) => ({
    boltId: boltId(r),
    boxId: byCode(r.ListSupplierItems.supplierItems.edges, "PR-BOX-S"),
  }),
  ReceiveDelivery: (r) => ({
    mugId: byCode(r.ListSkus.skus.edges, "MUG-WHITE"),
    capId: byCode(r.ListSkus.skus.edges, "CAP-NAVY"),
  }),
  BoltHistory: (r) => ({ boltId: boltId(r) }),
  StartBoltCount: (r) => ({ boltId: boltId(r) }),
  CountBolts: (r) => ({ stockTakeId: stockTakeId(r) }),
  AcceptBoltCount: (r) => ({ stockTakeId: stockTakeId(r) }),
  BoltCount: (r) => ({ stockTakeId: stockTakeId(r) }),
  ReconcileBoltCount: (r) => ({ stockTakeId: stockTakeId(r) }),
  WatchBolt: (r) => ({ boltId: boltId(r) }),
  FollowCount: (r) => ({ stockTakeId: stockTakeId(r) }),
  AccuracyThisWeek: () => ({
    from: new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10),
  }),
  IssueDeviceToken: () => ({ expiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString() }),
  RevokeDeviceToken: (r) => ({ id: r.IssueDeviceToken.createApiToken.apiToken.id }),
};
