import type { IssuedSecret } from "@/modules/settings/users/issued-secrets";
import type { User } from "@/modules/settings/users/schemas";
import { EntityForm, type FormField } from "../components/form";
import { Icon } from "../components/icons";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

/** Generated passwords, shown once beside the users list after a create or a reset. */
export function GeneratedPasswords({ secrets }: { secrets: IssuedSecret[] }) {
  const { t } = useView();
  return (
    <section className="one-time-secrets" aria-labelledby="generated-passwords-title">
      <h2 id="generated-passwords-title">{t("users.generatedTitle")}</h2>
      <div className="alert alert-warning" role="alert">
        <Icon name="alert" /> {t("users.generatedOnce")}
      </div>
      {secrets.map((secret) => (
        <p key={`${secret.id}-${secret.value}`} style={{ overflowWrap: "anywhere" }}>
          <a href={`/settings/users/${secret.id}`}>{secret.label}</a>
          <br />
          <code className="one-time-value" data-testid="generated-password">
            {secret.value}
          </code>
        </p>
      ))}
    </section>
  );
}

/** The admin's password reset for one user: a typed password or a generated one; sessions end. */
export function UserPasswordPage(props: { user: User; fields: FormField[]; values: Record<string, unknown>; errors: Record<string, string>; formErrors: string[] }) {
  const { t } = useView();
  const { user } = props;
  return (
    <AppLayout title={t("users.passwordTitle", { name: user.name })}>
      <p>{t("users.passwordIntro", { email: user.email })}</p>
      <EntityForm
        action={`/settings/users/${user.id}/password`}
        fields={props.fields}
        values={props.values}
        errors={props.errors}
        formErrors={props.formErrors}
        submitLabel={t("users.passwordSubmit")}
        cancelHref={`/settings/users/${user.id}`}
      />
    </AppLayout>
  );
}
