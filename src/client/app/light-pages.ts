import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/**
 * The pages of the first visit, which the light app shows without React Router or TanStack Query
 * (decision 0022). Every other path starts the full app. The full app's router has these pages too.
 */
const LIGHT_PAGES: Record<string, () => Promise<PageModule>> = {
  '/': () => import('../features/landing/LandingPage'),
  '/auth': () => import('../features/auth/SignInPage'),
  '/forgot-password': () => import('../features/auth/ForgotPasswordPage'),
};

/** The light page for a path, as React Router would match it (case-insensitive, trailing slash ignored); undefined for the full app's paths. */
export function lightPageFor(pathname: string): (() => Promise<PageModule>) | undefined {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return Object.hasOwn(LIGHT_PAGES, path) ? LIGHT_PAGES[path] : undefined;
}
