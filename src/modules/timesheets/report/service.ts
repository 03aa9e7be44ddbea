/**
 * Timesheet reports (docs/domain.md#timesheet-reports): hours of finished logs per period (Prague
 * day, ISO week or month), worker and work type; hours per fence order from the logs tied to it,
 * beside the order's price without VAT read through the order read model (what an order really
 * cost in labour).
 * A log counts in the period its start falls in, as the work log list's date filter counts it.
 */
import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { users, workLogs, workTypes } from "@db/schema";
import type { Ctx } from "@/lib/context";
import { addDays } from "@/lib/dates";
import { parseInput } from "@/lib/validation";
import { readOrderSnapshots } from "@/modules/orders";
import { fullName } from "../worklog/service";
import { hoursOf, pragueDayStart } from "../datetime";
import { type HoursRow, type OrderHoursRow, reportInput } from "./schemas";

const PRAGUE = "Europe/Prague";

export async function hoursReport({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ rows: HoursRow[]; orders: OrderHoursRow[] }> {
  const { from, to, period } = parseInput(reportInput, input);
  const range = and(isNotNull(workLogs.end), gte(workLogs.start, pragueDayStart(from)), lt(workLogs.start, pragueDayStart(addDays(to, 1))));
  const periodStart = sql<string>`to_char(date_trunc(${sql.raw(`'${period}'`)}, ${workLogs.start} at time zone ${sql.raw(`'${PRAGUE}'`)}), 'YYYY-MM-DD')`;
  const seconds = sql<string>`sum(extract(epoch from (${workLogs.end} - ${workLogs.start})))`;
  const [rows, orders] = await Promise.all([
    ctx.db
      .select({ period: periodStart, userId: workLogs.userId, firstName: users.firstName, lastName: users.lastName, workTypeId: workLogs.workTypeId, workType: workTypes.name, seconds })
      .from(workLogs)
      .innerJoin(users, eq(users.id, workLogs.userId))
      .innerJoin(workTypes, eq(workTypes.id, workLogs.workTypeId))
      .where(range)
      .groupBy(periodStart, workLogs.userId, users.firstName, users.lastName, workLogs.workTypeId, workTypes.name)
      .orderBy(periodStart, users.lastName, users.firstName, workTypes.name),
    ctx.db
      .select({ orderId: workLogs.orderId, seconds })
      .from(workLogs)
      .where(and(range, isNotNull(workLogs.orderId)))
      .groupBy(workLogs.orderId)
      .orderBy(workLogs.orderId),
  ]);
  const snapshots = await readOrderSnapshots(ctx, orders.map((row) => row.orderId!));
  return {
    rows: rows.map((row) => ({ period: row.period, userId: row.userId, worker: fullName(row), workTypeId: row.workTypeId, workType: row.workType, hours: hoursOf(Number(row.seconds)) })),
    orders: orders.map((row) => {
      const snapshot = snapshots.get(row.orderId!);
      const hours = hoursOf(Number(row.seconds));
      const priceWithoutVat = snapshot ? snapshot.totals.summary.priceWithoutVatHalere / 100 : null;
      return {
        orderId: row.orderId!,
        customer: snapshot ? snapshot.order.lastName : null,
        hours,
        priceWithoutVat,
        pricePerHour: priceWithoutVat !== null && hours > 0 ? Math.round((priceWithoutVat / hours) * 100) / 100 : null,
      };
    }),
  };
}
