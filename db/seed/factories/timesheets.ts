/** Workplaces, work types and work logs, through their services (unique names, no overlapping logs). */
import type { Ctx } from "@/lib/context";
import { workLogService } from "@/modules/timesheets/worklog/service";
import { workplaceService } from "@/modules/timesheets/workplace/service";
import { workTypeService } from "@/modules/timesheets/worktype/service";
import { nextNumber } from "./sequence";
import { serviceFactory } from "./service-factory";

export const createWorkplace = serviceFactory(workplaceService, (n) => ({ name: `Pracoviště ${n}` }));

/** A work type at `workplace`, or at a new workplace when none is named. */
export async function createWorkType(ctx: Ctx, values: { name?: string; workplace?: number } = {}): Promise<number> {
  const workplace = values.workplace ?? (await createWorkplace(ctx));
  return workTypeService.create({ ctx, input: { name: `Činnost ${nextNumber()}`, ...values, workplace } });
}

/**
 * A finished work log of `user` (an office correction): an hour on a day of its own unless
 * `start`/`end` say otherwise, on a new work type unless `workType` names one.
 */
export async function createWorkLog(ctx: Ctx, values: { user: number; workType?: number; start?: Date | string; end?: Date | string }): Promise<number> {
  const start = values.start ?? new Date(Date.UTC(2020, 0, 1, 6) + nextNumber() * 86_400_000);
  const end = values.end ?? new Date(new Date(start).getTime() + 3_600_000);
  const workType = values.workType ?? (await createWorkType(ctx));
  return workLogService.create({ ctx, input: { user: values.user, workType, start, end } });
}
