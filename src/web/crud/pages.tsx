import { Hono } from "hono";
import type { ReactNode } from "react";
import type { z } from "zod";
import { AppLayout } from "@views/layouts/app-layout";
import { DataTable, type TableColumn, type TableState } from "@views/components/data-table";
import { EntityForm, type FormField, type FormValues, formToInput } from "@views/components/form";
import { Icon } from "@views/components/icons";
import type { Ctx } from "@/lib/context";
import type { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { type T, translateMessage } from "@/lib/i18n";
import { flash, preloadLayout, renderFragment, renderPage } from "../render";
import { isHtmx } from "@/lib/http/htmx";
import { filterKeysOf, listInputFromQuery } from "@/lib/crud/list-query";
import type { CrudService, ListInput } from "@/lib/crud/service";
import { idParam } from "@/lib/http/request";
import { formState, isRefusal, withFormErrors } from "../form-state";

export interface CrudPagesConfig<TEntity extends { id: number }> {
  /** Page route of the list, e.g. `/products/dph`. */
  path: string;
  /** i18n prefix: `${prefix}.title` and `${prefix}.entity` must exist. */
  i18n: string;
  service: CrudService<z.ZodType, TEntity>;
  /** The table's columns; unused when `list.view` draws the list page itself. */
  columns?: (t: T) => TableColumn<TEntity>[];
  fields: (args: { t: T; ctx: Ctx; entity: TEntity | null }) => FormField[] | Promise<FormField[]>;
  /** Values of a new record's form; a function reads them from the request (e.g. `?parentCategoryId=`). */
  defaults?: FormValues | ((c: AppContext) => FormValues);
  /** Where a successful update goes: back to the list (e-shops) or the same form. */
  afterUpdate?: "list" | "stay";
  /** Where a successful delete goes; the list path unless the spec names another spelling of it. */
  afterDelete?: string;
  /** Where the add button and id links point; `:id` routes serving new are spelled `${path}/new` anyway. */
  newPath?: string;
  /** Extras of the list page: a column beside the table (a tree filter) and filters it sets. */
  list?: {
    aside?: (c: AppContext, state: TableState) => ReactNode | Promise<ReactNode>;
    hiddenFilters?: string[];
    /** Shown below the table on the whole page (a related list, a live-update script). */
    after?: (c: AppContext, state: TableState) => ReactNode | Promise<ReactNode>;
    /** Draws the whole list page instead of the table (e.g. the category tree). */
    view?: (c: AppContext) => Response | Promise<Response>;
  };
  /** false: the module renders its own new/edit pages (e.g. a tabbed editor) and only lists here. */
  form?: boolean;
  /** Shown below a saved record's form (what refers to it, e.g. a customer's orders). */
  formAfter?: (c: AppContext, entity: TEntity) => ReactNode | Promise<ReactNode>;
}

/** Reads list state from the query: paging, sort, and every other key as a column filter. */
/**
 * List, new, edit and delete pages of one entity, built only from the shared table and form.
 * Form posts validate with the module's schema (the API's), then redirect with a flash toast.
 */
export function crudPages<TEntity extends { id: number }>(config: CrudPagesConfig<TEntity>): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const { path, service } = config;
  const tableId = `list-${config.i18n}`;
  const newPath = config.newPath ?? `${path}/new`;
  const filterKeys = filterKeysOf(service.listFields);

  const listView = async (c: AppContext) => {
    const t = c.get("t");
    const input = listInputFromQuery(c.req.query(), filterKeys);
    const wholePage = !(isHtmx(c) && c.req.header("HX-Target") === tableId);
    if (wholePage) preloadLayout(c);
    const { rows, meta } = await service.list({ ctx: c.get("ctx"), input });
    const state: TableState = { page: input.page, size: input.size, sort: meta.sort, filters: input.filters };
    const columns = config.columns?.(t) ?? [];
    const table = (
      <DataTable
        id={tableId}
        basePath={path}
        columns={columns}
        rows={rows}
        meta={meta}
        state={state}
        rowKey={(row) => row.id}
        hiddenFilters={config.list?.hiddenFilters}
      />
    );
    if (!wholePage) return renderFragment(c, table);
    const aside = config.list?.aside ? await config.list.aside(c, state) : null;
    const after = config.list?.after ? await config.list.after(c, state) : null;
    return renderPage(
      c,
      <AppLayout
        title={t(`${config.i18n}.title`)}
        actions={
          <a className="button button-primary" href={newPath}>
            <Icon name="plus" /> {t("action.add")}
          </a>
        }
      >
        {aside ? (
          <div className="list-with-aside">
            <aside className="list-aside">{aside}</aside>
            <div className="list-main">{table}</div>
          </div>
        ) : (
          table
        )}
        {after}
      </AppLayout>,
    );
  };

  const formView = async (
    c: AppContext,
    entity: TEntity | null,
    init: { values?: FormValues; error?: AppError } = {},
  ) => {
    const t = c.get("t");
    const fields = await config.fields({ t, ctx: c.get("ctx"), entity });
    const defaults = typeof config.defaults === "function" ? config.defaults(c) : config.defaults;
    const values = init.values ?? (entity as FormValues | null) ?? defaults ?? {};
    const { errors, formErrors, answer } = formState(c, init.error, fields.map((f) => f.name));
    const title = t(entity ? "form.editTitle" : "form.newTitle", { entity: t(`${config.i18n}.entity`) });
    const action = entity ? `${path}/${entity.id}` : newPath;
    const after = entity && config.formAfter ? await config.formAfter(c, entity) : null;
    return renderPage(
      c,
      <AppLayout title={title}>
        <EntityForm
          action={action}
          fields={fields}
          values={entity && init.values ? { ...init.values, id: entity.id } : values}
          errors={errors}
          formErrors={formErrors}
          deleteAction={entity ? `${path}/${entity.id}/delete` : undefined}
          cancelHref={path}
        />
        {after}
      </AppLayout>,
      answer,
    );
  };

  const postedInput = async (c: AppContext, entity: TEntity | null) => {
    const body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    const fields = await config.fields({ t: c.get("t"), ctx: c.get("ctx"), entity });
    return { raw: body, input: formToInput(fields, body) };
  };

  router.get(path, config.list?.view ?? listView);
  if (config.form === false) return router;

  router.get(newPath, (c) => formView(c, null));
  router.post(newPath, async (c) => {
    const { raw, input } = await postedInput(c, null);
    return withFormErrors(async () => {
      await service.create({ ctx: c.get("ctx"), input });
      flash(c, "success", "CREATED");
      return c.redirect(path, 303);
    }, (error) => formView(c, null, { values: raw, error }));
  });

  router.get(`${path}/:id{[0-9]+}`, async (c) => formView(c, await service.get({ ctx: c.get("ctx"), input: { id: idParam(c) } })));
  router.post(`${path}/:id{[0-9]+}`, async (c) => {
    const id = idParam(c);
    const entity = await service.get({ ctx: c.get("ctx"), input: { id } });
    const { raw, input } = await postedInput(c, entity);
    return withFormErrors(async () => {
      await service.update({ ctx: c.get("ctx"), input: { id, values: input } });
      flash(c, "success", "UPDATED");
      return c.redirect(config.afterUpdate === "list" ? path : `${path}/${id}`, 303);
    }, (error) => formView(c, entity, { values: raw, error }));
  });

  router.post(`${path}/:id{[0-9]+}/delete`, async (c) => {
    const id = idParam(c);
    try {
      await service.remove({ ctx: c.get("ctx"), input: { id } });
    } catch (error) {
      if (isRefusal(error)) {
        const t = c.get("t");
        for (const message of error.messages) flash(c, "fail", translateMessage(t, message));
        return c.redirect(`${path}/${id}`, 303);
      }
      throw error;
    }
    flash(c, "success", "DELETED");
    return c.redirect(config.afterDelete ?? path, 303);
  });

  return router;
}

export type { ReactNode };
