import { PublicLayout } from "../layouts/public-layout";
import { Icon } from "../components/icons";
import { browserValidation, FieldRow } from "../components/form";
import { useView } from "../view-context";

export function LoginPage({ email, error, fieldErrors }: { email?: string; error?: string; fieldErrors?: Record<string, string> }) {
  const { t } = useView();
  return (
    <PublicLayout title={t("login.title")}>
      <div className="login-card">
        <img className="login-logo" src="/static/logo.svg" alt={t("appName")} width="72" height="72" />
        <h1>{t("appName")}</h1>
        <p className="login-tagline">{t("appTagline")}</p>
        <form method="post" action="/login" className="login-form entity-form" noValidate {...browserValidation(t)}>
          <FieldRow field={{ name: "email", label: t("login.email"), kind: "email", required: true, autoFocus: true, autoComplete: "username" }} value={email} error={fieldErrors?.email} />
          <FieldRow field={{ name: "password", label: t("login.password"), kind: "password", required: true }} value="" error={fieldErrors?.password} />
          <button type="submit" className="button button-primary login-submit">
            {t("login.submit")}
          </button>
        </form>
        {error ? (
          <p className="login-error" role="alert">
            <Icon name="alert" /> {error}
          </p>
        ) : null}
        <nav className="language-form login-language" aria-label={t("shell.language")}>
          <a href="/login?lang=cs" hrefLang="cs" lang="cs">
            {t("shell.languageNames.cs")}
          </a>
          <a href="/login?lang=en" hrefLang="en" lang="en">
            {t("shell.languageNames.en")}
          </a>
        </nav>
      </div>
    </PublicLayout>
  );
}
