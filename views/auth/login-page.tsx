import { PublicLayout } from "../layouts/public-layout";
import { Icon } from "../components/icons";
import { useView } from "../view-context";

export function LoginPage({ email, error, fieldErrors }: { email?: string; error?: string; fieldErrors?: Record<string, string> }) {
  const { t } = useView();
  return (
    <PublicLayout title={t("login.title")}>
      <div className="login-card">
        <img className="login-logo" src="/static/logo.svg" alt={t("appName")} width="72" height="72" />
        <h1>{t("appName")}</h1>
        <p className="login-tagline">{t("appTagline")}</p>
        <form
          method="post"
          action="/login"
          className="login-form entity-form"
          noValidate
          data-validate="true"
          data-msg-required={t("validation.required")}
          data-msg-email={t("validation.email")}
          data-msg-invalid={t("validation.invalid")}
        >
          <div className={`field${fieldErrors?.email ? " field-invalid" : ""}`}>
            <label htmlFor="field-email">{t("login.email")}</label>
            <input id="field-email" name="email" type="email" required autoComplete="username" autoFocus defaultValue={email} aria-describedby="field-email-error" />
            <small id="field-email-error" className="field-error">
              {fieldErrors?.email ?? ""}
            </small>
          </div>
          <div className={`field${fieldErrors?.password ? " field-invalid" : ""}`}>
            <label htmlFor="field-password">{t("login.password")}</label>
            <input id="field-password" name="password" type="password" required autoComplete="current-password" aria-describedby="field-password-error" />
            <small id="field-password-error" className="field-error">
              {fieldErrors?.password ?? ""}
            </small>
          </div>
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
            Čeština
          </a>
          <a href="/login?lang=en" hrefLang="en" lang="en">
            English
          </a>
        </nav>
      </div>
    </PublicLayout>
  );
}
