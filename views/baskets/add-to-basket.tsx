import { Icon } from "../components/icons";
import { useT, useView, type ViewState } from "../view-context";

/** docs/domain.md#products-list row action: the amount dialog posts here (src/modules/baskets/pages.tsx). */
export const ADD_TO_BASKET_ACTION = "/basket/add";
export const ADD_TO_BASKET_DIALOG_ID = "add-to-basket-dialog";

/** Renders (page or htmx fragment) that already carry the dialog: one dialog serves every row. */
const withDialog = new WeakSet<ViewState>();

/**
 * docs/domain.md#products-list: the products list's "add to basket" row action. The button opens the page's
 * amount dialog (default 1) for this product; public/app.js fills in the product and a fresh
 * idempotency key each time it opens. The first button of a render brings the dialog along.
 */
export function AddToBasketButton({ productId, productName }: { productId: number; productName: string }) {
  const view = useView();
  const first = !withDialog.has(view);
  if (first) withDialog.add(view);
  const label = view.t("basket.addToBasketProduct", { name: productName }) as string;
  return (
    <>
      <button
        type="button"
        className="button add-to-basket"
        data-add-to-basket={productId}
        data-product-name={productName}
        aria-haspopup="dialog"
        aria-controls={ADD_TO_BASKET_DIALOG_ID}
        aria-label={label}
        title={label}
      >
        <Icon name="basket" />
      </button>
      {first ? <AddToBasketDialog /> : null}
    </>
  );
}

/**
 * The amount dialog: Enter submits, Escape or Cancel closes, focus starts in the amount (app.js).
 * Posts productId, amount and idempotencyKey to POST /basket/add, which redirects back with a toast.
 */
export function AddToBasketDialog() {
  const t = useT();
  return (
    <dialog id={ADD_TO_BASKET_DIALOG_ID} className="dialog add-to-basket-dialog" aria-labelledby={`${ADD_TO_BASKET_DIALOG_ID}-title`}>
      <form
        method="post"
        action={ADD_TO_BASKET_ACTION}
        className="add-to-basket-form"
        noValidate
        data-msg-amount-positive={t("basket.amountPositive")}
        data-msg-number={t("validation.number")}
      >
        <h2 id={`${ADD_TO_BASKET_DIALOG_ID}-title`}>{t("basket.addToBasket")}</h2>
        <p className="add-to-basket-product" data-slot="product-name" />
        <input type="hidden" name="productId" defaultValue="" />
        <input type="hidden" name="idempotencyKey" defaultValue="" />
        <div className="field">
          <label htmlFor={`${ADD_TO_BASKET_DIALOG_ID}-amount`}>{t("basket.amount")}</label>
          <input id={`${ADD_TO_BASKET_DIALOG_ID}-amount`} name="amount" type="text" inputMode="decimal" autoComplete="off" required defaultValue="1" />
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" data-dialog-cancel="">
            {t("action.cancel")}
          </button>
          {/* The only submit button, so Enter in the amount means OK. */}
          <button type="submit" className="button button-primary">
            {t("basket.ok")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
