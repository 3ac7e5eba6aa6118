import type { Selectable } from 'kysely';

/**
 * The server's settings (API.md, Hosts in charge; migration 0014): one row per key, its value
 * JSON. `community` holds who may join and what the server says about itself. Read from the
 * database on every use, so every process sees a change at once.
 */
export interface ServerSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export type ServerSettingRow = Selectable<ServerSettingsTable>;
