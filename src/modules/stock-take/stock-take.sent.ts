// Stock take requests as sent, for idempotency fingerprints: fixed key order and exact quantity
// text, so a retry whose body lists its fields in another order (or writes 5 as 5.0) is the same
// request rather than IDEMPOTENCY_KEY_REUSED.
import { quantityAsSent } from "../../quantity.js";
import type { AcceptData } from "./stock-take.accept.js";
import type { CountsData } from "./stock-take.count.js";
import type { EntityRefData, ToleranceData } from "./stock-take.parse.js";
import type { StartData } from "./stock-take.start.js";

const toleranceAsSent = (t: ToleranceData) => ({
  abs: quantityAsSent(t.abs),
  pct: quantityAsSent(t.pct),
  // Only when sent: a key from before money tolerances keeps its fingerprint.
  ...(t.maxValue != null ? { maxValue: quantityAsSent(t.maxValue) } : {}),
  ...(t.maxValuePct != null ? { maxValuePct: quantityAsSent(t.maxValuePct) } : {}),
});

const refAsSent = (r: EntityRefData) => ({
  type: r.type ?? null,
  id: r.id ?? null,
  code: r.code ?? null,
  supplier: r.supplier ?? null,
  // Only when sent: a retry of a request made before barcodes existed keeps its fingerprint.
  ...(r.barcode !== undefined && r.barcode !== null ? { barcode: r.barcode } : {}),
});

export const startAsSent = (d: StartData) => ({
  scope: d.scope
    ? {
        skuIds: d.scope.skuIds ?? null,
        supplierItemIds: d.scope.supplierItemIds ?? null,
        // Only when sent: a retry of a start made before locations existed keeps its fingerprint.
        ...(d.scope.locations ? { locations: d.scope.locations } : {}),
        // Only when sent, likewise for codes.
        ...(d.scope.codes ? { codes: d.scope.codes } : {}),
        // Only when sent, likewise for what is due.
        ...(d.scope.due !== undefined && d.scope.due !== null ? { due: d.scope.due } : {}),
        ...(d.scope.limit !== undefined && d.scope.limit !== null ? { limit: d.scope.limit } : {}),
      }
    : null,
  reference: d.reference ?? null,
  note: d.note ?? null,
  blind: d.blind ?? null,
  basis: d.basis ?? null,
  // Only when sent: a retry of a start made before sites could be named keeps its fingerprint.
  ...(d.siteId !== undefined && d.siteId !== null ? { siteId: d.siteId } : {}),
  // Only when sent, likewise for automatic acceptance.
  ...(d.autoAccept ? { autoAccept: toleranceAsSent(d.autoAccept) } : {}),
});

export const countsAsSent = (d: CountsData) => ({
  counter: d.counter ?? null,
  counts: d.counts.map(
    (c) =>
      c && {
        ...refAsSent(c),
        countedQty: quantityAsSent(c.countedQty),
        mode: c.mode ?? null,
        countedAt: c.countedAt ?? null,
        // Only when sent: a retry of counts made before found locations existed keeps its key.
        ...(c.foundLocation !== undefined && c.foundLocation !== null
          ? { foundLocation: c.foundLocation }
          : {}),
      },
  ),
});

export const acceptAsSent = (d: AcceptData) => ({
  lines: d.lines?.map(refAsSent) ?? null,
  safe: d.safe ?? null,
  tolerance: d.tolerance ? toleranceAsSent(d.tolerance) : null,
  recount: d.recount?.map(refAsSent) ?? null,
});
