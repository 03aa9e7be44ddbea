/**
 * A migration, once released, is never edited (docs/decisions/067-backup-and-restore.md): databases
 * and backups out there have it applied, and drizzle knows a migration by its journal time and the
 * SHA-256 of its SQL. Each released migration is listed here; adding one means adding its line
 * (the failure prints it).
 */
import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import journal from "./migrations/meta/_journal.json";

/** [tag, the journal's `when`, SHA-256 of the SQL file]. */
const RELEASED: [tag: string, when: number, sha256: string][] = [
  ["0000_init", 1795321396714, "50bd3a21b1d8ed858d5549e6145ae24579e898bc47a9a6cebd3ab95ceb1e8389"],
  ["0001_extensions", 1795322371397, "fc27e97b9a61877f7f59d59a69c8c0bd2cd3271bc44b9f208800ed458d18a10b"],
  ["0002_catalogue_and_baskets", 1795322373132, "9d249d4d9dc1613bfc1a565ccdb2e8a287bd3c8256aa399459e5010d84343b4a"],
  ["0003_unique_names", 1795323082836, "e027779a00c08ddc5a995c13782cd3312d5bbc17f8c5be0c29fb8723d8721832"],
  ["0004_reference_data", 1795323787403, "56f7a7ec2d13ebf54219ad9f562750e6984f7ab4f2018ef750c17781813f8086"],
  ["0005_product_name_sort", 1795324967119, "5a055d8bbf35d7a8b86f6ae66c7257604cb2313b71db22f51ae08923404bd60a"],
  ["0006_fence_orders", 1795327012832, "b4c963488c92f8fb685e7e0c5ce7900ce719cbb54d1d77fb04fd7da3bda07ec8"],
  ["0007_fence_orders_deadline", 1795328274871, "0091b54332af2ecb27072411cf960deca3f340ca50ef12a532e867f3e63eca1f"],
  ["0008_order_items_covering", 1795329000199, "90d46f6ce6263251a78850bb4deef3ee93489d76b3347abf594b5c210148f467"],
  ["0009_product_search_name", 1795332040337, "cb8f56b28c0d4b6c8aecca0a6372caea454a9ed9dee06433b868a637d3699905"],
  ["0010_czech_sort_keys", 1795333503373, "734f8b881ee304d83827e440905bd6120a9835171acbbcb02cb173f5c6fbc9ad"],
  ["0011_unique_names_phone_lookup", 1795499811872, "1ec6a90bc92e7d5bc89c68fd2da5c3ac7793ce214075d43a6a410aa4390db830"],
  ["0012_login_attempts_by_ip", 1795500541551, "1a549b5cae7e91090d224b4266fc392a4c199d7c70e2713dc44fadebd4ae65c9"],
  ["0013_items_tab", 1795502019314, "87bc8460d9132ff1620574ae8742ec0e030909a237a1be67cf245d5d582a4384"],
  ["0014_company_identity_offer_cache", 1795508322539, "1abc0d45be7148fc153927fc4440fd32c225c1c84da6fa66c8733116323556cf"],
  ["0015_order_material", 1795510214471, "2241dfc7af55b7be3976c1936aa80cf06c04e4f8aa959a10ccba14993e2b0c12"],
  ["0016_warehouse_stock", 1795511206392, "afefb853fe66d38a5fc104829df3e7607bc2d025d6456eb4598a89477c512bd1"],
  ["0017_items_version", 1795715103719, "a534a0347a0c0ea1fee28b7c5af01a59f18cf998f83e80e7de1168000a69d2d4"],
  ["0018_idempotency_keys_created_at", 1795718593644, "b7b096bdb9578ce48894c98f59660c282dc329e1995930e5638a05457f719fe5"],
  ["0019_category_parameter_role", 1795719345650, "aa459733a4ccd4c45f4f89d36d9a52f112f534b0354bad774482fbef0a3015f0"],
  ["0020_category_parameter_role_by_name", 1795719355776, "fe7ec6b1a1fb051075c5262b9387979b7804012aecfdb85212ff04a7ba22f72e"],
  ["0021_invoices", 1795737320755, "3138a473b5cebe3c2c8426a99e0cc617df8e5776122f552795219cecfd5ddb04"],
  ["0022_background_jobs", 1795739012961, "722644333053d262856d443d49ed8a036746493c86adebb3f1d985d01ce31ce0"],
  ["0023_document_logos", 1795753138828, "2bf6a57120c98bebecdeaad8131d23aeaf194af10eaec5c6883c560368db16cb"],
  ["0024_planning", 1795754450433, "2072db95c747093fc57656496301e0c770b1882e3f9cc4c7cfe7878700fd21d7"],
  ["0025_kiosk", 1795755789094, "fdc683b94e3b2e3774b3e95ad88373bbc14ab616f733f22af19f3eb539dd03e8"],
  ["0026_rack_scale_feed", 1795762948280, "027f46daedf6abc97871f407b3cb9a18c2fda4a50a393b302362054418261f43"],
  ["0027_product_active", 1795763337151, "3ebc390999ab85fe4dc6602eb1bd9c2c578e7467b254d80c0d8df1884047cb22"],
  ["0028_editor_category_roles", 1795764332364, "9edd8e1c8f65a6ab9dc7c39f323ebfc0c546b50ded9b2b53e04efebaec1f6e6a"],
  ["0029_material_without_services", 1795768268523, "f5c4b04c28d3baeaaa431c02d47db9b04174bb64f90254e50f22110a9561fa7e"],
  ["0030_kiosk_scan_max_age", 1795896731849, "bb15896adc2a728fc4be07bb6e512cd78d89872d376c9c9d5f6614486d5093cc"],
  ["0031_backup_settings", 1795903650863, "ed3d0ca8c196c30dd0e9d27a5d35f98e37fb9245fc636f4abecfc6c49a64c75d"],
  ["0032_customers", 1795907684869, "5fd5d34e8715d0fecee48393d18d8c3f6de52d8a2baab373730aa6a19b4db0db"],
  ["0033_imports", 1795908779949, "2d163a5e3f0ba9b456a25c5fb4c4439e99b1966437fc3d52557d42abf10ace75"],
  ["0034_job_cancel_phase_output", 1795912959584, "3eb9d9cf55901281b8be642175e0acaf97af52a764f5e03574b6ece18f925111"],
  ["0035_bank_statements", 1795913616584, "8be653fc15d6dc775a02615ad2eddf75e71429beb00ab9b0d71fa1bb0bde3c32"],
  ["0036_invoice_reminders", 1795914898761, "8beaf05a107daf6b880cc190bbb5b7e6373e4c746b4b17990c59669552e794f9"],
  ["0037_mail_sending", 1795915167373, "abe4d115967dc34b1e45f014afaf0ec6f42734308bb68ea29087696c402be3cb"],
];

const folder = join(import.meta.dir, "migrations");
const line = (tag: string, when: number) => `["${tag}", ${when}, "${createHash("sha256").update(readFileSync(join(folder, `${tag}.sql`))).digest("hex")}"]`;

test("every migration in the journal is a released one, unchanged, in order", () => {
  const current = journal.entries.map((entry) => line(entry.tag, entry.when));
  const released = RELEASED.map(([tag, when, sha256]) => `["${tag}", ${when}, "${sha256}"]`);
  // A released migration edited, removed or moved shows as a changed line; a new one as an extra line to add above.
  expect(current.slice(0, released.length)).toEqual(released);
  expect(current.slice(released.length), "new migrations: add these lines to RELEASED").toEqual([]);
});

test("the migrations folder holds exactly the journal's SQL files", () => {
  const files = readdirSync(folder).filter((name) => name.endsWith(".sql")).sort();
  expect(files).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`).sort());
});
