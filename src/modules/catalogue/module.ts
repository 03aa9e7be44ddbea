import { defineModule, routes } from "@/lib/http/module";
import { uploadLimit } from "@/lib/http/uploads";
import { categoryApi } from "./category/api";
import { categoryPages } from "./category/pages";
import { categoryParameterApi } from "./category-parameter/api";
import { categoryParameterPages } from "./category-parameter/pages";
import { productApi } from "./product/api";
import { PRODUCT_IMAGE_RULES } from "./product/images.service";
import { productPages } from "./product/pages";
import { PUBLIC_PHOTO_PATTERN, publicPhotoPages } from "./product/public-photo-pages";
import { vatApi } from "./vat/api";
import { vatPages } from "./vat/pages";

/** The catalogue (docs/domain.md#catalogue): VAT, categories, category parameters, products with their tabs, images and labels. */
export const catalogueModule = defineModule({
  name: "catalogue",
  api: routes(["/vat", vatApi], ["/category", categoryApi], ["/products/category/parameters", categoryParameterApi], ["/products", productApi]),
  pages: routes(["/", vatPages], ["/", categoryParameterPages], ["/", categoryPages], ["/", productPages], ["/", publicPhotoPages]),
  // docs/architecture.md#public-routes, docs/domain.md#public-photos (decision 059): active products' photos
  // answer without a session at /fot/{imageId}; everything else under /fot is 404, never a login redirect.
  publicRoutes: [{ method: "GET", pattern: PUBLIC_PHOTO_PATTERN }],
  uploadLimits: [
    uploadLimit("POST", /^\/api\/products\/\d+\/images$/, PRODUCT_IMAGE_RULES),
    uploadLimit("POST", /^\/products\/\d+\/images$/, PRODUCT_IMAGE_RULES),
  ],
});
