import type { Role } from '../contract';
import type { createBffApp } from '../server/gateway/app';
import { SESSION_COOKIE } from '../server/gateway/http/context';

/**
 * A person of a role signed in to the bare /bff app (a bench's gateway in its own process): the
 * Cookie header to send. test/bff-client's signIn is for Vitest only.
 */
export async function benchSignIn(bff: ReturnType<typeof createBffApp>, role: Role = 'merchant'): Promise<string> {
  const username = `bench-${role}-${Date.now().toString(36)}`;
  const password = 'bench-password-1234';
  await bff.users.create({ username, displayName: username, role, password });
  const res = await bff.app.request('/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const session = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error(`bench sign-in failed: ${res.status}`);
  return `${SESSION_COOKIE}=${session}`;
}
