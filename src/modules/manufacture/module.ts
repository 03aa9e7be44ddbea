import { defineModule } from "@/lib/http/module";
import { manufacturePages } from "./pages";

/** Manufacture (docs/domain.md#spacer-calculator): the spacer calculator so far; the manufacture plans come with planning. */
export const manufactureModule = defineModule({ name: "manufacture", pages: manufacturePages });
