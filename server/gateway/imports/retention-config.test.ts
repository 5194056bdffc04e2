import { describe, expect, it } from 'vitest';
import { gatewayConfigFromEnv } from '../config';

describe('IMPORT_RETENTION_DAYS', () => {
  it('defaults to 180 days, takes 1 to 3650, and says what is wrong otherwise', () => {
    expect(gatewayConfigFromEnv({}).imports.retentionDays).toBe(180);
    expect(gatewayConfigFromEnv({ IMPORT_RETENTION_DAYS: '30' }).imports.retentionDays).toBe(30);
    expect(() => gatewayConfigFromEnv({ IMPORT_RETENTION_DAYS: '0' })).toThrow(/IMPORT_RETENTION_DAYS is "0": must be at least 1/);
    expect(() => gatewayConfigFromEnv({ IMPORT_RETENTION_DAYS: 'half a year' })).toThrow(
      /IMPORT_RETENTION_DAYS is "half a year": must be a number of days/,
    );
    expect(() => gatewayConfigFromEnv({ IMPORT_RETENTION_DAYS: '1.5' })).toThrow(/must be a whole number of days/);
  });
});
