/**
 * Product images, label and duplicate over the API; mounted under /api/products by the products
 * module (`api.route("/products", productMediaApi)`).
 */
import { Hono } from "hono";
import { success } from "@/lib/envelope";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam, jsonBody } from "@/lib/http/request";
import { pdfResponse } from "@/lib/http/pdf-response";
import { readUploadedFiles } from "@/lib/http/uploads";
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


export const productMediaApi = new Hono<AppEnv>();

/** Products of the given categories with their main image: `?categoryIds=1;2;3` (the product filter's format). */
productMediaApi.get("/withMainImage", async (c) => {
  const rows = await productsOfCategoriesWithMainImage({ ctx: c.get("ctx"), input: { categoryIds: c.req.query("categoryIds") ?? "" } });
  return c.json(success(rows));
});

productMediaApi.get("/:id{[0-9]+}/images", async (c) =>
  c.json(success(await listProductImages({ ctx: c.get("ctx"), input: { productId: idParam(c) } }))),
);

/** Multipart, field `files` (one or several). Answers 201 with the added images. */
productMediaApi.post("/:id{[0-9]+}/images", async (c) => {
  const productId = idParam(c);
  const files = await readUploadedFiles(c, PRODUCT_IMAGE_RULES);
  return c.json(success(await addProductImages({ ctx: c.get("ctx"), input: { productId, files } })), 201);
});

/** Body: the image ids in their new order, `[3, 1, 2]` (or `{"ids": [...]}`). Answers the list. */
productMediaApi.put("/:id{[0-9]+}/images/order", async (c) => {
  const productId = idParam(c);
  return c.json(success(await reorderProductImages({ ctx: c.get("ctx"), input: { productId, ids: await jsonBody(c) } })));
});

productMediaApi.put("/:id{[0-9]+}/images/:imageId{[0-9]+}/main", async (c) =>
  c.json(success(await setMainProductImage({ ctx: c.get("ctx"), input: { productId: idParam(c), imageId: idParam(c, "imageId") } }))),
);

productMediaApi.delete("/:id{[0-9]+}/images/:imageId{[0-9]+}", async (c) => {
  await deleteProductImage({ ctx: c.get("ctx"), input: { productId: idParam(c), imageId: idParam(c, "imageId") } });
  return c.json(success(null));
});

productMediaApi.get("/:id{[0-9]+}/label", async (c) => pdfResponse(c, await productLabelPdf({ ctx: c.get("ctx"), input: { productId: idParam(c) } })));

/** Answers 201 with the new product's id. */
productMediaApi.post("/:id{[0-9]+}/duplicate", async (c) =>
  c.json(success(await duplicateProduct({ ctx: c.get("ctx"), input: { productId: idParam(c) } })), 201),
);
