/**
 * The live stream of the scale pages, the feed's settings and the discrepancy page
 * (docs/domain.md#scale-feed, docs/domain.md#scale-discrepancies).
 */
import { Hono } from "hono";
import { AppLayout } from "@views/layouts/app-layout";
import { EntityForm, type FormField, type FormValues, formToInput } from "@views/components/form";
import type { TableState } from "@views/components/data-table";
import { DISCREPANCY_TABLE_ID, ScaleDiscrepanciesPage, ScaleDiscrepancyTable } from "@views/warehouse/scale-discrepancies-page";
import { isRowId } from "@/lib/crud/service";
import { listInputFromQuery } from "@/lib/crud/list-query";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { isHtmx } from "@/lib/http/htmx";
import { formState, withFormErrors } from "@/web/form-state";
import { flash, preloadLayout, renderFragment, renderPage } from "@/web/render";
import { livePollerFor, liveStream } from "./live";
import { type LiveScope, SCALE_DISCREPANCIES_PATH, SCALE_FEED_SETTINGS_PATH, SCALE_FEED_STREAM_PATH } from "./schemas";
import { getScaleFeedSettings, listScaleDiscrepancies, saveScaleFeedSettings } from "./service";

export const scaleFeedPages = new Hono<AppEnv>();

/** `?warehouse=5`, `?item=7` or `?scales=1`; anything else is a bad request. */
function scopeOf(query: Record<string, string>): LiveScope {
  const id = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) && isRowId(Number(value)) ? Number(value) : null);
  const warehouse = id(query.warehouse);
  if (warehouse !== null) return { kind: "warehouse", id: warehouse };
  const item = id(query.item);
  if (item !== null) return { kind: "item", id: item };
  if (query.scales !== undefined) return { kind: "scales" };
  throw AppError.error("BAD_REQUEST");
}

/** docs/decisions/058-scale-live-updates.md: the server-sent events of one live page (a session, like every route). */
scaleFeedPages.get(SCALE_FEED_STREAM_PATH, (c) => {
  const query = c.req.query();
  const scope = scopeOf(query);
  const since = /^\d{1,15}$/.test(query.since ?? "") ? new Date(Number(query.since)) : null;
  const deps = c.get("deps");
  return liveStream({ poller: livePollerFor(deps.database, deps.logger), scope, lang: c.get("lang"), since, signal: c.req.raw.signal });
});

const settingsFields = (c: AppContext): FormField[] => {
  const t = c.get("t");
  return [
    { name: "noiseBandGrams", label: t("scaleFeed.settings.noiseBandGrams"), kind: "integer", required: true, autoFocus: true, unit: "g", hint: t("scaleFeed.settings.noiseBandHint") },
    { name: "discrepancyMinutes", label: t("scaleFeed.settings.discrepancyMinutes"), kind: "integer", required: true, unit: "min", hint: t("scaleFeed.settings.discrepancyHint") },
  ];
};

const settingsView = (c: AppContext, values: FormValues, error?: AppError) => {
  const fields = settingsFields(c);
  const { errors, formErrors, answer } = formState(c, error, fields.map((field) => field.name));
  return renderPage(
    c,
    <AppLayout title={c.get("t")("scaleFeed.settings.title")}>
      <EntityForm action={SCALE_FEED_SETTINGS_PATH} fields={fields} values={values} errors={errors} formErrors={formErrors} />
    </AppLayout>,
    answer,
  );
};

/** docs/domain.md#scale-feed: the noise band and the discrepancy minutes. */
scaleFeedPages.get(SCALE_FEED_SETTINGS_PATH, async (c) => settingsView(c, { ...(await getScaleFeedSettings({ ctx: c.get("ctx") })) }));

scaleFeedPages.post(SCALE_FEED_SETTINGS_PATH, async (c) => {
  const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  const input = formToInput(settingsFields(c), body);
  return withFormErrors(
    async () => {
      await saveScaleFeedSettings({ ctx: c.get("ctx"), input });
      flash(c, "success", "SAVED");
      return c.redirect(SCALE_FEED_SETTINGS_PATH, 303);
    },
    (error) => settingsView(c, input, error),
  );
});

/** docs/domain.md#scale-discrepancies: the list, newest first, paged; htmx asks for the table alone. */
scaleFeedPages.get(SCALE_DISCREPANCIES_PATH, async (c) => {
  const list = listInputFromQuery(c.req.query(), []);
  const wholePage = !(isHtmx(c) && c.req.header("HX-Target") === DISCREPANCY_TABLE_ID);
  if (wholePage) preloadLayout(c);
  const { rows, meta, minutes } = await listScaleDiscrepancies({ ctx: c.get("ctx"), input: { list, now: new Date() } });
  const state: TableState = { page: list.page, size: list.size, filters: {} };
  if (!wholePage) return renderFragment(c, <ScaleDiscrepancyTable rows={rows} meta={meta} state={state} />);
  return renderPage(c, <ScaleDiscrepanciesPage rows={rows} meta={meta} state={state} minutes={minutes} />);
});
