import { formatCzechDateTime } from "@/lib/dates";
import { langOf, type T } from "@/lib/i18n";
import { formatDecimal } from "@/lib/money";
import { variantParametersText, WAREHOUSE_ITEM_PATH, WAREHOUSE_PAGE_PATH, type WarehouseItem } from "@/modules/warehouse/items/schemas";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { ScaleLiveFeed } from "./scale-live";
import { type ScaleHistory, ScaleSparklines } from "./scale-sparkline";
import { useView } from "../view-context";

/** Shown, never posted. */
const shown = (name: string, label: string, text: string, hint?: string): FormField => ({
  name,
  label,
  kind: "custom",
  readOnly: true,
  hint,
  render: () => <input id={`field-${name}`} type="text" aria-label={label} value={text} readOnly disabled />,
});

/**
 * docs/domain.md#warehouse-item: Id, product name and quantity read-only; warehouse, on the way,
 * required stock level and a multi-select of rack scales.
 */
export function warehouseItemFields(t: T, item: WarehouseItem, choices: { warehouses: { id: number; name: string }[]; scales: { id: number; extId: number; name: string }[] }): FormField[] {
  return [
    { name: "id", label: t("stockView.id"), kind: "integer", readOnly: true, disabled: true },
    shown("productName", t("stockView.productName"), item.product.name),
    // docs/domain.md#warehouse-item: a manufactured variant's parameter values.
    ...(item.parameters.length ? [shown("parameters", t("stockView.parameters"), variantParametersText(item.parameters, langOf(t)))] : []),
    {
      name: "warehouse",
      label: t("stockView.warehouse"),
      kind: "select",
      required: true,
      options: choices.warehouses.map((warehouse) => ({ value: String(warehouse.id), label: warehouse.name })),
    },
    shown("quantity", t("stockView.quantity"), formatDecimal(item.quantity, langOf(t), 3), t("stockView.quantityHint")),
    { name: "onTheWay", label: t("stockView.onTheWay"), kind: "decimal", required: true },
    { name: "requiredStockLevel", label: t("stockView.requiredStockLevel"), kind: "decimal", required: true },
    {
      name: "rackScales",
      label: t("stockView.rackScales"),
      kind: "custom",
      multiple: true,
      hint: t("stockView.rackScalesHint"),
      render: ({ value }) => {
        const chosen = new Set((Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value]).map(String));
        return (
          <select
            id="field-rackScales"
            name="rackScales"
            multiple
            size={Math.min(8, Math.max(3, choices.scales.length))}
            defaultValue={[...chosen]}
            aria-label={t("stockView.rackScales")}
            aria-describedby="field-rackScales-error field-rackScales-hint"
          >
            {choices.scales.map((scale) => (
              <option key={scale.id} value={String(scale.id)}>
                {`${scale.extId} – ${scale.name}`}
              </option>
            ))}
          </select>
        );
      },
    },
  ];
}

export const warehouseItemValues = (item: WarehouseItem): FormValues => ({
  id: item.id,
  warehouse: item.warehouse.id,
  onTheWay: item.onTheWay,
  requiredStockLevel: item.requiredStockLevel,
  rackScales: item.rackScales.map((scale) => String(scale.id)),
});

/** The info box: the scale quantity, the product's tolerance and weight, each attached scale. */
function ScaleInfo({ item, history }: { item: WarehouseItem; history?: ScaleHistory }) {
  const { t, lang } = useView();
  return (
    <section className="card scale-info" aria-labelledby="scale-info-title">
      <h2 id="scale-info-title">{t("stockView.info")}</h2>
      <dl>
        <dt>{t("stockView.scaleQuantity")}</dt>
        <dd id="scale-info-quantity" data-live-item={item.id}>
          {item.scaleQuantity === null ? null : (
            <span className="scale-quantity" data-scale-colour={item.scaleColour}>
              {formatDecimal(item.scaleQuantity, lang, 3)}
            </span>
          )}
        </dd>
        <dt>{t("stockView.scaleTolerance")}</dt>
        <dd id="scale-info-tolerance">{item.product.scaleToleranceAmount}</dd>
        <dt>{t("stockView.productWeight")}</dt>
        <dd>{formatDecimal(item.productWeight, lang, 3)}</dd>
      </dl>
      {item.rackScales.length ? (
        <table className="scale-info-table">
          <thead>
            <tr>
              <th scope="col">{t("stockView.scaleExtId")}</th>
              <th scope="col">{t("stockView.scaleName")}</th>
              <th scope="col" className="align-end">
                {t("stockView.scaleLastWeight")}
              </th>
              <th scope="col">{t("stockView.scaleLastChange")}</th>
            </tr>
          </thead>
          <tbody>
            {item.rackScales.map((scale) => (
              <tr key={scale.id} data-scale-id={scale.id}>
                <td>{scale.extId}</td>
                <td>{scale.name}</td>
                <td className="align-end" data-live-scale={scale.id} data-live-field="weightNumber">
                  {scale.lastWeight === null ? "" : formatDecimal(scale.lastWeight, lang, 1)}
                </td>
                <td className="nowrap" data-live-scale={scale.id} data-live-field="change">
                  {formatCzechDateTime(scale.lastWeightChange)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("stockView.noScales")}</p>
      )}
      {history && item.rackScales.length ? <ScaleSparklines scales={item.rackScales} history={history} /> : null}
    </section>
  );
}

/** `back`: the warehouse page it was opened from, where "Back" leads and a save keeps leading. */
export function WarehouseItemEditPage(props: { item: WarehouseItem; fields: FormField[]; values: FormValues; errors: Record<string, string>; formErrors: string[]; back: string; history?: ScaleHistory }) {
  const { t } = useView();
  const { item } = props;
  return (
    <AppLayout title={t("stockView.itemTitle", { id: item.id })}>
      <div className="item-with-info">
        <div className="item-form">
          <EntityForm
            action={WAREHOUSE_ITEM_PATH(item.id, props.back)}
            fields={props.fields}
            values={props.values}
            errors={props.errors}
            formErrors={props.formErrors}
            submitLabel={t("stockView.save")}
            cancelHref={props.back}
          />
        </div>
        <ScaleInfo item={item} history={props.history} />
      </div>
      <ScaleLiveFeed scope={{ kind: "item", id: item.id }} />
    </AppLayout>
  );
}
