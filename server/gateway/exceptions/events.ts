import type { ExceptionEvent } from '../../../contract/schemas/exceptions';
import type { EventBus } from '../db';

/** Bus topic: exceptions opened, changed hands or closed (`ExceptionEvent` in contract/schemas/exceptions.ts). */
export const EXCEPTIONS_TOPIC = 'exceptions.changed';

const CAP = 200;

/** Says on the bus which exceptions opened, changed or closed (nothing when none did). Never throws. */
export async function exceptionsChanged(
  bus: EventBus | undefined,
  ids: { opened?: number[]; changed?: number[]; closed?: number[] },
  log: (line: string) => void = () => {},
): Promise<void> {
  const opened = ids.opened ?? [];
  const changed = ids.changed ?? [];
  const closed = ids.closed ?? [];
  if (!bus || opened.length + changed.length + closed.length === 0) return;
  const more = opened.length > CAP || changed.length > CAP || closed.length > CAP;
  const event: ExceptionEvent = {
    opened: opened.slice(0, CAP),
    changed: changed.slice(0, CAP),
    closed: closed.slice(0, CAP),
    ...(more ? { more } : {}),
  };
  await bus.publish(EXCEPTIONS_TOPIC, event).catch((e: unknown) => log(`[exceptions] bus: ${e instanceof Error ? e.message : String(e)}`));
}
