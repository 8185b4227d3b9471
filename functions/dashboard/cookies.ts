import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_LIFETIME_MS } from '../sessions/contract';
import { basePath, secureCookies } from './http-context';

export const SESSION_COOKIE = 'skin_session';
/** The double-submit token of the sign-in and sign-up forms (no session exists yet). */
export const FORM_COOKIE = 'skin_form';

function options(c: Context, maxAgeSeconds: number) {
  return {
    path: `${basePath(c)}/dashboard`,
    httpOnly: true,
    secure: secureCookies(c),
    sameSite: 'Lax' as const,
    maxAge: maxAgeSeconds,
  };
}

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function setSessionCookie(c: Context, id: string): void {
  setCookie(c, SESSION_COOKIE, id, options(c, Math.floor(SESSION_LIFETIME_MS / 1000)));
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: `${basePath(c)}/dashboard`, secure: secureCookies(c) });
}

export function readFormCookie(c: Context): string | undefined {
  return getCookie(c, FORM_COOKIE);
}

export function setFormCookie(c: Context, token: string): void {
  setCookie(c, FORM_COOKIE, token, options(c, 3600));
}
