/** Database types for supabase-js, generated from supabase/migrations (see ../data/database.types.ts). */
export type { Database, Json } from '../data/database.types';
