import type { ReactNode } from "react";
import { formatDecimal } from "@/lib/money";
import { formatCzechDateTime } from "@/lib/dates";
import type { SupplierOrderDetail } from "@/modules/suppliers/orders/schemas";
import { StaticTable, type TableColumn } from "../components/data-table";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

export const SUPPLIER_ORDERS_PATH = "/suppliers/orders";

export interface ProductQuantityRow {
  key: number;
  productId: number;
  name: string;
  ean?: string | null;
  quantity: number;
}

/** Product, name, (EAN) and quantity rows: an order's lines or the basket it is made from. */
function ProductQuantityTable({ id, label, rows, withEan }: { id: string; label: string; rows: ProductQuantityRow[]; withEan: boolean }) {
  const { t, lang } = useView();
  const columns: TableColumn<ProductQuantityRow>[] = [
    { key: "productId", label: t("supplierOrder.productId"), render: (row) => <a href={`/products/${row.productId}`}>{row.productId}</a> },
    { key: "name", label: t("supplierOrder.productName") },
    ...(withEan ? [{ key: "ean", label: t("supplierOrder.ean"), render: (row: ProductQuantityRow) => row.ean ?? "" }] : []),
    { key: "quantity", label: t("supplierOrder.quantity"), align: "end", render: (row) => formatDecimal(row.quantity, lang, 3) },
  ];
  return <StaticTable id={id} label={label} columns={columns} rows={rows} rowKey={(row) => row.key} empty={t("table.empty")} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page-section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** /suppliers/orders/:id: the order's header form (saved by the generic edit route), its lines and the xlsx export. */
export function SupplierOrderDetailPage({ order, fields }: { order: SupplierOrderDetail; fields: FormField[] }) {
  const { t } = useView();
  const path = `${SUPPLIER_ORDERS_PATH}/${order.id}`;
  return (
    <AppLayout
      title={t("supplierOrder.detailTitle", { id: order.id, name: order.name })}
      actions={
        <a className="button" href={`${path}/export.xlsx`} download="" data-download="xlsx">
          {t("supplierOrder.exportXlsx")}
        </a>
      }
    >
      <p className="page-meta">
        {t("supplierOrder.createdAt")}: {formatCzechDateTime(order.createdAt)}
      </p>
      <EntityForm action={path} fields={fields} values={order as unknown as FormValues} deleteAction={`${path}/delete`} cancelHref={SUPPLIER_ORDERS_PATH} />
      <Section title={t("supplierOrder.lines", { count: order.lines.length })}>
        <ProductQuantityTable
          id="supplier-order-lines"
          label={t("supplierOrder.lines", { count: order.lines.length })}
          withEan
          rows={order.lines.map((line) => ({ key: line.id, productId: line.product.id, name: line.product.name, ean: line.product.ean13, quantity: line.quantity }))}
        />
      </Section>
    </AppLayout>
  );
}

/** /suppliers/orders/fromBasket: supplier, optional name, "Vyprázdnit košík", and a preview of the common basket. */
export function OrderFromBasketPage(props: {
  fields: FormField[];
  values: FormValues;
  errors?: Record<string, string>;
  formErrors?: string[];
  basket: ProductQuantityRow[];
}) {
  const { t } = useView();
  return (
    <AppLayout title={t("supplierOrder.fromBasketTitle")}>
      {props.basket.length === 0 ? <p className="alert alert-info">{t("supplierOrder.basketEmptyHint")}</p> : null}
      <EntityForm
        action={`${SUPPLIER_ORDERS_PATH}/fromBasket`}
        fields={props.fields}
        values={props.values}
        errors={props.errors}
        formErrors={props.formErrors}
        submitLabel={t("supplierOrder.createFromBasket")}
        cancelHref={SUPPLIER_ORDERS_PATH}
      />
      <Section title={t("supplierOrder.basketPreview")}>
        <ProductQuantityTable id="supplier-order-basket" label={t("supplierOrder.basketPreview")} withEan={false} rows={props.basket} />
      </Section>
    </AppLayout>
  );
}
