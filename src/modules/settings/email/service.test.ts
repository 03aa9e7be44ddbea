/** Settings → E-mail's rules (docs/decisions/081-sending-documents.md): the sender, what is stored of a template, the refusals. */
import { describe, expect, test } from "bun:test";
import { mailSettings } from "@db/schema";
import { AppError } from "@/lib/errors";
import { useTestDatabase } from "../../../../tests/helpers/service";
import { saveOfferCompany } from "../../../../tests/helpers/fence-offer";
import { defaultMailTemplate, getMailSettings, mailSender, saveMailSettings } from "./service";

const t = useTestDatabase();

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.fields;
    throw error;
  }
  throw new Error("not refused");
};

describe("mail settings", () => {
  test("before a save: no sender (sending refused), then the company's name and e-mail; the defaults", async () => {
    expect(await refusal(mailSender({ ctx: t.ctx }))).toEqual({});
    await saveOfferCompany(t.db);
    expect(await mailSender({ ctx: t.ctx })).toEqual({ name: "Ploty Ťuhýk s.r.o.", address: "obchod@ploty-tuhyk.cz" });
    const settings = await getMailSettings({ ctx: t.ctx });
    expect(settings.saved).toBe(false);
    expect(settings.templates.creditNote.en).toEqual({ ...defaultMailTemplate("creditNote", "en"), custom: false });
  });

  test("a template equal to its default or blank is not stored; a changed one is; refusals by field", async () => {
    const input = {
      senderName: " Fakturace ",
      senderAddress: "fakturace@ploty-tuhyk.cz",
      "offer.cs.subject": defaultMailTemplate("offer", "cs").subject,
      "offer.cs.body": "",
      "invoice.en.subject": "Invoice {{documentNumber}}",
    };
    const saved = await saveMailSettings({ ctx: t.ctx, input });
    expect(saved.senderName).toBe("Fakturace");
    const [row] = await t.db.select().from(mailSettings);
    expect(row!.templates).toEqual({ invoice: { en: { subject: "Invoice {{documentNumber}}", body: "" } } });
    expect(saved.templates.invoice.en).toEqual({ subject: "Invoice {{documentNumber}}", body: defaultMailTemplate("invoice", "en").body, custom: true });

    const fields = await refusal(
      saveMailSettings({ ctx: t.ctx, input: { senderName: "", senderAddress: "fakturace@", "proforma.cs.subject": "Záloha {{částka}}", "reminder.en.body": "x".repeat(10_001) } }),
    );
    expect(Object.keys(fields).sort()).toEqual(["proforma.cs.subject", "reminder.en.body", "senderAddress", "senderName"]);
    expect(fields["proforma.cs.subject"]!.key).toBe("emailSettings.unknownPlaceholder");
    expect(fields["reminder.en.body"]).toEqual({ key: "validation.maxLength", values: { max: 10_000 } });
  });
});
