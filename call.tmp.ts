import { signHeaders } from './server/signing';
const [method, path, body, q] = process.argv.slice(2);
const query = q ? Object.fromEntries(new URLSearchParams(q)) : undefined;
const h = signHeaders({ appKey: 'sandbox-app-key', appSecret: 'sandbox-app-secret-change-me', body: body ?? '', query });
const { request } = await import('undici');
const r = await request(`http://127.0.0.1:8911${path}${q ? '?' + q : ''}`, { method: method as 'GET', headers: { ...h, 'content-type': 'application/json' }, body: body || undefined });
console.log(r.statusCode, (await r.body.text()).slice(0, 1500));
