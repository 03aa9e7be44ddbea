import type { ReactNode } from "react";
import { useView } from "../view-context";
import { ToastArea } from "../components/toast";
import { ConfirmDialog } from "../components/confirm-dialog";

/** Scripts render last so every island above has registered itself by then. */
function Scripts() {
  const view = useView();
  return (
    <>
      <script src="/static/htmx.min.js" defer />
      <script src="/static/app.js" defer />
      {view.islands.size > 0 ? <script type="module" src="/build/client.js" /> : null}
    </>
  );
}

export function Document({ title, children, bodyClass }: { title: string; children: ReactNode; bodyClass?: string }) {
  const view = useView();
  const pageTitle = `${title} · ${view.t("appName")}`;
  return (
    <html lang={view.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="htmx-config" content='{"responseHandling":[{"code":"204","swap":false},{"code":"[23]..","swap":true},{"code":"422","swap":true,"error":false},{"code":"[45]..","swap":false,"error":true}]}' />
        <title>{pageTitle}</title>
        <link rel="icon" href="/static/logo.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/static/app.css" />
      </head>
      <body className={bodyClass} data-generic-error={view.t("GENERIC_ERROR")} data-form-not-valid={view.t("FORM_NOT_VALID")} data-download-failed={view.t("DOWNLOAD_FAILED")}>
        {children}
        <ToastArea />
        <ConfirmDialog />
        <Scripts />
      </body>
    </html>
  );
}
