import { Hono } from "hono";
import { crudPages } from "@/web/crud/pages";
import { formatCzechDateTime } from "@/lib/dates";
import type { AppEnv } from "@/lib/hono-env";
import { langOf, type T } from "@/lib/i18n";
import { renderPage } from "@/web/render";
import type { FormField } from "@views/components/form";
import { SelectWarehousePage } from "@views/warehouse/select-warehouse-page";
import { WarehouseBarcode, WarehouseBarcodeLink } from "@views/warehouse/warehouse-barcode";
import { WarehouseIcon } from "@views/warehouse/warehouse-icon";
import { LastReadingCell, LiveScaleField, UnknownScales } from "@views/warehouse/rack-scale-live";
import { ScaleLiveFeed } from "@views/warehouse/scale-live";
import { gramsText } from "./scale-feed/format";
import { listUnknownReports } from "./scale-feed/service";
import { type RackScale, WAREHOUSE_ICONS, DEFAULT_WAREHOUSE_ICON, warehouseCode } from "./schemas";
import { listAllWarehouses, rackScaleService, warehouseService } from "./service";

const WAREHOUSES_PATH = "/warehouse/warehouses";
const RACK_SCALES_PATH = "/warehouse/warehouseRackScales";

/** The read-only id of an edit form. */
const idField = (t: T, key: string, entity: { id: number } | null): FormField[] =>
  entity ? [{ name: "id", label: t(key), kind: "integer", readOnly: true, disabled: true }] : [];

/** `1 234,5 g`; empty until the scale has reported (the live events write it the same way). */
const formatGrams = gramsText;

/** Shown, never posted: what the scale feed wrote. */
const shownField = (name: string, label: string, text: string): FormField => ({
  name,
  label,
  kind: "custom",
  readOnly: true,
  render: () => <input id={`field-${name}`} type="text" aria-label={label} value={text} readOnly disabled />,
});

export const warehousePages = new Hono<AppEnv>();

/** docs/domain.md#warehouse: warehouse list with an add button; name, expedition (a required yes/no) and icon. */
warehousePages.route(
  "/",
  crudPages({
    path: WAREHOUSES_PATH,
    i18n: "warehouse",
    service: warehouseService,
    defaults: { icon: DEFAULT_WAREHOUSE_ICON },
    columns: (t) => [
      { key: "id", label: t("warehouse.id"), filter: "number", sortable: true, render: (row) => <a href={`${WAREHOUSES_PATH}/${row.id}`}>{row.id}</a> },
      {
        key: "name",
        label: t("warehouse.name"),
        filter: "text",
        sortable: true,
        render: (row) => (
          <a href={`${WAREHOUSES_PATH}/${row.id}`}>
            <WarehouseIcon icon={row.icon} /> {row.name}
          </a>
        ),
      },
      { key: "expedition", label: t("warehouse.expedition"), filter: "boolean", sortable: true },
      { key: "icon", label: t("warehouse.icon"), sortable: true, render: (row) => <><WarehouseIcon icon={row.icon} /> {t(`warehouse.icons.${row.icon}`)}</> },
      // docs/domain.md#warehouse: each warehouse's `W<id>` code, printable from the list.
      { key: "barcode", label: t("warehouse.barcode"), render: (row) => <WarehouseBarcodeLink id={row.id} /> },
    ],
    fields: ({ t, entity }) => [
      ...idField(t, "warehouse.id", entity),
      { name: "name", label: t("warehouse.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
      {
        name: "expedition",
        label: t("warehouse.expedition"),
        kind: "select",
        required: true,
        emptyOption: t("warehouse.choose"),
        options: [
          { value: "true", label: t("table.yes") },
          { value: "false", label: t("table.no") },
        ],
        hint: t("warehouse.expeditionHint"),
      },
      { name: "icon", label: t("warehouse.icon"), kind: "select", options: WAREHOUSE_ICONS.map((icon) => ({ value: icon, label: t(`warehouse.icons.${icon}`) })) },
      ...(entity
        ? [{ name: "barcode", label: t("warehouse.barcode"), kind: "custom" as const, readOnly: true, render: () => <WarehouseBarcode id={entity.id} code={warehouseCode(entity.id)} /> }]
        : []),
    ],
  }),
);

/** docs/domain.md#warehouse: the tile grid of warehouses. */
warehousePages.get("/warehouse/selectWarehouse", async (c) => renderPage(c, <SelectWarehousePage warehouses={await listAllWarehouses({ ctx: c.get("ctx") })} />));

/** docs/domain.md#rack-scales: rack scales; the weight and its time come from the scale feed and are only shown. */
warehousePages.route(
  "/",
  crudPages<RackScale>({
    path: RACK_SCALES_PATH,
    i18n: "rackScale",
    service: rackScaleService,
    columns: (t) => [
      { key: "id", label: t("rackScale.id"), filter: "number", sortable: true, render: (row) => <a href={`${RACK_SCALES_PATH}/${row.id}`}>{row.id}</a> },
      { key: "name", label: t("rackScale.name"), filter: "text", sortable: true, render: (row) => <a href={`${RACK_SCALES_PATH}/${row.id}`}>{row.name}</a> },
      { key: "extId", label: t("rackScale.extId"), filter: "number", sortable: true, align: "end" },
      {
        key: "lastWeight",
        label: t("rackScale.lastWeight"),
        sortable: true,
        align: "end",
        render: (row) => <LiveScaleField scale={row.id} field="weight" text={formatGrams(row.lastWeight, langOf(t))} />,
      },
      { key: "lastWeightChange", label: t("rackScale.lastWeightChange"), sortable: true, render: (row) => <LiveScaleField scale={row.id} field="change" text={formatCzechDateTime(row.lastWeightChange)} /> },
      // docs/domain.md#rack-scales: the last reading, its age and the silent mark, kept live.
      { key: "lastReadingAt", label: t("scaleFeed.lastReading"), sortable: true, render: (row) => <LastReadingCell scale={row} t={t} lang={langOf(t)} now={Date.now()} /> },
    ],
    // "Add it" from the unknown ids opens the form with the external id filled in.
    defaults: (c) => {
      const extId = c.req.query("extId");
      return extId && /^\d{1,10}$/.test(extId) ? { extId } : {};
    },
    list: {
      after: async (c) => (
        <>
          <UnknownScales reports={await listUnknownReports({ ctx: c.get("ctx") })} />
          <ScaleLiveFeed scope={{ kind: "scales" }} />
        </>
      ),
    },
    fields: ({ t, entity }) => [
      ...idField(t, "rackScale.id", entity),
      { name: "name", label: t("rackScale.name"), kind: "text", required: true, autoFocus: true, maxLength: 200 },
      { name: "extId", label: t("rackScale.extId"), kind: "integer", required: true, hint: t("rackScale.extIdHint") },
      ...(entity
        ? [
            shownField("lastWeight", `${t("rackScale.lastWeight")}`, formatGrams(entity.lastWeight, langOf(t))),
            shownField("lastWeightChange", t("rackScale.lastWeightChange"), formatCzechDateTime(entity.lastWeightChange)),
          ]
        : []),
    ],
  }),
);
