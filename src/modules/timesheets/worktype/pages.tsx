import { Hono } from "hono";
import { listHref } from "@views/components/data-table";
import { WorkTypeAside, WorkTypeBarcode } from "@views/timesheets/worktype-barcode";
import { idColumn, idField, nameColumn, nameField } from "@/web/crud/columns";
import { crudPages } from "@/web/crud/pages";
import { isRowId } from "@/lib/crud/service";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { pdfResponse } from "@/lib/http/pdf-response";
import { allWorkplaces } from "../workplace/service";
import { workTypeBarcodeSheet } from "./barcode.service";
import { type WorkType, workTypeCode } from "./schemas";
import { workTypeService } from "./service";

const PATH = "/timesheets/worktype";
const SHEET_PATH = `${PATH}/barcodes.pdf`;

/** An optional numeric query parameter; a malformed one is a record that cannot exist. */
function optionalId(c: AppContext, name: string): number | undefined {
  const raw = c.req.query(name)?.trim();
  if (!raw) return undefined;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !isRowId(id)) throw AppError.notFound();
  return id;
}

/** docs/domain.md#work-types: work types with an add button, a workplace filter and their barcodes. */
export const workTypePages = new Hono<AppEnv>();

/** The A4 sheet of labels: every work type, one workplace's (`?workplaceId=`) or one (`?id=`). */
workTypePages.get(SHEET_PATH, async (c) =>
  pdfResponse(c, await workTypeBarcodeSheet({ ctx: c.get("ctx"), input: { id: optionalId(c, "id"), workplaceId: optionalId(c, "workplaceId") } })),
);

workTypePages.route(
  "/",
  crudPages({
    path: PATH,
    i18n: "worktype",
    service: workTypeService,
    columns: (t) => [
      idColumn<WorkType>(PATH, t("worktype.id")),
      nameColumn<WorkType>(PATH, t("worktype.name")),
      { key: "workplace", label: t("worktype.workplace"), filter: "text", render: (row) => row.workplace.name },
    ],
    list: {
      hiddenFilters: ["workplaceId"],
      aside: async (c, state) => {
        const t = c.get("t");
        const current = state.filters.workplaceId ?? "";
        const workplaces = await allWorkplaces({ ctx: c.get("ctx") });
        return (
          <WorkTypeAside
            allHref={listHref(PATH, state, { filters: { workplaceId: "" }, page: 1 })}
            allCurrent={current === ""}
            workplaces={workplaces.map((workplace) => ({
              ...workplace,
              href: listHref(PATH, state, { filters: { workplaceId: String(workplace.id) }, page: 1 }),
              current: current === String(workplace.id),
            }))}
            printHref={current ? `${SHEET_PATH}?workplaceId=${encodeURIComponent(current)}` : SHEET_PATH}
            printLabel={t(current ? "worktype.printWorkplace" : "worktype.printAll")}
          />
        );
      },
    },
    fields: async ({ t, ctx, entity }) => {
      const workplaces = await allWorkplaces({ ctx });
      return [
        ...idField(t("worktype.id"), entity),
        nameField(t("worktype.name")),
        {
          name: "workplace",
          label: t("worktype.workplace"),
          kind: "select",
          required: true,
          emptyOption: "--",
          options: workplaces.map((workplace) => ({ value: String(workplace.id), label: workplace.name })),
        },
        ...(entity
          ? [{ name: "barcode", label: t("worktype.barcode"), kind: "custom" as const, readOnly: true, render: () => <WorkTypeBarcode id={entity.id} code={workTypeCode(entity.id)} /> }]
          : []),
      ];
    },
  }),
);
