/** 运费 in the mock, over the one store: a container's and a loose booking's, and each line's, as the server reads them. */
import type { Container } from '../contract/container/schema';
import {
  containerCharges,
  containerFreight,
  freightTotal,
  timesFreight,
  type ContainerFreight,
  type WithFreight,
} from '../contract/freight/codes';
import { looseFreight, looseFreightTotal } from '../contract/freight/loose';
import type { BulkLine } from '../contract/packing/schema';
import { bulkLines, containers, heldBy, looseBookings, plans, valueOf, type LooseRow } from './_tables';

/** The order a split takes lines in, as the server's: updated, then key. */
const inSplitOrder = (a: BulkLine, b: BulkLine) => a.updatedAt.localeCompare(b.updatedAt) || a.key.localeCompare(b.key);

/** The lines a box holds, in loading order. */
export const heldInOrder = (key: string) => [...heldBy(key)].sort(inSplitOrder);

/** A box's freight over the lines it holds in loading order. */
export const freightOfBox = (box: Container, held = heldInOrder(box.key)) => {
  const plan = plans.rows.find((one) => one.key === box.planKey)!;
  return containerFreight({
    price: plan.priceSnapshot,
    lane: { carrier: plan.carrier, pol: plan.pol, pod: plan.pod, etd: plan.etd },
    surcharges: valueOf('surcharges'),
    rates: valueOf('exchangeRates'),
    basis: box.freightBasis,
    lines: held,
  });
};

/** A loose booking's freight over its lines, or null when cancelled or without a rate. */
export const freightOfBooking = (booking: LooseRow): ContainerFreight | null =>
  booking.status === 'CANCELLED'
    ? null
    : looseFreight({
        booking,
        looseRates: valueOf('looseRates'),
        rates: valueOf('exchangeRates'),
        lines: bulkLines.rows.filter((line) => line.planKey === booking.key).sort(inSplitOrder),
      });

/** Each line's part in CNY and a piece, for the lines of `of` (every line paying freight when not given). */
export function lineFreights(of?: readonly BulkLine[]) {
  const wanted = of && new Set(of.map((line) => line.containerKey ?? line.planKey));
  const shares = [
    ...containers.rows.filter((box) => !wanted || wanted.has(box.key)).map((box) => freightOfBox(box)),
    ...looseBookings.rows.filter((booking) => !wanted || wanted.has(booking.key)).map(freightOfBooking),
  ].flatMap((freight) => freight?.lines ?? []);
  return new Map(shares.map((share) => [share.key, share]));
}

/** Export rows standing for `count(item)` containers of plan `planKeyOf(item)`, with their freight. */
export const withPlanFreight =
  <Item>(planKeyOf: (item: Item) => string, count: (item: Item) => number) =>
  (items: Item[]): WithFreight<Item>[] =>
    items.map((item) => {
      const plan = plans.rows.find((one) => one.key === planKeyOf(item));
      const perContainer =
        plan &&
        freightTotal(
          containerCharges(plan.priceSnapshot, plan, valueOf('surcharges')),
          plan.etd.slice(0, 7),
          valueOf('exchangeRates'),
        );
      return { ...item, freight: perContainer && timesFreight(perContainer, count(item)) };
    });

/** Loose-cargo export rows with their rate × CBM (none once cancelled). */
export const withLooseFreight = <Item extends Pick<LooseRow, 'forwarder' | 'destination' | 'cfsCutOff' | 'cbm' | 'status'>>(
  items: Item[],
): WithFreight<Item>[] =>
  items.map((item) => ({
    ...item,
    freight: item.status === 'CANCELLED' ? null : looseFreightTotal(item, valueOf('looseRates'), valueOf('exchangeRates')),
  }));
