/**
 * Product images, label and duplicate over the API; mounted under /api/products by the products
 * module (`api.route("/products", productMediaApi)`).
 */
import { Hono } from "hono";
import { jsonBody } from "@/lib/crud/api";
import { isRowId } from "@/lib/crud/service";
import { success } from "@/lib/envelope";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { pdfResponse } from "@/lib/pdf/response";
import { registerUploadLimit } from "@/lib/upload-limits";
import { readUploadedFiles, uploadBodyLimit } from "@/lib/uploads";
import { duplicateProduct } from "./duplicate.service";
import {
  addProductImages,
  deleteProductImage,
  listProductImages,
  PRODUCT_IMAGE_RULES,
  productsOfCategoriesWithMainImage,
  reorderProductImages,
  setMainProductImage,
} from "./images.service";
import { productLabelPdf } from "./label.service";

registerUploadLimit({ method: "POST", pattern: /^\/api\/products\/\d+\/images$/, maxBytes: uploadBodyLimit(PRODUCT_IMAGE_RULES) });

/** A numeric path parameter; anything beyond a row id is a record that cannot exist. */
export function pathId(c: AppContext, name: string): number {
  const id = Number(c.req.param(name));
  if (!isRowId(id)) throw AppError.notFound();
  return id;
}

export const productMediaApi = new Hono<AppEnv>();

/** Products of the given categories with their main image: `?categoryIds=1;2;3` (the product filter's format). */
productMediaApi.get("/withMainImage", async (c) => {
  const rows = await productsOfCategoriesWithMainImage({ ctx: c.get("ctx"), input: { categoryIds: c.req.query("categoryIds") ?? "" } });
  return c.json(success(rows));
});

productMediaApi.get("/:id{[0-9]+}/images", async (c) =>
  c.json(success(await listProductImages({ ctx: c.get("ctx"), input: { productId: pathId(c, "id") } }))),
);

/** Multipart, field `files` (one or several). Answers 201 with the added images. */
productMediaApi.post("/:id{[0-9]+}/images", async (c) => {
  const productId = pathId(c, "id");
  const files = await readUploadedFiles(c, PRODUCT_IMAGE_RULES);
  return c.json(success(await addProductImages({ ctx: c.get("ctx"), input: { productId, files } })), 201);
});

/** Body: the image ids in their new order, `[3, 1, 2]` (or `{"ids": [...]}`). Answers the list. */
productMediaApi.put("/:id{[0-9]+}/images/order", async (c) => {
  const productId = pathId(c, "id");
  return c.json(success(await reorderProductImages({ ctx: c.get("ctx"), input: { productId, ids: await jsonBody(c) } })));
});

productMediaApi.put("/:id{[0-9]+}/images/:imageId{[0-9]+}/main", async (c) =>
  c.json(success(await setMainProductImage({ ctx: c.get("ctx"), input: { productId: pathId(c, "id"), imageId: pathId(c, "imageId") } }))),
);

productMediaApi.delete("/:id{[0-9]+}/images/:imageId{[0-9]+}", async (c) => {
  await deleteProductImage({ ctx: c.get("ctx"), input: { productId: pathId(c, "id"), imageId: pathId(c, "imageId") } });
  return c.json(success(null));
});

productMediaApi.get("/:id{[0-9]+}/label", async (c) => pdfResponse(c, await productLabelPdf({ ctx: c.get("ctx"), input: { productId: pathId(c, "id") } })));

/** Answers 201 with the new product's id. */
productMediaApi.post("/:id{[0-9]+}/duplicate", async (c) =>
  c.json(success(await duplicateProduct({ ctx: c.get("ctx"), input: { productId: pathId(c, "id") } })), 201),
);
