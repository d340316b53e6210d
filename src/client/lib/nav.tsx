import { createContext, use, type AnchorHTMLAttributes, type ComponentType, type Ref } from 'react';

/**
 * Links and navigation for the pages both apps render (decision 0022): the light app of the first
 * visit (`/`, `/auth`, `/forgot-password`; no router) and the full app (React Router's data router)
 * each provide their own, so those pages import neither.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export interface Nav {
  navigate: (to: string, options?: NavigateOptions) => void;
  Link: ComponentType<LinkProps>;
}

export const NavContext = createContext<Nav | null>(null);

/** Outside either app (the header prerendered into index.html, app/shell.tsx): a plain link. */
function PlainLink({ to, replace: _replace, ...props }: LinkProps) {
  return <a {...props} href={to} data-discover="true" />;
}

const leaveByLoading = (to: string) => window.location.assign(to);

/** The app's link: React Router's `Link` in the full app, the light app's own on the first-visit pages. */
export function AppLink(props: LinkProps) {
  const Link = use(NavContext)?.Link ?? PlainLink;
  return <Link {...props} />;
}

export function useAppNavigate(): Nav['navigate'] {
  return use(NavContext)?.navigate ?? leaveByLoading;
}
