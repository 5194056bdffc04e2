/** Bus topic of the goods watch: goods became at risk, or a minimum changed (`WatchEvent` in contract). */
export const WATCH_TOPIC = 'goods.watch';
