import { defineModule } from "@/lib/http/module";
import { shellPages } from "./pages";

/** The dashboard and the root redirects (spec 01 §2.1, §2.4). */
export const shellModule = defineModule({ name: "shell", pages: shellPages });
