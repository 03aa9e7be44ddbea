import { crudPages } from "@/lib/crud/pages";
import { idNameColumns, idNameFields } from "../declarations";
import { workplaceService } from "./service";

const PATH = "/timesheets/workplace";

/** Spec 02 §2 Timesheets: the workplace list and form (id, name). */
export const workplacePages = crudPages({
  path: PATH,
  i18n: "workplace",
  service: workplaceService,
  columns: (t) => idNameColumns(t, "workplace", PATH),
  fields: ({ t, entity }) => idNameFields(t, "workplace", entity),
});
