import { defineModule } from "@/lib/http/module";
import { shellPages } from "./pages";

/** The dashboard and the root redirects (docs/domain.md#routes). */
export const shellModule = defineModule({ name: "shell", pages: shellPages });
