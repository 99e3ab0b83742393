// The auth API's routes (as GoTrue's internal/api/api.go lists them): method + path → handler.
// Paths are below /auth/v1; `:id` matches one path segment. `admin` routes need the service role.
import { adminCreateUser, adminDeleteUser, adminGenerateLink, adminGetUser, adminInvite, adminListUsers, adminUpdateUser } from './admin.js';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './mfa.js';
import { otp, recover, resend } from './otp.js';
import { health, settings } from './settings.js';
import { signup } from './signup.js';
import { token } from './token.js';
import { getUser, logout, putUser, reauthenticate } from './user.js';
import { verifyGet, verifyPost } from './verify.js';

/** @type {import('../types.js').Route[]} */
export const ROUTES = [
  { method: 'GET', path: '/health', handler: health },
  { method: 'GET', path: '/settings', handler: settings },
  { method: 'POST', path: '/signup', handler: signup },
  { method: 'POST', path: '/token', handler: token },
  { method: 'POST', path: '/recover', handler: recover },
  { method: 'POST', path: '/resend', handler: resend },
  { method: 'POST', path: '/otp', handler: otp },
  { method: 'GET', path: '/verify', handler: verifyGet },
  { method: 'POST', path: '/verify', handler: verifyPost },
  { method: 'GET', path: '/user', handler: getUser },
  { method: 'PUT', path: '/user', handler: putUser },
  { method: 'POST', path: '/logout', handler: logout },
  { method: 'GET', path: '/reauthenticate', handler: reauthenticate },
  { method: 'POST', path: '/factors', handler: enrollFactor },
  { method: 'POST', path: '/factors/:id/challenge', handler: challengeFactor },
  { method: 'POST', path: '/factors/:id/verify', handler: verifyFactor },
  { method: 'DELETE', path: '/factors/:id', handler: unenrollFactor },
  { method: 'POST', path: '/invite', handler: adminInvite, admin: true },
  { method: 'GET', path: '/admin/users', handler: adminListUsers, admin: true },
  { method: 'POST', path: '/admin/users', handler: adminCreateUser, admin: true },
  { method: 'GET', path: '/admin/users/:id', handler: adminGetUser, admin: true },
  { method: 'PUT', path: '/admin/users/:id', handler: adminUpdateUser, admin: true },
  { method: 'DELETE', path: '/admin/users/:id', handler: adminDeleteUser, admin: true },
  { method: 'POST', path: '/admin/generate_link', handler: adminGenerateLink, admin: true },
];
