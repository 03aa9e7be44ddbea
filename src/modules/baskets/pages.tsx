import { Hono } from "hono";
import { MessagePage } from "@views/shell/message-page";
import { AppError } from "@/lib/errors";
import type { AppEnv } from "@/lib/hono-env";
import { translateMessage } from "@/lib/i18n";
import { backPath, flash, renderPage } from "@/web/render";
import { addToBasket } from "./service";

/** Basket page routes (add from the product list dialog). */
export const basketPages = new Hono<AppEnv>();

const formValue = (value: unknown): string | undefined => {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === "string" ? last : undefined;
};

/**
 * The amount dialog of AddToBasketButton (views/baskets/add-to-basket.tsx): productId, amount
 * (decimal comma fine) and idempotencyKey; the common basket unless type/warehouseId say otherwise.
 * Back to the page it came from, with ADDED, or with a warning per message and nothing added.
 */
basketPages.post("/basket/add", async (c) => {
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const t = c.get("t");
  const input = {
    productId: formValue(body.productId),
    amount: formValue(body.amount) ?? "",
    idempotencyKey: formValue(body.idempotencyKey),
    type: formValue(body.type),
    warehouseId: formValue(body.warehouseId),
  };
  try {
    await addToBasket({ ctx: c.get("ctx"), input });
    flash(c, "success", "ADDED");
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    const fields = Object.entries(error.fields);
    const texts = fields.length
      ? fields.map(([name, message]) => t("field.field", { field: t(`basket.field.${name}`, { defaultValue: name }), message: translateMessage(t, message) }) as string)
      : error.messages.map((message) => translateMessage(t, message));
    for (const text of texts) flash(c, "warning", text);
  }
  return c.redirect(backPath(c, "/products"), 303);
});

/** Spec 01 §2.1 routes the left column links to; the basket pages come with the warehouse issue. */
for (const path of ["/warehouse/basket/common", "/warehouse/basket/warehouse/:id{[0-9]+}"]) {
  basketPages.get(path, (c) => {
    const t = c.get("t");
    return renderPage(c, <MessagePage title={t("notBuilt")} message={t("notBuilt")} />);
  });
}
