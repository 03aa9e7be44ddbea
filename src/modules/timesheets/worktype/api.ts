import { Hono } from "hono";
import { barcodePngRoute } from "@/lib/http/barcode-png";
import { crudApi } from "@/lib/http/crud-api";
import type { AppEnv } from "@/lib/hono-env";
import { workTypeBarcodePng } from "./barcode.service";
import { workTypeService } from "./service";

export const workTypeApi = new Hono<AppEnv>();

/** docs/domain.md#work-types: `GET {path}/barcode?id={id}`, a Code 128 PNG of `WT<id>`. */
workTypeApi.get("/barcode", barcodePngRoute(workTypeBarcodePng));

workTypeApi.route("/", crudApi(workTypeService));
