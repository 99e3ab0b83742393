#!/usr/bin/env node
// npm run staff -- add <email> | remove <email> | list (staff.ts; docs/operator-desk.md "Staff").
import { StaffCommandError, staffCommand } from './staff.js';

staffCommand(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof StaffCommandError ? error.message : `staff: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  },
);
