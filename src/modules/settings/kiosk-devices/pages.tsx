import { Hono } from "hono";
import { publicOrigin } from "@/lib/http/origin";
import { crudPages } from "@/web/crud/pages";
import { AppError } from "@/lib/errors";
import type { AppContext, AppEnv } from "@/lib/hono-env";
import { idParam } from "@/lib/http/request";
import { translateMessage } from "@/lib/i18n";
import { flash } from "@/web/render";
import { formatInstant, KioskDeviceActions, kioskStateText, PairingLinks } from "@views/settings/kiosk-devices";
import { showOnNextPage, takeSecrets } from "@/modules/settings/users/one-time-cookie";
import { type KioskDevice, PAIRING_VALID_HOURS } from "./schemas";
import { kioskDeviceService, renewKioskPairing, revokeKioskDevice } from "./service";

const PATH = "/settings/kioskDevices";

/** /settings/kioskDevices: list, new (→ the one-time pairing link beside the list), rename, delete. */
const crud = crudPages<KioskDevice>({
  path: PATH,
  i18n: "kioskDevices",
  service: kioskDeviceService,
  afterUpdate: "list",
  columns: (t) => [
    { key: "name", label: t("kioskDevices.name"), filter: "text", sortable: true, render: (row) => <a href={`${PATH}/${row.id}`}>{row.name}</a> },
    { key: "state", label: t("kioskDevices.stateLabel"), render: (row) => kioskStateText(t, row) },
    { key: "pairedAt", label: t("kioskDevices.pairedAt"), sortable: true, render: (row) => formatInstant(row.pairedAt) },
    { key: "lastSeenAt", label: t("kioskDevices.lastSeenAt"), sortable: true, render: (row) => formatInstant(row.lastSeenAt) },
    { key: "actions", label: t("kioskDevices.actions"), render: (row) => <KioskDeviceActions device={row} /> },
  ],
  fields: ({ t, entity }) => [
    ...(entity ? [{ name: "id", label: t("kioskDevices.id"), kind: "integer" as const, readOnly: true, disabled: true }] : []),
    { name: "name", label: t("kioskDevices.name"), kind: "text", required: true, autoFocus: true, maxLength: 100, hint: entity ? undefined : t("kioskDevices.nameHint") },
    ...(entity
      ? [{ name: "state", label: t("kioskDevices.stateLabel"), kind: "custom" as const, render: () => <span>{kioskStateText(t, entity)}</span> }]
      : []),
  ],
  list: {
    aside: (c) => {
      const secrets = takeSecrets(c, "pairing");
      return secrets.length ? <PairingLinks secrets={secrets} origin={publicOrigin(c)} validHours={PAIRING_VALID_HOURS} /> : null;
    },
  },
});

export const kioskDevicesPages = new Hono<AppEnv>();

/** Runs a row action, then back to the list with its toast; a refused one says why. */
async function rowAction(c: AppContext, work: () => Promise<string>) {
  const t = c.get("t");
  try {
    flash(c, "success", await work());
  } catch (error) {
    if (!(error instanceof AppError) || error.kind !== "fail") throw error;
    for (const message of error.messages) flash(c, "fail", translateMessage(t, message));
  }
  return c.redirect(PATH, 303);
}

kioskDevicesPages.post(`${PATH}/:id{[0-9]+}/revoke`, (c) =>
  rowAction(c, async () => {
    const device = await revokeKioskDevice({ ctx: c.get("ctx"), input: { id: idParam(c) } });
    return c.get("t")("kioskDevices.revoked", { name: device.name });
  }),
);

kioskDevicesPages.post(`${PATH}/:id{[0-9]+}/pairing`, (c) =>
  rowAction(c, async () => {
    const ctx = c.get("ctx");
    const { id, secret } = await renewKioskPairing({ ctx, input: { id: idParam(c) } });
    const device = await kioskDeviceService.get({ ctx, input: { id } });
    showOnNextPage(c, [{ kind: "pairing", id, label: device.name, value: secret }]);
    return c.get("t")("kioskDevices.linkCreated", { name: device.name });
  }),
);

kioskDevicesPages.route("/", crud);
