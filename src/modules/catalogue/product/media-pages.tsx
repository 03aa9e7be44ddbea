/**
 * The product editor's Images and Tools tabs (fragments the tab frame loads lazily), their form
 * posts, the image bytes and the label PDF. Mounted at "/" by the products module.
 * Each image action answers htmx with the tab again and a toast (HX-Trigger), and a plain form
 * post with a redirect to the editor's Images tab and a flash toast.
 */
import { Hono } from "hono";
import { ProductImagesTab } from "@views/catalogue/product-images-tab";
import { ProductToolsTab } from "@views/catalogue/product-tools-tab";
import { type Message, msg } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { sendFile } from "@/lib/http/file";
import { pdfResponse } from "@/lib/http/pdf-response";
import { flash, renderFragment } from "@/web/render";
import { isHtmx } from "@/lib/http/htmx";
import { FILE_KINDS, MB } from "@/lib/uploads";
import { readUploadedFiles } from "@/lib/http/uploads";
import { duplicateProduct } from "./duplicate.service";
import {
  addProductImages,
  deleteProductImage,
  getProductImageFile,
  listProductImages,
  moveProductImage,
  PRODUCT_IMAGE_RULES,
  setMainProductImage,
} from "./images.service";
import { productLabelInfo, productLabelPdf } from "./label.service";
import { tabAction } from "@/web/tab-action";


/** The product editor, on a tab (docs/decisions/009: tabs are `?tab=<name>` links). */
const editorPath = (productId: number, tab?: "images") => `/products/${productId}${tab ? `?tab=${tab}` : ""}`;

const imageLimits = {
  maxMb: PRODUCT_IMAGE_RULES.maxBytes / MB,
  maxFiles: PRODUCT_IMAGE_RULES.maxFiles,
  accept: PRODUCT_IMAGE_RULES.kinds.map((kind) => FILE_KINDS[kind].mimeType).join(","),
};

async function imagesTab(c: AppContext, productId: number, init: { status?: number; errors?: string[] } = {}) {
  const images = await listProductImages({ ctx: c.get("ctx"), input: { productId } });
  return renderFragment(c, <ProductImagesTab productId={productId} images={images} errors={init.errors} limits={imageLimits} />, {
    status: init.status,
  });
}

/** Runs one image action and answers the way the request came (htmx or a plain form). */
const imageAction = (c: AppContext, productId: number, work: () => Promise<Message>): Promise<Response> =>
  tabAction(c, { work, tab: (init) => imagesTab(c, productId, init), redirectTo: editorPath(productId, "images") });

export const productMediaPages = new Hono<AppEnv>();

productMediaPages.get("/products/:id{[0-9]+}/tab/images", (c) => imagesTab(c, idParam(c)));

productMediaPages.post("/products/:id{[0-9]+}/images", (c) => {
  const productId = idParam(c);
  return imageAction(c, productId, async () => {
    const files = await readUploadedFiles(c, PRODUCT_IMAGE_RULES);
    const added = await addProductImages({ ctx: c.get("ctx"), input: { productId, files } });
    return msg("productMedia.images.uploaded", { count: added.length });
  });
});

productMediaPages.post("/products/:id{[0-9]+}/images/:imageId{[0-9]+}/:action{up|down}", (c) => {
  const input = { productId: idParam(c), imageId: idParam(c, "imageId"), direction: c.req.param("action") as "up" | "down" };
  return imageAction(c, input.productId, async () => {
    await moveProductImage({ ctx: c.get("ctx"), input });
    return msg("productMedia.images.orderChanged");
  });
});

productMediaPages.post("/products/:id{[0-9]+}/images/:imageId{[0-9]+}/main", (c) => {
  const input = { productId: idParam(c), imageId: idParam(c, "imageId") };
  return imageAction(c, input.productId, async () => {
    await setMainProductImage({ ctx: c.get("ctx"), input });
    return msg("productMedia.images.mainChanged");
  });
});

productMediaPages.post("/products/:id{[0-9]+}/images/:imageId{[0-9]+}/delete", (c) => {
  const input = { productId: idParam(c), imageId: idParam(c, "imageId") };
  return imageAction(c, input.productId, async () => {
    await deleteProductImage({ ctx: c.get("ctx"), input });
    return msg("productMedia.images.deleted");
  });
});

/** The stored bytes under their stored type. Only for a session (the global guard). */
productMediaPages.get("/products/:id{[0-9]+}/images/:imageId{[0-9]+}", async (c) => {
  const imageId = idParam(c, "imageId");
  const file = await getProductImageFile({ ctx: c.get("ctx"), input: { productId: idParam(c), imageId } });
  return sendFile(c, { bytes: file.data, contentType: file.mimeType, fileName: file.fileName, disposition: "inline", etag: `"pi-${imageId}-${file.size}"` });
});

productMediaPages.get("/products/:id{[0-9]+}/tab/tools", async (c) => {
  const info = await productLabelInfo({ ctx: c.get("ctx"), input: { productId: idParam(c) } });
  return renderFragment(c, <ProductToolsTab product={info.product} code={info.code} />);
});

productMediaPages.get("/products/:id{[0-9]+}/label.pdf", async (c) =>
  pdfResponse(c, await productLabelPdf({ ctx: c.get("ctx"), input: { productId: idParam(c) } })),
);

/** Duplicates the product and opens the copy's editor (CREATED). */
productMediaPages.post("/products/:id{[0-9]+}/duplicate", async (c) => {
  const id = await duplicateProduct({ ctx: c.get("ctx"), input: { productId: idParam(c) } });
  flash(c, "success", "CREATED");
  if (isHtmx(c)) {
    c.header("HX-Redirect", editorPath(id));
    return c.body(null, 204);
  }
  return c.redirect(editorPath(id), 303);
});
