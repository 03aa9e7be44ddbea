import { EDITOR_CATEGORIES_PATH } from "@/modules/settings/editor-categories/schemas";
import { EntityForm, type FormField, type FormValues } from "../components/form";
import { AppLayout } from "../layouts/app-layout";
import { useView } from "../view-context";

/** docs/domain.md#editor-categories: a category tree per picker of the items editor; saved as a whole. */
export function EditorCategoriesPage(props: { fields: FormField[]; values: FormValues; errors?: Record<string, string>; formErrors?: string[] }) {
  const { t } = useView();
  return (
    <AppLayout title={t("editorCategories.title")}>
      <p className="page-intro">{t("editorCategories.intro")}</p>
      <EntityForm action={EDITOR_CATEGORIES_PATH} fields={props.fields} values={props.values} errors={props.errors} formErrors={props.formErrors} submitLabel={t("editorCategories.save")} />
    </AppLayout>
  );
}
