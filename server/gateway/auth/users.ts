import { z } from 'zod';
import { ROLES, type Role } from '../../../contract';
import { sql } from 'kysely';
import { isUniqueViolation, type EventBus, type GatewayDb, type Kdb } from '../db';
import { PASSWORD_RULE, hashPassword } from './passwords';
import { sessionsEnded } from './events';

export interface User {
  id: number;
  username: string;
  displayName: string;
  role: Role;
  disabled: boolean;
  demo: boolean;
  createdAt: number;
  updatedAt: number;
}

interface UserRow {
  id: number;
  username: string;
  display_name: string;
  role: Role;
  password_hash: string;
  disabled: number;
  demo: number;
  created_at: number;
  updated_at: number;
}

export const usernameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, 'username must be 3–32 letters, digits, dots, dashes or underscores');
export const passwordSchema = z
  .string()
  .min(PASSWORD_RULE.min, `password must be at least ${PASSWORD_RULE.min} characters`)
  .max(PASSWORD_RULE.max, `password must be at most ${PASSWORD_RULE.max} characters`);
export const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` });

export const newUserSchema = z
  .object({
    username: usernameSchema,
    displayName: z.string().trim().min(1, 'display name is required').max(64, 'display name is at most 64 characters'),
    role: roleSchema,
    password: passwordSchema,
  })
  .strict();

export const userPatchSchema = z
  .object({
    displayName: z.string().trim().min(1).max(64).optional(),
    role: roleSchema.optional(),
    disabled: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'nothing to change');

const toUser = (r: UserRow): User => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  role: r.role,
  disabled: r.disabled === 1,
  demo: r.demo === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Usernames are matched whatever their case (an index on lower(username) in both dialects). */
const byName = (username: string) => sql<boolean>`lower(username) = ${username.trim().toLowerCase()}`;

export class UserStore {
  private readonly db: Kdb;
  constructor(
    db: GatewayDb | Kdb,
    private readonly now: () => number = Date.now,
  ) {
    this.db = 'kysely' in db ? db.kysely : db;
    this.bus = 'kysely' in db ? db.bus : undefined;
  }

  /** Sessions deleted here are said on it: every gateway forgets what it had read of them (auth/sessions.ts). */
  private readonly bus: EventBus | undefined;

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async list(): Promise<User[]> {
    return (await this.db.selectFrom('users').selectAll().orderBy('username').execute()).map(toUser);
  }

  async byId(id: number): Promise<User | undefined> {
    const r = await this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return r && toUser(r);
  }

  /** The user and their password hash, for signing in. */
  async credentials(username: string): Promise<{ user: User; hash: string } | undefined> {
    const r = await this.db.selectFrom('users').selectAll().where(byName(username)).executeTakeFirst();
    return r && { user: toUser(r), hash: r.password_hash };
  }

  async create(input: z.input<typeof newUserSchema>, opts: { demo?: boolean } = {}): Promise<User> {
    const u = newUserSchema.parse(input);
    const taken = () => new UserError(`The username "${u.username}" is taken.`, 'taken', 'username');
    if (await this.credentials(u.username)) throw taken();
    const hash = await (opts.demo ? demoHash(u.password) : hashPassword(u.password));
    const at = this.now();
    try {
      const row = await this.db
        .insertInto('users')
        .values({
          username: u.username,
          display_name: u.displayName,
          role: u.role,
          password_hash: hash,
          demo: opts.demo ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toUser(row);
    } catch (e) {
      // Two requests for one name at once: the unique index decides, the loser hears "taken".
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
  }

  async update(id: number, patch: z.input<typeof userPatchSchema>, actingUserId: number): Promise<User> {
    const p = userPatchSchema.parse(patch);
    const user = (await this.byId(id)) ?? fail('There is no such user.');
    if (id === actingUserId && (p.disabled === true || (p.role && p.role !== 'admin'))) {
      throw new UserError('You cannot disable yourself or take away your own admin role.', 'self_change');
    }
    if (user.role === 'admin' && (p.disabled === true || (p.role && p.role !== 'admin')) && (await this.activeAdmins()) <= 1) {
      throw new UserError('This is the last active admin; make another admin first.', 'last_admin');
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          updated_at: this.now(),
          ...(p.displayName !== undefined && { display_name: p.displayName }),
          ...(p.role !== undefined && { role: p.role }),
          ...(p.disabled !== undefined && { disabled: p.disabled ? 1 : 0 }),
        })
        .where('id', '=', id)
        .execute();
      // A disabled person or a changed role starts over with a new session.
      if (p.disabled || p.role) await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    });
    if (p.disabled || p.role) await sessionsEnded(this.bus, id);
    return (await this.byId(id))!;
  }

  async setPassword(id: number, password: string): Promise<void> {
    const pw = passwordSchema.parse(password);
    if (!(await this.byId(id))) fail('There is no such user.');
    const hash = await hashPassword(pw);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: hash, demo: 0, updated_at: this.now() }).where('id', '=', id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    });
    await sessionsEnded(this.bus, id);
  }

  async demoUsers(): Promise<User[]> {
    return (await this.list()).filter((u) => u.demo && !u.disabled);
  }

  private async activeAdmins(): Promise<number> {
    const r = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'admin')
      .where('disabled', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}

/** A refusal of the users store; `rule` (and `field`) let the SPA word it in the person's language. */
export class UserError extends Error {
  override name = 'UserError';
  constructor(
    message: string,
    readonly rule: 'taken' | 'self_change' | 'last_admin' | 'not_found',
    readonly field?: string,
  ) {
    super(message);
  }
}
const fail = (msg: string): never => {
  throw new UserError(msg, 'not_found');
};

/**
 * A demo password's hash, made once per process: the demo passwords are published (README, sign-in
 * page), so a salt shared by the databases one process seeds hides nothing, and each new database
 * (every gateway test starts one) no longer pays four scrypt runs of about 45 ms.
 */
const demoHashes = new Map<string, Promise<string>>();
function demoHash(password: string): Promise<string> {
  let hash = demoHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hash.catch(() => demoHashes.delete(password));
    demoHashes.set(password, hash);
  }
  return hash;
}

/** One demo person per role in sandbox mode; README and the sign-in page list them. */
export const DEMO_USERS: { username: string; displayName: string; role: Role; password: string }[] = [
  { username: 'merchant', displayName: 'Mia Merchant', role: 'merchant', password: 'merchant-demo' },
  { username: 'support', displayName: 'Sam Support', role: 'support', password: 'support-demo' },
  { username: 'manager', displayName: 'Max Manager', role: 'manager', password: 'manager-demo' },
  { username: 'admin', displayName: 'Ada Admin', role: 'admin', password: 'admin-demo-1' },
];
