import { createInterface } from 'node:readline/promises';
import { ROLES, type Role } from '../../../contract';
import { ConfigError } from '../../lib/env';
import { gatewayConfigFromEnv, gatewayDbOptions } from '../config';
import { openGatewayDb } from '../db';
import { UserError, UserStore } from './users';

/**
 * `npm run user:add -- <username> <role> [display name]`: creates a user in DATA_DIR's gateway
 * database. The password is read from USER_PASSWORD or asked for (it is never an argument, so it
 * stays out of shell history and process lists).
 */
async function main() {
  const [username, role, ...name] = process.argv.slice(2);
  if (!username || !role || !(ROLES as readonly string[]).includes(role)) {
    console.error(`Usage: npm run user:add -- <username> <${ROLES.join('|')}> [display name]`);
    process.exit(2);
  }
  const config = gatewayConfigFromEnv();
  let password = process.env.USER_PASSWORD ?? '';
  if (!password) {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question(`Password for ${username} (10+ characters): `);
    rl.close();
  }
  const db = await openGatewayDb(gatewayDbOptions(config));
  try {
    const user = await new UserStore(db).create({ username, role: role as Role, displayName: name.join(' ') || username, password });
    console.log(`Created ${user.role} "${user.username}" in ${db.where}.`);
  } finally {
    await db.close();
  }
}

main().catch((e: unknown) => {
  const msg =
    e instanceof ConfigError || e instanceof UserError
      ? e.message
      : e instanceof Error && e.name === 'ZodError'
        ? (e as unknown as { issues: { message: string }[] }).issues.map((i) => i.message).join('; ')
        : null;
  if (msg) {
    console.error(msg);
    process.exit(1);
  }
  throw e;
});
