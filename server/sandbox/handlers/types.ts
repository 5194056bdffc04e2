import type { OpData, OpId, OpParsedInput } from '../../../contract';
import type { DB } from '../../lib/db';
import type { SandboxConfig } from '../config';
import type { World } from '../world';

export interface HandlerContext {
  db: DB;
  config: SandboxConfig;
  /** Base URL of the sandbox's own images, e.g. http://127.0.0.1:8790/images */
  imageBase: string;
  /** The sandbox clock, Unix seconds. */
  nowSec: () => number;
  world: World;
}

export type Handler<K extends OpId> = (input: OpParsedInput<K>, ctx: HandlerContext) => OpData<K>;
export type Handlers = { [K in OpId]?: Handler<K> };
