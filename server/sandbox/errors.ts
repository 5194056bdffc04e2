/** A refusal the sandbox answers with `code: 0` and this msg, as the real service does (upstream-api.md §12). */
export class SandboxError extends Error {
  override name = 'SandboxError';
}

export const fail = (msg: string): never => {
  throw new SandboxError(msg);
};
