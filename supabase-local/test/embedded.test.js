// supabase-js suite on the embedded PostgreSQL 17 server.
import { defineSupabaseSuite } from './supabase-suite.js';

defineSupabaseSuite('embedded PostgreSQL');
