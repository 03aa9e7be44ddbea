import { AppLayout } from "../layouts/app-layout";
import { PublicLayout } from "../layouts/public-layout";
import { Icon } from "../components/icons";
import { useView } from "../view-context";

/** A plain page with one message: not found (then off to /index), not built yet, or an error. */
export function MessagePage(props: { title: string; message: string; redirectTo?: { path: string; label: string }; kind?: "info" | "warning" | "error" }) {
  const { t } = useView();
  const { title, message, redirectTo, kind = "info" } = props;
  return (
    <AppLayout title={title}>
      {redirectTo ? <meta httpEquiv="refresh" content={`3;url=${redirectTo.path}`} /> : null}
      <div className={`alert alert-${kind}`} role={kind === "info" ? "status" : "alert"}>
        {kind !== "info" ? <Icon name="alert" /> : null} {message}
      </div>
      {redirectTo ? (
        <p>
          {`${t("shell.redirecting")} `}
          <a href={redirectTo.path}>{redirectTo.label}</a>
        </p>
      ) : null}
    </AppLayout>
  );
}

/** One error message outside the app's layout: the session could not be read, so there is no menu to show. */
export function BareMessagePage(props: { text: string; retryHref: string }) {
  const { t } = useView();
  return (
    <PublicLayout title={props.text}>
      <div className="alert alert-error" role="alert">
        <Icon name="alert" /> {props.text}
      </div>
      <p>
        <a href={props.retryHref}>{t("shell.tryAgain")}</a>
      </p>
    </PublicLayout>
  );
}
