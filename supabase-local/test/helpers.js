// Test helpers: a stack on free ports with a temp DATA_DIR, and real supabase-js clients.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { startStack } from '../src/index.js';

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const HIGH = { max: 100000, windowMs: 60000 };
export const RELAXED_LIMITS = { signup: HIGH, token: HIGH, recover: HIGH, verify: HIGH, rpc: HIGH };

export async function startTestStack(options = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-backend-test-'));
  const logs = [];
  const stack = await startStack({
    port: 0,
    dataDir,
    log: (m) => {
      logs.push(m);
      if (process.env.BACKEND_TEST_VERBOSE) console.log(m);
    },
    emailMinInterval: 0,
    rateLimits: RELAXED_LIMITS,
    ...options,
  });
  return {
    stack,
    logs,
    dataDir,
    async close() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function makeClient(stack, key = stack.anonKey) {
  return createClient(stack.url, key, {
    realtime: { transport: ws },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

let counter = 0;
export function uniqueEmail(tag = 'user') {
  counter += 1;
  return `${tag}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** Creates a confirmed user through the admin API and returns a signed-in client. */
export async function signedInUser(stack, { email = uniqueEmail(), password = 'Passw0rd!', data } = {}) {
  const admin = makeClient(stack, stack.serviceRoleKey);
  const { data: created, error } = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: data });
  if (error) throw error;
  const client = makeClient(stack);
  const { data: signed, error: e2 } = await client.auth.signInWithPassword({ email, password });
  if (e2) throw e2;
  return { client, user: created.user, session: signed.session, email, password };
}

export async function mailboxFor(stack, email) {
  const res = await fetch(`${stack.url}/mailbox/messages?to=${encodeURIComponent(email)}`);
  return res.json();
}

export function firstLink(text) {
  const m = /https?:\/\/\S+/.exec(text);
  return m ? m[0] : null;
}

/** Sends a request with the path exactly as given (no URL normalisation). */
export function rawRequest(baseUrl, method, rawPath, headers = {}, body) {
  const u = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, method, path: rawPath, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode, headers: res.headers, text, body: json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
