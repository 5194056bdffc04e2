import type { Generated, Migration } from 'kysely';
import { columnTypes } from '../db/dialect';

/** The inbox's tables, added to the gateway's by module augmentation (server/gateway/db/tables.ts). */
declare module '../db/tables' {
  interface GatewayTables {
    messages: MessagesTable;
    message_reads: MessageReadsTable;
    message_prefs: MessagePrefsTable;
  }
}

export interface MessagesTable {
  /** Order of arrival in this inbox: the SSE event id and the replay cursor. */
  seq: Generated<number>;
  /** The upstream's id: a repeated push with the same id is ignored. */
  id: string;
  type: string;
  /** orders | afterSale | goods | unknown (who may see it follows MESSAGE_GROUP_ROLES). */
  grp: string;
  data: string;
  pushed_ms: number | null;
  received_ms: number;
  /** The merchant order number of order and after-sale messages. */
  order_sn: string | null;
  /** JSON MessageRefs once the effects ran; null until then. */
  refs: string | null;
  link_attempts: Generated<number>;
}

export interface MessageReadsTable {
  user_id: number;
  seq: number;
  read_at: number;
}

/**
 * The inbox's old per-person low-profit threshold. Nothing reads or writes it any more: the flag
 * follows the goods watch's minimum profit rate (`goods_rules`). Kept, not dropped, so a gateway of
 * the previous version sharing the database keeps working until it is replaced.
 */
export interface MessagePrefsTable {
  user_id: number;
  low_profit_percent: number | null;
  updated_at: number;
}

/** Appended to GATEWAY_MIGRATIONS (server/gateway/db/migrations/index.ts). */
export const messagesMigrations: Record<string, Migration> = {
  '202611230215_messages_inbox': {
    async up(db) {
      const t = columnTypes(db);
      await db.schema
        .createTable('messages')
        .addColumn('seq', t.pg ? 'bigserial' : 'integer', (c) => c.primaryKey())
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('grp', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('pushed_ms', t.ms)
        .addColumn('received_ms', t.ms, (c) => c.notNull())
        .addColumn('order_sn', 'text')
        .addColumn('refs', 'text')
        .addColumn('link_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('messages_received').on('messages').columns(['received_ms']).execute();
      await db.schema.createIndex('messages_grp_seq').on('messages').columns(['grp', 'seq']).execute();
      await db.schema
        .createTable('message_reads')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('seq', t.ms, (c) => c.notNull())
        .addColumn('read_at', t.ms, (c) => c.notNull())
        .addPrimaryKeyConstraint('message_reads_pk', ['user_id', 'seq'])
        .execute();
      await db.schema.createIndex('message_reads_seq').on('message_reads').columns(['seq']).execute();
      await db.schema
        .createTable('message_prefs')
        .addColumn('user_id', 'integer', (c) => c.primaryKey())
        .addColumn('low_profit_percent', t.pg ? 'double precision' : 'real')
        .addColumn('updated_at', t.ms, (c) => c.notNull())
        .execute();
    },
    async down(db) {
      await db.schema.dropTable('message_prefs').execute();
      await db.schema.dropTable('message_reads').execute();
      await db.schema.dropTable('messages').execute();
    },
  },
};
