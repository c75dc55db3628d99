// npm run admin:create -- --email you@example.com [--role admin|support|analyst|member]
// Gives an existing member a staff role while there is no admin yet (the first admin cannot be made
// from the web); afterwards roles are given in the back office, admin with two admins (ADR 0081).
// The back-office still refuses staff until they turn on two-factor sign-in (ADR 0053).
import { parseArgs } from "node:util";
import { getConfig } from "../app/config.server.ts";
import { openDatabase } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";
import { firstAdminRefusal, grantRole } from "../app/domain/payments/admin-role.server.ts";
import { ROLES, type Role } from "../app/domain/payments/permissions.ts";

const { values } = parseArgs({
  options: { email: { type: "string" }, role: { type: "string", default: "admin" } },
});
if (!values.email || !(ROLES as readonly string[]).includes(values.role ?? "")) {
  console.error(
    "Usage: npm run admin:create -- --email you@example.com [--role admin|support|analyst|member]",
  );
  process.exit(2);
}
const config = getConfig();
try {
  const database = await openDatabase(config.database);
  try {
    await migrateDatabase(database);
    const refusal = await firstAdminRefusal(database.db);
    const result = refusal
      ? { ok: false as const, message: refusal }
      : await grantRole(database.db, values.email, values.role as Role);
    if (!result.ok) {
      console.error(result.message);
      process.exitCode = 1;
    } else {
      console.log(`${result.email} is now ${result.role}.`);
      if (!result.twoFactorEnabled) {
        console.log(
          "Two-factor sign-in is off: the back-office stays closed until they turn it on in Settings.",
        );
      }
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`admin:create failed: ${(error as Error).message}`);
  process.exit(1);
}
