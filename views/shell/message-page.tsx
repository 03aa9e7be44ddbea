import { AppLayout } from "../layouts/app-layout";
import { Icon } from "../components/icons";

/** A plain page with one message: not found (then off to /index), not built yet, or an error. */
export function MessagePage({ title, message, redirectTo, kind = "info" }: { title: string; message: string; redirectTo?: string; kind?: "info" | "warning" | "error" }) {
  return (
    <AppLayout title={title}>
      {redirectTo ? <meta httpEquiv="refresh" content={`3;url=${redirectTo}`} /> : null}
      <div className={`alert alert-${kind}`} role={kind === "info" ? "status" : "alert"}>
        {kind !== "info" ? <Icon name="alert" /> : null} {message}
      </div>
      {redirectTo ? (
        <p>
          <a href={redirectTo}>{redirectTo}</a>
        </p>
      ) : null}
    </AppLayout>
  );
}
