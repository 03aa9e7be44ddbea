import { Hono } from "hono";
import { crudPages } from "@/web/crud/pages";
import { formState, withFormErrors } from "@/web/form-state";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import type { T } from "@/lib/i18n";
import { flash, renderPage } from "@/web/render";
import { readSessionToken } from "@/lib/http/session-cookie";
import { type FormField, formToInput } from "@views/components/form";
import { GeneratedPasswords, UserPasswordPage } from "@views/settings/users-password";
import { showOnNextPage, takeSecrets } from "./one-time-cookie";
import { accountLabel, resetUserPassword, userService } from "./service";
import type { User } from "./schemas";

const PATH = "/settings/users";

const passwordFields = (t: T, creating: boolean): FormField[] => [
  { name: "password", label: t(creating ? "users.password" : "users.newPassword"), kind: "password", autoComplete: "new-password", maxLength: 200, hint: t("users.passwordHint") },
  { name: "generatePassword", label: t("users.generatePassword"), kind: "checkbox", hint: t("users.generateHint") },
];

/** /settings/users: list, new, edit, delete over the shared pieces; generated passwords show once beside the list. */
const crud = crudPages<User>({
  path: PATH,
  i18n: "users",
  service: userService,
  afterUpdate: "list",
  defaults: { active: true, isAdmin: false },
  columns: (t) => [
    { key: "id", label: t("users.id"), filter: "number", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.id}</a> },
    { key: "name", label: t("users.name"), filter: "text", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.name}</a> },
    { key: "email", label: t("users.email"), filter: "text", sortable: true },
    { key: "kioskCardCode", label: t("users.kioskCardCode"), filter: "text", sortable: true },
    { key: "isAdmin", label: t("users.isAdmin"), filter: "boolean", sortable: true, align: "center" },
    { key: "active", label: t("users.active"), filter: "boolean", sortable: true, align: "center" },
  ],
  fields: ({ t, entity }) => [
    ...(entity ? [{ name: "id", label: t("users.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "firstName", label: t("users.firstName"), kind: "text", required: true, autoFocus: true, maxLength: 100 },
    { name: "lastName", label: t("users.lastName"), kind: "text", required: true, maxLength: 100 },
    { name: "email", label: t("users.email"), kind: "email", required: true, maxLength: 200, autoComplete: "off" },
    { name: "kioskCardCode", label: t("users.kioskCardCode"), kind: "text", maxLength: 40, autoComplete: "off", hint: t("users.kioskCardCodeHint") },
    { name: "isAdmin", label: t("users.isAdmin"), kind: "checkbox" },
    { name: "active", label: t("users.active"), kind: "checkbox", hint: t("users.activeHint") },
    ...(entity
      ? [
          {
            name: "passwordReset",
            label: t("users.password"),
            kind: "custom" as const,
            render: () => (
              <a className="button" href={`${PATH}/${entity.id}/password`}>
                {t("users.resetPassword")}
              </a>
            ),
          },
        ]
      : passwordFields(t, true)),
  ],
  list: {
    aside: (c) => {
      const secrets = takeSecrets(c, "password");
      return secrets.length ? <GeneratedPasswords secrets={secrets} /> : null;
    },
  },
});

/** The password reset page of one user (linked from the edit form). */
async function passwordPage(c: AppContext, id: number, failure?: { error: AppError; values: Record<string, unknown> }) {
  const t = c.get("t");
  const user = await userService.get({ ctx: c.get("ctx"), input: { id } });
  const fields = passwordFields(t, false);
  const { errors, formErrors, answer } = formState(c, failure?.error, fields.map((field) => field.name));
  const page = <UserPasswordPage user={user} fields={fields} values={failure?.values ?? {}} errors={errors} formErrors={formErrors} />;
  return renderPage(c, page, answer);
}

export const usersPages = new Hono<AppEnv>();

usersPages.get(`${PATH}/:id{[0-9]+}/password`, (c) => passwordPage(c, idParam(c)));

usersPages.post(`${PATH}/:id{[0-9]+}/password`, async (c) => {
  const id = idParam(c);
  const ctx = c.get("ctx");
  const user = await userService.get({ ctx, input: { id } });
  const body = (await c.req.parseBody()) as Record<string, unknown>;
  const values = formToInput(passwordFields(c.get("t"), false), body);
  return withFormErrors(
    async () => {
      const keepToken = readSessionToken(c)?.token;
      const { generatedPassword } = await resetUserPassword({ ctx, input: { id, values, keepToken }, cost: c.get("deps").passwordCost });
      if (generatedPassword) showOnNextPage(c, [{ kind: "password", id, label: accountLabel(user), value: generatedPassword }]);
      flash(c, "success", c.get("t")("users.passwordChanged", { name: user.name }));
      return c.redirect(PATH, 303);
    },
    (error) => passwordPage(c, id, { error, values: { generatePassword: values.generatePassword } }),
  );
});

usersPages.route("/", crud);
