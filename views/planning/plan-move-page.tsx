/**
 * Re-planning one card by keyboard, without JavaScript (docs/domain.md#planning-rules): the day
 * and the van, the version the form was shown with, and the range to return to. A conflict (someone
 * moved the plan meanwhile) shows who and where, and the form again over the new version.
 */
import type { PlanCard, PlanningVan } from "@/modules/planning/schemas";
import { PLANNING_PATH } from "@/modules/planning/schemas";
import { formatSpz } from "@/modules/settings/delivery-van/schemas";
import { EntityForm, type FormField } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export function PlanMovePage(props: {
  plan: PlanCard;
  vans: PlanningVan[];
  values: { date: string; vanId: string };
  range: { from: string; to: string };
  errors?: Record<string, string>;
  formErrors?: string[];
}) {
  const { t } = useView();
  const { plan, range } = props;
  const fields: FormField[] = [
    { name: "date", label: t("planning.date"), kind: "date", required: true, autoFocus: true },
    { name: "vanId", label: t("planning.van"), kind: "select", required: true, options: props.vans.map((van) => ({ value: String(van.id), label: `${van.name} (${formatSpz(van.spz)})` })) },
  ];
  const back = range.from && range.to ? `${PLANNING_PATH}?from=${range.from}&to=${range.to}` : PLANNING_PATH;
  return (
    <AppLayout title={t("planning.moveTitle", { id: plan.order.id })}>
      <EntityForm action={`${PLANNING_PATH}/${plan.id}/move`} fields={fields} values={props.values} errors={props.errors} formErrors={props.formErrors} submitLabel={t("planning.move")} cancelHref={back}>
        <input type="hidden" name="version" value={plan.version} />
        <input type="hidden" name="from" value={range.from} />
        <input type="hidden" name="to" value={range.to} />
      </EntityForm>
    </AppLayout>
  );
}
