/**
 * Database types for supabase-js.
 * The database engineer generates `../data/database.types.ts`; once it exists this file
 * re-exports it (`export type { Database } from '../data/database.types';`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic schema until the generated types land
export type Database = any;
