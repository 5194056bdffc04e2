/** Bus topic: a bulk-order job moved on (`ImportProgressEvent & { userId }`); the live events carry it to the owner's and admins' pages. */
export const IMPORT_TOPIC = 'imports.progress';
