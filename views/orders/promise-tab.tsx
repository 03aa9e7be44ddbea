/**
 * The fence order's Promises tab (2): a fragment the order editor loads when the tab is shown.
 * The add form is a plain form (works without JavaScript); with htmx it answers this fragment.
 */
import { formatCzechDate } from "@/lib/dates";
import type { OrderPromise } from "@/modules/orders/promise/schemas";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { Icon } from "../components/icons";
import { useView } from "../view-context";

export const ORDER_PROMISES_TAB_ID = "order-promises-tab";

export function OrderPromisesTab(props: {
  orderId: number;
  promises: OrderPromise[];
  fields: FormField[];
  values: FormValues;
  errors?: Record<string, string>;
  formErrors?: string[];
}) {
  const { t } = useView();
  const addPath = `/orders/fenceOrder/${props.orderId}/promises`;
  return (
    <section id={ORDER_PROMISES_TAB_ID} className="order-promises-tab" aria-label={t("promise.tab.title")}>
      <h2 style={{ fontSize: "1.1rem" }}>{t("promise.tab.title")}</h2>
      {props.promises.length === 0 ? (
        <p className="empty-row">{t("promise.tab.empty")}</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t("promise.id")}</th>
                <th scope="col">{t("promise.status")}</th>
                <th scope="col">{t("promise.created")}</th>
                <th scope="col">{t("promise.deadline")}</th>
                <th scope="col">{t("promise.resolved")}</th>
                <th scope="col">{t("promise.solved")}</th>
                <th scope="col">{t("promise.promise")}</th>
                <th scope="col">{t("promise.note")}</th>
              </tr>
            </thead>
            <tbody>
              {props.promises.map((promise) => (
                <tr key={promise.id} data-promise-id={promise.id}>
                  <td>
                    <a href={`/orders/promises/${promise.id}`} title={t("promise.tab.open")}>
                      {promise.id}
                    </a>
                  </td>
                  <td>{promise.status.name}</td>
                  <td>{formatCzechDate(promise.created)}</td>
                  <td>{formatCzechDate(promise.deadline)}</td>
                  <td>
                    {promise.resolved ? (
                      <Icon name="check" className="bool-yes" label={t("table.yes")} />
                    ) : (
                      <Icon name="cross" className="bool-no" label={t("table.no")} />
                    )}
                  </td>
                  <td>{formatCzechDate(promise.solved)}</td>
                  <td>{promise.promise}</td>
                  <td>{promise.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 style={{ fontSize: "1rem" }}>{t("promise.tab.add")}</h3>
      <EntityForm
        action={addPath}
        fields={props.fields}
        values={props.values}
        errors={props.errors}
        formErrors={props.formErrors}
        submitLabel={t("action.add")}
        formProps={{ "hx-post": addPath, "hx-target": `#${ORDER_PROMISES_TAB_ID}`, "hx-swap": "outerHTML" }}
      />
    </section>
  );
}
