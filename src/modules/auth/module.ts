import { defineModule } from "@/lib/http/module";
import { authApi } from "./api";
import { authPages } from "./pages";
import { purgeEndedSessionsJob, purgeOldLoginAttemptsJob } from "./service";

/** Login, logout, the caller and the language (docs/domain.md#login): the only module with public routes. */
export const authModule = defineModule({
  name: "auth",
  api: authApi,
  pages: authPages,
  publicRoutes: [
    { method: "GET", pattern: /^\/login$/ },
    { method: "POST", pattern: /^\/login$/ },
    { method: "POST", pattern: /^\/api\/login$/ },
    { method: "GET", pattern: /^\/logout$/ },
    { method: "POST", pattern: /^\/logout$/ },
  ],
  jobs: [purgeOldLoginAttemptsJob, purgeEndedSessionsJob],
});
