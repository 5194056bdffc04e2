import { z } from 'zod';
import { ROLES, type Role } from '../../contract';
import type { DB } from '../lib/db';
import { PASSWORD_RULE, hashPassword } from './passwords';

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

export class UserStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
  }

  list(): User[] {
    return (this.db.prepare('SELECT * FROM users ORDER BY username').all() as UserRow[]).map(toUser);
  }

  byId(id: number): User | undefined {
    const r = this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
    return r && toUser(r);
  }

  /** The user and their password hash, for signing in. */
  credentials(username: string): { user: User; hash: string } | undefined {
    const r = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username.trim()) as UserRow | undefined;
    return r && { user: toUser(r), hash: r.password_hash };
  }

  async create(input: z.input<typeof newUserSchema>, opts: { demo?: boolean } = {}): Promise<User> {
    const u = newUserSchema.parse(input);
    if (this.credentials(u.username)) throw new UserError(`The username "${u.username}" is taken.`, 'taken', 'username');
    const hash = await hashPassword(u.password);
    const at = this.now();
    const id = Number(
      this.db
        .prepare(
          'INSERT INTO users (username, display_name, role, password_hash, demo, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(u.username, u.displayName, u.role, hash, opts.demo ? 1 : 0, at, at).lastInsertRowid,
    );
    return this.byId(id)!;
  }

  update(id: number, patch: z.input<typeof userPatchSchema>, actingUserId: number): User {
    const p = userPatchSchema.parse(patch);
    const user = this.byId(id) ?? fail('There is no such user.');
    if (id === actingUserId && (p.disabled === true || (p.role && p.role !== 'admin'))) {
      throw new UserError('You cannot disable yourself or take away your own admin role.', 'self_change');
    }
    if (user.role === 'admin' && (p.disabled === true || (p.role && p.role !== 'admin')) && this.activeAdmins() <= 1) {
      throw new UserError('This is the last active admin; make another admin first.', 'last_admin');
    }
    this.db
      .prepare(
        'UPDATE users SET display_name = coalesce(?, display_name), role = coalesce(?, role), disabled = coalesce(?, disabled), updated_at = ? WHERE id = ?',
      )
      .run(p.displayName ?? null, p.role ?? null, p.disabled === undefined ? null : p.disabled ? 1 : 0, this.now(), id);
    // A disabled person or a changed role starts over with a new session.
    if (p.disabled || p.role) this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(id);
    return this.byId(id)!;
  }

  async setPassword(id: number, password: string): Promise<void> {
    const pw = passwordSchema.parse(password);
    if (!this.byId(id)) fail('There is no such user.');
    this.db
      .prepare('UPDATE users SET password_hash = ?, demo = 0, updated_at = ? WHERE id = ?')
      .run(await hashPassword(pw), this.now(), id);
    this.db.prepare('DELETE FROM sessions WHERE user_id = ?').run(id);
  }

  demoUsers(): User[] {
    return this.list().filter((u) => u.demo && !u.disabled);
  }

  private activeAdmins(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM users WHERE role = 'admin' AND disabled = 0").get() as { n: number }).n;
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

/** One demo person per role in sandbox mode; README and the sign-in page list them. */
export const DEMO_USERS: { username: string; displayName: string; role: Role; password: string }[] = [
  { username: 'merchant', displayName: 'Mia Merchant', role: 'merchant', password: 'merchant-demo' },
  { username: 'support', displayName: 'Sam Support', role: 'support', password: 'support-demo' },
  { username: 'manager', displayName: 'Max Manager', role: 'manager', password: 'manager-demo' },
  { username: 'admin', displayName: 'Ada Admin', role: 'admin', password: 'admin-demo-1' },
];
